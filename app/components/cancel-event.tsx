import { Form, Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatCount, formatDate, formatTime } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";

/** Why a cancellation was not made, as the sales page explains it (eventSales.problems.*). */
export type CancelProblem = "confirm_required" | "already_cancelled" | "event_ended";

/** What cancelling did, carried to the page by the redirect after it. */
export interface CancelResult {
  refundsQueued: number;
  registrationsCancelled: number;
  holdsReleased: number;
}

interface CancelEventProps {
  event: { id: number; title: string; timeZone: string; status: string; cancelledAt: Date | string | null };
  /** The organizer or a co-organizer, on an event neither cancelled nor over. */
  canCancel: boolean;
  /** `?cancel=1`: the confirmation is shown (reached by a link, so it works without JavaScript). */
  confirming: boolean;
  problem: CancelProblem | null;
  result: CancelResult | null;
}

/**
 * The sales page's Cancel event part. Cancelling takes two steps: a link opens the confirmation, whose
 * form only cancels with its box ticked (checked again by the action). Once cancelled, it says so,
 * and right after the cancellation what it did.
 */
export function CancelEvent({ event, canCancel, confirming, problem, result }: CancelEventProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (event.status === "cancelled" && event.cancelledAt) {
    const at = new Date(event.cancelledAt);
    return (
      <section
        role={result ? "status" : undefined}
        data-testid="event-cancelled"
        className="flex flex-col gap-3 rounded-md border border-red-700 p-4 dark:border-red-400"
      >
        <p className="font-medium">
          {t("eventSales.cancelledNotice", {
            date: formatDate(at, event.timeZone, language),
            time: formatTime(at, event.timeZone, language),
          })}
        </p>
        {result && (
          <>
            <p>{t("eventSales.cancelledResult")}</p>
            <dl aria-label={t("eventSales.resultLabel")} className="flex flex-wrap gap-3 text-sm">
              {(["refundsQueued", "registrationsCancelled", "holdsReleased"] as const).map((key) => (
                <div key={key} className="rounded-md border border-border px-3 py-2">
                  <dt className="text-xs text-muted-foreground">{t(`eventSales.${key}`)}</dt>
                  <dd className="text-lg font-semibold">{formatCount(result[key], language)}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
    );
  }
  if (!canCancel) return null;
  const page = `/events/${event.id}/orders`;
  return (
    <section id="cancel-event" aria-labelledby="cancel-event-title" className="flex flex-col gap-3">
      <h2 id="cancel-event-title" className="text-2xl font-semibold">
        {t("eventSales.cancelTitle")}
      </h2>
      <p className="max-w-prose text-sm">{t("eventSales.cancelIntro")}</p>
      {confirming ? (
        <Form
          method="post"
          action={`${page}?cancel=1`}
          className="flex flex-col gap-3 rounded-md border border-red-700 p-4 dark:border-red-400"
          aria-labelledby="cancel-event-confirm"
        >
          <h3 id="cancel-event-confirm" className="font-semibold">
            {t("eventSales.confirmTitle", { event: event.title })}
          </h3>
          <input type="hidden" name="intent" value="cancel_event" />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              aria-invalid={problem === "confirm_required" || undefined}
              aria-describedby={problem ? "cancel-event-problem" : undefined}
              className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--primary)]"
            />
            {t("eventSales.confirmCheckbox")}
          </label>
          {problem && (
            <p id="cancel-event-problem" role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t(`eventSales.problems.${problem}`)}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <SubmitButton>{t("eventSales.confirmButton")}</SubmitButton>
            <Link to={page} className={buttonClasses("ghost", "md")}>
              {t("eventSales.keepButton")}
            </Link>
          </div>
        </Form>
      ) : (
        <Link to={`${page}?cancel=1#cancel-event`} className={buttonClasses("outline", "md", "self-start")}>
          {t("eventSales.cancelStart")}
        </Link>
      )}
    </section>
  );
}
