import { useTranslation } from "#app/i18n/use-translation";
import type { EventSummary } from "#domain/event-summary";
import { EventList } from "./event-list";
import { SavedEvents } from "./saves-follows/save-button";

/** A page that is one list of events with a title and an introduction (featured, VIP), with hearts. */
export function EventListPage({
  titleKey,
  introKey,
  events,
  now,
  savedEvents,
}: {
  titleKey: string;
  introKey: string;
  events: EventSummary[];
  now: Date;
  /** The viewer's saved events, for the hearts (null for a visitor). */
  savedEvents: readonly number[] | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">{t(titleKey)}</h1>
      <p className="mb-6 text-muted-foreground">{t(introKey)}</p>
      <SavedEvents value={savedEvents}>
        <EventList events={events} now={now} showLanguageFilter showSort />
      </SavedEvents>
    </div>
  );
}
