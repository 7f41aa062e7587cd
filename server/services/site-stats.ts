import { sql } from "drizzle-orm";
import { instant, selectRows, type Database } from "#server/db/client";
import { publicEventCondition } from "./event-visibility";

/** The home page's live figures: real counts, never invented ones. */
export interface SiteStats {
  upcomingEvents: number;
  /** Accounts whose e-mail address is confirmed: a sign-up never confirmed is nobody yet. */
  registeredPeople: number;
  organizers: number;
}

export async function getSiteStats(db: Database, now: Date): Promise<SiteStats> {
  const [row] = await selectRows<{ upcoming: number; people: number; organizers: number }>(
    db,
    sql`select
      (select count(*)::int from events where ${publicEventCondition()} and ends_at > ${instant(now)}) as upcoming,
      (select count(*)::int from users where email_confirmed_at is not null) as people,
      (select count(distinct organizer_id)::int from events where ${publicEventCondition()}) as organizers`,
  );
  return {
    upcomingEvents: Number(row?.upcoming ?? 0),
    registeredPeople: Number(row?.people ?? 0),
    organizers: Number(row?.organizers ?? 0),
  };
}
