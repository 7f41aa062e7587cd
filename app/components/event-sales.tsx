import { Download } from "lucide-react";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount, formatDate, formatMoney, formatTime } from "#app/i18n/format";
import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { useTranslation } from "#app/i18n/use-translation";
import type { EventAttendee, EventSales } from "#server/services/event-orders";
import { shownName } from "#domain/deleted-account";

/**
 * The sales page's summary (organizer's orders page, /events/:id/orders): tickets sold of what is on
 * sale and revenue, in all and per ticket type, with the link to the CSV export of every ticket.
 */
export function SalesSummary({ sales }: { sales: EventSales }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <section aria-labelledby="event-sales-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="event-sales-title" className="text-2xl font-semibold">
          {t("eventSales.salesTitle")}
        </h2>
        {/* A file to save, not a page: the browser downloads it whether or not the page has hydrated. */}
        <a href={`/events/${sales.event.id}/sales.csv`} download className={buttonClasses("outline", "md")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t("eventSales.downloadCsv")}
        </a>
      </div>
      <p className="text-sm text-muted-foreground">{t("eventSales.csvNote")}</p>
      <dl aria-label={t("eventSales.totalsLabel")} className="flex flex-wrap gap-3" data-testid="sales-totals">
        <div className="rounded-md border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t("eventSales.ticketsSold")}</dt>
          <dd className="text-lg font-semibold">
            {t("eventSales.soldOfCapacity", {
              sold: formatCount(sales.sold, language),
              capacity: formatCount(sales.capacity, language),
            })}
          </dd>
        </div>
        <div className="rounded-md border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t("eventSales.revenue")}</dt>
          <dd className="text-lg font-semibold">{money(sales.revenueCents)}</dd>
        </div>
      </dl>
      <ScrollableTable
        captionId="event-sales-caption"
        caption={t("eventSales.salesCaption", { event: sales.event.title })}
      >
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("eventSales.columns.ticketType")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t("eventSales.columns.price")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t("eventSales.columns.sold")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t("eventSales.columns.revenue")}
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.ticketTypes.map((type) => (
            <tr key={type.id} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-start font-medium">
                {type.name}
              </th>
              <td className="px-3 py-2 text-end whitespace-nowrap">
                {type.priceCents === 0 ? t("eventSales.free") : money(type.priceCents)}
              </td>
              <td className="px-3 py-2 text-end whitespace-nowrap">
                {t("eventSales.soldOfCapacity", {
                  sold: formatCount(type.sold, language),
                  capacity: formatCount(type.quantity, language),
                })}
              </td>
              <td className="px-3 py-2 text-end whitespace-nowrap">{money(type.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </section>
  );
}

/** Who is expected at the door: one row per valid ticket, and whether it was checked in. */
export function AttendeesList({
  event,
  attendees,
  total,
}: {
  event: { title: string; timeZone: string };
  attendees: EventAttendee[];
  total: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <section aria-labelledby="event-attendees-title" className="flex flex-col gap-4">
      <h2 id="event-attendees-title" className="text-2xl font-semibold">
        {t("eventSales.attendeesTitle")}
      </h2>
      {attendees.length === 0 ? (
        <p>{t("eventSales.attendeesEmpty")}</p>
      ) : (
        <>
          {total > attendees.length && (
            <p className="text-sm text-muted-foreground">
              {t("eventSales.attendeesShown", {
                shown: formatCount(attendees.length, language),
                total: formatCount(total, language),
              })}
            </p>
          )}
          <ScrollableTable
            captionId="event-attendees-caption"
            caption={t("eventSales.attendeesCaption", { event: event.title })}
          >
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("eventSales.columns.name")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("eventSales.columns.email")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("eventSales.columns.ticketType")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("eventSales.columns.code")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("eventSales.columns.checkedIn")}
                </th>
              </tr>
            </thead>
            <tbody>
              {attendees.map((attendee) => {
                const checkedIn = attendee.checkedInAt ? new Date(attendee.checkedInAt) : null;
                return (
                  <tr key={attendee.ticketId} className="border-t border-border">
                    <td className="px-3 py-2 font-medium">{shownName(t, attendee.name)}</td>
                    <td className="px-3 py-2" dir="ltr">
                      {attendee.email}
                    </td>
                    <td className="px-3 py-2">{attendee.ticketTypeName}</td>
                    <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                      {attendee.code}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {checkedIn ? (
                        <time dateTime={checkedIn.toISOString()}>
                          {formatDate(checkedIn, event.timeZone, language)}{" "}
                          {formatTime(checkedIn, event.timeZone, language)}
                        </time>
                      ) : (
                        <span className="text-muted-foreground">{t("eventSales.notCheckedIn")}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ScrollableTable>
        </>
      )}
    </section>
  );
}
