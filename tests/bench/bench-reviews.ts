import { sql } from "drizzle-orm";
import { selectRows, type Database } from "#server/db/client";

/*
 * Benchmark data (issue 19): 10,000 reviews on top of the sample data, so that `npm run bench:http`
 * measures the event and home pages with a realistic review table. They go on the sample events that
 * have ended (the event pages that show reviews), most on the first of them, by made-up attendees each
 * with a checked-in ticket, with a few helpful votes; the benchmark also loads that event's page.
 */

export const BENCH_REVIEWS = 10_000;
/** Reviews per past event but the first, which takes the rest. */
const REVIEWS_PER_OTHER_EVENT = 500;

/**
 * Adds BENCH_REVIEWS reviews (and their authors, orders and tickets) in set-based statements. Returns
 * the past event with the most reviews, whose page the benchmark loads.
 */
export async function addBenchReviews(db: Database): Promise<{ eventId: number; reviews: number }> {
  const past = await selectRows<{ id: number; ticket_type_id: number }>(
    db,
    sql`select e.id, (select t.id from ticket_types t where t.event_id = e.id order by t.position limit 1) as ticket_type_id
      from events e where e.ends_at < now() and e.status = 'published' and e.hidden_at is null order by e.id`,
  );
  const targets = past.filter((event) => event.ticket_type_id !== null);
  if (targets.length === 0) throw new Error("The sample data has no past event to review.");
  const shares = targets.map((_, index) =>
    index === 0 ? BENCH_REVIEWS - REVIEWS_PER_OTHER_EVENT * (targets.length - 1) : REVIEWS_PER_OTHER_EVENT,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table bench_reviewers on commit drop as
      select gen_random_uuid() as id, n from generate_series(1, ${BENCH_REVIEWS}) as n`);
    await tx.execute(sql`insert into users (id, email, email_confirmed_at)
      select id, 'bench-reviewer-' || n || '@example.com', now() from bench_reviewers`);
    await tx.execute(sql`insert into profiles (user_id, name, role)
      select id, 'Bench Reviewer ' || n, 'attendee' from bench_reviewers`);
    let first = 1;
    for (const [index, event] of targets.entries()) {
      const last = first + shares[index]! - 1;
      await tx.execute(sql`with buyers as (select id, n from bench_reviewers where n between ${first} and ${last}),
        placed as (
          insert into orders (event_id, user_id, buyer_name, buyer_email, status, total_cents)
          select ${event.id}, b.id, 'Bench Reviewer ' || b.n, 'bench-reviewer-' || b.n || '@example.com', 'confirmed', 0
          from buyers b returning id, user_id
        )
        insert into tickets (order_id, ticket_type_id, event_id, code, checked_in_at)
        select p.id, ${event.ticket_type_id}, ${event.id}, upper(substr(md5(p.id::text), 1, 20)), now()
        from placed p`);
      await tx.execute(sql`insert into reviews (event_id, author_id, rating, body, created_at, updated_at)
        select ${event.id}, b.id, 1 + (b.n * 7) % 5,
          case when b.n % 3 = 0 then null else 'Benchmark review ' || b.n || ': the music, the room and the crowd.' end,
          now() - (b.n || ' minutes')::interval, now() - (b.n || ' minutes')::interval
        from bench_reviewers b where b.n between ${first} and ${last}`);
      first = last + 1;
    }
    // Each reviewer marks the review of the next one helpful when it is on the same event.
    await tx.execute(sql`insert into review_helpful_votes (review_id, user_id)
      select r2.id, b.id from bench_reviewers b
      join reviews r1 on r1.author_id = b.id
      join bench_reviewers b2 on b2.n = b.n + 1
      join reviews r2 on r2.author_id = b2.id and r2.event_id = r1.event_id
      where b.n % 4 = 0`);
  });
  return { eventId: targets[0]!.id, reviews: BENCH_REVIEWS };
}
