import { Form } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import type { StaffReport } from "#server/services/report-queue";

/**
 * The reports about one event, review or photo on its moderation page, each with a Dismiss button while
 * open (the page's action takes intent "dismiss" with the report's id). `when` writes an instant as the
 * console does.
 */
export function SubjectReports({
  reports,
  when,
  heading,
  empty,
}: {
  reports: readonly StaffReport[];
  when: (instant: Date) => string;
  /** "Reports about this event", or about this review or photo. */
  heading: string;
  /** What the section says when nobody has reported it. */
  empty: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="moderation-reports" className="flex flex-col gap-3">
      <h2 id="moderation-reports" className="text-lg font-semibold">
        {heading}
      </h2>
      {reports.length === 0 ? (
        <p className="rounded-md bg-muted p-4 text-sm">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.map((report) => (
            <li key={report.id} className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{t(`admin.reasons.${report.reason}`)}</span>
                <span className="rounded-full bg-muted px-2 text-xs font-medium leading-5">
                  {t(`admin.moderation.status.${report.status}`)}
                </span>
                <span className="text-muted-foreground">{when(report.createdAt)}</span>
                <span className="text-muted-foreground">
                  {report.reporter ? <bdi dir="auto">{report.reporter.name}</bdi> : t("admin.moderation.visitor")}
                </span>
              </p>
              {report.details && (
                <p dir="auto" className="whitespace-pre-line">
                  {report.details}
                </p>
              )}
              {report.status === "open" && (
                <Form method="post">
                  <input type="hidden" name="intent" value="dismiss" />
                  <input type="hidden" name="reportId" value={report.id} />
                  <SubmitButton variant="outline" size="sm" pendingLabel={t("admin.reports.dismissing")}>
                    {t("admin.moderation.dismiss")}
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
