import { Form, Link } from "react-router";
import { AuthCard, FormSuccess } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatCount } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { MAX_REPORT_DETAILS_LENGTH, REPORT_REASONS } from "#domain/report";

const PROBLEM_ID = "report-problem";
const FIELD_CLASSES =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

/** What a refused report sends back: the problem (a `report.errors` word) and what was typed. */
export interface RefusedReport {
  problem: string;
  reason: string;
  details: string;
}

/**
 * The report form of an event, a review or a photo: a reason and optional details, with the problem of
 * a refused try above it (the reason and details kept).
 */
export function ReportForm({ refused }: { refused: RefusedReport | null }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {refused && (
        <p
          id={PROBLEM_ID}
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t(`report.errors.${refused.problem}`)}
        </p>
      )}
      <Form method="post" className="flex flex-col gap-5">
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={refused?.problem === "reason_invalid" ? PROBLEM_ID : undefined}
        >
          <legend className="mb-2 text-sm font-medium">{t("report.reasonLabel")}</legend>
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                value={reason}
                required
                defaultChecked={refused?.reason === reason}
                className="mt-0.5 h-4 w-4 accent-primary"
              />
              <span>{t(`report.reasons.${reason}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor="report-details" className="text-sm font-medium">
            {t("report.detailsLabel")}
          </label>
          <textarea
            id="report-details"
            name="details"
            rows={5}
            maxLength={MAX_REPORT_DETAILS_LENGTH}
            defaultValue={refused?.details ?? ""}
            aria-describedby="report-details-hint"
            aria-invalid={refused?.problem.startsWith("details") ? true : undefined}
            className={FIELD_CLASSES}
          />
          <p id="report-details-hint" className="text-xs text-muted-foreground">
            {t("report.detailsHint", { max: formatCount(MAX_REPORT_DETAILS_LENGTH, i18n.language as Language) })}
          </p>
        </div>
        <SubmitButton className="w-full" pendingLabel={t("report.sending")}>
          {t("report.submit")}
        </SubmitButton>
      </Form>
    </>
  );
}

/**
 * A report page (`/events/{id}/report`, `/reviews/{id}/report`, `/photos/{id}/report`): what is reported
 * (its event's title, and the quoted words of a review or photo), the form, and once sent, the thanks.
 * `answer` is the action's (report-action.server.ts).
 */
export function ReportPage({
  event,
  excerpt,
  title,
  intro,
  sentMessage,
  backTo,
  answer,
}: {
  event: { title: string; language: string };
  excerpt?: string | null;
  title: string;
  intro: string;
  sentMessage: string;
  backTo: string;
  answer: { sent: true; repeat: boolean } | ({ sent: false } & RefusedReport) | undefined;
}) {
  const { t } = useTranslation();
  const backToEvent = (
    <Link to={backTo} className={TEXT_LINK}>
      {t("report.backToEvent")}
    </Link>
  );
  if (answer?.sent) {
    return (
      <AuthCard title={t("report.sentTitle")} footer={backToEvent}>
        <FormSuccess title={t("report.sentTitle")} message={sentMessage} submission={answer} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={title}
      description={
        <>
          <bdi dir="auto" lang={event.language} className="block font-semibold text-foreground">
            {event.title}
          </bdi>
          {excerpt && (
            <span dir="auto" className="mt-2 block italic">
              {excerpt}
            </span>
          )}
          <span className="mt-2 block">{intro}</span>
          <Link to="/community-guidelines" className={`mt-2 inline-block ${TEXT_LINK}`}>
            {t("footer.communityGuidelines")}
          </Link>
        </>
      }
      footer={backToEvent}
    >
      <ReportForm refused={answer ?? null} />
    </AuthCard>
  );
}
