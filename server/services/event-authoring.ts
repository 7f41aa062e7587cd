import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { EVENT_TEXT_LIMITS, eventInputSchema, MAX_EVENT_IMAGES, type EventInput } from "#domain/event-input";
import { isBelowPaidPrice, lowestAllowedPriceCents } from "#domain/ticket-price-floor";
import { selectRows, type Database } from "#server/db/client";
import {
  categories,
  eventCoOrganizers,
  eventImages,
  events,
  eventSponsors,
  orderItems,
  profiles,
  sponsors,
  ticketTypes,
  venues,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import type { EventImageUpload } from "#server/images/event-images";
import { enqueueEventChangeEmails, type EventChange } from "#server/services/event-change-emails";
import type { Actor } from "./actor";
import {
  applyTeam,
  changesTeam,
  planTeam,
  refuseTooManyInvitations,
  teamOf,
  type PendingInvitation,
} from "./co-organizer-invitations";
import { paidUnitPricesByType, soldTicketsByType } from "./event-orders";
import { eventRoleOf, type EventRole } from "./event-role";
import {
  encodeImages,
  imageListField,
  removeUnusedImageFiles,
  storeImages,
  type StoredImage,
} from "./event-image-storage";

export type { EventImageUpload } from "#server/images/event-images";

/*
 * Organizers create and change their events here: one transaction per use case, which first finds
 * the event and who the actor is to it (strangers get not_found, never a hint that it exists), then
 * checks what only the database knows (category, venue, sponsors, co-organizers, what is sold), and
 * changes nothing unless everything holds. Pictures are encoded and written before the transaction
 * and their files removed again if it fails, so a refused form leaves neither rows nor files.
 */

/** What the actor is to an event: its organizer, or one of the people who help run it. */

/** An image the event already has (by its position) kept with this alt text. */
export interface KeptEventImage {
  position: number;
  alt: string;
}

/**
 * The event's pictures after an edit, in order (position 0 is the cover): stored ones kept and new
 * uploads. Stored pictures left out are removed. null leaves the pictures as they are. Problems are
 * reported as `images.N` / `images.N.alt` with N the index in this list.
 */
export type EventImageChange = readonly (KeptEventImage | EventImageUpload)[] | null;

export interface AuthoringContext {
  now: Date;
  uploadsDir: string;
}

export interface EditableTicketType {
  id: number;
  name: string;
  description: string | null;
  priceCents: number;
  quantity: number;
  /** Held or bought (holds of unpaid orders included): the quantity cannot go below it. */
  sold: number;
  /** Tickets sold and still valid, as My Events and the sales page count them (holds are not). */
  ticketsSold: number;
  /** The most a current holder paid for one, in cents (0 when nobody holds one): the price cannot go below it. */
  lowestPriceCents: number;
  /** Whether orders name it: then it cannot be removed, even once they are cancelled. */
  hasOrders: boolean;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
}

export interface EditableEvent {
  id: number;
  role: EventRole;
  status: "draft" | "published" | "cancelled";
  title: string;
  description: string;
  categoryId: number;
  language: EventInput["language"];
  isPublic: boolean;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  venue: typeof venues.$inferSelect;
  ticketTypes: EditableTicketType[];
  sponsorIds: number[];
  /** Co-organizers' addresses and invited ones not answered yet: the list the form edits. */
  coOrganizerEmails: string[];
  /** Of those, the invitations still waiting for an answer. */
  coOrganizerInvitations: PendingInvitation[];
  images: { position: number; storageKey: string; widths: number[]; alt: string }[];
}

export interface MyEventRow {
  id: number;
  title: string;
  status: "draft" | "published" | "cancelled";
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** Tickets sold and still valid, over all ticket types, as the sales page counts them (not holds). */
  sold: number;
  capacity: number;
  /** What confirmed orders paid, in cents. */
  revenueCents: number;
  /** Started: too late to promote it (promotions.ts listPromotableEvents). */
  hasStarted: boolean;
  /** Ended. */
  isPast: boolean;
  role: EventRole;
}

export interface EventFormOptions {
  categories: { id: number; key: string; name: string }[];
  sponsors: { id: number; name: string }[];
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Fields = Record<string, string>;

function refuse(fields: Fields, message = "The event is not valid."): AppError {
  return new AppError("invalid", message, fields);
}

/** Checked again whatever the caller did: the rows below rely on every rule of the schema. */
function parseInput(input: EventInput): EventInput {
  const parsed = eventInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Fields = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  throw refuse(fields);
}

/**
 * The event, locked against concurrent edits, and the actor's role in it: its organizer and its
 * co-organizers manage it alike. not_found for strangers and for events that do not exist alike.
 */
async function findManagedEvent(tx: Tx, actor: Actor, eventId: number) {
  if (!Number.isSafeInteger(eventId) || eventId < 1 || eventId > 2_147_483_647) {
    throw new AppError("not_found", `No event ${eventId}.`);
  }
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!event) throw new AppError("not_found", `No event ${eventId}.`);
  const role = await eventRoleOf(tx, actor, event);
  if (!role) throw new AppError("not_found", `No event ${eventId}.`);
  return { event, role };
}

function refuseCancelled(status: string) {
  if (status === "cancelled") {
    throw new AppError("conflict", "The event is cancelled: it cannot change any more.", { event: "cancelled" });
  }
}

/**
 * What the input names that only the database can vouch for: the category, an existing venue and
 * sponsors. Co-organizers are addresses that get an invitation (co-organizer-invitations.ts): whether
 * an account has one is never checked here, so the answer cannot tell.
 */
async function checkReferences(tx: Tx, input: EventInput, fields: Fields): Promise<void> {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
  if (!category) fields.categoryId = "unknown_category";
  if ("id" in input.venue) {
    const [venue] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, input.venue.id));
    if (!venue) fields["venue.id"] = "unknown_venue";
  }
  if (input.sponsorIds.length > 0) {
    const found = await tx.select({ id: sponsors.id }).from(sponsors).where(inArray(sponsors.id, input.sponsorIds));
    const known = new Set(found.map((row) => row.id));
    input.sponsorIds.forEach((id, index) => {
      if (!known.has(id)) fields[`sponsorIds.${index}`] ??= "unknown_sponsor";
    });
  }
}

async function venueIdFor(tx: Tx, input: EventInput): Promise<number> {
  if ("id" in input.venue) return input.venue.id;
  const [venue] = await tx.insert(venues).values(input.venue.new).returning({ id: venues.id });
  return venue!.id;
}

function eventColumnsOf(input: EventInput) {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    language: input.language,
    isPublic: input.isPublic,
    timeZone: input.timeZone,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  };
}

function ticketTypeColumnsOf(type: EventInput["ticketTypes"][number], position: number) {
  return {
    name: type.name,
    description: type.description ?? null,
    priceCents: type.priceCents,
    quantity: type.quantity,
    position,
    salesStartAt: type.salesStartAt ?? null,
    salesEndAt: type.salesEndAt ?? null,
  };
}

/** Publishing needs an event that has not ended yet. */
function refusePastPublication(endsAt: Date, now: Date) {
  if (endsAt.getTime() <= now.getTime()) throw refuse({ endsAt: "in_the_past" }, "The event has already ended.");
}

async function replaceSponsors(tx: Tx, eventId: number, sponsorIds: number[]) {
  await tx.delete(eventSponsors).where(eq(eventSponsors.eventId, eventId));
  if (sponsorIds.length > 0) {
    await tx.insert(eventSponsors).values(sponsorIds.map((sponsorId) => ({ eventId, sponsorId })));
  }
}

/**
 * Creates an event, as a draft or published at once, with its ticket types, venue (an existing one
 * or a new one), sponsors and up to 3 pictures (`images`, in order); each co-organizer address is
 * sent an invitation. A person's first event makes them an organizer. Errors: invalid with fields
 * (EVENT_PROBLEMS words); rate_limited { coOrganizerEmails: too_many_invitations }.
 */
export async function createEvent(
  db: Database,
  actor: Actor,
  input: EventInput,
  images: readonly EventImageUpload[],
  /** siteUrl: for the links in co-organizer invitations. */
  context: AuthoringContext & { publish: boolean; siteUrl: string },
): Promise<{ id: number }> {
  const event = parseInput(input);
  if (images.length > MAX_EVENT_IMAGES) throw refuse({ images: "too_many_images" });
  const stored = await storeImages(context.uploadsDir, await encodeImages(images));
  try {
    return await db.transaction(async (tx) => {
      const fields: Fields = {};
      await checkReferences(tx, event, fields);
      if (Object.keys(fields).length > 0) throw refuse(fields);
      const team = await planTeam(tx, null, event.coOrganizerEmails, actor.userId, context.now);
      await refuseTooManyInvitations(tx, actor.userId, team, context.now);
      if (context.publish) refusePastPublication(event.endsAt, context.now);
      const venueId = await venueIdFor(tx, event);
      const [row] = await tx
        .insert(events)
        .values({
          ...eventColumnsOf(event),
          venueId,
          organizerId: actor.userId,
          status: context.publish ? "published" : "draft",
          createdAt: context.now,
          updatedAt: context.now,
        })
        .returning({ id: events.id });
      const eventId = row!.id;
      await tx
        .insert(ticketTypes)
        .values(event.ticketTypes.map((type, position) => ({ eventId, ...ticketTypeColumnsOf(type, position) })));
      await replaceSponsors(tx, eventId, event.sponsorIds);
      await applyTeam(tx, eventId, team, { inviterId: actor.userId, now: context.now, siteUrl: context.siteUrl });
      await insertImageRows(tx, eventId, stored);
      await tx
        .update(profiles)
        .set({ role: "organizer", updatedAt: context.now })
        .where(and(eq(profiles.userId, actor.userId), eq(profiles.role, "attendee")));
      return { id: eventId };
    });
  } catch (error) {
    await removeUnusedImageFiles(db, context.uploadsDir, stored);
    throw error;
  }
}

async function insertImageRows(tx: Tx, eventId: number, images: readonly StoredImage[]) {
  if (images.length === 0) return;
  await tx.insert(eventImages).values(images.map((image, position) => ({ eventId, position, ...image })));
}

/**
 * Replaces what an organizer or co-organizer edits of an event. Ticket types with an id are changed,
 * those without are added, those left out are removed; a type's quantity cannot go below what is
 * sold or held (`ticketTypes.N.quantity: below_sold`), its price cannot go below what a current holder
 * paid for one (`ticketTypes.N.priceCents: below_paid_price`, domain/ticket-price-floor.ts), and a
 * type with orders cannot be removed (`ticketTypes: has_sales`). When a published event's date or
 * venue changes, every holder of a confirmed order is e-mailed (in their order's language) by a job
 * queued in the same transaction. With `publish`, a draft is also put on sale in that transaction (as
 * publishEvent: not once it has ended), so a refused publication saves nothing either. Only the
 * organizer changes who co-organizes (`coOrganizerEmails: organizer_only` for a co-organizer): an
 * address left out stops co-organizing or has its invitation withdrawn, a new one is invited.
 */
export async function updateEvent(
  db: Database,
  actor: Actor,
  eventId: number,
  input: EventInput,
  images: EventImageChange,
  context: AuthoringContext & { siteUrl: string; publish?: boolean },
): Promise<void> {
  const event = parseInput(input);
  if (images && images.length > MAX_EVENT_IMAGES) throw refuse({ images: "too_many_images" });
  // Problems of an upload are named by its place in the whole list, as the caller numbers them.
  const uploads = (images ?? []).flatMap((image, index) => ("bytes" in image ? [{ image, index }] : []));
  const encoded = await encodeImages(
    uploads.map(({ image }) => image),
    (index, part) => imageListField(uploads[index]!.index, part),
  );
  const stored = await storeImages(context.uploadsDir, encoded);
  let removed: { storageKey: string; widths: number[] }[] = [];
  try {
    await db.transaction(async (tx) => {
      const { event: current, role } = await findManagedEvent(tx, actor, eventId);
      refuseCancelled(current.status);
      const fields: Fields = {};
      await checkReferences(tx, event, fields);
      const team = await planTeam(tx, eventId, event.coOrganizerEmails, current.organizerId, context.now);
      // Who manages the event is the organizer's choice: a co-organizer edits all else, not the team.
      if (role !== "organizer" && changesTeam(team)) fields.coOrganizerEmails = "organizer_only";
      const plan = await planTicketTypes(tx, eventId, event, fields);
      const imagePlan = images === null ? null : await planImages(tx, eventId, images, stored, fields);
      if (Object.keys(fields).length > 0) throw refuse(fields);
      await refuseTooManyInvitations(tx, actor.userId, team, context.now);

      const venueId = await venueIdFor(tx, event);
      await tx
        .update(events)
        .set({ ...eventColumnsOf(event), venueId, updatedAt: context.now })
        .where(eq(events.id, eventId));
      await applyTicketTypes(tx, eventId, event, plan);
      await replaceSponsors(tx, eventId, event.sponsorIds);
      await applyTeam(tx, eventId, team, { inviterId: actor.userId, now: context.now, siteUrl: context.siteUrl });
      if (imagePlan) {
        await tx.delete(eventImages).where(eq(eventImages.eventId, eventId));
        await insertImageRows(tx, eventId, imagePlan.images);
        removed = imagePlan.removed;
      }
      if (context.publish && current.status === "draft") {
        refusePastPublication(event.endsAt, context.now);
        await tx.update(events).set({ status: "published" }).where(eq(events.id, eventId));
      }
      const change = eventChange(current, event, venueId);
      if (current.status === "published" && change) {
        await enqueueEventChangeEmails(tx, eventId, change, context.siteUrl);
      }
    });
  } catch (error) {
    await removeUnusedImageFiles(db, context.uploadsDir, stored);
    throw error;
  }
  await removeUnusedImageFiles(db, context.uploadsDir, removed);
}

/** What changed that ticket holders must hear about: the start or end, the place, or both. */
function eventChange(
  before: { startsAt: Date; endsAt: Date; venueId: number },
  after: { startsAt: Date; endsAt: Date },
  venueId: number,
): EventChange | null {
  const isDateChanged =
    before.startsAt.getTime() !== after.startsAt.getTime() || before.endsAt.getTime() !== after.endsAt.getTime();
  const isVenueChanged = before.venueId !== venueId;
  if (isDateChanged && isVenueChanged) return "date_and_venue";
  if (isDateChanged) return "date";
  return isVenueChanged ? "venue" : null;
}

interface TicketTypePlan {
  /** Existing types left out of the input: removed. */
  removedIds: number[];
}

async function planTicketTypes(tx: Tx, eventId: number, input: EventInput, fields: Fields): Promise<TicketTypePlan> {
  // Locked: an order placed meanwhile cannot raise `sold` between this check and the update.
  const existing = await tx
    .select({ id: ticketTypes.id, sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .for("update");
  const paidPrices = await paidUnitPricesByType(tx, eventId);
  const byId = new Map(existing.map((type) => [type.id, type]));
  const seen = new Set<number>();
  input.ticketTypes.forEach((type, index) => {
    if (type.id === undefined) return;
    const current = byId.get(type.id);
    if (!current || seen.has(type.id)) {
      fields[`ticketTypes.${index}.id`] = "invalid";
      return;
    }
    seen.add(type.id);
    if (type.quantity < current.sold) fields[`ticketTypes.${index}.quantity`] = "below_sold";
    if (isBelowPaidPrice(type.priceCents, paidPrices.get(type.id) ?? [])) {
      fields[`ticketTypes.${index}.priceCents`] = "below_paid_price";
    }
  });
  const removedIds = existing.filter((type) => !seen.has(type.id)).map((type) => type.id);
  if (removedIds.length > 0) {
    const ordered = await tx
      .select({ id: orderItems.ticketTypeId })
      .from(orderItems)
      .where(inArray(orderItems.ticketTypeId, removedIds))
      .limit(1);
    const isSold = existing.some((type) => removedIds.includes(type.id) && type.sold > 0);
    if (ordered.length > 0 || isSold) fields.ticketTypes = "has_sales";
  }
  return { removedIds };
}

async function applyTicketTypes(tx: Tx, eventId: number, input: EventInput, plan: TicketTypePlan) {
  if (plan.removedIds.length > 0) await tx.delete(ticketTypes).where(inArray(ticketTypes.id, plan.removedIds));
  for (const [position, type] of input.ticketTypes.entries()) {
    const columns = ticketTypeColumnsOf(type, position);
    if (type.id === undefined) await tx.insert(ticketTypes).values({ eventId, ...columns });
    else await tx.update(ticketTypes).set(columns).where(eq(ticketTypes.id, type.id));
  }
}

async function planImages(
  tx: Tx,
  eventId: number,
  change: NonNullable<EventImageChange>,
  stored: readonly StoredImage[],
  fields: Fields,
) {
  const current = await tx.select().from(eventImages).where(eq(eventImages.eventId, eventId));
  const byPosition = new Map(current.map((image) => [image.position, image]));
  const uploads = [...stored];
  const images: StoredImage[] = [];
  const kept = new Set<number>();
  change.forEach((image, index) => {
    if ("bytes" in image) {
      images.push(uploads.shift()!);
      return;
    }
    const existing = byPosition.get(image.position);
    const alt = image.alt.trim();
    if (!existing || kept.has(image.position)) fields[`images.${index}`] = "invalid";
    else if (!alt) fields[`images.${index}.alt`] = "alt_required";
    else
      images.push({
        storageKey: existing.storageKey,
        widths: existing.widths,
        alt: alt.slice(0, EVENT_TEXT_LIMITS.imageAlt),
      });
    kept.add(image.position);
  });
  const removed = current.filter((image) => !kept.has(image.position));
  return { images, removed };
}

/**
 * Adds one picture after the event's others (the API's POST /{id}/images). Errors: not_found;
 * invalid { images: too_many_images } when it has 3; invalid { file | alt } for the upload itself.
 */
export async function addEventImage(
  db: Database,
  actor: Actor,
  eventId: number,
  upload: EventImageUpload,
  context: AuthoringContext,
): Promise<{ position: number }> {
  // Strangers learn nothing, not even whether their file would have been accepted.
  await db.transaction((tx) => findManagedEvent(tx, actor, eventId));
  const stored = await storeImages(context.uploadsDir, await encodeImages([upload], (_index, part) => part));
  try {
    return await db.transaction(async (tx) => {
      const { event } = await findManagedEvent(tx, actor, eventId);
      refuseCancelled(event.status);
      const current = await tx
        .select({ position: eventImages.position })
        .from(eventImages)
        .where(eq(eventImages.eventId, eventId));
      if (current.length >= MAX_EVENT_IMAGES)
        throw refuse({ images: "too_many_images" }, "The event has 3 pictures already.");
      const position = current.length === 0 ? 0 : Math.max(...current.map((image) => image.position)) + 1;
      await tx.insert(eventImages).values({ eventId, position, ...stored[0]! });
      await tx.update(events).set({ updatedAt: context.now }).where(eq(events.id, eventId));
      return { position };
    });
  } catch (error) {
    await removeUnusedImageFiles(db, context.uploadsDir, stored);
    throw error;
  }
}

/** Removes one picture; the ones after it move up, so the first one left is the cover. */
export async function removeEventImage(
  db: Database,
  actor: Actor,
  eventId: number,
  position: number,
  context: AuthoringContext,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const { event } = await findManagedEvent(tx, actor, eventId);
    refuseCancelled(event.status);
    const current = await tx
      .select()
      .from(eventImages)
      .where(eq(eventImages.eventId, eventId))
      .orderBy(asc(eventImages.position));
    const image = current.find((row) => row.position === position);
    if (!image) throw new AppError("not_found", `Event ${eventId} has no picture at ${position}.`);
    const rest = current.filter((row) => row !== image);
    await tx.delete(eventImages).where(eq(eventImages.eventId, eventId));
    if (rest.length > 0) {
      await tx
        .insert(eventImages)
        .values(
          rest.map(({ storageKey, widths, alt }, index) => ({ eventId, position: index, storageKey, widths, alt })),
        );
    }
    await tx.update(events).set({ updatedAt: context.now }).where(eq(events.id, eventId));
    return image;
  });
  await removeUnusedImageFiles(db, context.uploadsDir, [removed]);
}

/**
 * Puts a draft on sale (its organizer or a co-organizer). Publishing a published event changes
 * nothing. Errors: not_found, conflict { event: cancelled }, invalid { endsAt: in_the_past }.
 */
export async function publishEvent(db: Database, actor: Actor, eventId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { event } = await findManagedEvent(tx, actor, eventId);
    refuseCancelled(event.status);
    if (event.status === "published") return;
    refusePastPublication(event.endsAt, now);
    await tx.update(events).set({ status: "published", updatedAt: now }).where(eq(events.id, eventId));
  });
}

/**
 * A draft copy of an event (its organizer or a co-organizer): same organizer, title, text, dates,
 * venue, ticket types (none sold), sponsors, co-organizers and pictures (the copy shares the stored
 * files). A copy made by a co-organizer is theirs to manage as the original, and still its organizer's.
 */
export async function duplicateEvent(db: Database, actor: Actor, eventId: number, now: Date): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const { event } = await findManagedEvent(tx, actor, eventId);
    const {
      id: _id,
      status: _status,
      cancelledAt: _cancelledAt,
      isFeatured: _isFeatured,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...copied
    } = event;
    const [copy] = await tx
      .insert(events)
      .values({ ...copied, status: "draft", createdAt: now, updatedAt: now })
      .returning({ id: events.id });
    const copyId = copy!.id;
    const [types, links, helpers, images] = await Promise.all([
      tx
        .select()
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, eventId))
        .orderBy(asc(ticketTypes.position), asc(ticketTypes.id)),
      tx.select().from(eventSponsors).where(eq(eventSponsors.eventId, eventId)),
      tx.select().from(eventCoOrganizers).where(eq(eventCoOrganizers.eventId, eventId)),
      tx.select().from(eventImages).where(eq(eventImages.eventId, eventId)),
    ]);
    if (types.length > 0) {
      await tx.insert(ticketTypes).values(
        types.map(({ id: _typeId, createdAt: _typeCreatedAt, ...type }) => ({
          ...type,
          eventId: copyId,
          sold: 0,
          createdAt: now,
        })),
      );
    }
    await replaceSponsors(
      tx,
      copyId,
      links.map((link) => link.sponsorId),
    );
    // The copy keeps the team that accepted to run the original; pending invitations stay with it.
    if (helpers.length > 0) {
      await tx.insert(eventCoOrganizers).values(helpers.map((helper) => ({ eventId: copyId, userId: helper.userId })));
    }
    if (images.length > 0) await tx.insert(eventImages).values(images.map((image) => ({ ...image, eventId: copyId })));
    return { id: copyId };
  });
}

/**
 * Everything the edit form shows of an event, for its organizer or a co-organizer; invitations are
 * pending as of `now`.
 */
export async function getEventForEditing(
  db: Database,
  actor: Actor,
  eventId: number,
  now = new Date(),
): Promise<EditableEvent> {
  return db.transaction(async (tx) => {
    const { event, role } = await findManagedEvent(tx, actor, eventId);
    const [venueRows, types, ordered, sponsorRows, team, imageRows, sold, paidPrices] = await Promise.all([
      tx.select().from(venues).where(eq(venues.id, event.venueId)),
      tx
        .select()
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, eventId))
        .orderBy(asc(ticketTypes.position), asc(ticketTypes.id)),
      tx
        .selectDistinct({ id: orderItems.ticketTypeId })
        .from(orderItems)
        .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
        .where(eq(ticketTypes.eventId, eventId)),
      tx.select({ id: eventSponsors.sponsorId }).from(eventSponsors).where(eq(eventSponsors.eventId, eventId)),
      teamOf(tx, eventId, now),
      tx.select().from(eventImages).where(eq(eventImages.eventId, eventId)).orderBy(asc(eventImages.position)),
      soldTicketsByType(tx, eventId),
      paidUnitPricesByType(tx, eventId),
    ]);
    const orderedIds = new Set(ordered.map((row) => row.id));
    return {
      id: event.id,
      role,
      status: event.status,
      title: event.title,
      description: event.description,
      categoryId: event.categoryId,
      language: event.language,
      isPublic: event.isPublic,
      timeZone: event.timeZone,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      venue: venueRows[0]!,
      ticketTypes: types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        priceCents: type.priceCents,
        quantity: type.quantity,
        sold: type.sold,
        ticketsSold: sold.get(type.id) ?? 0,
        lowestPriceCents: lowestAllowedPriceCents(paidPrices.get(type.id) ?? []),
        hasOrders: orderedIds.has(type.id) || type.sold > 0,
        salesStartAt: type.salesStartAt,
        salesEndAt: type.salesEndAt,
      })),
      sponsorIds: sponsorRows.map((row) => row.id).sort((a, b) => a - b),
      coOrganizerEmails: [...team.coOrganizerEmails, ...team.pending.map((invitation) => invitation.email)],
      coOrganizerInvitations: team.pending,
      images: imageRows.map(({ position, storageKey, widths, alt }) => ({ position, storageKey, widths, alt })),
    };
  });
}

/**
 * The events the actor organizes or co-organizes, upcoming ones first (soonest first), then past
 * ones (latest first), with what is sold and what confirmed orders brought in.
 */
export async function listMyEvents(db: Database, actor: Actor, now: Date): Promise<MyEventRow[]> {
  const rows = await selectRows<{
    id: number;
    title: string;
    status: MyEventRow["status"];
    starts_at: string | Date;
    ends_at: string | Date;
    time_zone: string;
    sold: number | string;
    capacity: number | string;
    revenue_cents: number | string;
    is_organizer: boolean;
  }>(
    db,
    sql`
      select e.id, e.title, e.status, e.starts_at, e.ends_at, e.time_zone,
        (select count(*) from tickets k where k.event_id = e.id and k.status = 'valid') as sold,
        coalesce((select sum(t.quantity) from ticket_types t where t.event_id = e.id), 0) as capacity,
        coalesce((select sum(o.total_cents) from orders o where o.event_id = e.id and o.status = 'confirmed'), 0)
          as revenue_cents,
        e.organizer_id = ${actor.userId} as is_organizer
      from events e
      where e.organizer_id = ${actor.userId}
        or exists (select 1 from event_co_organizers c where c.event_id = e.id and c.user_id = ${actor.userId})`,
  );
  const list = rows.map((row): MyEventRow => {
    const startsAt = new Date(row.starts_at);
    const endsAt = new Date(row.ends_at);
    return {
      id: Number(row.id),
      title: row.title,
      status: row.status,
      startsAt,
      endsAt,
      timeZone: row.time_zone,
      sold: Number(row.sold),
      capacity: Number(row.capacity),
      revenueCents: Number(row.revenue_cents),
      hasStarted: startsAt.getTime() <= now.getTime(),
      isPast: endsAt.getTime() <= now.getTime(),
      role: row.is_organizer ? "organizer" : "co_organizer",
    };
  });
  const upcoming = list
    .filter((row) => !row.isPast)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  const past = list
    .filter((row) => row.isPast)
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id);
  return [...upcoming, ...past];
}

/** The choices the event form offers: every category in its order and every sponsor by name. */
export async function listEventFormOptions(db: Database): Promise<EventFormOptions> {
  const [categoryRows, sponsorRows] = await Promise.all([
    db
      .select({ id: categories.id, key: categories.key, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db.select({ id: sponsors.id, name: sponsors.name }).from(sponsors).orderBy(asc(sponsors.name), asc(sponsors.id)),
  ]);
  return { categories: categoryRows, sponsors: sponsorRows };
}
