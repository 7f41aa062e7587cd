import { data } from "react-router";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { createTranslator } from "#app/i18n/translator";
import { assistantRequestSchema } from "#domain/assistant-suggestions";
import { isLanguage, type Language } from "#domain/language";
import { hasUnstorableText } from "#domain/text";
import { hit } from "#server/auth/throttle";
import { currentTime } from "#server/clock";
import { askAssistant, type AssistantEvent } from "#server/services/assistant";
import { assistantPlanData, readJsonWithin } from "./event-planning-assistant.server";
import type { Route } from "./+types/event-planning-assistant";

/**
 * The planner's assistant (POST /event-planning/assistant, issue 20): the chat panel posts its question, the
 * page's language, the planner's answers and budget lines as JSON, and reads the model's answer as it is
 * written, as server-sent events `data: {"type":"text","text":…}`, then `suggestions`, then `done` or
 * `unavailable`. Bad input answers 422 (413 too big) with a translated message; no assistant, a failed or slow
 * model, 503 `{ outcome: "unavailable" }`, which the panel turns into its own words. CSRF is checked before
 * any action (server/http/csrf.ts); the throttle bounds what one visitor can spend.
 */

/** A long conversation with a big plan stays far below this. */
const MAX_BODY_BYTES = 64 * 1024;
export const ASSISTANT_LIMITS = { perClient: { limit: 30, windowSeconds: 3600 } };
const NO_STORE = { "Cache-Control": "no-store" };

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

async function wordsIn(language: Language) {
  const { t } = createTranslator(language, (await pageMessages(language, ["assistant"])) as never);
  return (key: string) => t(`assistant.${key}`);
}

function answer(body: object, status: number) {
  return Response.json(body, { status, headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readJsonWithin(request, MAX_BODY_BYTES);
  const body = read.tooLarge ? null : read.json;
  const claimed = (body as { language?: unknown } | null)?.language;
  const language = isLanguage(claimed) ? claimed : negotiateLanguage(request);
  const words = await wordsIn(language);
  if (read.tooLarge) return answer({ outcome: "invalid", message: words("errors.too_large") }, 413);
  const parsed = assistantRequestSchema.safeParse(body);
  if (!parsed.success || hasUnstorableText(parsed.data)) {
    const problem = parsed.error?.issues[0];
    const known = ["question_missing", "question_too_long"].includes(problem?.message ?? "");
    return answer(
      {
        outcome: "invalid",
        field: problem?.path.join(".") ?? null,
        message: words(known ? `errors.${problem!.message}` : "errors.invalid"),
      },
      422,
    );
  }
  const unavailable = () => answer({ outcome: "unavailable", message: words("unavailable") }, 503);
  const assistant = context.config.assistant;
  if (!assistant) return unavailable();
  const now = currentTime();
  const { limit, windowSeconds } = ASSISTANT_LIMITS.perClient;
  const throttle = await hit(context.db, `assistant:ip:${context.clientAddress}`, limit, windowSeconds, now);
  if (!throttle.isAllowed) {
    return Response.json(
      { outcome: "rate_limited", message: words("errors.rate_limited") },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(throttle.retryAfterSeconds) } },
    );
  }
  const { mode, question, history, plan, budgetLines } = parsed.data;
  const events = askAssistant(
    assistant,
    { mode, question, language, history },
    assistantPlanData(plan, budgetLines, now),
    { signal: request.signal },
  );
  // Nothing is promised before the model has started answering: a model that fails first is one 503.
  const first = await events.next();
  if (first.done || first.value.type === "unavailable") {
    context.logError?.(new Error(`The assistant's model is unavailable (${reasonOf(first.value)})`));
    return unavailable();
  }
  const encoder = new TextEncoder();
  const frame = (event: AssistantEvent) =>
    encoder.encode(`data: ${JSON.stringify(event.type === "unavailable" ? { type: "unavailable" } : event)}\n\n`);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(frame(first.value));
    },
    async pull(controller) {
      const next = await events.next();
      if (next.done) {
        controller.close();
        return;
      }
      if (next.value.type === "unavailable") {
        context.logError?.(new Error(`The assistant's model broke off (${next.value.reason})`));
      }
      controller.enqueue(frame(next.value));
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compression would hold the pieces back until it had a block's worth.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

function reasonOf(value: AssistantEvent | void): string {
  return value && value.type === "unavailable" ? value.reason : "no answer";
}
