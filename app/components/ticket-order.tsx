import { CalendarPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateRange, formatTimeZone } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { TicketCard, type TicketCardTicket } from "./ticket-card";
import { buttonClasses } from "./ui/button";

export interface TicketOrderView {
  id: string;
  /** Shown when the order is no longer confirmed. */
  status?: "confirmed" | "cancelled" | "refunded";
  event: { id: number; title: string; startsAt: Date; endsAt: Date; timeZone: string; venueName: string };
  tickets: TicketCardTicket[];
}

/**
 * One order's tickets under its event (title, when in the event's time zone, where), a word when it
 * was cancelled or refunded, and what the page offers for it (`action`: a link or a button to the order).
 */
export function TicketOrder({
  order,
  heading: Heading,
  action,
}: {
  order: TicketOrderView;
  heading: "h2" | "h3" | "h4";
  action: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { event } = order;
  const headingId = `order-${order.id}-title`;
  return (
    // An article, not a section: a section with a name is a landmark, and two orders for one event
    // would be two landmarks named alike.
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Heading id={headingId} className="text-lg font-semibold">
            <Link to={`/events/${event.id}`} className="hover:underline" dir="auto">
              {event.title}
            </Link>
          </Heading>
          <p className="text-sm">
            {formatDateRange(event.startsAt, event.endsAt, event.timeZone, language, t)}{" "}
            <span className="text-muted-foreground">({formatTimeZone(event.startsAt, event.timeZone, language)})</span>
          </p>
          <p className="text-sm text-muted-foreground" dir="auto">
            {event.venueName}
          </p>
          {order.status && order.status !== "confirmed" && (
            <p className="text-sm font-semibold text-red-700 dark:text-red-400">
              {t(`tickets.orderStatus.${order.status}`)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {action}
          {/* The same calendar entry as the confirmation e-mail's event.ics. */}
          <a
            href={`/events/${event.id}/calendar.ics`}
            aria-describedby={headingId}
            className={buttonClasses("ghost", "sm")}
            download
          >
            <CalendarPlus aria-hidden="true" className="h-4 w-4" />
            {t("tickets.addToCalendar")}
          </a>
        </div>
      </div>
      {order.tickets.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2">
          {order.tickets.map((ticket) => (
            <li key={ticket.code}>
              <TicketCard ticket={ticket} timeZone={event.timeZone} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
