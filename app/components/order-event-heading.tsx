import { CalendarDays, MapPin } from "lucide-react";
import type { Language } from "#domain/language";
import { formatDateRange } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";

/** The event an order is for, as the checkout, pay and order pages head it. */
export interface OrderEvent {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venue: { name: string; address: string; city: string; state: string; zipCode: string };
}

/** The event's title, when (in the event's time zone) and where. */
export function OrderEventHeading({ event, headingLevel = 2 }: { event: OrderEvent; headingLevel?: 1 | 2 }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="flex flex-col gap-1">
      <Heading dir="auto" className={headingLevel === 1 ? "text-2xl font-bold md:text-3xl" : "text-xl font-bold"}>
        {event.title}
      </Heading>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <CalendarDays aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {formatDateRange(event.startsAt, event.endsAt, event.timeZone, language, t)}
      </p>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {/* The venue's name and its address, each in its own direction ('9:30 Club', '815 V St NW'). */}
        <span>
          <bdi>{event.venue.name}</bdi>, <bdi>{event.venue.address}</bdi>, <bdi>{event.venue.city}</bdi>,{" "}
          <bdi>
            {event.venue.state} {event.venue.zipCode}
          </bdi>
        </span>
      </p>
    </div>
  );
}
