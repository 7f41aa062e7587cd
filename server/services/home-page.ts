import { PLACES } from "#domain/event-search-options";
import { HOME_LIMITS } from "#domain/home-sections";
import type { Database } from "#server/db/client";
import { listCategories } from "./categories";
import { searchEvents } from "./event-search";
import { listMajorEvents } from "./major-events";
import { publicContentGeneration } from "./public-content";
import { shortCache } from "./short-cache";
import { getSiteStats } from "./site-stats";

const HOME_DATA_SECONDS = 5;

async function loadHomePage(db: Database, now: Date) {
  const [affordable, featured, upcoming, aroundYou, categories, majorEvents, stats] = await Promise.all([
    searchEvents(db, { price: "under30", sort: "date", limit: HOME_LIMITS.affordable }, now),
    // Events whose organizer paid for the home page come first, then the other featured ones: a paid
    // place must not lose to featured events that merely start sooner.
    searchEvents(db, { featured: true, sort: "date", limit: HOME_LIMITS.featured }, now, { promotedFirst: "homepage" }),
    searchEvents(db, { sort: "date", limit: HOME_LIMITS.upcoming }, now),
    // Until the visitor shares a location: nearest to central Washington.
    searchEvents(
      db,
      {
        lat: PLACES.washington.latitude,
        lng: PLACES.washington.longitude,
        radius: 200,
        sort: "distance",
        limit: HOME_LIMITS.aroundYou,
      },
      now,
    ),
    listCategories(db, now),
    listMajorEvents(db, now),
    getSiteStats(db, now),
  ]);
  return {
    now,
    affordable: affordable.events,
    featured: featured.events,
    upcoming: upcoming.events,
    aroundYou: aroundYou.events,
    topCategories: categories.filter((category) => category.topRank !== null),
    majorEvents,
    stats,
  };
}

export type HomePage = Awaited<ReturnType<typeof loadHomePage>>;

const caches = new WeakMap<Database, { generation: number; load: (now: Date) => Promise<HomePage> }>();

/**
 * Everything the home page shows at `now`; the same for every visitor, so kept for a few seconds, but
 * never past a change that must show at once (staff hiding, featuring or choosing events: public-content.ts).
 */
export function getHomePage(db: Database, now: Date): Promise<HomePage> {
  const generation = publicContentGeneration(db);
  let cached = caches.get(db);
  if (!cached || cached.generation !== generation) {
    cached = { generation, load: shortCache(HOME_DATA_SECONDS * 1000, (at) => loadHomePage(db, at)) };
    caches.set(db, cached);
  }
  return cached.load(now);
}
