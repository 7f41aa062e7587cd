import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventSponsors, sponsorAccounts } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { appearancesOf } from "./sponsor-admin";
import { isStaff } from "./staff";
import { recordStaffAction } from "./staff-actions";

/*
 * Whether a sponsor appears on an event: an organizer's choice asks ("pending"); staff, or the
 * account linked to the sponsor (sponsor_accounts), approve or decline. Public pages and the API show
 * approved appearances only (event-detail.ts, profiles.ts).
 */

export type AppearanceDecision = "approve" | "decline";

const STATUS_OF: Record<AppearanceDecision, "approved" | "declined"> = { approve: "approved", decline: "declined" };

/** Whether the actor speaks for the sponsor: staff, or the account linked to it. */
async function mayDecide(db: Database, actor: Actor, sponsorId: number): Promise<"staff" | "sponsor" | null> {
  if (await isStaff(db, actor.userId)) return "staff";
  const [link] = await db
    .select({ userId: sponsorAccounts.userId })
    .from(sponsorAccounts)
    .where(and(eq(sponsorAccounts.sponsorId, sponsorId), eq(sponsorAccounts.userId, actor.userId)));
  return link ? "sponsor" : null;
}

/**
 * Approves or declines the sponsor's appearance on the event (a decision can be changed later). Anyone
 * else is refused ("forbidden") and nothing changes; a staff decision is written to the audit log.
 */
export async function decideAppearance(
  db: Database,
  actor: Actor,
  { sponsorId, eventId, decision }: { sponsorId: number; eventId: number; decision: AppearanceDecision },
  now: Date,
): Promise<{ status: "approved" | "declined" }> {
  const role = await mayDecide(db, actor, sponsorId);
  if (!role) throw new AppError("forbidden", "Only staff or the sponsor's own account can answer this request.");
  return db.transaction(async (tx) => {
    const where = and(eq(eventSponsors.sponsorId, sponsorId), eq(eventSponsors.eventId, eventId));
    const [link] = await tx.select().from(eventSponsors).where(where).for("update");
    if (!link) throw new AppError("not_found", "This event did not ask for this sponsor.");
    const status = STATUS_OF[decision];
    if (link.status === status) return { status };
    await tx.update(eventSponsors).set({ status, decidedBy: actor.userId, decidedAt: now }).where(where);
    if (role === "staff") {
      await recordStaffAction(
        tx,
        {
          actorId: actor.userId,
          action: `sponsor.appearance.${decision}`,
          subjectType: "sponsor",
          subjectId: sponsorId,
          before: { eventId, status: link.status },
          after: { eventId, status },
        },
        now,
      );
    }
    return { status };
  });
}

/** The requests waiting for the sponsors this account speaks for (the dashboard's section). */
export async function listSponsorshipRequests(db: Database, actor: Actor) {
  const linked = await db
    .select({ sponsorId: sponsorAccounts.sponsorId })
    .from(sponsorAccounts)
    .where(eq(sponsorAccounts.userId, actor.userId));
  return appearancesOf(
    db,
    linked.map((row) => row.sponsorId),
    { pendingOnly: true },
  );
}
