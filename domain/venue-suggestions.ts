import type { PlanInput } from "./event-plan-input";

/**
 * Venue suggestions of the planner (issue 20): the site's venues ranked for the planner's answers by what
 * their past events show: room for the crowd, in the area asked for, and events of the same type held there.
 * Pure: the service gathers the candidates (server side) and this ranks them.
 */

export interface VenueCandidate {
  id: number;
  name: string;
  city: string;
  /** The venue's state as the site stores it: "DC", "MD", "VA" (other spellings are read too). */
  state: string;
  /** The largest attendance known there (tickets of its biggest event), or null when unknown. */
  capacity: number | null;
  /** How many of its events were of the plan's event type. */
  eventsOfType: number;
  /** How many events it has held in all. */
  events: number;
}

export const VENUE_REASONS = ["fits-capacity", "in-area", "hosted-this-type"] as const;
export type VenueReason = (typeof VENUE_REASONS)[number];

export interface VenueSuggestion {
  venue: VenueCandidate;
  /** Why it is suggested, in VENUE_REASONS order; never empty. */
  reasons: VenueReason[];
}

/**
 * A venue fits when it has held at least the attendance and is not absurdly larger: at most
 * `maxTimesAttendance` times the crowd, or at most `roomToSpare` more people (a 10-person workshop fits a
 * 40-seat room).
 */
export const CAPACITY_FIT = { maxTimesAttendance: 3, roomToSpare: 50 } as const;

/** Weights of the reasons: the area asked for first, then room for the crowd, then the same type of event. */
const REASON_WEIGHTS: Readonly<Record<VenueReason, number>> = {
  "in-area": 4,
  "fits-capacity": 2,
  "hosted-this-type": 1,
};

const STATE_NAMES: Readonly<Record<string, "dc" | "md" | "va">> = {
  dc: "dc",
  "d.c.": "dc",
  "district of columbia": "dc",
  "washington dc": "dc",
  "washington, dc": "dc",
  md: "md",
  maryland: "md",
  va: "va",
  virginia: "va",
};

/** The planner's area of a venue's state: "dc", "md", "va", or null outside the region. */
export function areaOfState(state: string): "dc" | "md" | "va" | null {
  return STATE_NAMES[state.trim().toLowerCase()] ?? null;
}

/** Whether a venue of this known capacity suits the attendance. */
export function fitsCapacity(capacity: number | null, attendance: number): boolean {
  if (capacity === null) return false;
  return (
    capacity >= attendance &&
    (capacity <= attendance * CAPACITY_FIT.maxTimesAttendance || capacity - attendance <= CAPACITY_FIT.roomToSpare)
  );
}

/** Why a venue suits the plan, in VENUE_REASONS order (empty when nothing speaks for it). */
export function venueReasons(venue: VenueCandidate, input: Pick<PlanInput, "attendance" | "area">): VenueReason[] {
  const reasons: VenueReason[] = [];
  if (fitsCapacity(venue.capacity, input.attendance)) reasons.push("fits-capacity");
  if (input.area !== "elsewhere" && areaOfState(venue.state) === input.area) reasons.push("in-area");
  if (venue.eventsOfType > 0) reasons.push("hosted-this-type");
  return reasons;
}

/**
 * The best `limit` venues for the plan, each with its reasons. Only venues with at least one reason are
 * suggested; the weightier reasons first (area, then capacity, then type), then the venue with more events of
 * the type, then with more events in all, then by name and id so the order is stable.
 */
export function rankVenues(
  candidates: readonly VenueCandidate[],
  input: Pick<PlanInput, "attendance" | "area">,
  limit = 3,
): VenueSuggestion[] {
  const score = (reasons: readonly VenueReason[]) =>
    reasons.reduce((total, reason) => total + REASON_WEIGHTS[reason], 0);
  return candidates
    .map((venue) => ({ venue, reasons: venueReasons(venue, input) }))
    .filter((suggestion) => suggestion.reasons.length > 0)
    .sort(
      (a, b) =>
        score(b.reasons) - score(a.reasons) ||
        b.venue.eventsOfType - a.venue.eventsOfType ||
        b.venue.events - a.venue.events ||
        a.venue.name.localeCompare(b.venue.name, "en") ||
        a.venue.id - b.venue.id,
    )
    .slice(0, Math.max(0, limit));
}
