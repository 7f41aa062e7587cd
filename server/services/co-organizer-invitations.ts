import { and, asc, count, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Language } from "#domain/language";
import { hashToken, isWellFormedToken, randomToken } from "#server/auth/secrets";
import type { Database } from "#server/db/client";
import { coOrganizerInvitations, eventCoOrganizers, events, profiles, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import { enqueueJob } from "#server/services/enqueue-job";
import { SEND_CO_ORGANIZER_INVITATION_JOB } from "#server/services/email-jobs";
import type { Actor } from "./actor";

/**
 * Co-organizers are invited by e-mail and accept (issue 16). Naming an address in an event's
 * `coOrganizerEmails` sends an invitation to it, whether or not anyone has an account with it, and the
 * answer is the same either way; nobody's name is on the event and nobody has a say in it until the
 * holder of the address, signed in with it, follows the link and accepts.
 */

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
/** Invitations one person may send in a day, over all their events: an inbox is not a megaphone. */
export const INVITATIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60_000;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A pending invitation as the organizer's form lists it. */
export interface PendingInvitation {
  email: string;
  expiresAt: Date;
}

/** What saving an event's list of co-organizer addresses changes. */
export interface TeamPlan {
  /** Co-organizers whose address left the list: they stop co-organizing. */
  removedUserIds: string[];
  /** Pending invitations whose address left the list: withdrawn. */
  withdrawnInvitationIds: string[];
  /** Addresses neither co-organizing nor invited yet: each gets an invitation. */
  newEmails: string[];
}

/** The team of an event as its form shows it: co-organizers' addresses, then pending invitations'. */
export async function teamOf(
  db: Pick<Database, "select">,
  eventId: number,
  now: Date,
): Promise<{ coOrganizerEmails: string[]; pending: PendingInvitation[] }> {
  const [members, pending] = await Promise.all([
    db
      .select({ email: users.email })
      .from(eventCoOrganizers)
      .innerJoin(users, eq(users.id, eventCoOrganizers.userId))
      .where(eq(eventCoOrganizers.eventId, eventId))
      .orderBy(asc(users.email)),
    db
      .select({ email: coOrganizerInvitations.email, expiresAt: coOrganizerInvitations.expiresAt })
      .from(coOrganizerInvitations)
      .where(and(eq(coOrganizerInvitations.eventId, eventId), isPending(now)))
      .orderBy(asc(coOrganizerInvitations.email)),
  ]);
  return { coOrganizerEmails: members.map((member) => member.email.toLowerCase()), pending };
}

/**
 * Compares the addresses asked for (lower case, as the event schema gives them) with the event's team
 * now; `eventId` null for a new event. The organizer's own address is ignored. Reads only.
 */
export async function planTeam(
  tx: Tx,
  eventId: number | null,
  emails: readonly string[],
  organizerId: string,
  now: Date,
): Promise<TeamPlan> {
  const [organizer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, organizerId));
  const wanted = new Set(emails.filter((email) => email !== organizer?.email.toLowerCase()));
  const members =
    eventId === null
      ? []
      : await tx
          .select({ userId: users.id, email: users.email })
          .from(eventCoOrganizers)
          .innerJoin(users, eq(users.id, eventCoOrganizers.userId))
          .where(eq(eventCoOrganizers.eventId, eventId));
  const pending =
    eventId === null
      ? []
      : await tx
          .select({ id: coOrganizerInvitations.id, email: coOrganizerInvitations.email })
          .from(coOrganizerInvitations)
          .where(and(eq(coOrganizerInvitations.eventId, eventId), isPending(now)));
  const known = new Set([...members.map((member) => member.email.toLowerCase()), ...pending.map((row) => row.email)]);
  return {
    removedUserIds: members.filter((member) => !wanted.has(member.email.toLowerCase())).map((member) => member.userId),
    withdrawnInvitationIds: pending.filter((row) => !wanted.has(row.email)).map((row) => row.id),
    newEmails: [...wanted].filter((email) => !known.has(email)),
  };
}

export function changesTeam(plan: TeamPlan): boolean {
  return plan.removedUserIds.length + plan.withdrawnInvitationIds.length + plan.newEmails.length > 0;
}

/**
 * Refuses a plan that would take `inviterId` past INVITATIONS_PER_DAY invitations in the last 24
 * hours (rate_limited, fields coOrganizerEmails: too_many_invitations). Reads only.
 */
export async function refuseTooManyInvitations(tx: Tx, inviterId: string, plan: TeamPlan, now: Date): Promise<void> {
  if (plan.newEmails.length === 0) return;
  const [sent] = await tx
    .select({ n: count() })
    .from(coOrganizerInvitations)
    .where(
      and(
        eq(coOrganizerInvitations.invitedBy, inviterId),
        gt(coOrganizerInvitations.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if ((sent?.n ?? 0) + plan.newEmails.length > INVITATIONS_PER_DAY) {
    throw new AppError("rate_limited", `At most ${INVITATIONS_PER_DAY} co-organizer invitations a day.`, {
      coOrganizerEmails: "too_many_invitations",
    });
  }
}

/** Carries out a plan: removes, withdraws, and invites by e-mail (queued in this transaction). */
export async function applyTeam(
  tx: Tx,
  eventId: number,
  plan: TeamPlan,
  context: { inviterId: string; now: Date; siteUrl: string },
): Promise<void> {
  const { now } = context;
  if (plan.removedUserIds.length > 0) {
    await tx
      .delete(eventCoOrganizers)
      .where(and(eq(eventCoOrganizers.eventId, eventId), inArray(eventCoOrganizers.userId, plan.removedUserIds)));
  }
  if (plan.withdrawnInvitationIds.length > 0) {
    await tx
      .update(coOrganizerInvitations)
      .set({ withdrawnAt: now })
      .where(inArray(coOrganizerInvitations.id, plan.withdrawnInvitationIds));
  }
  if (plan.newEmails.length === 0) return;
  const [inviter] = await tx
    .select({ name: profiles.name, language: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.userId, context.inviterId));
  const [event] = await tx.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  const language: Language = inviter?.language ?? "en";
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  for (const email of plan.newEmails) {
    const token = randomToken();
    await tx.insert(coOrganizerInvitations).values({
      eventId,
      email,
      invitedBy: context.inviterId,
      language,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    await enqueueJob(tx, SEND_CO_ORGANIZER_INVITATION_JOB, {
      to: email,
      language,
      link: `${context.siteUrl}/invitations/${token}`,
      eventTitle: event!.title,
      inviterName: inviter?.name ?? "",
      expiresAt: expiresAt.toISOString(),
    });
  }
}

/** An invitation as its link's page shows it. */
export interface InvitationView {
  eventId: number;
  eventTitle: string;
  inviterName: string;
  email: string;
  expiresAt: Date;
}

/** The pending invitation a link's token opens; null when unknown, withdrawn, accepted or expired. */
export async function findInvitation(db: Database, token: unknown, now: Date): Promise<InvitationView | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      eventId: coOrganizerInvitations.eventId,
      eventTitle: events.title,
      inviterName: profiles.name,
      email: coOrganizerInvitations.email,
      expiresAt: coOrganizerInvitations.expiresAt,
    })
    .from(coOrganizerInvitations)
    .innerJoin(events, eq(events.id, coOrganizerInvitations.eventId))
    .leftJoin(profiles, eq(profiles.userId, coOrganizerInvitations.invitedBy))
    .where(and(eq(coOrganizerInvitations.tokenHash, hashToken(token)), isPending(now)));
  return row ? { ...row, inviterName: row.inviterName ?? "" } : null;
}

/**
 * The person signed in accepts the invitation the token opens: they become a co-organizer, once.
 * Errors: not_found (unknown, withdrawn, accepted or expired link); forbidden { invitation:
 * other_address } when they are signed in with another address than the one invited.
 */
export async function acceptInvitation(
  db: Database,
  actor: Actor,
  token: unknown,
  now: Date,
): Promise<{ eventId: number }> {
  if (!isWellFormedToken(token)) throw new AppError("not_found", "No such invitation.");
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({
        id: coOrganizerInvitations.id,
        eventId: coOrganizerInvitations.eventId,
        email: coOrganizerInvitations.email,
      })
      .from(coOrganizerInvitations)
      .where(and(eq(coOrganizerInvitations.tokenHash, hashToken(token)), isPending(now)))
      .for("update");
    if (!invitation) throw new AppError("not_found", "No such invitation, or it is no longer valid.");
    const [person] = await tx
      .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, actor.userId));
    if (!person?.confirmedAt || person.email.toLowerCase() !== invitation.email) {
      throw new AppError("forbidden", "The invitation was sent to another address.", { invitation: "other_address" });
    }
    const [event] = await tx
      .select({ organizerId: events.organizerId })
      .from(events)
      .where(eq(events.id, invitation.eventId));
    if (event && event.organizerId !== actor.userId) {
      await tx
        .insert(eventCoOrganizers)
        .values({ eventId: invitation.eventId, userId: actor.userId })
        .onConflictDoNothing();
    }
    await tx
      .update(coOrganizerInvitations)
      .set({ acceptedAt: now })
      .where(eq(coOrganizerInvitations.id, invitation.id));
    return { eventId: invitation.eventId };
  });
}

function isPending(now: Date) {
  return and(
    isNull(coOrganizerInvitations.acceptedAt),
    isNull(coOrganizerInvitations.withdrawnAt),
    gt(coOrganizerInvitations.expiresAt, now),
  );
}
