import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";

/**
 * The sample site's staff member, so the console (/admin) can be tried on a fresh install: sign in
 * as admin@example.com by magic link and read the link in /dev/mailbox. example.com receives no mail,
 * so nobody can take this account over on a site that sends real e-mail.
 */
export const SAMPLE_STAFF = {
  email: "admin@example.com",
  name: "Hana Bekele",
  organization: "DMV Events",
  bio: "Keeps DMV Events running: answers messages, reviews reports and writes the blog.",
  location: "Washington, DC",
} as const;

type Tx = Pick<Database, "insert">;

export async function seedSampleStaff(tx: Tx, now: Date): Promise<void> {
  const [user] = await tx
    .insert(schema.users)
    .values({ email: SAMPLE_STAFF.email, emailConfirmedAt: now })
    .returning({ id: schema.users.id });
  const userId = user!.id;
  await tx.insert(schema.identities).values({
    userId,
    provider: "email",
    providerId: userId,
    identityData: { sub: userId, email: SAMPLE_STAFF.email, email_verified: true, phone_verified: false },
  });
  await tx.insert(schema.profiles).values({
    userId,
    name: SAMPLE_STAFF.name,
    organization: SAMPLE_STAFF.organization,
    bio: SAMPLE_STAFF.bio,
    location: SAMPLE_STAFF.location,
  });
  await tx.insert(schema.staffMembers).values({ userId, grantedAt: now });
}
