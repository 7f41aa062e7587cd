import { sql, type SQL } from "drizzle-orm";
import { AFFORDABLE_PRICE_CENTS, VIP_PRICE_CENTS } from "#domain/event";
import { DEFAULT_PAGE_SIZE, DEFAULT_RADIUS_MILES, dateWindow, type EventSearch } from "#domain/event-search";
import { effectiveSort, searchOrigin, type EventSort } from "#domain/event-search-options";
import type { EventSummary } from "#domain/event-summary";
import { instant, selectRows, type Database } from "#server/db/client";
import { activePromotion, promotedEventIds, type Placement } from "./active-promotion";
import { loadEventSummaries } from "./event-summaries";
import { e as eventsAsE, publicEventCondition } from "./event-visibility";

export interface EventSearchResult {
  events: (EventSummary & { distanceMiles: number | null })[];
  /** How many events match: exactly, or when `totalIsLowerBound` at least this many (see COUNT_CAP). */
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  pageSize: number;
}

/**
 * Matches are counted exactly up to this many (or up to the end of the page asked for, when that is
 * further); past it the total is a lower bound ("more than 1000 events"). Counting every match of a
 * common word would read every one of them.
 */
export const COUNT_CAP = 1000;

/**
 * Relevance is ranked within runs of this many matches taken in date order, soonest first: five pages
 * of 20. A search with fewer matches is ranked exactly, as most searches people make; one with more
 * shows its soonest RANKED_RUN matches best first, then the next RANKED_RUN best first, and so on.
 * Ranking costs a trigram comparison per event (15–40 µs here), and reaching the soonest matches of a
 * common word costs reading the events between them, so a run must stay short; runs keep the order
 * the same whichever page is asked for, so paging shows every match once.
 */
export const RANKED_RUN = 100;

/** At most this many near spellings of one query word join a search, the nearest first. */
const MAX_ALIKE_WORDS = 20;

const EARTH_RADIUS_MILES = 3958.8;

/** The VIP rule of domain/event.ts (isVip) in SQL, so lists can filter on it. */
export const IS_VIP = sql`(not e.is_public
  or exists (select 1 from ticket_types t where t.event_id = e.id and t.price_cents > ${VIP_PRICE_CENTS})
  or e.title ~* '\\m(vip|elite|exclusive)\\M')`;

/**
 * "Has a ticket type at most this price", written as the cheapest price so that it stays a check of
 * each candidate event (one index lookup): as EXISTS, PostgreSQL may turn it into a join that reads
 * every ticket type before the first page can stop.
 */
const hasTicketAtMost = (cents: number) =>
  sql`(select min(t.price_cents) from ticket_types t where t.event_id = e.id) <= ${cents}`;

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

export interface SearchOptions {
  /**
   * Put the matches with a running promotion at this placement first, whatever the sort. Left out:
   * "explore" promotions first when the search names no sort, as /events does.
   */
  promotedFirst?: Placement;
}

/**
 * Published events matching a search, a page at a time. Text matches whole words anywhere (title,
 * description, venue, city, category, organizer), ignoring accents and case, and tolerates typos in
 * the short fields. Unless the visitor picked a sort, events promoted in search come first (`options`
 * may name another placement to put first, as the home page's Featured Events do).
 *
 * The matches are counted up to a cap. When that is all of them, the page is sorted from them;
 * otherwise it is read from the indexes in the sort's order (date, or place then date), stopping at
 * the page. Either way the cost depends on the cap and the page, not on how many events match, and
 * relevance is ranked over a bounded run of matches: see decision 004.
 */
export async function searchEvents(
  db: Database,
  search: EventSearch,
  now: Date,
  options: SearchOptions = {},
): Promise<EventSearchResult> {
  const pageSize = search.limit ?? DEFAULT_PAGE_SIZE;
  const page = search.page ?? 1;
  const offset = (page - 1) * pageSize;
  /** How far into the ordered list this page reaches. */
  const reach = offset + pageSize;
  const sort = effectiveSort(search);
  const origin = searchOrigin(search);
  // Visitors' searches: "explore" promotions first unless they picked a sort; a caller may name another.
  const promotedPlacement = options.promotedFirst ?? (search.sort ? null : "explore");
  const promotedFirst = promotedPlacement !== null;
  const ctes: SQL[] = [];
  const filters: SQL[] = [publicEventCondition(eventsAsE)];

  const query = search.q ? search.q.toLowerCase() : null;
  let relevance: SQL = sql`0::float8`;
  if (query) {
    const exact = sql`websearch_to_tsquery('simple', immutable_unaccent(${query}))`;
    const typos = await typoTolerantQuery(db, query);
    // The words as written, anywhere; or with near spellings, in the short fields.
    filters.push(
      typos
        ? sql`(e.search_vector @@ ${exact} or e.search_keywords_vector @@ ${typos})`
        : sql`e.search_vector @@ ${exact}`,
    );
    relevance = sql`(ts_rank(e.search_vector, ${exact})
      + word_similarity(immutable_unaccent(${query}), immutable_unaccent(lower(e.search_keywords))))`;
  }
  if (search.category) filters.push(sql`e.category_id = (select id from categories where key = ${search.category})`);
  if (search.language) filters.push(sql`e.language = ${search.language}`);
  if (search.vip) filters.push(IS_VIP);
  if (search.featured) filters.push(sql`(e.is_featured or ${activePromotion("homepage", now, sql`e.id`)})`);
  if (search.price === "free") filters.push(hasTicketAtMost(0));
  if (search.price === "under30") filters.push(hasTicketAtMost(AFFORDABLE_PRICE_CENTS));
  if (search.maxPrice !== undefined) filters.push(hasTicketAtMost(Math.round(search.maxPrice * 100)));

  if (origin) {
    const radius = search.radius ?? DEFAULT_RADIUS_MILES;
    // Numbers are cast: PostgreSQL would otherwise infer integers from `$1 * 2` and reject 38.98.
    const latitude = sql`${origin.latitude}::float8`;
    const longitude = sql`${origin.longitude}::float8`;
    const distance = sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
      power(sin(radians(v.latitude - ${latitude}) / 2), 2) +
      cos(radians(${latitude})) * cos(radians(v.latitude)) * power(sin(radians(v.longitude - ${longitude}) / 2), 2)))))`;
    // The venues within the radius, with their distance: a bounding box first, then the exact distance.
    const latitudeSpan = radius / 69;
    const longitudeSpan = radius / (69 * Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180)));
    ctes.push(sql`near as materialized (
      select v.id, ${distance} as distance from venues v
      where v.latitude between ${origin.latitude - latitudeSpan}::float8 and ${origin.latitude + latitudeSpan}::float8
        and v.longitude between ${origin.longitude - longitudeSpan}::float8 and ${origin.longitude + longitudeSpan}::float8
        and ${distance} <= ${radius}::float8)`);
    filters.push(sql`e.venue_id in (select id from near)`);
  }

  // Time: an event must not have ended by `floor` (now, unless past events are asked for, or the
  // start of the date window) and must start before `ceiling` (the end of the window).
  const window = dateWindow(search, now);
  const floors = [search.past ? null : now, window?.from ?? null].filter((date): date is Date => date !== null);
  const floor = floors.length > 0 ? new Date(Math.max(...floors.map((date) => date.getTime()))) : null;
  const ceiling = window?.to ?? null;
  const timeConditions: SQL[] = [];
  if (floor) timeConditions.push(sql`e.ends_at > ${instant(floor)}`);
  if (ceiling) timeConditions.push(sql`e.starts_at < ${instant(ceiling)}`);
  if (floor) {
    // The events under way at `floor`, whole: few at any moment, found through the period index.
    // Apart (materialized), so that no plan reads them by walking the starts_at index from the start.
    ctes.push(sql`under_way as materialized (select * from events
      where ${publicEventCondition()} and tstzrange(starts_at, ends_at) @> ${instant(floor)})`);
  }

  /**
   * At most `limit` matches of `conditions` as (id, starts_at, venue_id, title_key), in date order
   * when `direction` is given. An event not ended at `floor` is either under way then (`under_way`)
   * or starts after it (read in date order from the starts_at index): two parts, each stopping at
   * `limit`. One condition on ends_at instead would make a scan of starts_at read past every event
   * that has already ended, most of them on a site with a history.
   */
  const matches = (conditions: SQL[], direction: "asc" | "desc" | null, limit: number): SQL => {
    const order =
      direction === null
        ? sql``
        : sql`order by ${direction === "asc" ? sql`starts_at asc, id asc` : sql`starts_at desc, id asc`}`;
    const where = and([...conditions, ...(ceiling ? [sql`e.starts_at < ${instant(ceiling)}`] : [])]);
    const columns = sql`e.id, e.starts_at, e.venue_id, lower(e.title) as title_key`;
    if (!floor) return sql`(select ${columns} from events e where ${where} ${order} limit ${limit})`;
    return sql`(select * from (
        (select ${columns} from under_way e where ${where} ${order} limit ${limit})
        union all
        (select ${columns} from events e where ${where} and e.starts_at > ${instant(floor)} ${order} limit ${limit})
      ) parts ${order} limit ${limit})`;
  };

  // Promoted events first: the few with a running promotion at that placement that match (tier 0),
  // then the rest (tier 1). Apart, each tier can be read in the sort's own order.
  let notPromoted = (_id: SQL): SQL[] => [];
  if (promotedPlacement !== null) {
    ctes.push(sql`promoted as materialized (${promotedEventIds(promotedPlacement, now)})`);
    notPromoted = (id) => [sql`${id} <> all(array(select event_id from promoted))`];
  }

  // Each tier as rows of (id, tier, run, score, starts_at, title_key, distance); a sort uses some.
  const distanceOf = origin ? sql`(select n.distance from near n where n.id = e.venue_id)` : sql`null::float8`;
  const row = (tier: number, run: SQL, score: SQL) =>
    sql`e.id, ${sql.raw(String(tier))} as tier, ${run}::bigint as run, ${score}::float8 as score, e.starts_at, lower(e.title) as title_key, ${distanceOf} as distance`;
  let promotedCount = sql`0`;
  if (promotedFirst) {
    ctes.push(sql`first_tier as (select ${row(0, sql`0`, relevance)} from events e
      where ${and([...filters, ...timeConditions, sql`e.id = any(array(select event_id from promoted))`])})`);
    promotedCount = sql`(select count(*) from first_tier)`;
  }

  /**
   * The rows the page is cut from: the promoted tier, then the rest (up to `reach` of them) in the
   * sort's order, read from `hits` when it holds every match, otherwise from the indexes.
   */
  const listed = (source: "hits" | "indexes"): SQL => {
    const fromHits = source === "hits";
    const rest = [...filters, ...notPromoted(sql`e.id`)];
    const restOfHits = and([sql`true`, ...notPromoted(sql`h.id`)]);
    const tiers = promotedFirst ? [sql`select * from first_tier`] : [];
    // Without a place to measure from, every distance is null and "nearest first" is the date order.
    switch (sort === "distance" && !origin ? "date" : sort) {
      case "relevance": {
        // Whole runs up to the page, numbered in date order; only runs the page can fall in are
        // ranked (the page starts `offset` rows in, less the promoted rows before it).
        const limit = Math.ceil(reach / RANKED_RUN) * RANKED_RUN;
        const soonest = fromHits
          ? sql`select h.id, h.starts_at from hits h where ${restOfHits} order by h.starts_at, h.id limit ${limit}`
          : sql`select m.id, m.starts_at from ${matches(rest, "asc", limit)} m`;
        const firstRankedRun = sql`(greatest(0, ${offset} - ${promotedCount}) / ${RANKED_RUN})`;
        const score = sql`case when runs.run >= ${firstRankedRun} then ${relevance} end`;
        tiers.push(sql`select ${row(1, sql`runs.run`, score)}
          from (select id, (row_number() over (order by starts_at, id) - 1) / ${RANKED_RUN} as run from (${soonest}) s) runs
          join events e on e.id = runs.id`);
        break;
      }
      case "distance": {
        // Nearest venue first, each venue's events in date order: read per venue, stopping at the page.
        const nearest = fromHits
          ? sql`select h.id from hits h join near n on n.id = h.venue_id where ${restOfHits}
              order by n.distance, h.starts_at, h.id limit ${reach}`
          : sql`select x.id from near n cross join lateral ${matches([...rest, sql`e.venue_id = n.id`], "asc", reach)} x
              order by n.distance, x.starts_at, x.id limit ${reach}`;
        tiers.push(sql`select ${row(1, sql`0`, sql`null`)} from (${nearest}) r join events e on e.id = r.id`);
        break;
      }
      case "date":
      case "date_desc": {
        const direction = sort === "date" ? "asc" : "desc";
        const soonest = fromHits
          ? sql`select h.id from hits h where ${restOfHits} order by h.starts_at ${sql.raw(direction)}, h.id asc limit ${reach}`
          : sql`select m.id from ${matches(rest, direction, reach)} m`;
        tiers.push(sql`select ${row(1, sql`0`, sql`null`)} from (${soonest}) r join events e on e.id = r.id`);
        break;
      }
      case "title": {
        const first = fromHits
          ? sql`select h.id from hits h where ${restOfHits} order by h.title_key, h.id limit ${reach}`
          : sql`select e.id from events e where ${and([...rest, ...timeConditions])}
              order by lower(e.title), e.id limit ${reach}`;
        tiers.push(sql`select ${row(1, sql`0`, sql`null`)} from (${first}) r join events e on e.id = r.id`);
        break;
      }
    }
    return sql.join(tiers, sql` union all `);
  };

  // First the count: the matches, up to one more than are counted, in whatever order is cheapest.
  // When that is all of them (nearly every search with words or filters), the page is sorted from
  // them in the same statement; past the cap it is skipped here.
  const countLimit = Math.max(COUNT_CAP, reach);
  const hits = sql`hits as materialized (select * from ${matches(filters, null, countLimit + 1)} found)`;
  const counting = await selectRows<{ total: number; id: number | null; distance: number | null }>(
    db,
    sql`with ${sql.join([...ctes, hits], sql`, `)},
      page as (select id, distance, row_number() over (order by ${ORDERINGS[sort]}) as position
        from (${listed("hits")}) listed where (select count(*) from hits) <= ${countLimit}
        order by position offset ${offset} limit ${pageSize})
      select counted.total, page.id, page.distance
      from (select count(*)::int as total from hits) counted left join page on true
      order by page.position`,
  );
  const counted = counting[0]?.total ?? 0;
  let found: { id: number; distance: number | null }[] = counting.filter(
    (row): row is typeof row & { id: number } => row.id !== null,
  );
  if (counted > countLimit) {
    // Past the cap, the page is read from the indexes in the sort's order, stopping at the page.
    found = await selectRows<{ id: number; distance: number | null }>(
      db,
      sql`with ${sql.join(ctes, sql`, `)}
        select id, distance from (${listed("indexes")}) listed
        order by ${ORDERINGS[sort]} offset ${offset} limit ${pageSize}`,
    );
  }

  const summaries = await loadEventSummaries(
    db,
    found.map((event) => event.id),
    now,
  );
  const distanceById = new Map(
    found.map((event) => [event.id, event.distance === null ? null : Number(event.distance)]),
  );
  return {
    events: summaries.map((summary) => ({ ...summary, distanceMiles: distanceById.get(summary.id) ?? null })),
    total: Math.min(counted, countLimit),
    totalIsLowerBound: counted > countLimit,
    page,
    pageSize,
  };
}

/** The order of the listed rows for each sort: promoted tier first, then the sort, then id. */
const ORDERINGS: Record<EventSort, SQL> = {
  relevance: sql`tier, run, score desc, starts_at asc, id asc`,
  distance: sql`tier, distance asc nulls last, starts_at asc, id asc`,
  date: sql`tier, starts_at asc, id asc`,
  date_desc: sql`tier, starts_at desc, id asc`,
  title: sql`tier, title_key asc, id asc`,
};

/**
 * The full-text query of `query` with each word also accepting the words of events' short fields
 * (title, venue, city, category, organizer) within trigram word similarity 0.4, to be matched against
 * those fields: "jaz nigts" becomes ('jaz' | 'jazz') & ('nigts' | 'night' | 'nights'). Null when no
 * word has a near spelling. The near words come from `search_words` (kept by triggers, migration
 * 0003) through its trigram index, in one small query; the result is a constant the planner sees, so
 * it can tell a rare word (use the index) from a common one (read in date order and stop).
 */
async function typoTolerantQuery(db: Database, query: string): Promise<SQL | null> {
  const words = await selectRows<{ word: string; alike: string[] }>(
    db,
    sql`select w.word, coalesce(array_agg(near.word order by near.similarity desc, near.word)
          filter (where near.word is not null), '{}') as alike
      from unnest(tsvector_to_array(to_tsvector('simple', immutable_unaccent(${query})))) as w(word)
      left join lateral (
        select d.word, word_similarity(w.word, d.word) as similarity from search_words d
        where d.word %> w.word and d.word <> w.word
        order by similarity desc, d.word limit ${MAX_ALIKE_WORDS}
      ) near on true
      group by w.word`,
  );
  if (words.every(({ alike }) => alike.length === 0)) return null;
  let tsQuery = sql`websearch_to_tsquery('simple', immutable_unaccent(${query}))`;
  for (const { word, alike } of words) {
    if (alike.length === 0) continue;
    // Operators stay as the visitor wrote them: only the word itself is replaced by its alternatives.
    const alternatives = [word, ...alike].map(lexeme).join(" | ");
    tsQuery = sql`ts_rewrite(${tsQuery}, ${lexeme(word)}::tsquery, ${alternatives}::tsquery)`;
  }
  return tsQuery;
}

/** A lexeme written as tsquery input: quoted, with quotes and backslashes doubled. */
const lexeme = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
