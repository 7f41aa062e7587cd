import { Link } from "react-router";
import { EventCard } from "#app/components/event-card";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";
import type { EventSummary } from "#domain/event-summary";
import { SavedEvents } from "./save-button";

/** What the dashboard's loader gives these sections (services/saves-follows.ts). */
export interface DashboardSavesFollows {
  saved: { upcoming: EventSummary[]; past: EventSummary[] };
  savedEvents: number[];
  following: { id: string; name: string }[];
  feed: EventSummary[];
}

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

function Cards({ events, now }: { events: EventSummary[]; now: Date }) {
  return (
    <ul className={GRID}>
      {events.map((event) => (
        <li key={event.id} className="grid">
          <EventCard event={event} now={now} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The dashboard's Saved events (upcoming first, then past ones) and Following (the organizers followed
 * and their upcoming events). Each card's heart unsaves it from here.
 */
export function SavesFollowsSections({ data, now }: { data: DashboardSavesFollows; now: Date }) {
  const { t } = useTranslation();
  const { saved, following, feed } = data;
  const noSaved = saved.upcoming.length === 0 && saved.past.length === 0;
  return (
    <SavedEvents value={data.savedEvents}>
      <section id="saved" aria-labelledby="saved-title" className="flex flex-col gap-6 px-4 py-10">
        <h2 id="saved-title" className="text-2xl font-bold">
          {t("savesFollows.savedTitle")}
        </h2>
        {noSaved ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-muted-foreground">{t("savesFollows.noSaved")}</p>
            <Link to="/events" className={buttonClasses("outline", "sm")}>
              {t("savesFollows.browseEvents")}
            </Link>
          </div>
        ) : (
          <>
            <section aria-labelledby="saved-upcoming-title" className="flex flex-col gap-3">
              <h3 id="saved-upcoming-title" className="text-xl font-semibold">
                {t("savesFollows.savedUpcoming")}
              </h3>
              {saved.upcoming.length === 0 ? (
                <p className="text-muted-foreground">{t("savesFollows.noSavedUpcoming")}</p>
              ) : (
                <Cards events={saved.upcoming} now={now} />
              )}
            </section>
            {saved.past.length > 0 && (
              <section aria-labelledby="saved-past-title" className="flex flex-col gap-3">
                <h3 id="saved-past-title" className="text-xl font-semibold">
                  {t("savesFollows.savedPast")}
                </h3>
                <Cards events={saved.past} now={now} />
              </section>
            )}
          </>
        )}
      </section>
      <section id="following" aria-labelledby="following-title" className="flex flex-col gap-6 px-4 py-10">
        <h2 id="following-title" className="text-2xl font-bold">
          {t("savesFollows.followingTitle")}
        </h2>
        {following.length === 0 ? (
          <p className="text-muted-foreground">{t("savesFollows.noFollowing")}</p>
        ) : (
          <>
            <section aria-labelledby="following-organizers-title" className="flex flex-col gap-3">
              <h3 id="following-organizers-title" className="text-xl font-semibold">
                {t("savesFollows.followingOrganizers")}
              </h3>
              <ul className="flex flex-wrap gap-2">
                {following.map((organizer) => (
                  <li key={organizer.id}>
                    <Link to={`/users/${organizer.id}`} className={buttonClasses("outline", "sm")}>
                      <bdi>{organizer.name}</bdi>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="following-feed-title" className="flex flex-col gap-3">
              <h3 id="following-feed-title" className="text-xl font-semibold">
                {t("savesFollows.followingFeed")}
              </h3>
              {feed.length === 0 ? (
                <p className="text-muted-foreground">{t("savesFollows.noFollowingEvents")}</p>
              ) : (
                <Cards events={feed} now={now} />
              )}
            </section>
          </>
        )}
      </section>
    </SavedEvents>
  );
}
