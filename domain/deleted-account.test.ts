import { describe, expect, it } from "vitest";
import { DELETED_BUYER_NAME, DELETED_ORGANIZER_NAME, deletedNameKey, shownName } from "./deleted-account";

const french = (key: string) =>
  ({ "deletedAccount.organizer": "Ancien organisateur", "deletedAccount.buyer": "Compte supprimé" })[key] ?? key;

describe("a deleted account's name", () => {
  it("is shown in the reader's words, where any other name is shown as written", () => {
    expect(shownName(french, DELETED_ORGANIZER_NAME)).toBe("Ancien organisateur");
    expect(shownName(french, DELETED_BUYER_NAME)).toBe("Compte supprimé");
    expect(shownName(french, "Hana Tesfaye")).toBe("Hana Tesfaye");
    // Only the exact marker: a name that merely contains the words is someone's name.
    expect(deletedNameKey("Former organizer of the choir")).toBeNull();
    expect(deletedNameKey("former organizer")).toBeNull();
  });
});
