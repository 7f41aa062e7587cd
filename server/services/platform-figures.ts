import { sql } from "drizzle-orm";
import { bucketByWeek, lastWeeks, weekKey } from "#domain/week-buckets";
import { FIGURE_KEYS, FIGURE_WEEKS, type FigureKey } from "#domain/staff-console";
import { instant, selectRows, type Database } from "#server/db/client";
import { publicEventCondition } from "./event-visibility";

export { FIGURE_KEYS, FIGURE_WEEKS, MONEY_FIGURES, type FigureKey } from "#domain/staff-console";

/*
 * What each figure counts, and by which instant it falls in a week (UTC weeks from Monday,
 * domain/week-buckets.ts):
 * - people: accounts with a confirmed e-mail address (as the home page counts them), by sign-up;
 * - organizers: accounts whose role is organizer, by when their profile was made;
 * - publishedEvents: events published and not hidden by staff, by when they were created;
 * - orders: confirmed orders (paid, or free registrations; not pending, cancelled or refunded), by when placed;
 * - ticketsSold: valid tickets (void ones were refunded or cancelled), by when issued;
 * - revenueCents: the totals of confirmed orders, in cents, by when placed;
 * - promotionIncomeCents: the prices of paid promotion campaigns, in cents, by when paid.
 */

export interface PlatformFigure {
  key: FigureKey;
  /** Since the beginning. */
  total: number;
  /** One value per week of `weeks`. */
  byWeek: number[];
}

export interface PlatformFigures {
  /** The weeks' Mondays (YYYY-MM-DD, UTC), oldest first; the last is the current week, still running. */
  weeks: string[];
  figures: PlatformFigure[];
}

/** Each figure's rows: what to count or sum and the instant a row falls in a week by. */
const SOURCES: Record<FigureKey, { from: ReturnType<typeof sql>; amount: ReturnType<typeof sql>; at: string }> = {
  people: { from: sql`users where email_confirmed_at is not null`, amount: sql`1`, at: "created_at" },
  organizers: { from: sql`profiles where role = 'organizer'`, amount: sql`1`, at: "created_at" },
  publishedEvents: {
    from: sql`events where ${publicEventCondition()}`,
    amount: sql`1`,
    at: "created_at",
  },
  orders: { from: sql`orders where status = 'confirmed'`, amount: sql`1`, at: "created_at" },
  ticketsSold: { from: sql`tickets where status = 'valid'`, amount: sql`1`, at: "created_at" },
  revenueCents: { from: sql`orders where status = 'confirmed'`, amount: sql`total_cents`, at: "created_at" },
  promotionIncomeCents: {
    from: sql`promotion_campaigns where paid_at is not null`,
    amount: sql`price_cents`,
    at: "paid_at",
  },
};

/**
 * The platform's figures at `now`: each since the beginning, and per week for the last FIGURE_WEEKS
 * weeks. The database sums per UTC day; the days are then put in their weeks (bucketByWeek).
 */
export async function getPlatformFigures(db: Database, now: Date): Promise<PlatformFigures> {
  const weeks = lastWeeks(now, FIGURE_WEEKS);
  const since = weeks[0]!;
  const parts = FIGURE_KEYS.map((key) => {
    const { from, amount, at } = SOURCES[key];
    const column = sql.raw(at);
    return sql`(select ${key}::text as figure, null::timestamptz as day, coalesce(sum(${amount}), 0)::bigint as amount
        from ${from})
      union all
      (select ${key}::text, date_trunc('day', ${column}, 'UTC'), sum(${amount})::bigint
        from ${from} and ${column} >= ${instant(since)} and ${column} <= ${instant(now)}
        group by 2)`;
  });
  const rows = await selectRows<{ figure: FigureKey; day: string | Date | null; amount: string | number }>(
    db,
    sql.join(parts, sql` union all `),
  );
  return {
    weeks: weeks.map(weekKey),
    figures: FIGURE_KEYS.map((key) => {
      const own = rows.filter((row) => row.figure === key);
      const total = own.find((row) => row.day === null);
      const days = own.flatMap((row) =>
        row.day === null ? [] : [{ at: new Date(row.day), amount: Number(row.amount) }],
      );
      return { key, total: Number(total?.amount ?? 0), byWeek: bucketByWeek(weeks, days) };
    }),
  };
}
