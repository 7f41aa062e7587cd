import { sql } from "drizzle-orm";
import { instant, selectRows, type Database } from "#server/db/client";
import { e as eventsAsE, publicEventCondition } from "./event-visibility";

export interface CategoryWithCount {
  id: number;
  key: string;
  name: string;
  icon: string;
  topRank: number | null;
  upcomingEvents: number;
}

/** All categories in their order, each with how many published events have not ended yet. */
export async function listCategories(db: Database, now: Date): Promise<CategoryWithCount[]> {
  const rows = await selectRows<{
    id: number;
    key: string;
    name: string;
    icon: string;
    top_rank: number | null;
    upcoming: number;
  }>(
    db,
    sql`select c.id, c.key, c.name, c.icon, c.top_rank,
        (select count(*)::int from events e where e.category_id = c.id and ${publicEventCondition(eventsAsE)} and e.ends_at > ${instant(now)}) as upcoming
      from categories c order by c.position`,
  );
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    icon: row.icon,
    topRank: row.top_rank,
    upcomingEvents: Number(row.upcoming),
  }));
}
