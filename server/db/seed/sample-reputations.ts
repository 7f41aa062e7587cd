import type { OrganizerActivity } from "#domain/reputation";
import { seededRandom } from "#domain/seeded-random";

/**
 * A sample organizer's history before the site opened (spec §3 gives sample reputations): events held,
 * tickets sold and checked in, cancellations, drawn deterministically from the organizer's index. The
 * seed stores the score and level the formula (domain/reputation.ts) gives for it, so the sample
 * badges agree with the formula; the daily update later recounts from what happens on the site.
 */
export function sampleOrganizerActivity(organizerIndex: number): OrganizerActivity {
  const random = seededRandom(organizerIndex + 101);
  const eventsHeld = 2 + Math.floor(random() * 23);
  const ticketsSold = Math.round(eventsHeld * (25 + random() * 55));
  const ticketsCheckedIn = Math.round(ticketsSold * (0.6 + random() * 0.38));
  const eventsCancelled = random() < 0.7 ? 0 : 1 + Math.floor(random() * 2);
  return { eventsHeld, ticketsSold, ticketsCheckedIn, eventsCancelled };
}
