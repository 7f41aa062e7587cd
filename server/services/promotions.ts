import { isUuid } from "#server/auth/secrets";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { z } from "zod";
import {
  campaignEndsAt,
  maxCampaignDays,
  campaignState,
  PROMOTION_PROBLEMS,
  promotionInputSchema,
  promotionQuoteInputSchema,
  quotePromotion,
  type CampaignState,
  type CampaignWindow,
  type PromotionQuote,
  type PromotionType,
} from "#domain/promotion-pricing";
import type { Database } from "#server/db/client";
import { eventImages, events, promotionCampaigns, promotions, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import { imageFileName } from "#server/images/sample-images";
import { enqueueJob } from "#server/services/enqueue-job";
import type { CardInput, DeclineReason, PaymentProvider } from "#server/payments/payment-provider";
import type { Actor } from "./actor";
import { eventRoleOf, managedBy } from "./event-role";
import { publicEventCondition } from "./event-visibility";
import { END_PROMOTION_JOB } from "./promotion-jobs";

/** The placement (promotions.placement) each promotion type buys; digest and social have none. */
const PLACEMENT_OF: Partial<Record<PromotionType, "homepage" | "explore">> = {
  homepage: "homepage",
  search: "explore",
};
/** What a placement's summary of the event may hold. */
const SUMMARY_LENGTH = 200;

export interface CampaignSummary {
  id: string;
  eventId: number;
  eventTitle: string;
  /** The event's IANA zone, which the campaign's dates are shown in. */
  eventTimeZone: string;
  types: PromotionType[];
  days: number;
  budgetCents: number;
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  paidAt: Date | null;
  /** Null until paid (a Stripe payment not yet confirmed). */
  state: CampaignState | null;
}

export interface CampaignDetail extends CampaignSummary {
  eventStartsAt: Date;
  cardBrand: string | null;
  cardLast4: string | null;
  placements: { placement: string; isActive: boolean; startsAt: Date; endsAt: Date }[];
}

export interface PromotableEvent {
  id: number;
  title: string;
  startsAt: Date;
  /** The digest is charged only for editions before the event ends (domain/promotion-pricing.ts). */
  endsAt: Date;
  timeZone: string;
}

/**
 * The price of a campaign from the rate card, for any caller (no event is read): starting at the
 * input's startsAt or else `now`, for an event ending at `eventEndsAt` when the caller knows it.
 * Errors: invalid with fields naming each bad field by a PROMOTION_PROBLEMS word.
 */
export function quoteCampaign(input: unknown, context: { now: Date; eventEndsAt?: Date }): PromotionQuote {
  const parsed = promotionQuoteInputSchema.safeParse(input);
  if (!parsed.success) throw invalidFields(parsed.error);
  const { startsAt, ...request } = parsed.data;
  return sellableQuote({
    ...request,
    startsAt: startsAt ? new Date(startsAt) : context.now,
    ...(context.eventEndsAt ? { eventEndsAt: context.eventEndsAt } : {}),
  });
}

/**
 * The quote of a campaign that may be sold. Errors: invalid { types: no_digest_edition } when the
 * digest is chosen and no edition goes out while the campaign runs: nobody pays for nothing.
 */
function sellableQuote(
  input: CampaignWindow & { types: PromotionType[]; budgetCents?: number | undefined },
): PromotionQuote {
  const quote = quotePromotion(input);
  if (quote.lines.some((line) => line.unit === "edition" && line.units === 0)) {
    throw new AppError(
      "invalid",
      "No weekly digest goes out while this campaign runs and its event is to come: run it longer or leave the digest out.",
      { types: PROMOTION_PROBLEMS.noDigestEdition },
    );
  }
  return quote;
}

/**
 * The events the actor organizes or co-organizes that can be promoted at `now`: published and not
 * yet started, soonest first.
 */
export async function listPromotableEvents(db: Database, actor: Actor, now: Date): Promise<PromotableEvent[]> {
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
    })
    .from(events)
    .where(and(managedBy(actor), publicEventCondition(), gt(events.startsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(200);
}

export type PurchaseOutcome =
  | { outcome: "paid"; campaign: CampaignDetail }
  | { outcome: "redirect"; campaign: CampaignDetail; redirectUrl: string }
  | { outcome: "declined"; declineReason: DeclineReason }
  /** This attempt was sent before (a form sent twice): the campaign it made, as it stands, not paid again. */
  | { outcome: "repeated"; campaign: CampaignDetail };

/**
 * Buys a promotion campaign for an event the actor organizes or co-organizes (anyone else gets
 * not_found, as if the event did not exist), and only for a published event that has not started.
 * The price comes from the rate card and must fit the budget when one is given (without one, the budget
 * stored is the price); the digest needs a public event and an
 * edition while the campaign runs. The campaign is the buyer's: listed and shown to them.
 *
 * The campaign row is written first, so its id names the payment (the provider's `orderId`, which
 * Stripe's webhook hands back). Paid at once (sandbox) ⇒ its placements are created and its end job
 * queued. Declined ⇒ the row is deleted: nothing is charged and nothing is placed. Redirect (Stripe)
 * ⇒ the row waits unpaid; the webhook confirms it with confirmCampaignPayment.
 *
 * Errors: invalid (fields: types, days, budgetCents, startsAt, eventId: not_promotable, card:
 * card_required, types: no_digest_edition | digest_private_event), not_found.
 */
export async function purchaseCampaign(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  input: unknown,
  context: { now: Date; siteUrl: string; card?: CardInput; attemptKey?: string },
): Promise<PurchaseOutcome> {
  const { now } = context;
  const parsed = promotionInputSchema.safeParse(input);
  if (!parsed.success) throw invalidFields(parsed.error);
  const request = parsed.data;

  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      organizerId: events.organizerId,
      status: events.status,
      hiddenAt: events.hiddenAt,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      isPublic: events.isPublic,
    })
    .from(events)
    .where(eq(events.id, request.eventId));
  if (!event) throw new AppError("not_found", `No event ${request.eventId}.`);
  const role = await eventRoleOf(db, actor, event);
  if (!role) throw new AppError("not_found", `No event ${request.eventId}.`);
  // A hidden event is not on the site (moderation): there is nothing to promote until staff restore it.
  if (event.status !== "published" || event.hiddenAt !== null || event.startsAt.getTime() <= now.getTime()) {
    throw new AppError("invalid", "Only a published event that has not started can be promoted.", {
      eventId: PROMOTION_PROBLEMS.notPromotable,
    });
  }

  const startsAt = request.startsAt ? new Date(request.startsAt) : now;
  // A minute's grace: a start typed as "now" is a moment old when it arrives.
  if (startsAt.getTime() < now.getTime() - 60_000) {
    throw new AppError("invalid", "A promotion cannot start in the past.", {
      startsAt: PROMOTION_PROBLEMS.startInPast,
    });
  }
  if (startsAt.getTime() >= event.startsAt.getTime()) {
    throw new AppError("invalid", "A promotion must start before its event does.", {
      startsAt: PROMOTION_PROBLEMS.startAfterEvent,
    });
  }
  if (request.days > maxCampaignDays(startsAt, event.endsAt)) {
    throw new AppError("invalid", "The promotion would run on after its event has ended.", {
      days: PROMOTION_PROBLEMS.afterEvent,
    });
  }
  if (request.types.includes("digest") && !event.isPublic) {
    throw new AppError("invalid", "The digest lists only public events: leave the digest out or make it public.", {
      types: PROMOTION_PROBLEMS.digestPrivateEvent,
    });
  }
  const quote = sellableQuote({
    types: request.types,
    days: request.days,
    budgetCents: request.budgetCents,
    startsAt,
    eventEndsAt: event.endsAt,
  });
  if (!quote.isWithinBudget) {
    throw new AppError(
      "invalid",
      `The price, ${quote.totalCents} cents, is above the budget of ${request.budgetCents}.`,
      {
        budgetCents: PROMOTION_PROBLEMS.belowPrice,
      },
    );
  }
  if (provider.collectsCardOnSite && !context.card) {
    throw new AppError("invalid", "A card is needed to pay for the promotion.", { card: "card_required" });
  }

  const [organizer] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  const attemptKey = context.attemptKey ?? null;
  const [campaign] = await db
    .insert(promotionCampaigns)
    .values({
      attemptKey,
      eventId: event.id,
      organizerId: actor.userId,
      types: request.types,
      days: request.days,
      budgetCents: request.budgetCents ?? quote.totalCents,
      priceCents: quote.totalCents,
      startsAt,
      endsAt: campaignEndsAt(startsAt, request.days),
      createdAt: now,
    })
    // The organizer's attempt keys are unique (the random id cannot collide): a conflict is a repeat.
    .onConflictDoNothing()
    .returning({ id: promotionCampaigns.id });
  if (!campaign) return repeatedAttempt(db, actor, attemptKey!, now);
  const campaignId = campaign.id;
  const outcome = await provider.startPayment({
    orderId: campaignId,
    amountCents: quote.totalCents,
    description: `Promotion: ${event.title}`,
    buyerEmail: organizer?.email ?? "",
    ...(context.card ? { card: context.card } : {}),
    returnUrl: `${context.siteUrl}/promote/${campaignId}`,
    cancelUrl: `${context.siteUrl}/promote?event=${event.id}`,
    idempotencyKey: `${campaignId}:${context.attemptKey ?? randomUUID()}`,
  });

  if (outcome.kind === "declined") {
    await db.delete(promotionCampaigns).where(eq(promotionCampaigns.id, campaignId));
    return { outcome: "declined", declineReason: outcome.reason };
  }
  if (outcome.kind === "redirect") {
    await db
      .update(promotionCampaigns)
      .set({ paymentProvider: provider.name, paymentReference: outcome.reference })
      .where(eq(promotionCampaigns.id, campaignId));
    return {
      outcome: "redirect",
      campaign: (await getMyCampaign(db, actor, campaignId, now))!,
      redirectUrl: outcome.url,
    };
  }
  await db.transaction((tx) =>
    markCampaignPaid(tx, campaignId, {
      provider: provider.name,
      reference: outcome.reference,
      cardBrand: outcome.cardBrand,
      cardLast4: outcome.cardLast4,
      now,
    }),
  );
  return { outcome: "paid", campaign: (await getMyCampaign(db, actor, campaignId, now))! };
}

/** The campaign an attempt made before. Gone only when that attempt was declined meanwhile. */
async function repeatedAttempt(db: Database, actor: Actor, attemptKey: string, now: Date): Promise<PurchaseOutcome> {
  const [earlier] = await db
    .select({ id: promotionCampaigns.id })
    .from(promotionCampaigns)
    .where(and(eq(promotionCampaigns.organizerId, actor.userId), eq(promotionCampaigns.attemptKey, attemptKey)));
  const campaign = earlier && (await getMyCampaign(db, actor, earlier.id, now));
  if (!campaign) throw new AppError("conflict", "This purchase was just declined: try again.", { attempt: "repeated" });
  return { outcome: "repeated", campaign };
}

/**
 * A campaign payment the provider reports as complete (Stripe's webhook), found by its reference or by
 * the campaign id kept with the payment. Idempotent: a repeated notice changes nothing. Returns the
 * campaign's id, or null when no campaign of ours matches.
 */
export async function confirmCampaignPayment(
  db: Database,
  input: {
    provider: "stripe";
    reference: string;
    cardBrand: string | null;
    cardLast4: string | null;
    campaignId?: string;
  },
  now: Date,
): Promise<string | null> {
  const [byReference] = await db
    .select({ id: promotionCampaigns.id })
    .from(promotionCampaigns)
    .where(
      and(
        eq(promotionCampaigns.paymentProvider, input.provider),
        eq(promotionCampaigns.paymentReference, input.reference),
      ),
    );
  const campaignId = byReference?.id ?? input.campaignId;
  if (!campaignId) return null;
  const [found] = await db
    .select({ id: promotionCampaigns.id })
    .from(promotionCampaigns)
    .where(eq(promotionCampaigns.id, campaignId));
  if (!found) return null;
  await db.transaction((tx) => markCampaignPaid(tx, found.id, { ...input, now }));
  return found.id;
}

/**
 * Records the payment of a still-unpaid campaign (one conditional update, so two confirmations never
 * place it twice), creates its placements from the event, and queues its end at `ends_at`.
 */
async function markCampaignPaid(
  tx: Database,
  campaignId: string,
  payment: { provider: string; reference: string; cardBrand: string | null; cardLast4: string | null; now: Date },
): Promise<void> {
  const [campaign] = await tx
    .update(promotionCampaigns)
    .set({
      paymentProvider: payment.provider,
      paymentReference: payment.reference,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      paidAt: payment.now,
    })
    .where(and(eq(promotionCampaigns.id, campaignId), isNull(promotionCampaigns.paidAt)))
    .returning();
  if (!campaign) return;
  const [event] = await tx
    .select({ id: events.id, title: events.title, description: events.description })
    .from(events)
    .where(eq(events.id, campaign.eventId));
  const [image] = await tx
    .select({ storageKey: eventImages.storageKey, widths: eventImages.widths })
    .from(eventImages)
    .where(eq(eventImages.eventId, campaign.eventId))
    .orderBy(asc(eventImages.position))
    .limit(1);
  const placements = (campaign.types as PromotionType[]).flatMap((type) => PLACEMENT_OF[type] ?? []);
  if (event && placements.length > 0) {
    await tx.insert(promotions).values(
      placements.map((placement) => ({
        eventId: event.id,
        campaignId,
        title: event.title,
        description: plainSummary(event.description),
        imageUrl: image ? `/uploads/${imageFileName(image.storageKey, Math.max(...image.widths))}` : "",
        linkUrl: `/events/${event.id}`,
        callToAction: "Get tickets",
        startsAt: campaign.startsAt,
        endsAt: campaign.endsAt,
        placement,
        isActive: true,
      })),
    );
  }
  await enqueueJob(tx, END_PROMOTION_JOB, { campaignId }, campaign.endsAt);
}

/** The actor's paid campaigns, newest first, with where each stands at `now`. */
export async function listMyCampaigns(db: Database, actor: Actor, now: Date): Promise<CampaignSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(promotionCampaigns)
    .innerJoin(events, eq(events.id, promotionCampaigns.eventId))
    .where(and(eq(promotionCampaigns.organizerId, actor.userId), isNotNull(promotionCampaigns.paidAt)))
    .orderBy(desc(promotionCampaigns.createdAt), desc(promotionCampaigns.id))
    .limit(200);
  return rows.map((row) => withState(row, now));
}

/** One of the actor's campaigns with its placements; null when there is none or it is someone else's. */
export async function getMyCampaign(
  db: Database,
  actor: Actor,
  campaignId: string,
  now: Date,
): Promise<CampaignDetail | null> {
  if (!isUuid(campaignId)) return null;
  const [row] = await db
    .select({
      ...summaryColumns,
      eventStartsAt: events.startsAt,
      cardBrand: promotionCampaigns.cardBrand,
      cardLast4: promotionCampaigns.cardLast4,
    })
    .from(promotionCampaigns)
    .innerJoin(events, eq(events.id, promotionCampaigns.eventId))
    .where(and(eq(promotionCampaigns.id, campaignId), eq(promotionCampaigns.organizerId, actor.userId)));
  if (!row) return null;
  const placements = await db
    .select({
      placement: promotions.placement,
      isActive: promotions.isActive,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
    })
    .from(promotions)
    .where(eq(promotions.campaignId, campaignId))
    .orderBy(asc(promotions.id));
  return { ...withState(row, now), placements };
}

const summaryColumns = {
  id: promotionCampaigns.id,
  eventId: promotionCampaigns.eventId,
  eventTitle: events.title,
  eventTimeZone: events.timeZone,
  types: promotionCampaigns.types,
  days: promotionCampaigns.days,
  budgetCents: promotionCampaigns.budgetCents,
  priceCents: promotionCampaigns.priceCents,
  startsAt: promotionCampaigns.startsAt,
  endsAt: promotionCampaigns.endsAt,
  endedAt: promotionCampaigns.endedAt,
  paidAt: promotionCampaigns.paidAt,
};

function withState<
  T extends { types: string[]; startsAt: Date; endsAt: Date; endedAt: Date | null; paidAt: Date | null },
>(row: T, now: Date): T & { types: PromotionType[]; state: CampaignState | null } {
  return { ...row, types: row.types as PromotionType[], state: row.paidAt ? campaignState(row, now) : null };
}

/** The event's description as a short line of plain text, for an ad's summary. */
function plainSummary(markdown: string): string {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= SUMMARY_LENGTH ? text : `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…`;
}

/** A zod failure as `invalid`, with the first problem word per field. */
function invalidFields(error: z.ZodError): AppError {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [issue.path.join(".") || "_"];
    for (const key of keys) if (!fields.has(key)) fields.set(key, issue.message);
  }
  // From entries, so that even a field named "__proto__" is an own property of the result.
  return new AppError("invalid", "The promotion request is not valid.", Object.fromEntries(fields));
}
