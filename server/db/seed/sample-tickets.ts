import { pick, seededRandom } from "#domain/seeded-random";
import { SAMPLE_TEASERS } from "./sample-data";

export interface SampleTicketType {
  name: string;
  description: string;
  priceCents: number;
  quantity: number;
  sold: number;
}

const GENERATED_TIERS = [
  { name: "General Admission", description: "Entry for one person.", prices: [15_00, 25_00, 35_00, 45_00, 60_00] },
  { name: "Early Bird", description: "Limited early price for one person.", prices: [10_00, 18_00, 28_00] },
  { name: "Student", description: "Valid student ID required at the door.", prices: [8_00, 12_00, 20_00] },
  { name: "Reserved Seating", description: "A numbered seat close to the stage.", prices: [75_00, 95_00, 150_00] },
  { name: "VIP Access", description: "Priority entry, lounge access and a welcome drink.", prices: [120_00, 180_00] },
] as const;
/**
 * Each above a micro event's 50 people (domain/event.ts), so that no ordinary event is a micro event
 * by the luck of the draw: with 50 here, a one-type event held exactly 50 and Go-Go Legends Live at
 * Capital One Arena was listed as a micro event.
 */
const QUANTITIES = [60, 80, 100, 150, 200, 300] as const;
/** The three flagship Major Events fill a festival lawn, a convention centre and an arena. */
const FLAGSHIP_QUANTITIES = [2_000, 5_000, 8_000] as const;
/** The events the home page teases as Major Events. */
export const FLAGSHIP_EVENT_IDS: ReadonlySet<number> = new Set(SAMPLE_TEASERS.map((teaser) => teaser.eventIndex + 1));
/** Up to three types of at most 15 stay within a micro event's 50 people (domain/event.ts). */
const SMALL_GATHERING_QUANTITIES = [8, 10, 12, 15] as const;
/**
 * Sample events that are small gatherings by nature: a founders' breakfast, a tasting, a networking
 * evening, a sound bath, songwriters in the round, a roundtable, a workshop, a conversation circle,
 * a story hour. They make the micro events page.
 */
export const SMALL_GATHERING_EVENT_IDS: ReadonlySet<number> = new Set([2, 11, 14, 22, 23, 26, 27, 33, 37]);

/**
 * The ticket types of sample event `eventId`, by the spec's rules: event 34 sold out, multiples of 10
 * free, event 36 invitation only at $500; every other event gets 1 to 3 generated types, small
 * quantities for the small gatherings and large ones for the flagship events.
 */
export function sampleTicketTypes(eventId: number): SampleTicketType[] {
  if (eventId === 34) {
    return [
      { name: "General Admission", description: "Standing room.", priceCents: 45_00, quantity: 200, sold: 200 },
      { name: "VIP Access", description: "Balcony seats and early entry.", priceCents: 120_00, quantity: 50, sold: 50 },
    ];
  }
  if (eventId === 36) {
    return [
      {
        name: "VIP Invitation Only",
        description: "By invitation of the host.",
        priceCents: 500_00,
        quantity: 100,
        sold: 75,
      },
    ];
  }
  if (eventId % 10 === 0) {
    return [
      { name: "Free Registration", description: "Free, but please register.", priceCents: 0, quantity: 200, sold: 50 },
    ];
  }
  const random = seededRandom(eventId * 7919);
  const count = 1 + Math.floor(random() * 3);
  // A deterministic shuffle, then the chosen tiers back in list order (cheapest kinds first).
  const chosen = GENERATED_TIERS.map((tier, order) => ({ tier, order, key: random() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, count)
    .sort((a, b) => a.order - b.order)
    .map(({ tier }) => tier);
  return chosen.map((tier) => {
    const quantity = pick(random, quantitiesFor(eventId));
    return {
      name: tier.name,
      description: tier.description,
      priceCents: pick(random, tier.prices),
      quantity,
      sold: Math.floor(quantity * random() * 0.9),
    };
  });
}

function quantitiesFor(eventId: number): readonly number[] {
  if (SMALL_GATHERING_EVENT_IDS.has(eventId)) return SMALL_GATHERING_QUANTITIES;
  if (FLAGSHIP_EVENT_IDS.has(eventId)) return FLAGSHIP_QUANTITIES;
  return QUANTITIES;
}
