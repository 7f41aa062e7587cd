import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { ArrowLeft } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { CheckInResult } from "#app/components/check-in-result";
import { TicketScanner } from "#app/components/ticket-scanner";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { useIsInteractive } from "#app/components/ui/use-is-interactive";
import { formatCount } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { asEventStaff, STAFF_PAGE_HEADERS, staffEventId } from "./event-staff-page.server";
import { requireViewer } from "#app/require-viewer";
import type { Language } from "#domain/language";
import { checkInJson, type CheckInJson } from "#server/api/check-ins";
import { currentTime } from "#server/clock";
import type { Viewer } from "#server/http/app-env";
import { checkInTicket, getCheckInSummary } from "#server/services/check-in";
import type { Route } from "./+types/event-check-in";

const CODE_FIELD = "check-in-code";
export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("checkIn.metaTitle")} | ${t("app.name")}`);
}

async function loadPage({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const summary = await asEventStaff(() => getCheckInSummary(context.db, viewer, eventId));
  const { event } = summary;
  return data(
    { event: { id: event.id, title: event.title, timeZone: event.timeZone }, counts: summary.counts },
    { headers: STAFF_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** The typed-code form: works without JavaScript, answering with the page and its result panel. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer: Viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const form = await readSmallForm(request);
  const code = form && form !== "too_large" ? form.get("code") : null;
  if (typeof code !== "string") {
    // Still only for staff: the form's problem is told to no one else.
    await asEventStaff(() => getCheckInSummary(context.db, viewer, eventId));
    return data({ problem: "invalidForm" as const }, { status: 400, headers: STAFF_PAGE_HEADERS });
  }
  const result = await asEventStaff(() => checkInTicket(context.db, viewer, { eventId, code }, currentTime()));
  return data({ result: checkInJson(result), input: code.trim() }, { headers: STAFF_PAGE_HEADERS });
}

type Shown = { result: CheckInJson; input: string };
type ScanProblem = "sessionEnded" | "failed" | "network";

export default function EventCheckInPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { event } = loaderData;
  // The camera needs scripts.
  const isInteractive = useIsInteractive();

  // The newest answer, from the typed form (actionData) or from the camera (the API).
  const answered = actionData && "result" in actionData ? actionData : null;
  const [shown, setShown] = useState<Shown | null>(answered);
  const [seenAnswer, setSeenAnswer] = useState(answered);
  if (answered !== seenAnswer) {
    setSeenAnswer(answered);
    if (answered) setShown(answered);
  }
  const [scanProblem, setScanProblem] = useState<ScanProblem | null>(null);
  const counts = shown?.result.counts ?? loaderData.counts;

  useEffect(() => {
    // Ready for the next ticket: the field empty and focused after each typed check-in.
    const field = document.getElementById(CODE_FIELD);
    if (!answered || !(field instanceof HTMLInputElement)) return;
    field.value = "";
    field.focus();
  }, [answered]);

  const checkInScanned = useCallback(
    async (code: string) => {
      try {
        const response = await fetch(`/api/v1/events/${event.id}/check-ins`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ code }),
        });
        if (!response.ok) return setScanProblem(response.status === 401 ? "sessionEnded" : "failed");
        const body = (await response.json()) as { data: CheckInJson };
        setScanProblem(null);
        setShown({ result: body.data, input: code });
      } catch {
        setScanProblem("network");
      }
    },
    [event.id],
  );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <Link to={`/events/${event.id}`} className="inline-flex items-center gap-1 self-start text-sm underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          {t("checkIn.backToEvent")}
        </Link>
        <h1 className="text-3xl font-bold">{t("checkIn.title")}</h1>
        <p className="text-lg text-muted-foreground">{event.title}</p>
      </header>

      <p className="text-2xl font-bold" data-testid="check-in-counts">
        {t("checkIn.counts", {
          checkedIn: formatCount(counts.checkedIn, language),
          sold: formatCount(counts.sold, language),
        })}
      </p>

      <section aria-labelledby="check-in-result-title" className="flex flex-col gap-2">
        <h2 id="check-in-result-title" className="sr-only">
          {t("checkIn.resultTitle")}
        </h2>
        {/* Always in the page, so that screen readers announce each new answer at once. */}
        <div aria-live="assertive" aria-atomic="true">
          {shown ? (
            <CheckInResult result={shown.result} input={shown.input} timeZone={event.timeZone} />
          ) : (
            <p className="rounded-xl border-2 border-dashed border-border p-5 text-muted-foreground">
              {t("checkIn.waiting")}
            </p>
          )}
        </div>
        {scanProblem && (
          <p
            role="alert"
            className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
          >
            {t(`checkIn.scanProblem.${scanProblem}`)}
          </p>
        )}
      </section>

      {isInteractive && <TicketScanner onCode={checkInScanned} />}

      <section aria-labelledby="check-in-typed-title" className="flex flex-col gap-3">
        <h2 id="check-in-typed-title" className="text-lg font-semibold">
          {t("checkIn.typed.title")}
        </h2>
        <Form method="post" className="flex max-w-md flex-col gap-3">
          <TextField
            id={CODE_FIELD}
            name="code"
            label={t("checkIn.typed.label")}
            hint={t("checkIn.typed.hint")}
            errorId={actionData && "problem" in actionData ? "check-in-form-problem" : undefined}
            required
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            dir="ltr"
            maxLength={512}
          />
          <SubmitButton className="self-start" pendingLabel={t("checkIn.typed.checking")}>
            {t("checkIn.typed.submit")}
          </SubmitButton>
        </Form>
        {actionData && "problem" in actionData && (
          <p id="check-in-form-problem" role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t("checkIn.typed.invalidForm")}
          </p>
        )}
      </section>
    </div>
  );
}

export async function loader(args: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(args.request), ["checkIn"], await loadPage(args));
}
