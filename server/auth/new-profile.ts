import type { Language } from "#domain/language";
import { UNNAMED_MEMBER_NAME } from "#domain/profile";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";

const NAME_MAX_LENGTH = 100;

/**
 * The name a new account shows: what the person typed at sign-up (`name`, or a provider's
 * `full_name`), else the word for "Member" in `language`, which they can change on the dashboard.
 * Never any part of the address: the name is public, the address is not.
 */
export function nameForNewAccount(metadata: Record<string, unknown>, language: Language): string {
  return typedName(metadata) ?? UNNAMED_MEMBER_NAME[language];
}

/** The name typed at sign-up (`name`, or a provider's `full_name`), if any. */
export function typedName(metadata: Record<string, unknown>): string | null {
  for (const key of ["name", "full_name"]) {
    const value = metadata[key];
    if (typeof value === "string" && value.trim()) return value.trim().slice(0, NAME_MAX_LENGTH);
  }
  return null;
}

/**
 * The sign-up's user_metadata key saying "send me the weekly digest" (the sign-up form's box, unticked
 * by default; `receives_digest: true` in POST /auth/v1/signup's `data`). Anything else leaves it off.
 */
export const DIGEST_CONSENT_KEY = "receives_digest";

export function asksForDigest(metadata: Record<string, unknown>): boolean {
  return metadata[DIGEST_CONSENT_KEY] === true;
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
      name: nameForNewAccount(user.userMetadata, language),
      preferredLanguage: language,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
