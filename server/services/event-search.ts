import { sql, type SQL } from "drizzle-orm";
import { AFFORDABLE_PRICE_CENTS, VIP_PRICE_CENTS } from "#domain/event";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_MILES,
  dateWindow,
  effectiveSort,
  searchOrigin,
  type EventSearch,
} from "#domain/event-search";
import type { EventSummary } from "#domain/event-summary";
import { instant, selectRows, type Database } from "#server/db/client";
import { activePromotion } from "./active-promotion";
import { loadEventSummaries } from "./event-summaries";

export interface EventSearchResult {
  events: (EventSummary & { distanceMiles: number | null })[];
  total: number;
  page: number;
  pageSize: number;
}

const EARTH_RADIUS_MILES = 3958.8;

/** The VIP rule of domain/event.ts (isVip) in SQL, so lists can filter on it. */
const IS_VIP = sql`(not e.is_public
  or exists (select 1 from ticket_types t where t.event_id = e.id and t.price_cents > ${VIP_PRICE_CENTS})
  or e.title ~* '\\m(vip|elite|exclusive)\\M')`;

const hasTicketAtMost = (cents: number) =>
  sql`exists (select 1 from ticket_types t where t.event_id = e.id and t.price_cents <= ${cents})`;

/**
 * Published events matching a search, a page at a time. Text matches whole words anywhere (title,
 * description, venue, city, category, organizer), ignoring accents and case, and tolerates typos in
 * the short fields. Unless the visitor picked a sort, events promoted in search come first.
 */
export async function searchEvents(db: Database, search: EventSearch, now: Date): Promise<EventSearchResult> {
  const pageSize = search.limit ?? DEFAULT_PAGE_SIZE;
  const page = search.page ?? 1;
  const sort = effectiveSort(search);
  const origin = searchOrigin(search);
  const conditions: SQL[] = [sql`e.status = 'published'`];

  const query = search.q ? search.q.toLowerCase() : null;
  const tsQuery = query ? sql`websearch_to_tsquery('simple', immutable_unaccent(${query}))` : null;
  const keywords = sql`immutable_unaccent(lower(e.search_keywords))`;
  if (query && tsQuery) {
    conditions.push(sql`(e.search_vector @@ ${tsQuery} or ${keywords} %> immutable_unaccent(${query}))`);
  }
  if (!search.past) conditions.push(sql`e.ends_at > ${instant(now)}`);
  const window = dateWindow(search, now);
  if (window?.from) conditions.push(sql`e.ends_at > ${instant(window.from)}`);
  if (window?.to) conditions.push(sql`e.starts_at < ${instant(window.to)}`);
  if (search.category) conditions.push(sql`e.category_id = (select id from categories where key = ${search.category})`);
  if (search.language) conditions.push(sql`e.language = ${search.language}`);
  if (search.vip) conditions.push(IS_VIP);
  if (search.featured) conditions.push(sql`(e.is_featured or ${activePromotion("homepage", now, sql`e.id`)})`);
  if (search.price === "free") conditions.push(hasTicketAtMost(0));
  if (search.price === "under30") conditions.push(hasTicketAtMost(AFFORDABLE_PRICE_CENTS));
  if (search.maxPrice !== undefined) conditions.push(hasTicketAtMost(Math.round(search.maxPrice * 100)));

  let distance: SQL = sql`null::float8`;
  if (origin) {
    const radius = search.radius ?? DEFAULT_RADIUS_MILES;
    // Numbers are cast: PostgreSQL would otherwise infer integers from `$1 * 2` and reject 38.98.
    const latitude = sql`${origin.latitude}::float8`;
    const longitude = sql`${origin.longitude}::float8`;
    distance = sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
      power(sin(radians(v.latitude - ${latitude}) / 2), 2) +
      cos(radians(${latitude})) * cos(radians(v.latitude)) * power(sin(radians(v.longitude - ${longitude}) / 2), 2)))))`;
    // A bounding box first, which an index on coordinates could serve; then the exact distance.
    const latitudeSpan = radius / 69;
    const longitudeSpan = radius / (69 * Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180)));
    conditions.push(
      sql`v.latitude between ${origin.latitude - latitudeSpan}::float8 and ${origin.latitude + latitudeSpan}::float8`,
    );
    conditions.push(
      sql`v.longitude between ${origin.longitude - longitudeSpan}::float8 and ${origin.longitude + longitudeSpan}::float8`,
    );
    conditions.push(sql`${distance} <= ${radius}::float8`);
  }

  const promoted = activePromotion("explore", now, sql`e.id`);
  const relevance =
    query && tsQuery
      ? sql`ts_rank(e.search_vector, ${tsQuery}) + word_similarity(immutable_unaccent(${query}), ${keywords})`
      : sql`0`;
  const order: SQL[] = search.sort ? [] : [sql`${promoted} desc`];
  if (sort === "relevance") order.push(sql`${relevance} desc`, sql`e.starts_at asc`);
  if (sort === "distance") order.push(sql`${distance} asc nulls last`, sql`e.starts_at asc`);
  if (sort === "date") order.push(sql`e.starts_at asc`);
  if (sort === "date_desc") order.push(sql`e.starts_at desc`);
  if (sort === "title") order.push(sql`lower(e.title) asc`);
  order.push(sql`e.id asc`);

  const rows = await selectRows<{ id: number; distance: number | null; total: number }>(
    db,
    sql`select e.id, ${distance} as distance, count(*) over ()::int as total
      from events e join venues v on v.id = e.venue_id
      where ${sql.join(conditions, sql` and `)}
      order by ${sql.join(order, sql`, `)}
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const summaries = await loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
  const distanceById = new Map(rows.map((row) => [row.id, row.distance === null ? null : Number(row.distance)]));
  return {
    events: summaries.map((summary) => ({ ...summary, distanceMiles: distanceById.get(summary.id) ?? null })),
    total: rows[0]?.total ?? (page > 1 ? await countMatches(db, conditions) : 0),
    page,
    pageSize,
  };
}

/** The total when the page asked for lies past the last result (so the window count saw no row). */
async function countMatches(db: Database, conditions: SQL[]): Promise<number> {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from events e join venues v on v.id = e.venue_id
      where ${sql.join(conditions, sql` and `)}`,
  );
  return row?.total ?? 0;
}
