import { and, asc, eq, inArray } from "drizzle-orm";
import { EVENT_TEXT_LIMITS, MAX_EVENT_IMAGES, type EventInput } from "#domain/event-input";
import { isBelowPaidPrice } from "#domain/ticket-price-floor";
import type { Database } from "#server/db/client";
import {
  eventCoOrganizers,
  eventImages,
  events,
  eventSponsors,
  orderItems,
  profiles,
  ticketTypes,
} from "#server/db/schema";
import type { EventImageUpload } from "#server/images/event-images";
import { enqueueEventChangeEmails, type EventChange } from "#server/services/event-change-emails";
import type { Actor } from "./actor";
import { queueBadgeCheck } from "./badge-triggers";
import { applyTeam, changesTeam, planTeam, refuseTooManyInvitations } from "./co-organizer-invitations";
import { paidUnitPricesByType } from "./event-orders";
import { announceToFollowers } from "./saves-follows";
import {
  encodeImages,
  imageListField,
  removeUnusedImageFiles,
  storeImages,
  type StoredImage,
} from "./event-image-storage";
import {
  type AuthoringContext,
  type Tx,
  type Fields,
  refuse,
  parseInput,
  findManagedEvent,
  refuseCancelled,
  checkReferences,
  venueIdFor,
  eventColumnsOf,
  ticketTypeColumnsOf,
  refusePastPublication,
  replaceSponsors,
  insertImageRows,
} from "./event-authoring-steps";
export type { EventImageUpload } from "#server/images/event-images";
export type { AuthoringContext } from "./event-authoring-steps";
export * from "./event-authoring-reads";
export { addEventImage, removeEventImage } from "./event-image-edits";

/*
 * Organizers create and change their events here: one transaction per use case, which first finds
 * the event and who the actor is to it (strangers get not_found, never a hint that it exists), then
 * checks what only the database knows (category, venue, sponsors, co-organizers, what is sold), and
 * changes nothing unless everything holds. Pictures are encoded and written before the transaction
 * and their files removed again if it fails, so a refused form leaves neither rows nor files.
 * What the form and My Events read is in event-authoring-reads.ts, one picture added or removed in
 * event-image-edits.ts, the steps these share in event-authoring-steps.ts; callers import all of it from here.
 */

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
      await replaceSponsors(tx, eventId, event.sponsorIds, context.now);
      await applyTeam(tx, eventId, team, { inviterId: actor.userId, now: context.now, siteUrl: context.siteUrl });
      await insertImageRows(tx, eventId, stored);
      if (context.publish) await announceToFollowers(tx, eventId, context.now);
      await tx
        .update(profiles)
        .set({ role: "organizer", updatedAt: context.now })
        .where(and(eq(profiles.userId, actor.userId), eq(profiles.role, "attendee")));
      if (context.publish) await queueBadgeCheck(tx, [actor.userId]);
      return { id: eventId };
    });
  } catch (error) {
    await removeUnusedImageFiles(db, context.uploadsDir, stored);
    throw error;
  }
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
      await replaceSponsors(tx, eventId, event.sponsorIds, context.now);
      await applyTeam(tx, eventId, team, { inviterId: actor.userId, now: context.now, siteUrl: context.siteUrl });
      if (imagePlan) {
        await tx.delete(eventImages).where(eq(eventImages.eventId, eventId));
        await insertImageRows(tx, eventId, imagePlan.images);
        removed = imagePlan.removed;
      }
      if (context.publish && current.status === "draft") {
        refusePastPublication(event.endsAt, context.now);
        await tx.update(events).set({ status: "published" }).where(eq(events.id, eventId));
        await queueBadgeCheck(tx, [current.organizerId]);
        await announceToFollowers(tx, eventId, context.now);
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
    await queueBadgeCheck(tx, [event.organizerId]);
    await announceToFollowers(tx, eventId, now);
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
    // The copy asks each sponsor again: approving one event is not approving its copies.
    await replaceSponsors(
      tx,
      copyId,
      links.map((link) => link.sponsorId),
      now,
    );
    // The copy keeps the team that accepted to run the original; pending invitations stay with it.
    if (helpers.length > 0) {
      await tx.insert(eventCoOrganizers).values(helpers.map((helper) => ({ eventId: copyId, userId: helper.userId })));
    }
    if (images.length > 0) await tx.insert(eventImages).values(images.map((image) => ({ ...image, eventId: copyId })));
    return { id: copyId };
  });
}
