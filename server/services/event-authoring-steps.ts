import { and, eq, inArray } from "drizzle-orm";
import { eventInputSchema, type EventInput } from "#domain/event-input";
import type { Database } from "#server/db/client";
import { categories, eventImages, events, eventSponsors, sponsors, venues } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { eventRoleOf } from "./event-role";
import type { StoredImage } from "./event-image-storage";

/*
 * The steps every event authoring use case shares (event-authoring.ts, event-image-edits.ts): read the input
 * again, find the event the actor manages, check what only the database knows, and write the common rows.
 */

export interface AuthoringContext {
  now: Date;
  uploadsDir: string;
}

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type Fields = Record<string, string>;

export function refuse(fields: Fields, message = "The event is not valid."): AppError {
  return new AppError("invalid", message, fields);
}

/** Checked again whatever the caller did: the rows below rely on every rule of the schema. */
export function parseInput(input: EventInput): EventInput {
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
export async function findManagedEvent(tx: Tx, actor: Actor, eventId: number) {
  if (!Number.isSafeInteger(eventId) || eventId < 1 || eventId > 2_147_483_647) {
    throw new AppError("not_found", `No event ${eventId}.`);
  }
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!event) throw new AppError("not_found", `No event ${eventId}.`);
  const role = await eventRoleOf(tx, actor, event);
  if (!role) throw new AppError("not_found", `No event ${eventId}.`);
  return { event, role };
}

export function refuseCancelled(status: string) {
  if (status === "cancelled") {
    throw new AppError("conflict", "The event is cancelled: it cannot change any more.", { event: "cancelled" });
  }
}

/**
 * What the input names that only the database can vouch for: the category, an existing venue and
 * sponsors. Co-organizers are addresses that get an invitation (co-organizer-invitations.ts): whether
 * an account has one is never checked here, so the answer cannot tell.
 */
export async function checkReferences(tx: Tx, input: EventInput, fields: Fields): Promise<void> {
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

export async function venueIdFor(tx: Tx, input: EventInput): Promise<number> {
  if ("id" in input.venue) return input.venue.id;
  const [venue] = await tx.insert(venues).values(input.venue.new).returning({ id: venues.id });
  return venue!.id;
}

export function eventColumnsOf(input: EventInput) {
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

export function ticketTypeColumnsOf(type: EventInput["ticketTypes"][number], position: number) {
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
export function refusePastPublication(endsAt: Date, now: Date) {
  if (endsAt.getTime() <= now.getTime()) throw refuse({ endsAt: "in_the_past" }, "The event has already ended.");
}

/**
 * Sets the event's sponsors. A sponsor it already had keeps its approval (approved, pending or
 * declined); a newly chosen one asks for approval ("pending"), which staff or the sponsor's own account
 * gives (sponsor-appearances.ts). Nothing is shown publicly before that.
 */
export async function replaceSponsors(tx: Tx, eventId: number, sponsorIds: number[], now = new Date()) {
  const chosen = new Set(sponsorIds);
  const current = await tx
    .select({ sponsorId: eventSponsors.sponsorId })
    .from(eventSponsors)
    .where(eq(eventSponsors.eventId, eventId));
  const kept = new Set(current.map((link) => link.sponsorId).filter((id) => chosen.has(id)));
  const dropped = current.map((link) => link.sponsorId).filter((id) => !chosen.has(id));
  if (dropped.length > 0) {
    await tx
      .delete(eventSponsors)
      .where(and(eq(eventSponsors.eventId, eventId), inArray(eventSponsors.sponsorId, dropped)));
  }
  const added = [...chosen].filter((id) => !kept.has(id));
  if (added.length > 0) {
    await tx
      .insert(eventSponsors)
      .values(added.map((sponsorId) => ({ eventId, sponsorId, status: "pending" as const, requestedAt: now })));
  }
}

export async function insertImageRows(tx: Tx, eventId: number, images: readonly StoredImage[]) {
  if (images.length === 0) return;
  await tx.insert(eventImages).values(images.map((image, position) => ({ eventId, position, ...image })));
}
