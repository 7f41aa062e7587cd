import { useTranslation } from "#app/i18n/use-translation";
import type { EventSummary } from "#domain/event-summary";
import { EventList } from "./event-list";

/** A page that is one list of events with a title and an introduction (featured, VIP). */
export function EventListPage({
  titleKey,
  introKey,
  events,
  now,
}: {
  titleKey: string;
  introKey: string;
  events: EventSummary[];
  now: Date;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">{t(titleKey)}</h1>
      <p className="mb-6 text-muted-foreground">{t(introKey)}</p>
      <EventList events={events} now={now} showLanguageFilter showSort />
    </div>
  );
}
