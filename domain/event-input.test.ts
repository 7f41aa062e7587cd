import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  defaultEventEnd,
  EVENT_DESCRIPTION_MAX,
  EVENT_PROBLEMS,
  EVENT_TITLE_MAX,
  eventInputSchema,
  isTimeZone,
  localDateTimeToUtc,
  MAX_EVENT_IMAGES,
  ticketTypeInputSchema,
  utcToLocalDateTime,
} from "./event-input";

const valid = {
  title: "Jazz on the Wharf",
  description: "An evening of **jazz**.",
  categoryId: 1,
  startsAt: "2026-12-01T19:00:00-05:00",
  endsAt: "2026-12-01T22:00:00-05:00",
  venue: { id: 3 },
  ticketTypes: [{ name: "General Admission", priceCents: 2500, quantity: 100 }],
};

/** The problem word per field path, as the API reports them (first one per field). */
function problems(input: unknown): Record<string, string> {
  const result = eventInputSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return fields;
}

describe("event input", () => {
  it("fills the defaults and turns instants into dates", () => {
    const event = eventInputSchema.parse(valid);
    expect(event).toMatchObject({
      language: "en",
      isPublic: true,
      timeZone: "America/New_York",
      sponsorIds: [],
      coOrganizerEmails: [],
      images: [],
    });
    expect(event.startsAt.toISOString()).toBe("2026-12-02T00:00:00.000Z");
    expect(event.endsAt).toBeInstanceOf(Date);
  });

  it("takes Date objects as well as ISO strings, so forms can pass what they computed", () => {
    const event = eventInputSchema.parse({
      ...valid,
      startsAt: new Date("2026-12-02T00:00:00Z"),
      endsAt: new Date("2026-12-02T03:00:00Z"),
    });
    expect(event.endsAt.toISOString()).toBe("2026-12-02T03:00:00.000Z");
  });

  it("says which field is missing or too long", () => {
    expect(problems({ ...valid, title: "  " })).toEqual({ title: "required" });
    expect(problems({ ...valid, title: "t".repeat(EVENT_TITLE_MAX + 1) })).toEqual({ title: "too_long" });
    expect(problems({ ...valid, description: "d".repeat(EVENT_DESCRIPTION_MAX + 1) })).toEqual({
      description: "too_long",
    });
    const { venue: _venue, ...withoutVenue } = valid;
    expect(problems(withoutVenue)).toEqual({ venue: "required" });
    expect(problems({ ...valid, ticketTypes: [] })).toEqual({ ticketTypes: "required" });
  });

  it("refuses an end before the start", () => {
    expect(problems({ ...valid, endsAt: "2026-12-01T18:00:00-05:00" })).toEqual({ endsAt: "end_before_start" });
    expect(problems({ ...valid, endsAt: valid.startsAt })).toEqual({ endsAt: "end_before_start" });
  });

  it("refuses text no person types and dates outside the years events are held in", () => {
    expect(problems({ ...valid, title: "Jazz\u0000Night" })).toEqual({ title: "invalid" });
    expect(problems({ ...valid, ticketTypes: [{ name: "VIP\uD800", priceCents: 0, quantity: 1 }] })).toEqual({
      "ticketTypes.0.name": "invalid",
    });
    expect(problems({ ...valid, startsAt: "0000-01-01T00:00:00Z" })).toEqual({ startsAt: "invalid" });
    expect(problems({ ...valid, endsAt: "2101-01-01T00:00:00Z" })).toEqual({ endsAt: "invalid" });
  });

  it("refuses negative prices, too small quantities and a sales window ending before it starts", () => {
    const type = valid.ticketTypes[0]!;
    expect(problems({ ...valid, ticketTypes: [{ ...type, priceCents: -1 }] })).toEqual({
      "ticketTypes.0.priceCents": "price_negative",
    });
    expect(problems({ ...valid, ticketTypes: [type, { ...type, quantity: 0 }] })).toEqual({
      "ticketTypes.1.quantity": "quantity_too_small",
    });
    expect(problems({ ...valid, ticketTypes: [{ ...type, quantity: 100_001 }] })).toEqual({
      "ticketTypes.0.quantity": "quantity_too_large",
    });
    expect(problems({ ...valid, ticketTypes: [{ ...type, priceCents: 10.5 }] })).toEqual({
      "ticketTypes.0.priceCents": "invalid",
    });
    expect(
      problems({
        ...valid,
        ticketTypes: [{ ...type, salesStartAt: "2026-11-20T00:00:00Z", salesEndAt: "2026-11-10T00:00:00Z" }],
      }),
    ).toEqual({ "ticketTypes.0.salesEndAt": "sales_end_before_start" });
  });

  it("accepts a free ticket type with an open sales window", () => {
    const type = ticketTypeInputSchema.parse({ name: "Free", priceCents: 0, quantity: 1, salesStartAt: null });
    expect(type).toEqual({ name: "Free", priceCents: 0, quantity: 1, salesStartAt: null, description: undefined });
  });

  it("refuses a time zone that is not IANA's", () => {
    expect(problems({ ...valid, timeZone: "Mars/Olympus" })).toEqual({ timeZone: "invalid_time_zone" });
    expect(isTimeZone("Africa/Addis_Ababa")).toBe(true);
    expect(isTimeZone("")).toBe(false);
  });

  it("takes an existing venue or a complete new one with its pin", () => {
    const place = {
      name: "Hall",
      address: "1 Main St",
      city: "Arlington",
      state: "VA",
      country: "USA",
      zipCode: "22201",
      latitude: 38.88,
      longitude: -77.1,
    };
    expect(problems({ ...valid, venue: { new: place } })).toEqual({});
    expect(problems({ ...valid, venue: { new: { ...place, city: "" } } })).toEqual({ "venue.new.city": "required" });
    expect(problems({ ...valid, venue: { new: { ...place, latitude: 91 } } })).toEqual({
      "venue.new.latitude": "invalid",
    });
    expect(problems({ ...valid, venue: { id: 0 } })).toEqual({ "venue.id": "invalid" });
  });

  it("normalises co-organizer addresses and sponsors, once each", () => {
    const event = eventInputSchema.parse({
      ...valid,
      sponsorIds: [2, 2, 5],
      coOrganizerEmails: [" Ada@Example.org", "ada@example.org"],
    });
    expect(event.sponsorIds).toEqual([2, 5]);
    expect(event.coOrganizerEmails).toEqual(["ada@example.org"]);
    expect(problems({ ...valid, coOrganizerEmails: ["not an address"] })).toEqual({ "coOrganizerEmails.0": "invalid" });
  });

  it("needs alt text for each image and takes at most three", () => {
    expect(problems({ ...valid, images: [{ alt: " " }] })).toEqual({ "images.0.alt": "alt_required" });
    expect(problems({ ...valid, images: Array.from({ length: MAX_EVENT_IMAGES + 1 }, () => ({ alt: "A" })) })).toEqual({
      images: "too_many_images",
    });
  });

  it("reports only words of EVENT_PROBLEMS", () => {
    const everything = problems({
      title: 5,
      description: "",
      categoryId: "x",
      language: "de",
      isPublic: "yes",
      timeZone: "Nowhere",
      startsAt: "tomorrow",
      endsAt: null,
      venue: { id: "x" },
      ticketTypes: [{ name: "", priceCents: -5, quantity: 0, salesStartAt: "soon" }],
      sponsorIds: ["x"],
      coOrganizerEmails: [5],
      images: [{}],
    });
    expect(Object.keys(everything).length).toBeGreaterThan(10);
    for (const word of Object.values(everything)) expect(EVENT_PROBLEMS).toContain(word);
  });

  it("is documented as JSON Schema on its input side", () => {
    expect(() => z.toJSONSchema(eventInputSchema, { io: "input" })).not.toThrow();
  });
});

describe("local date and time in an event's zone", () => {
  it("reads a wall-clock time in the zone as an instant", () => {
    expect(localDateTimeToUtc("2026-12-01T19:00", "America/New_York")?.toISOString()).toBe("2026-12-02T00:00:00.000Z");
    expect(localDateTimeToUtc("2026-07-04T21:00", "America/New_York")?.toISOString()).toBe("2026-07-05T01:00:00.000Z");
    expect(localDateTimeToUtc("2026-12-01T19:00", "Africa/Addis_Ababa")?.toISOString()).toBe(
      "2026-12-01T16:00:00.000Z",
    );
  });

  it("answers null for dates that do not exist or zones it does not know", () => {
    expect(localDateTimeToUtc("2026-11-31T19:00", "America/New_York")).toBeNull();
    expect(localDateTimeToUtc("2026-13-45T19:00", "America/New_York")).toBeNull();
    expect(localDateTimeToUtc("2026-02-29T19:00", "America/New_York")).toBeNull();
    expect(localDateTimeToUtc("2026-12-01T19:60", "America/New_York")).toBeNull();
    expect(localDateTimeToUtc("2028-02-29T19:00", "America/New_York")?.toISOString()).toBe("2028-03-01T00:00:00.000Z");
    expect(localDateTimeToUtc("2026-12-01 19:00", "America/New_York")).toBeNull();
    expect(localDateTimeToUtc("2026-12-01T24:00", "America/New_York")).toBeNull();
    expect(localDateTimeToUtc("2026-12-01T19:00", "Mars/Olympus")).toBeNull();
    expect(localDateTimeToUtc("0000-12-01T19:00", "America/New_York")).toBeNull();
    expect(localDateTimeToUtc("9999-12-01T19:00", "America/New_York")).toBeNull();
  });

  it("shows an instant as the zone's wall clock, the other way round", () => {
    const instant = new Date("2026-12-02T00:00:00Z");
    expect(utcToLocalDateTime(instant, "America/New_York")).toBe("2026-12-01T19:00");
    expect(localDateTimeToUtc(utcToLocalDateTime(instant, "Europe/Paris"), "Europe/Paris")).toEqual(instant);
  });

  it("proposes an end three hours after the start", () => {
    expect(defaultEventEnd(new Date("2026-12-02T00:00:00Z")).toISOString()).toBe("2026-12-02T03:00:00.000Z");
  });
});
