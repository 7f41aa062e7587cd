import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { orders, profiles, ticketTypes, venues } from "#server/db/schema";
import { createEvent, getEventForEditing, listEventFormOptions, listMyEvents } from "#server/services/event-authoring";
import { placeOrder } from "#server/services/orders";
import { searchVenues } from "#server/services/venues";
import { acceptLastInvitation } from "#tests/support/co-organizer-invitations";
import { testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";
import {
  DAY,
  failure,
  NOW,
  photo,
  setUpEventAuthoring,
  SITE_URL,
  type AuthoringWorld,
} from "#tests/support/event-authoring";

// Creating events, My Events and the form's choices, and sales windows at checkout (edits: event-editing.test.ts).

const authoring = setUpEventAuthoring();
const { input, context, expectRefusedWithoutChange } = authoring;
let handle: DatabaseHandle;
let uploadsDir: string;
let sponsorId: number;
let venueId: number;
let organizer: AuthoringWorld["organizer"];
let helper: AuthoringWorld["helper"];
let stranger: AuthoringWorld["stranger"];
beforeAll(() => {
  ({ handle, uploadsDir, sponsorId, venueId, organizer, helper, stranger } = authoring.current());
});

describe(`creating events on the ${testDatabaseKind()} database`, () => {
  it("creates a draft with its ticket types, sponsor, co-organizer and a 16:9 WebP picture, and makes an organizer", async () => {
    const { id } = await createEvent(
      handle.db,
      organizer,
      input(),
      [{ bytes: await photo(), alt: "The stage" }],
      context(),
    );
    const event = await getEventForEditing(handle.db, organizer, id);
    expect(event).toMatchObject({
      status: "draft",
      role: "organizer",
      title: "Jazz on the Wharf",
      sponsorIds: [sponsorId],
      coOrganizerEmails: [helper.email],
      ticketTypes: [
        { name: "Free entry", priceCents: 0, quantity: 50, sold: 0, hasOrders: false },
        { name: "General admission", priceCents: 2500, quantity: 100, sold: 0 },
      ],
      images: [{ position: 0, alt: "The stage", widths: [480, 960, 1440] }],
    });
    const [image] = event.images;
    for (const width of image!.widths) {
      const file = path.join(uploadsDir, `${image!.storageKey}-${width}.webp`);
      const metadata = await sharp(file).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height: Math.round((width * 9) / 16) });
      expect(metadata.exif).toBeUndefined();
    }
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.userId, organizer.userId));
    expect(profile!.role).toBe("organizer");
  });

  it("publishes at once when asked, with a new venue added", async () => {
    const place = {
      name: "Riverside Loft",
      address: "12 Water St",
      city: "Alexandria",
      state: "VA",
      country: "US",
      zipCode: "22314",
      latitude: 38.8,
      longitude: -77.04,
    };
    const { id } = await createEvent(handle.db, organizer, input({ venue: { new: place } }), [], context(true));
    const event = await getEventForEditing(handle.db, organizer, id);
    expect(event.status).toBe("published");
    expect(event.venue).toMatchObject(place);
    expect((await searchVenues(handle.db, "riverside")).map((venue) => venue.id)).toContain(event.venue.id);
  });

  it("refuses bad input with a clear field and changes nothing, files included", async () => {
    const picture = await photo();
    const cases: [() => Promise<unknown>, Record<string, string>][] = [
      [
        () =>
          createEvent(
            handle.db,
            organizer,
            { ...input(), ticketTypes: [{ name: "Bad", priceCents: -100, quantity: 5 }] },
            [],
            context(),
          ),
        { "ticketTypes.0.priceCents": "price_negative" },
      ],
      [
        () =>
          createEvent(handle.db, organizer, { ...input(), endsAt: new Date(NOW.getTime() + 9 * DAY) }, [], context()),
        { endsAt: "end_before_start" },
      ],
      [
        () => createEvent(handle.db, organizer, input({ categoryId: 999_999 }), [], context()),
        { categoryId: "unknown_category" },
      ],
      [
        () => createEvent(handle.db, organizer, input({ venue: { id: 999_999 } }), [], context()),
        { "venue.id": "unknown_venue" },
      ],
      [
        () => createEvent(handle.db, organizer, input({ sponsorIds: [999_999] }), [], context()),
        { "sponsorIds.0": "unknown_sponsor" },
      ],
      [
        () =>
          createEvent(
            handle.db,
            organizer,
            input(),
            [{ bytes: new Uint8Array(20 * 1024 * 1024), alt: "Big" }],
            context(),
          ),
        { "images.0": "image_too_large" },
      ],
      [
        () =>
          createEvent(
            handle.db,
            organizer,
            input(),
            [
              { bytes: picture, alt: "Fine" },
              { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), alt: "Not a picture" },
            ],
            context(),
          ),
        { "images.1": "image_type" },
      ],
      [
        () => createEvent(handle.db, organizer, input(), [{ bytes: picture, alt: " " }], context()),
        { "images.0.alt": "alt_required" },
      ],
      [
        () =>
          createEvent(
            handle.db,
            organizer,
            input({ startsAt: new Date(NOW.getTime() - 2 * DAY), endsAt: new Date(NOW.getTime() - DAY) }),
            [{ bytes: picture, alt: "Past" }],
            context(true),
          ),
        { endsAt: "in_the_past" },
      ],
    ];
    for (const [work, fields] of cases) await expectRefusedWithoutChange(work, "invalid", fields);
  });
});

describe(`my events and the form's choices on the ${testDatabaseKind()} database`, () => {
  it("lists the events one organizes or co-organizes with sold, capacity and revenue", async () => {
    const owner = await insertUser(handle.db);
    const { id } = await createEvent(handle.db, owner, input({ coOrganizerEmails: [helper.email] }), [], context(true));
    await acceptLastInvitation(handle.db, helper);
    const [free, paid] = (await getEventForEditing(handle.db, owner, id)).ticketTypes;
    // Three tickets sold, and two held by an order not paid yet, which are not sold.
    for (const [type, quantity] of [
      [free!, 3],
      [paid!, 2],
    ] as const) {
      await placeOrder(
        handle.db,
        null,
        {
          eventId: id,
          items: [{ ticketTypeId: type.id, quantity }],
          buyer: { name: "Bea Buyer", email: "bea@example.com" },
        },
        { now: NOW, language: "en", siteUrl: SITE_URL },
      );
    }
    await handle.db.insert(orders).values({
      eventId: id,
      buyerName: "Paid Buyer",
      buyerEmail: "paid@example.com",
      status: "confirmed",
      totalCents: 7500,
    });
    const [mine] = await listMyEvents(handle.db, owner, NOW);
    expect(mine).toMatchObject({
      id,
      role: "organizer",
      status: "published",
      sold: 3,
      capacity: 150,
      revenueCents: 7500,
      hasStarted: false,
      isPast: false,
    });
    const helping = await listMyEvents(handle.db, helper, NOW);
    expect(helping.find((row) => row.id === id)).toMatchObject({ role: "co_organizer" });
    expect((await listMyEvents(handle.db, stranger, NOW)).map((row) => row.id)).not.toContain(id);
  });

  it("offers every category and sponsor", async () => {
    const options = await listEventFormOptions(handle.db);
    expect(options.categories).toHaveLength(15);
    expect(options.sponsors.map((sponsor) => sponsor.id)).toContain(sponsorId);
  });

  it("finds venues by words of their name or city, wildcards taken literally", async () => {
    expect(await searchVenues(handle.db, "")).toEqual([]);
    expect(await searchVenues(handle.db, "%")).toEqual([]);
    const [anyVenue] = await handle.db.select().from(venues).where(eq(venues.id, venueId));
    const found = await searchVenues(handle.db, anyVenue!.name.slice(0, 5).toUpperCase());
    expect(found.map((venue) => venue.id)).toContain(venueId);
  });
});

describe(`sales windows at checkout on the ${testDatabaseKind()} database`, () => {
  it("refuses ticket types outside their sales window and sells inside it", async () => {
    const { id } = await createEvent(
      handle.db,
      organizer,
      input({
        ticketTypes: [
          {
            name: "Early bird",
            priceCents: 0,
            quantity: 10,
            salesStartAt: null,
            salesEndAt: new Date(NOW.getTime() - DAY),
          },
          { name: "Later", priceCents: 0, quantity: 10, salesStartAt: new Date(NOW.getTime() + DAY), salesEndAt: null },
          {
            name: "Now",
            priceCents: 0,
            quantity: 10,
            salesStartAt: new Date(NOW.getTime() - DAY),
            salesEndAt: new Date(NOW.getTime() + DAY),
          },
        ],
      }),
      [],
      context(true),
    );
    const [early, later, now] = (await getEventForEditing(handle.db, organizer, id)).ticketTypes;
    const order = (ticketTypeId: number) =>
      placeOrder(
        handle.db,
        null,
        { eventId: id, items: [{ ticketTypeId, quantity: 1 }], buyer: { name: "Win Dow", email: "w@example.com" } },
        { now: NOW, language: "en", siteUrl: SITE_URL },
      );
    for (const type of [early!, later!]) {
      const error = await failure(order(type.id));
      expect(error).toMatchObject({ code: "conflict", fields: { items: "not_on_sale" } });
    }
    expect((await order(now!.id)).order.status).toBe("confirmed");
    const sold = await handle.db
      .select({ id: ticketTypes.id, sold: ticketTypes.sold })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, id));
    expect(sold.map((row) => row.sold).sort()).toEqual([0, 0, 1]);
  });
});
