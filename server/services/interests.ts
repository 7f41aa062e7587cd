import { and, asc, eq } from "drizzle-orm";
import { interestFormSchema, interestInputSchema, type InterestInput } from "#domain/interest-schema";
import type { Database } from "#server/db/client";
import { interests, userInterests } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";

/** An interest the person saved, by key (stable) and English name (what recommendations match on). */
export interface SavedInterest {
  key: string;
  name: string;
}

/** The interests a person saved, in the picker's order. */
export async function listMyInterests(db: Database, actor: Actor): Promise<SavedInterest[]> {
  return db
    .select({ key: interests.key, name: interests.name })
    .from(userInterests)
    .innerJoin(interests, eq(interests.key, userInterests.interest))
    .where(eq(userInterests.userId, actor.userId))
    .orderBy(asc(interests.position));
}

/** Saves an interest; saving one already saved changes nothing (one row per person and interest). */
export async function saveInterest(db: Database, actor: Actor, input: InterestInput): Promise<SavedInterest[]> {
  const { interest } = parseInterest(input);
  return db.transaction(async (tx) => {
    await tx.insert(userInterests).values({ userId: actor.userId, interest }).onConflictDoNothing();
    return listMyInterests(tx, actor);
  });
}

/** Removes an interest; removing one that is not saved changes nothing. */
export async function removeInterest(db: Database, actor: Actor, input: InterestInput): Promise<SavedInterest[]> {
  const { interest } = parseInterest(input);
  return db.transaction(async (tx) => {
    await tx
      .delete(userInterests)
      .where(and(eq(userInterests.userId, actor.userId), eq(userInterests.interest, interest)));
    return listMyInterests(tx, actor);
  });
}

/**
 * What the interest picker's form asks (save or remove one interest), from the home page or the
 * dashboard: fields straight from the form, checked here.
 */
export async function applyInterestChoice(db: Database, actor: Actor, fields: unknown): Promise<SavedInterest[]> {
  const parsed = interestFormSchema.safeParse(fields);
  if (!parsed.success) throw new AppError("invalid", "The interest form is not valid.");
  const { intent, interest } = parsed.data;
  return intent === "save" ? saveInterest(db, actor, { interest }) : removeInterest(db, actor, { interest });
}

function parseInterest(input: InterestInput) {
  const parsed = interestInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid", "No such interest.", { interest: "Unknown interest." });
  return parsed.data;
}
