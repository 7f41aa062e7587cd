import { sql } from "drizzle-orm";
import { selectRows, type Database } from "#server/db/client";

/** The figure: the hot pages are measured with this many saved events in the data. */
export const BENCH_SAVES = 50_000;
/** Saves per bench person (each saves this many different events), so BENCH_SAVES / this many people. */
const SAVES_PER_PERSON = 20;
/** Organizers each bench person follows. */
const FOLLOWS_PER_PERSON = 4;

/**
 * Adds BENCH_SAVES saved events and their people's follows to a seeded database, in a few set-based
 * statements: 2,500 confirmed people who each saved 20 published events and follow 4 organizers.
 * Answers the counts added.
 */
export async function addBenchSavesAndFollows(db: Database): Promise<{ saves: number; follows: number }> {
  const people = BENCH_SAVES / SAVES_PER_PERSON;
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (email, email_confirmed_at)
      select 'bench-saver-' || n || '@example.invalid', now() from generate_series(1, ${people}) n`);
    await tx.execute(sql`insert into profiles (user_id, name, role)
      select id, 'Bench Saver', 'attendee' from users where email like 'bench-saver-%@example.invalid'`);
    const saves = await selectRows<{ count: number }>(
      tx,
      sql`with saved as (
            insert into event_saves (user_id, event_id)
            select u.id, e.id from users u
            cross join (select id from events where status = 'published' and hidden_at is null
                        order by id limit ${SAVES_PER_PERSON}) e
            where u.email like 'bench-saver-%@example.invalid'
            on conflict do nothing returning 1)
          select count(*)::int as count from saved`,
    );
    const follows = await selectRows<{ count: number }>(
      tx,
      sql`with followed as (
            insert into organizer_follows (follower_id, organizer_id)
            select u.id, o.organizer_id from users u
            cross join (select distinct organizer_id from events order by organizer_id limit ${FOLLOWS_PER_PERSON}) o
            where u.email like 'bench-saver-%@example.invalid'
            on conflict do nothing returning 1)
          select count(*)::int as count from followed`,
    );
    return { saves: saves[0]?.count ?? 0, follows: follows[0]?.count ?? 0 };
  });
}
