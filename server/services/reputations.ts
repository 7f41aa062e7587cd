import { sql } from "drizzle-orm";
import { reputationLevel, reputationScore, type OrganizerActivity } from "#domain/reputation";
import { instant, selectRows, type Database } from "#server/db/client";
import { organizerReputations } from "#server/db/schema";
import { e as eventsAsE, publicEventCondition, publicEventPageCondition } from "./event-visibility";

/** Rows per upsert: one statement each, well below PostgreSQL's parameter limit. */
const UPSERT_BATCH = 500;

interface ActivityRow extends Record<string, unknown> {
  organizer_id: string;
  events_held: number;
  tickets_sold: number;
  tickets_checked_in: number;
  events_cancelled: number;
  review_count: number;
  rating_total: number;
}

/**
 * Recounts every organizer's activity as of `now` (docs/reputation.md: events held, their valid
 * tickets, those checked in, events cancelled, and the visible reviews of their events) and stores the score and level the formula gives,
 * with the counts it was computed from. Organizers are people with the organizer role or an event of
 * their own. Idempotent: running it twice at one instant stores the same rows. Returns how many
 * organizers were scored.
 */
export async function updateReputations(db: Database, now: Date): Promise<number> {
  const rows = await selectRows<ActivityRow>(
    db,
    sql`with organizers as (
          select user_id as id from profiles where role = 'organizer'
          union
          select organizer_id from events
        ),
        held as (
          select e.organizer_id,
                 count(distinct e.id)::int as events_held,
                 count(t.id)::int as tickets_sold,
                 count(t.checked_in_at)::int as tickets_checked_in
          from events e
          left join tickets t on t.event_id = e.id and t.status = 'valid'
          where ${publicEventCondition(eventsAsE)} and e.ends_at < ${instant(now)}
          group by e.organizer_id
        ),
        cancelled as (
          select organizer_id, count(*)::int as events_cancelled from events where status = 'cancelled' group by organizer_id
        ),
        rated as (
          select e.organizer_id, count(r.id)::int as review_count, coalesce(sum(r.rating), 0)::int as rating_total
          from reviews r join events e on e.id = r.event_id
          where r.hidden_at is null and ${publicEventPageCondition(eventsAsE)}
          group by e.organizer_id
        )
        select o.id as organizer_id,
               coalesce(h.events_held, 0) as events_held,
               coalesce(h.tickets_sold, 0) as tickets_sold,
               coalesce(h.tickets_checked_in, 0) as tickets_checked_in,
               coalesce(c.events_cancelled, 0) as events_cancelled,
               coalesce(rt.review_count, 0) as review_count,
               coalesce(rt.rating_total, 0) as rating_total
        from organizers o
        left join held h on h.organizer_id = o.id
        left join cancelled c on c.organizer_id = o.id
        left join rated rt on rt.organizer_id = o.id
        order by o.id`,
  );
  const values = rows.map((row) => {
    const activity: OrganizerActivity = {
      eventsHeld: Number(row.events_held),
      ticketsSold: Number(row.tickets_sold),
      ticketsCheckedIn: Number(row.tickets_checked_in),
      eventsCancelled: Number(row.events_cancelled),
    };
    const score = reputationScore({
      ...activity,
      reviewCount: Number(row.review_count),
      ratingTotal: Number(row.rating_total),
    });
    return { organizerId: row.organizer_id, score, level: reputationLevel(score), ...activity, updatedAt: now };
  });
  for (let start = 0; start < values.length; start += UPSERT_BATCH) {
    await db
      .insert(organizerReputations)
      .values(values.slice(start, start + UPSERT_BATCH))
      .onConflictDoUpdate({
        target: organizerReputations.organizerId,
        set: {
          score: sql`excluded.score`,
          level: sql`excluded.level`,
          eventsHeld: sql`excluded.events_held`,
          ticketsSold: sql`excluded.tickets_sold`,
          ticketsCheckedIn: sql`excluded.tickets_checked_in`,
          eventsCancelled: sql`excluded.events_cancelled`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  return values.length;
}

/** The job the daily scheduled task queues (server/jobs/scheduled-tasks.ts): runs updateReputations. */
export const UPDATE_REPUTATIONS_JOB = "update_reputations";
