import { eq, sql } from "drizzle-orm";
import { parseEmailAddress } from "#domain/email-address";
import type { Database } from "#server/db/client";
import { staffMembers, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "#server/services/actor";
import { recordStaffAction } from "#server/services/staff-actions";

/** Whether the account may run the marketplace (/admin, /api/v1/staff). */
export async function isStaff(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Refuses anyone who is not staff; every staff use case starts with it. */
export async function requireStaff(db: Database, actor: Actor): Promise<void> {
  if (!(await isStaff(db, actor.userId))) throw new AppError("forbidden", "Staff only");
}

/** Makes an account staff (audited). Granting it twice changes nothing and logs nothing. */
export async function grantStaff(
  db: Database,
  actor: Actor,
  userId: string,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await requireStaff(db, actor);
  await setStaff(db, actor.userId, userId, true, now, reason);
}

/**
 * Takes the staff role away (audited). Staff cannot remove their own role, so the console can never
 * be left without the person who was using it by a slip of the hand.
 */
export async function removeStaff(
  db: Database,
  actor: Actor,
  userId: string,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await requireStaff(db, actor);
  if (actor.userId === userId) {
    throw new AppError("invalid", "Staff cannot remove their own role", { userId: "own_role" });
  }
  await setStaff(db, actor.userId, userId, false, now, reason);
}

export type GrantByEmailResult = "granted" | "already_staff" | "no_account";

/**
 * Makes the account with this address staff, from the command line (`npm run staff:grant`) or the
 * STAFF_EMAILS setting at start; the audit log names no actor for it.
 */
export async function grantStaffByEmail(db: Database, email: string, now: Date): Promise<GrantByEmailResult> {
  const parsed = parseEmailAddress(email.trim());
  if (!parsed.ok) return "no_account";
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${parsed.email}`)
    .limit(1);
  if (!user) return "no_account";
  return (await setStaff(db, null, user.id, true, now)) ? "granted" : "already_staff";
}

/** Sets the role and logs the change in one transaction; false when there was nothing to change. */
async function setStaff(
  db: Database,
  actorId: string | null,
  userId: string,
  isNowStaff: boolean,
  now: Date,
  reason: string | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!account) throw new AppError("not_found", "No such account", { userId: "not_found" });
    const changed = isNowStaff
      ? await tx.insert(staffMembers).values({ userId, grantedAt: now }).onConflictDoNothing().returning()
      : await tx.delete(staffMembers).where(eq(staffMembers.userId, userId)).returning();
    if (changed.length === 0) return false;
    await recordStaffAction(
      tx,
      {
        actorId,
        action: isNowStaff ? "staff.grant" : "staff.remove",
        subjectType: "user",
        subjectId: userId,
        reason,
        before: { isStaff: !isNowStaff },
        after: { isStaff: isNowStaff },
      },
      now,
    );
    return true;
  });
}
