import { describe, expect, it } from "vitest";
import { eventJsonLd, type JsonLdEvent } from "./event-json-ld";

const NOW = new Date("2026-11-20T15:00:00Z");
const ORIGIN = "https://events.example";

function event(overrides: Partial<JsonLdEvent> = {}): JsonLdEvent {
  return {
    id: 7,
    title: "Jazz on the Wharf",
    description: "An evening of **jazz**.",
    // 7 PM to 10 PM in Washington on 5 December: UTC-5.
    startsAt: new Date("2026-12-06T00:00:00Z"),
    endsAt: new Date("2026-12-06T03:00:00Z"),
    timeZone: "America/New_York",
    language: "en",
    status: "published",
    createdAt: new Date("2026-10-01T14:00:00Z"),
    venue: {
      name: "The Anthem",
      address: "901 Wharf St SW",
      city: "Washington",
      state: "DC",
      country: "US",
      zipCode: "20024",
      latitude: 38.88,
      longitude: -77.02,
    },
    organizer: { id: "u-1", name: "Marcus Ellington", organization: null, profileImage: null, reputationLevel: null },
    images: [],
    ticketTypes: [
      {
        id: 1,
        name: "General",
        description: null,
        priceCents: 2500,
        quantity: 100,
        sold: 10,
        salesStartAt: null,
        salesEndAt: null,
      },
      {
        id: 2,
        name: "Early bird",
        description: null,
        priceCents: 1500,
        quantity: 50,
        sold: 0,
        salesStartAt: new Date("2026-11-25T14:00:00Z"),
        salesEndAt: null,
      },
    ],
    ...overrides,
  };
}

describe("an event's structured data", () => {
  it("gives its dates on the event's own clocks, with their offset", () => {
    const data = eventJsonLd(event(), NOW, ORIGIN);
    expect(data.startDate).toBe("2026-12-05T19:00:00-05:00");
    expect(data.endDate).toBe("2026-12-05T22:00:00-05:00");
    const summer = eventJsonLd(
      event({ startsAt: new Date("2026-07-04T23:00:00Z"), endsAt: new Date("2026-07-05T02:00:00Z") }),
      NOW,
      ORIGIN,
    );
    expect(summer.startDate).toBe("2026-07-04T19:00:00-04:00");
  });

  it("names the organizer as the performer when no performers are listed", () => {
    const data = eventJsonLd(event(), NOW, ORIGIN);
    expect(data.performer).toEqual({
      "@type": "Person",
      name: "Marcus Ellington",
      url: "https://events.example/users/u-1",
    });
  });

  it("says from when each offer is on sale: its sales start, or the event's creation", () => {
    const [general, earlyBird] = eventJsonLd(event(), NOW, ORIGIN).offers;
    expect(general!.validFrom).toBe("2026-10-01T10:00:00-04:00");
    expect(earlyBird!.validFrom).toBe("2026-11-25T09:00:00-05:00");
    expect(general!.availability).toBe("https://schema.org/InStock");
    expect(earlyBird!.availability).toBe("https://schema.org/PreSale");
  });

  it("does not call a past event's tickets sold out when some were left", () => {
    const after = new Date("2026-12-07T12:00:00Z");
    const past = eventJsonLd(
      event({
        ticketTypes: [
          { ...event().ticketTypes[0]!, sold: 40 },
          { ...event().ticketTypes[1]!, id: 3, quantity: 20, sold: 20 },
        ],
      }),
      after,
      ORIGIN,
    );
    expect(past.offers.map((offer) => offer.availability)).toEqual([
      "https://schema.org/Discontinued",
      "https://schema.org/SoldOut",
    ]);
  });
});
