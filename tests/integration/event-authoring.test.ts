import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventInput } from "#domain/event-input";
import { eventInputSchema } from "#domain/event-input";
import { selectRows, type DatabaseHandle } from "#server/db/client";
import { categories, jobs, orders, profiles, sponsors, ticketTypes, venues } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { AppError } from "#server/errors";
import { SEND_EVENT_CHANGE_EMAIL_JOB } from "#server/services/event-change-emails";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import {
  createEvent,
  duplicateEvent,
  getEventForEditing,
  listEventFormOptions,
  listMyEvents,
  publishEvent,
  updateEvent,
  type EditableTicketType,
} from "#server/services/event-authoring";
import { payOrder, placeOrder, refundOrder } from "#server/services/orders";
import { searchVenues } from "#server/services/venues";
import { acceptLastInvitation } from "#tests/support/co-organizer-invitations";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

const SITE_URL = "http://localhost:3000";
const NOW = new Date("2026-11-22T15:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const payments = createSandboxProvider();
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };

let handle: DatabaseHandle;
let uploadsDir: string;
let categoryId: number;
let sponsorId: number;
let venueId: number;
let organizer: { userId: string; email: string };
let helper: { userId: string; email: string };
let stranger: { userId: string; email: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: NOW });
  uploadsDir = await mkdtemp(path.join(tmpdir(), "event-uploads-"));
  const db = handle.db;
  [{ id: categoryId }] = (await db.select({ id: categories.id }).from(categories).limit(1)) as [{ id: number }];
  [{ id: sponsorId }] = (await db.select({ id: sponsors.id }).from(sponsors).limit(1)) as [{ id: number }];
  [{ id: venueId }] = (await db.select({ id: venues.id }).from(venues).limit(1)) as [{ id: number }];
  organizer = await insertUser(db, { name: "Olu Organizer" });
  helper = await insertUser(db, { name: "Hana Helper" });
  stranger = await insertUser(db, { name: "Sam Stranger" });
});
afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

function input(overrides: Partial<EventInput> = {}): EventInput {
  return eventInputSchema.parse({
    title: "Jazz on the Wharf",
    description: "An evening of **jazz**.",
    categoryId,
    timeZone: "America/New_York",
    startsAt: new Date(NOW.getTime() + 10 * DAY),
    endsAt: new Date(NOW.getTime() + 10 * DAY + 3 * 60 * 60 * 1000),
    venue: { id: venueId },
    ticketTypes: [
      { name: "Free entry", priceCents: 0, quantity: 50 },
      { name: "General admission", priceCents: 2500, quantity: 100 },
    ],
    sponsorIds: [sponsorId],
    coOrganizerEmails: [helper.email],
    ...overrides,
  });
}

const context = (publish = false) => ({ now: NOW, uploadsDir, publish, siteUrl: SITE_URL });
const editContext = () => ({ now: NOW, uploadsDir, siteUrl: SITE_URL });

/** A photo as a phone makes one: JPEG with EXIF (camera) that must not survive. */
function photo(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .withMetadata({ exif: { IFD0: { Make: "PhoneMaker", Model: "Secret Phone" } } })
    .jpeg()
    .toBuffer();
}

/** Every row of every table an authoring use case writes, so "nothing changed" can be asserted whole. */
async function snapshot() {
  const tables = [
    "events",
    "ticket_types",
    "venues",
    "event_images",
    "event_sponsors",
    "event_co_organizers",
    "jobs",
    "profiles",
  ];
  const result: Record<string, unknown> = {};
  for (const table of tables) {
    result[table] = await selectRows(handle.db, sql`select * from ${sql.identifier(table)} order by 1, 2`);
  }
  result.files = await storedFiles();
  return JSON.parse(JSON.stringify(result));
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(path.join(uploadsDir, "events")).catch(() => [] as string[])).sort();
}

/** The AppError a call fails with. */
async function failure(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectRefusedWithoutChange(work: () => Promise<unknown>, code: string, fields?: Record<string, string>) {
  const before = await snapshot();
  const error = await failure(work());
  expect(error.code).toBe(code);
  if (fields) expect(error.fields).toEqual(fields);
  expect(await snapshot()).toEqual(before);
}

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

describe(`editing events on the ${testDatabaseKind()} database`, () => {
  async function publishedEventWithSale() {
    const { id } = await createEvent(handle.db, organizer, input(), [], context(true));
    await acceptLastInvitation(handle.db, helper);
    const event = await getEventForEditing(handle.db, organizer, id);
    const [free] = event.ticketTypes;
    await placeOrder(
      handle.db,
      null,
      {
        eventId: id,
        items: [{ ticketTypeId: free!.id, quantity: 3 }],
        buyer: { name: "Bea Buyer", email: "bea@example.com" },
      },
      { now: NOW, language: "fr", siteUrl: SITE_URL },
    );
    return { id, event };
  }

  /** An order of `quantity` tickets of one type by a guest, paid with the sandbox card unless `isPaid` is false. */
  async function buyTickets(eventId: number, ticketTypeId: number, quantity: number, isPaid = true) {
    const { order } = await placeOrder(
      handle.db,
      null,
      {
        eventId,
        items: [{ ticketTypeId, quantity }],
        buyer: { name: "Pia Payer", email: "pia@example.com" },
      },
      { now: NOW, language: "en", siteUrl: SITE_URL },
    );
    if (!isPaid) return order.id;
    const paid = await payOrder(
      handle.db,
      payments,
      { orderId: order.id, card: GOOD_CARD, returnUrl: SITE_URL, cancelUrl: SITE_URL },
      { now: NOW, siteUrl: SITE_URL },
    );
    expect(paid.outcome).toBe("paid");
    return order.id;
  }

  /** The edit form's input for an event as it is now. */
  function asInput(event: Awaited<ReturnType<typeof getEventForEditing>>, overrides: Partial<EventInput> = {}) {
    return input({
      title: event.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      venue: { id: event.venue.id },
      ticketTypes: event.ticketTypes.map(({ id, name, priceCents, quantity }) => ({ id, name, priceCents, quantity })),
      ...overrides,
    });
  }

  it("lets nobody but the organizer and co-organizers see or change an event", async () => {
    const { id, event } = await publishedEventWithSale();
    await expectRefusedWithoutChange(() => getEventForEditing(handle.db, stranger, id), "not_found");
    await expectRefusedWithoutChange(
      () => updateEvent(handle.db, stranger, id, asInput(event, { title: "Mine now" }), null, editContext()),
      "not_found",
    );
    await expectRefusedWithoutChange(() => publishEvent(handle.db, stranger, id, NOW), "not_found");
    await expectRefusedWithoutChange(() => duplicateEvent(handle.db, stranger, id, NOW), "not_found");
    await expectRefusedWithoutChange(() => getEventForEditing(handle.db, stranger, 999_999), "not_found");

    await updateEvent(
      handle.db,
      helper,
      id,
      asInput(event, { title: "Jazz on the Wharf, encore" }),
      null,
      editContext(),
    );
    expect((await getEventForEditing(handle.db, helper, id)).title).toBe("Jazz on the Wharf, encore");
    // Co-organizers do what the organizer does, except choosing the team.
    for (const team of [[helper.email, stranger.email], []]) {
      await expectRefusedWithoutChange(
        () => updateEvent(handle.db, helper, id, asInput(event, { coOrganizerEmails: team }), null, editContext()),
        "invalid",
        { coOrganizerEmails: "organizer_only" },
      );
    }
    const copy = await duplicateEvent(handle.db, helper, id, NOW);
    expect(await getEventForEditing(handle.db, helper, copy.id)).toMatchObject({
      status: "draft",
      role: "co_organizer",
      title: "Jazz on the Wharf, encore",
    });
    await publishEvent(handle.db, helper, copy.id, NOW);
    // Still the organizer's event, now on sale.
    expect(await getEventForEditing(handle.db, organizer, copy.id)).toMatchObject({
      status: "published",
      role: "organizer",
    });
  });

  it("keeps quantities at or above what is sold, and types with sales in place", async () => {
    const { id, event } = await publishedEventWithSale();
    const [free, paid] = event.ticketTypes as [EditableTicketType, EditableTicketType, ...EditableTicketType[]];
    await expectRefusedWithoutChange(
      () =>
        updateEvent(
          handle.db,
          organizer,
          id,
          asInput(event, {
            ticketTypes: [
              { id: free.id, name: free.name, priceCents: 0, quantity: 2 },
              { id: paid.id, name: paid.name, priceCents: 2500, quantity: 100 },
            ],
          }),
          null,
          editContext(),
        ),
      "invalid",
      { "ticketTypes.0.quantity": "below_sold" },
    );
    await expectRefusedWithoutChange(
      () =>
        updateEvent(
          handle.db,
          organizer,
          id,
          asInput(event, { ticketTypes: [{ id: paid.id, name: paid.name, priceCents: 2500, quantity: 100 }] }),
          null,
          editContext(),
        ),
      "invalid",
      { ticketTypes: "has_sales" },
    );
    // Down to exactly what is sold, a raised price, a removed unsold type and a new one: all fine.
    await updateEvent(
      handle.db,
      organizer,
      id,
      asInput(event, {
        ticketTypes: [
          { id: free.id, name: free.name, priceCents: 500, quantity: 3 },
          { name: "VIP", priceCents: 9000, quantity: 10 },
        ],
      }),
      null,
      editContext(),
    );
    const after = await getEventForEditing(handle.db, organizer, id);
    expect(after.ticketTypes).toMatchObject([
      { id: free.id, priceCents: 500, quantity: 3, sold: 3, hasOrders: true },
      { name: "VIP", priceCents: 9000, quantity: 10, sold: 0 },
    ]);
    expect(await handle.db.select().from(ticketTypes).where(eq(ticketTypes.id, paid.id))).toEqual([]);
  });

  it("keeps a sold ticket type's price at or above what its current holders paid, holds aside", async () => {
    const { id } = await createEvent(
      handle.db,
      organizer,
      input({
        ticketTypes: [
          { name: "General admission", priceCents: 2500, quantity: 100 },
          { name: "VIP", priceCents: 9000, quantity: 10 },
          { name: "Student", priceCents: 1500, quantity: 20 },
        ],
      }),
      [],
      context(true),
    );
    const event = await getEventForEditing(handle.db, organizer, id);
    const [general, vip, student] = event.ticketTypes as [EditableTicketType, EditableTicketType, EditableTicketType];
    await buyTickets(id, general.id, 2);
    // A VIP seat held by an order not paid yet: not sold, so it sets no price floor.
    await buyTickets(id, vip.id, 1, false);
    /** Saves the event with these prices (in cents) of General admission, VIP and Student. */
    const save = (...prices: [number, number, number]) =>
      updateEvent(
        handle.db,
        organizer,
        id,
        asInput(event, {
          ticketTypes: [general, vip, student].map((type, index) => ({
            id: type.id,
            name: type.name,
            priceCents: prices[index]!,
            quantity: type.quantity,
          })),
        }),
        null,
        editContext(),
      );

    await expectRefusedWithoutChange(() => save(2000, 9000, 1500), "invalid", {
      "ticketTypes.0.priceCents": "below_paid_price",
    });
    // A raise of the sold type, a cut of the one only held and of the unsold one: all fine.
    await save(3000, 7500, 1000);
    const laterOrder = await buyTickets(id, general.id, 1);
    expect((await getEventForEditing(handle.db, organizer, id)).ticketTypes).toMatchObject([
      { id: general.id, priceCents: 3000, sold: 3, ticketsSold: 3, lowestPriceCents: 3000 },
      { id: vip.id, priceCents: 7500, sold: 1, ticketsSold: 0, lowestPriceCents: 0 },
      { id: student.id, priceCents: 1000, sold: 0, ticketsSold: 0, lowestPriceCents: 0 },
    ]);
    // Back to the first price is now below what the latest buyer paid.
    await expectRefusedWithoutChange(() => save(2500, 7500, 1000), "invalid", {
      "ticketTypes.0.priceCents": "below_paid_price",
    });
    // Once that order is refunded its buyer holds nothing: the floor is what the others paid.
    await refundOrder(handle.db, payments, organizer, laterOrder, { now: NOW, siteUrl: SITE_URL });
    await save(2500, 7500, 1000);
    expect((await getEventForEditing(handle.db, organizer, id)).ticketTypes[0]).toMatchObject({
      priceCents: 2500,
      ticketsSold: 2,
      lowestPriceCents: 2500,
    });
  });

  it("e-mails ticket holders when a published event's date or venue changes, and not otherwise", async () => {
    const { id, event } = await publishedEventWithSale();
    const changeJobs = async () =>
      (await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_EVENT_CHANGE_EMAIL_JOB))).filter(
        (job) => job.payload.kind === "event_changed",
      );
    const before = (await changeJobs()).length;
    await updateEvent(
      handle.db,
      organizer,
      id,
      asInput(event, { description: "Now with a trio." }),
      null,
      editContext(),
    );
    expect((await changeJobs()).length).toBe(before);

    const later = new Date(event.startsAt.getTime() + DAY);
    await updateEvent(
      handle.db,
      organizer,
      id,
      asInput(event, { startsAt: later, endsAt: new Date(later.getTime() + 3 * 60 * 60 * 1000) }),
      null,
      editContext(),
    );
    const queued = (await changeJobs()).slice(before);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toMatchObject({ kind: "event_changed", change: "date" });
  });

  it("keeps, replaces and removes pictures, deleting the files nobody shows any more", async () => {
    const { id } = await createEvent(
      handle.db,
      organizer,
      input(),
      [
        { bytes: await photo(), alt: "First" },
        { bytes: await photo(800, 800), alt: "Second" },
      ],
      context(),
    );
    const event = await getEventForEditing(handle.db, organizer, id);
    const first = event.images[0]!;
    const second = event.images[1]!;
    await updateEvent(
      handle.db,
      organizer,
      id,
      asInput(event),
      [
        { bytes: await photo(640, 360), alt: "New cover" },
        { position: 1, alt: "Second, described better" },
      ],
      editContext(),
    );
    const after = await getEventForEditing(handle.db, organizer, id);
    expect(after.images.map(({ position, alt }) => ({ position, alt }))).toEqual([
      { position: 0, alt: "New cover" },
      { position: 1, alt: "Second, described better" },
    ]);
    expect(after.images[1]!.storageKey).toBe(second.storageKey);
    const files = await storedFiles();
    expect(files.some((file) => file.startsWith(first.storageKey.slice("events/".length)))).toBe(false);
    expect(files.some((file) => file.startsWith(second.storageKey.slice("events/".length)))).toBe(true);
  });

  it("publishes drafts that have not ended, and refuses ones that have", async () => {
    const { id } = await createEvent(handle.db, organizer, input(), [], context());
    await publishEvent(handle.db, organizer, id, NOW);
    expect((await getEventForEditing(handle.db, organizer, id)).status).toBe("published");
    // Publishing again changes nothing.
    const before = await snapshot();
    await publishEvent(handle.db, organizer, id, NOW);
    expect(await snapshot()).toEqual(before);
    const past = await createEvent(
      handle.db,
      organizer,
      input({ startsAt: new Date(NOW.getTime() - 2 * DAY), endsAt: new Date(NOW.getTime() - DAY) }),
      [],
      context(),
    );
    await expectRefusedWithoutChange(() => publishEvent(handle.db, organizer, past.id, NOW), "invalid", {
      endsAt: "in_the_past",
    });
  });

  it("saves and publishes a draft together, or neither when publishing is refused", async () => {
    const { id } = await createEvent(handle.db, organizer, input(), [], context());
    await acceptLastInvitation(handle.db, helper);
    const draft = await getEventForEditing(handle.db, organizer, id);
    const publish = { ...editContext(), publish: true };
    const ended = input({
      title: "Too late",
      startsAt: new Date(NOW.getTime() - 2 * DAY),
      endsAt: new Date(NOW.getTime() - DAY),
      ticketTypes: draft.ticketTypes.map(({ id: typeId, name, priceCents, quantity }) => ({
        id: typeId,
        name,
        priceCents,
        quantity,
      })),
    });
    await expectRefusedWithoutChange(() => updateEvent(handle.db, organizer, id, ended, null, publish), "invalid", {
      endsAt: "in_the_past",
    });
    // A co-organizer puts it on sale as the organizer would.
    await updateEvent(handle.db, helper, id, input({ title: "On sale now" }), null, publish);
    expect(await getEventForEditing(handle.db, organizer, id)).toMatchObject({
      title: "On sale now",
      status: "published",
    });
  });

  it("duplicates an event as a draft with the same details and nothing sold", async () => {
    const { id } = await publishedEventWithSale();
    const copy = await duplicateEvent(handle.db, organizer, id, NOW);
    const [original, duplicate] = await Promise.all([
      getEventForEditing(handle.db, organizer, id),
      getEventForEditing(handle.db, organizer, copy.id),
    ]);
    expect(duplicate).toMatchObject({
      status: "draft",
      title: original.title,
      startsAt: original.startsAt,
      sponsorIds: original.sponsorIds,
      coOrganizerEmails: original.coOrganizerEmails,
    });
    expect(duplicate.ticketTypes.map(({ name, quantity, sold }) => ({ name, quantity, sold }))).toEqual(
      original.ticketTypes.map(({ name, quantity }) => ({ name, quantity, sold: 0 })),
    );
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
