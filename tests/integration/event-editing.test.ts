import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { EventInput } from "#domain/event-input";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, ticketTypes } from "#server/db/schema";
import { SEND_EVENT_CHANGE_EMAIL_JOB } from "#server/services/event-change-emails";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import {
  createEvent,
  duplicateEvent,
  getEventForEditing,
  publishEvent,
  updateEvent,
  type EditableTicketType,
} from "#server/services/event-authoring";
import { payOrder, placeOrder, refundOrder } from "#server/services/orders";
import { acceptLastInvitation } from "#tests/support/co-organizer-invitations";
import { testDatabaseKind } from "#tests/support/test-database";
import { DAY, NOW, photo, setUpEventAuthoring, SITE_URL, type AuthoringWorld } from "#tests/support/event-authoring";

// Editing events: what organizers and co-organizers may change, and what the sales so far forbid.

const payments = createSandboxProvider();
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };

const authoring = setUpEventAuthoring();
const { input, context, editContext, snapshot, storedFiles, expectRefusedWithoutChange } = authoring;
let handle: DatabaseHandle;
let organizer: AuthoringWorld["organizer"];
let helper: AuthoringWorld["helper"];
let stranger: AuthoringWorld["stranger"];
beforeAll(() => {
  ({ handle, organizer, helper, stranger } = authoring.current());
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
