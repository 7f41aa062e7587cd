import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { promotionCampaigns, promotions } from "#server/db/schema";
import { enqueueJob } from "#server/services/enqueue-job";

/** Ends a paid promotion campaign: queued by the payment, to run at the campaign's `ends_at`. */
export const END_PROMOTION_JOB = "end_promotion";
/** Tells the organizer their campaign ended (server/mail/promotion-email.ts sends it). */
export const SEND_PROMOTION_ENDED_EMAIL_JOB = "send_promotion_ended_email";

const payloadSchema = z.object({ campaignId: z.uuid() });

/**
 * The END_PROMOTION_JOB: sets the campaign's `ended_at`, deactivates its placements and queues the
 * e-mail to its organizer, in one transaction. Placements already stop showing at their `ends_at`
 * (active-promotion.ts); this makes the end visible in the data and tells the organizer. Idempotent:
 * a campaign already ended (or deleted with its event) is left alone.
 */
export async function runEndPromotionJob(db: Database, payload: unknown, now: Date): Promise<void> {
  const { campaignId } = payloadSchema.parse(payload);
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(promotionCampaigns)
      .set({ endedAt: now })
      .where(and(eq(promotionCampaigns.id, campaignId), isNull(promotionCampaigns.endedAt)))
      .returning({ id: promotionCampaigns.id });
    if (!ended) return;
    await tx.update(promotions).set({ isActive: false }).where(eq(promotions.campaignId, campaignId));
    await enqueueJob(tx, SEND_PROMOTION_ENDED_EMAIL_JOB, { campaignId });
  });
}

/**
 * Ends every campaign of an event being cancelled, in the cancelling transaction: its placements stop
 * at once and the dashboard lists the campaigns as ended. The organizer cancelled it, so no e-mail.
 */
export async function endCampaignsOfEvent(tx: Database, eventId: number, now: Date): Promise<void> {
  await tx
    .update(promotionCampaigns)
    .set({ endedAt: now })
    .where(and(eq(promotionCampaigns.eventId, eventId), isNull(promotionCampaigns.endedAt)));
  await tx.update(promotions).set({ isActive: false }).where(eq(promotions.eventId, eventId));
}
