/*
 * What stands in for the name of a person who deleted their account (issue 18; decision 015). The
 * rows keep a stable marker, these English words, which the JSON API answers as they are; every page,
 * e-mail and export shows them in its reader's language instead (`deletedNameKey`, then the words of
 * `deletedAccount.*` in the main locale files).
 */

/** The name an organizer's kept events show once their account is deleted. */
export const DELETED_ORGANIZER_NAME = "Former organizer";
/** The buyer's name on an order whose buyer deleted their account. */
export const DELETED_BUYER_NAME = "Deleted account";

const KEYS: ReadonlyMap<string, string> = new Map([
  [DELETED_ORGANIZER_NAME, "deletedAccount.organizer"],
  [DELETED_BUYER_NAME, "deletedAccount.buyer"],
]);

/** The message key of the words to show for a deleted account's stored name, or null for anyone else's name. */
export function deletedNameKey(name: string): string | null {
  return KEYS.get(name) ?? null;
}

/** A stored name as the reader sees it: a deleted account's marker in the reader's words, any other name as written. */
export function shownName(t: (key: string) => string, name: string): string {
  const key = deletedNameKey(name);
  return key ? t(key) : name;
}
