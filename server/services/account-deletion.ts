import { and, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { DELETED_BUYER_NAME, DELETED_ORGANIZER_NAME } from "#domain/deleted-account";
import type { AuthRequest } from "#server/auth/auth-request";
import { AuthError } from "#server/auth/auth-error";
import { reservePasswordCheck, settlePasswordCheck } from "#server/auth/limits";
import { verifyPassword } from "#server/auth/passwords";
import type { Database } from "#server/db/client";
import {
  authSessions,
  blogPosts,
  coOrganizerInvitations,
  contactEntries,
  contactThreads,
  eventCoOrganizers,
  events,
  eventSponsors,
  flowStates,
  identities,
  idempotencyKeys,
  jobs,
  mailboxMessages,
  newsletterSubscriptions,
  oneTimeTokens,
  orderAccessTokens,
  orders,
  orderStatusChanges,
  otpCodes,
  profiles,
  promotionCampaigns,
  rateLimitHits,
  reports,
  sponsorAccounts,
  staffActions,
  staffMembers,
  ticketLookupLinks,
  tickets,
  ticketTypes,
  userInterests,
  users,
  waitlistEntries,
} from "#server/db/schema";
import { deleteProfileImage } from "#server/images/profile-images";
import { deleteGalleryPhotoFiles } from "#server/images/gallery-photos";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { ordersOfPerson } from "./account-export";
import { deleteCommunityRows } from "./account-deletion-community";
import { deletePromoterRows } from "./account-deletion-promoters";
import { deletePlanningRows } from "./account-export-planning";

/*
 * Deleting an account (issue 18; docs/decisions/015-account-deletion.md). What happens to each table is
 * what the privacy page says (domain/stored-data.ts, `onDeletion`): personal rows are deleted, orders
 * stay for the organizers' accounting without the buyer's name, address or card, past events stay under
 * an anonymous organizer. Refused while an upcoming published event of theirs has sold tickets.
 */

/** An address nobody receives mail at (RFC 2606 reserves .invalid), unique per row so indexes stay happy. */
export const deletedAddress = (id: string) => `deleted-${id}@deleted.invalid`;

export interface DeletionConfirmation {
  /** The account's password; required when it has one. */
  password?: unknown;
  /** The account's e-mail address, typed again; what an account without a password confirms with. */
  email?: unknown;
}

/**
 * Upcoming events the person organizes that have sold tickets (not cancelled; hidden by staff or not,
 * their buyers still hold tickets): they block the deletion.
 */
export async function eventsBlockingDeletion(db: Pick<Database, "select">, userId: string, now: Date) {
  return db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(
      and(
        eq(events.organizerId, userId),
        ne(events.status, "cancelled"),
        gt(events.endsAt, now),
        sql`exists (select 1 from ${ticketTypes} tt where tt.event_id = ${events.id} and tt.sold > 0)`,
      ),
    )
    .orderBy(events.startsAt);
}

/** Whether the account has a password, so the form asks for it rather than the address. */
export async function accountHasPassword(db: Database, actor: Actor): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  return Boolean(row?.passwordHash);
}

/**
 * Checks the confirmation, then deletes or anonymizes everything about the person in one transaction.
 * A wrong confirmation or a blocking event throws before anything is written (but for the wrong
 * password's throttle count, as a sign-in's).
 */
export async function deleteAccount(
  db: Database,
  actor: Actor,
  confirmation: DeletionConfirmation,
  request: AuthRequest,
  uploadsDir: string,
): Promise<{ deletedAt: Date }> {
  const now = request.now;
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError("not_found", "No such account.");
  await checkConfirmation(db, user, confirmation, request);
  const blocking = await eventsBlockingDeletion(db, user.id, now);
  if (blocking.length > 0) {
    throw new AppError(
      "conflict",
      `Upcoming events with sold tickets must be cancelled first: ${blocking.map((event) => event.id).join(", ")}.`,
      { events: "has_sales" },
    );
  }
  const email = user.email.toLowerCase();
  const confirmedEmail = user.emailConfirmedAt ? email : null;
  const [profile] = await db
    .select({ profileImage: profiles.profileImage })
    .from(profiles)
    .where(eq(profiles.userId, user.id));

  let galleryImages: string[] = [];
  await db.transaction(async (tx) => {
    // Checked again under the lock: a sale may have come in since.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    if ((await eventsBlockingDeletion(tx, user.id, now)).length > 0) {
      throw new AppError("conflict", "Upcoming events with sold tickets must be cancelled first.", {
        events: "has_sales",
      });
    }
    // Upcoming events without a sale (drafts included) will not happen without their organizer.
    await tx
      .update(events)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(and(eq(events.organizerId, user.id), ne(events.status, "cancelled"), gt(events.endsAt, now)));

    const theirOrders = await tx.select({ id: orders.id }).from(orders).where(ordersOfPerson(user.id, confirmedEmail));
    const orderIds = theirOrders.map((order) => order.id);
    if (orderIds.length > 0) {
      await tx
        .update(orders)
        .set({
          userId: null,
          buyerName: DELETED_BUYER_NAME,
          buyerEmail: sql`'deleted-' || ${orders.id} || '@deleted.invalid'`,
          cardBrand: null,
          cardLast4: null,
          updatedAt: now,
        })
        .where(inArray(orders.id, orderIds));
      await tx.delete(orderAccessTokens).where(inArray(orderAccessTokens.orderId, orderIds));
    }
    await tx.update(orderStatusChanges).set({ actorUserId: null }).where(eq(orderStatusChanges.actorUserId, user.id));
    await tx.update(tickets).set({ checkedInBy: null }).where(eq(tickets.checkedInBy, user.id));
    // The audit log stays whole; the actions they took as staff no longer name them.
    await tx.update(staffActions).set({ actorId: null }).where(eq(staffActions.actorId, user.id));
    await tx.delete(staffMembers).where(eq(staffMembers.userId, user.id));
    await tx.update(blogPosts).set({ authorId: null }).where(eq(blogPosts.authorId, user.id));
    // Messages they sent to staff or organizers go with them; answers they wrote as staff stay, unsigned.
    await tx
      .delete(contactThreads)
      .where(or(eq(contactThreads.userId, user.id), sql`lower(${contactThreads.email}) = ${email}`));
    await tx.update(contactEntries).set({ staffId: null }).where(eq(contactEntries.staffId, user.id));
    // Reports stay for moderation, naming neither who made them (nor the hashed address they came from)
    // nor who settled them. The hash is replaced by the report's own id, so it stays unique.
    await tx
      .update(reports)
      .set({ reporterId: null, clientHash: sql`'deleted-' || ${reports.id}` })
      .where(eq(reports.reporterId, user.id));
    await tx.update(reports).set({ resolvedBy: null }).where(eq(reports.resolvedBy, user.id));
    await tx.delete(sponsorAccounts).where(eq(sponsorAccounts.userId, user.id));
    galleryImages = await deleteCommunityRows(tx, user.id);
    await deletePromoterRows(tx, user.id, email);
    await deletePlanningRows(tx, user.id);
    await tx.update(eventSponsors).set({ decidedBy: null }).where(eq(eventSponsors.decidedBy, user.id));

    await tx.delete(authSessions).where(eq(authSessions.userId, user.id));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    await tx.delete(otpCodes).where(eq(otpCodes.userId, user.id));
    await tx.delete(flowStates).where(eq(flowStates.userId, user.id));
    await tx.delete(identities).where(eq(identities.userId, user.id));
    await tx.delete(userInterests).where(eq(userInterests.userId, user.id));
    await tx.delete(eventCoOrganizers).where(eq(eventCoOrganizers.userId, user.id));
    await tx
      .delete(coOrganizerInvitations)
      .where(or(eq(coOrganizerInvitations.invitedBy, user.id), eq(coOrganizerInvitations.email, email)));
    await tx
      .delete(waitlistEntries)
      .where(or(eq(waitlistEntries.userId, user.id), sql`lower(${waitlistEntries.email}) = ${email}`));
    await tx.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = ${email}`);
    await tx.delete(ticketLookupLinks).where(eq(ticketLookupLinks.email, email));
    await tx
      .delete(mailboxMessages)
      .where(
        or(sql`lower(${mailboxMessages.toAddress}) = ${email}`, sql`lower(${mailboxMessages.replyTo}) = ${email}`),
      );
    // E-mails not yet sent to them, and the records of those sent.
    await tx.delete(jobs).where(sql`lower(${jobs.payload}->>'to') = ${email}`);
    await tx.delete(rateLimitHits).where(sql`position(${email} in ${rateLimitHits.key}) > 0`);
    await tx.delete(idempotencyKeys).where(sql`${idempotencyKeys.scope} like ${`% ${user.id}`}`);

    const [organized] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.organizerId, user.id));
    if ((organized?.count ?? 0) === 0) {
      // Nothing on the site needs the account any more: the row goes, with what still hangs on it.
      await tx.delete(users).where(eq(users.id, user.id));
      return;
    }
    // Their events stay, so the account stays as an anonymous organizer nobody can sign in to.
    await tx
      .update(users)
      .set({
        email: deletedAddress(user.id),
        emailConfirmedAt: null,
        passwordHash: null,
        userMetadata: {},
        appMetadata: { deleted: true },
        lastSignInAt: null,
        bannedUntil: new Date("9999-12-31T00:00:00Z"),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(profiles)
      .set({
        name: DELETED_ORGANIZER_NAME,
        organization: null,
        bio: null,
        location: null,
        profileImage: null,
        socialLinks: {},
        receivesDigest: false,
        updatedAt: now,
      })
      .where(eq(profiles.userId, user.id));
    await tx
      .update(promotionCampaigns)
      .set({ cardBrand: null, cardLast4: null })
      .where(eq(promotionCampaigns.organizerId, user.id));
  });
  // Files are not part of the transaction: removed once the rows that named them are gone.
  await deleteProfileImage(uploadsDir, user.id, profile?.profileImage ?? null);
  await deleteGalleryPhotoFiles(uploadsDir, galleryImages);
  return { deletedAt: now };
}

async function checkConfirmation(
  db: Database,
  user: typeof users.$inferSelect,
  confirmation: DeletionConfirmation,
  request: AuthRequest,
): Promise<void> {
  if (user.passwordHash) {
    const { password } = confirmation;
    if (typeof password !== "string" || password.length === 0) {
      throw new AppError("invalid", "Confirm with the account's password.", { password: "required" });
    }
    if (password.length > 1024) throw new AppError("invalid", "That is not the password.", { password: "wrong" });
    try {
      await reservePasswordCheck(db, user.email, request);
    } catch (error) {
      if (error instanceof AuthError) throw new AppError("rate_limited", "Too many attempts: try again later.");
      throw error;
    }
    const isMatch = await verifyPassword(user.passwordHash, password);
    await settlePasswordCheck(db, user.email, request, isMatch);
    if (!isMatch) throw new AppError("invalid", "That is not the password.", { password: "wrong" });
    return;
  }
  const { email } = confirmation;
  if (typeof email !== "string" || email.trim().length === 0) {
    throw new AppError("invalid", "Confirm with the account's e-mail address.", { email: "required" });
  }
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("invalid", "That is not the account's e-mail address.", { email: "wrong" });
  }
}
