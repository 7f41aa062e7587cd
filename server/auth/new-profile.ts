import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";

const NAME_MAX_LENGTH = 100;

/**
 * The name a new account shows: what the person typed at sign-up (`name`, or a provider's
 * `full_name`), else the part of the address before the @, which they can change on the dashboard.
 */
export function nameForNewAccount(metadata: Record<string, unknown>, email: string): string {
  for (const key of ["name", "full_name"]) {
    const value = metadata[key];
    if (typeof value === "string" && value.trim()) return value.trim().slice(0, NAME_MAX_LENGTH);
  }
  return email.split("@")[0]!.slice(0, NAME_MAX_LENGTH);
}

/** Every account has a profile from its first moment, so the header, /users/{id} and the dashboard agree. */
export async function createProfileForNewAccount(
  tx: Pick<Database, "insert">,
  user: { id: string; email: string; userMetadata: Record<string, unknown> },
  language: Language,
  now: Date,
): Promise<void> {
  await tx
    .insert(profiles)
    .values({
      userId: user.id,
      name: nameForNewAccount(user.userMetadata, user.email),
      preferredLanguage: language,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
