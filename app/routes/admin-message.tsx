import { data, Form, Link } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { CONTACT_STATUS_STYLES } from "#app/components/admin/contact-status";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { MAX_CONTACT_MESSAGE_LENGTH } from "#domain/contact-message";
import { LANGUAGE_NAMES, type Language } from "#domain/language";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import {
  answerContactThread,
  getContactThread,
  setContactThreadOpen,
  type AnswerProblem,
} from "#server/services/contact-staff";
import type { Route } from "./+types/admin-message";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";

const SITE_TIME_ZONE = "America/New_York";

/** The thread, or the site's 404 (also for an id that is no number). */
async function threadOf(context: Route.LoaderArgs["context"], userId: string, param: string) {
  const id = parseRecordId(param);
  try {
    if (id === null) throw new AppError("not_found", "No such message.");
    return await getContactThread(context.db, { userId }, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  const [thread, messages] = await Promise.all([
    threadOf(context, viewer.userId, params.id),
    pageMessages(negotiateLanguage(request), ["admin", "contact"]),
  ]);
  return data({ thread, pageMessages: messages }, { headers: ADMIN_PAGE_HEADERS });
}

type ActionResult = { done: "answered" | "closed" | "reopened" } | { problem: AnswerProblem; body: string };

/** Answer (e-mailed, kept, audited), close or open again; a bad answer is refused and changes nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const thread = await threadOf(context, viewer.userId, params.id);
  const form = await readSmallForm(request);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ADMIN_PAGE_HEADERS });
  if (form === "too_large") return answer({ problem: "answer_too_long", body: "" }, 413);
  const intent = form?.get("intent");
  const actor = { userId: viewer.userId };
  const now = currentTime();
  if (intent === "close" || intent === "reopen") {
    await setContactThreadOpen(context.db, actor, thread.id, intent === "reopen", now);
    return answer({ done: intent === "close" ? "closed" : "reopened" });
  }
  const body = form?.get("body");
  try {
    await answerContactThread(context.db, actor, thread.id, { body, contactEmail: context.config.contactEmail }, now);
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") {
      const problem = (error.fields?.body ?? "answer_required") as AnswerProblem;
      return answer({ problem, body: typeof body === "string" ? body : "" }, 400);
    }
    throw error;
  }
  return answer({ done: "answered" });
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const reference = loaderData?.thread.reference ?? "";
  return adminPageMeta(matches, `${t("admin.messages.threadTitle", { reference })}`);
}

/** /admin/messages/{id}: the thread, an answer form, and closing or opening it again. */
export default function AdminMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { thread } = loaderData;
  const when = (at: Date) => `${formatDate(at, SITE_TIME_ZONE, language)} ${formatTime(at, SITE_TIME_ZONE, language)}`;
  const problem = actionData && "problem" in actionData ? actionData : null;
  const done = actionData && "done" in actionData ? actionData.done : null;
  return (
    <article aria-labelledby="thread-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link to="/admin/messages" className="self-start text-sm font-medium text-primary underline underline-offset-2">
          {t("admin.messages.back")}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="thread-title" className="text-2xl font-bold">
            {t("admin.messages.threadTitle", { reference: "" })}
            <span dir="ltr" className="font-mono">
              {thread.reference}
            </span>
          </h1>
          <span
            className={`rounded-full border px-3 py-0.5 text-sm font-semibold ${CONTACT_STATUS_STYLES[thread.status]}`}
          >
            {t(`admin.messages.statuses.${thread.status}`)}
          </span>
        </div>
        {done && (
          <p
            role="status"
            className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
          >
            {t(`admin.messages.${done}`)}
          </p>
        )}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-muted-foreground">{t("admin.messages.from")}</dt>
          <dd dir="auto">{thread.name}</dd>
          <dt className="font-medium text-muted-foreground">{t("admin.messages.email")}</dt>
          <dd dir="ltr" className="text-start">
            {thread.email}
          </dd>
          <dt className="font-medium text-muted-foreground">{t("admin.messages.about")}</dt>
          <dd>
            {thread.kind === "site" && thread.topic ? (
              t(`contact.topics.${thread.topic}`)
            ) : thread.eventId && thread.eventTitle ? (
              <Link to={`/events/${thread.eventId}`} className="text-primary underline underline-offset-2">
                {t("admin.messages.toOrganizer", { event: thread.eventTitle })}
              </Link>
            ) : (
              t("admin.messages.toOrganizerNoEvent")
            )}
          </dd>
          {thread.relatedReference && (
            <>
              <dt className="font-medium text-muted-foreground">{t("admin.messages.relatedReference")}</dt>
              <dd dir="auto">{thread.relatedReference}</dd>
            </>
          )}
          <dt className="font-medium text-muted-foreground">{t("admin.messages.language")}</dt>
          <dd>{LANGUAGE_NAMES[thread.language]}</dd>
          <dt className="font-medium text-muted-foreground">{t("admin.messages.received")}</dt>
          <dd>{when(thread.createdAt)}</dd>
        </dl>
      </header>

      <section aria-labelledby="thread-conversation" className="flex flex-col gap-3">
        <h2 id="thread-conversation" className="text-lg font-semibold">
          {t("admin.messages.conversation")}
        </h2>
        <ol className="flex flex-col gap-3">
          {thread.entries.map((entry) => (
            <li
              key={entry.id}
              className={`rounded-xl border p-4 ${entry.author === "staff" ? "ms-6 border-primary/40 bg-primary/5" : "me-6 border-border bg-card"}`}
            >
              <p className="mb-2 flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-semibold">
                  {entry.author === "sender"
                    ? t("admin.messages.sender", { name: thread.name })
                    : entry.staffName
                      ? t("admin.messages.staff", { name: entry.staffName })
                      : t("admin.messages.staffUnknown")}
                </span>
                <time dateTime={entry.createdAt.toISOString()} className="text-muted-foreground">
                  {when(entry.createdAt)}
                </time>
              </p>
              <p dir="auto" className="whitespace-pre-wrap break-words">
                {entry.body}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="thread-answer" className="flex flex-col gap-3 rounded-xl border border-border p-4">
        <h2 id="thread-answer" className="text-lg font-semibold">
          {t("admin.messages.answerTitle")}
        </h2>
        <Form method="post" className="flex flex-col gap-3" key={done ?? "answer"}>
          <input type="hidden" name="intent" value="answer" />
          <label htmlFor="thread-answer-body" className="text-sm font-medium">
            {t("admin.messages.answerLabel")}
          </label>
          <textarea
            id="thread-answer-body"
            name="body"
            rows={6}
            required
            maxLength={MAX_CONTACT_MESSAGE_LENGTH}
            defaultValue={problem?.body ?? ""}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`thread-answer-hint${problem ? " thread-answer-problem" : ""}`}
            className="w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400"
          />
          <p id="thread-answer-hint" className="text-xs text-muted-foreground">
            {t("admin.messages.answerHint", { email: thread.email, reference: thread.reference })}
          </p>
          {problem && (
            <p id="thread-answer-problem" role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t(`admin.messages.problems.${problem.problem}`)}
            </p>
          )}
          <SubmitButton className="self-start" pendingLabel={t("admin.messages.sending")}>
            {t("admin.messages.send")}
          </SubmitButton>
        </Form>
        <Form method="post" className="border-t border-border pt-3">
          <input type="hidden" name="intent" value={thread.status === "closed" ? "reopen" : "close"} />
          <SubmitButton variant="outline" size="sm">
            {thread.status === "closed" ? t("admin.messages.reopen") : t("admin.messages.close")}
          </SubmitButton>
        </Form>
      </section>
    </article>
  );
}
