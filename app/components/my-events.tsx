import { Form, Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatCount, formatDate, formatMoney, formatTime } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { MyEventRow } from "#server/services/event-authoring";

const STATUS_CLASSES: Record<MyEventRow["status"], string> = {
  draft: "border-border bg-muted text-foreground",
  published: "border-green-700 text-green-800 dark:border-green-400 dark:text-green-200",
  cancelled: "border-red-700 text-red-800 dark:border-red-400 dark:text-red-200",
};

const LINK_CLASSES = buttonClasses("outline", "sm");

/**
 * The dashboard's My Events: what the person organizes or helps organize, upcoming first, with what
 * is sold and earned, and the ways to manage each: the same for its organizer and its co-organizers.
 */
export function MyEventsSection({ events }: { events: MyEventRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <section id="my-events" aria-labelledby="my-events-title" className="flex flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-events-title" className="text-2xl font-bold">
          {t("myEvents.title")}
        </h2>
        <Link to="/create" className={buttonClasses("primary", "sm")}>
          {t("myEvents.create")}
        </Link>
      </div>
      {events.length === 0 ? (
        <p className="text-muted-foreground">{t("myEvents.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {events.map((event) => {
            const startsAt = new Date(event.startsAt);
            const isOrganizer = event.role === "organizer";
            const headingId = `my-event-${event.id}-title`;
            return (
              <li key={event.id}>
                <article
                  aria-labelledby={headingId}
                  className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="flex flex-col gap-1">
                      <h3 id={headingId} className="text-lg font-semibold">
                        <Link to={`/events/${event.id}`} className="underline-offset-4 hover:underline">
                          {event.title}
                        </Link>
                      </h3>
                      <p className="text-sm text-muted-foreground">
                        {t("myEvents.when", {
                          date: formatDate(startsAt, event.timeZone, language),
                          time: formatTime(startsAt, event.timeZone, language),
                        })}
                        {event.isPast && ` · ${t("myEvents.past")}`}
                        {!isOrganizer && ` · ${t("myEvents.coOrganizer")}`}
                      </p>
                    </div>
                    <span
                      className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[event.status]}`}
                    >
                      {t(`myEvents.status.${event.status}`)}
                    </span>
                  </div>
                  <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
                    <div>
                      <dt className="text-muted-foreground">{t("myEvents.sold")}</dt>
                      <dd className="font-medium">
                        {t("myEvents.soldOf", {
                          sold: formatCount(event.sold, language),
                          capacity: formatCount(event.capacity, language),
                        })}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">{t("myEvents.revenue")}</dt>
                      <dd className="font-medium">{formatMoney(event.revenueCents, language)}</dd>
                    </div>
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    {event.status !== "cancelled" && (
                      <Link to={`/events/${event.id}/edit`} aria-describedby={headingId} className={LINK_CLASSES}>
                        {t("myEvents.edit")}
                      </Link>
                    )}
                    <Link to={`/events/${event.id}/orders`} aria-describedby={headingId} className={LINK_CLASSES}>
                      {t("myEvents.orders")}
                    </Link>
                    {event.status === "published" && (
                      <Link to={`/events/${event.id}/check-in`} aria-describedby={headingId} className={LINK_CLASSES}>
                        {t("myEvents.checkIn")}
                      </Link>
                    )}
                    {event.status === "published" && !event.hasStarted && (
                      <Link to={`/promote?event=${event.id}`} aria-describedby={headingId} className={LINK_CLASSES}>
                        {t("myEvents.promote")}
                      </Link>
                    )}
                    <Form method="post" action={`/events/${event.id}/duplicate`}>
                      <SubmitButton aria-describedby={headingId} variant="bare" className={LINK_CLASSES}>
                        {t("myEvents.duplicate")}
                      </SubmitButton>
                    </Form>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
