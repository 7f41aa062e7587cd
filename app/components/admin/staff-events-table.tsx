import { Form, Link } from "react-router";
import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatDate } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { StaffEventRow } from "#server/services/staff-events";
import { shownName } from "#domain/deleted-account";

const BADGE = "inline-block rounded-full border px-2 py-0.5 text-xs font-semibold";

/**
 * The console's events: each with its organizer, status badges, Feature/Unfeature (for published,
 * not hidden events; any featured event may be unfeatured) and a link to its moderation page.
 */
export function StaffEventsTable({ events }: { events: StaffEventRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <ScrollableTable captionId="admin-events-caption" caption={t("admin.events.tableCaption")}>
      <thead>
        <tr className="border-b border-border bg-muted/50 text-start">
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("admin.events.columns.event")}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("admin.events.columns.organizer")}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("admin.events.columns.status")}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("admin.events.columns.actions")}
          </th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => {
          const canFeature = event.status === "published" && !event.hidden;
          return (
            <tr key={event.id} data-event-id={event.id} className="border-b border-border align-top last:border-0">
              <td className="min-w-56 px-3 py-2">
                <Link
                  to={`/events/${event.id}`}
                  className="font-medium text-primary underline-offset-2 hover:underline"
                >
                  {event.title}
                </Link>
                <div className="text-xs text-muted-foreground">
                  #{event.id} · {formatDate(event.startsAt, event.timeZone, language)}
                </div>
              </td>
              <td className="px-3 py-2">
                <div>{shownName(t, event.organizerName)}</div>
                <div className="whitespace-nowrap text-xs text-muted-foreground" dir="ltr">
                  {event.organizerEmail}
                </div>
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  <span className={`${BADGE} border-border`}>{t(`admin.events.status.${event.status}`)}</span>
                  {event.hidden && (
                    <span className={`${BADGE} border-red-700 text-red-800 dark:border-red-400 dark:text-red-300`}>
                      {t("admin.events.status.hidden")}
                    </span>
                  )}
                  {event.isFeatured && (
                    <span className={`${BADGE} border-primary text-primary`} data-badge="featured">
                      {t("admin.events.featuredBadge")}
                    </span>
                  )}
                  {event.majorPosition !== null && (
                    <span className={`${BADGE} border-primary text-primary`}>
                      {t("admin.events.majorBadge", { position: String(event.majorPosition) })}
                    </span>
                  )}
                </div>
              </td>
              {/* Positioned, so the buttons' visually hidden live regions scroll with the table, not widen the page. */}
              <td className="relative min-w-44 px-3 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  {(event.isFeatured || canFeature) && (
                    <Form method="post">
                      <input type="hidden" name="eventId" value={event.id} />
                      <input type="hidden" name="intent" value={event.isFeatured ? "unfeature" : "feature"} />
                      <SubmitButton
                        variant="outline"
                        size="sm"
                        aria-label={t(event.isFeatured ? "admin.events.unfeatureLabel" : "admin.events.featureLabel", {
                          title: event.title,
                        })}
                      >
                        {t(event.isFeatured ? "admin.events.unfeature" : "admin.events.feature")}
                      </SubmitButton>
                    </Form>
                  )}
                  {/* The moderation page comes with the moderation part of issue 18 (staff-only link). */}
                  <Link
                    to={`/admin/events/${event.id}/moderation`}
                    className="rounded-md text-sm font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
                    aria-label={t("admin.events.moderateLabel", { title: event.title })}
                  >
                    {t("admin.events.moderate")}
                  </Link>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}
