import { PLACES } from "#domain/event-search-options";
import type { MatchmakerAnswers } from "#domain/matchmaker-answers";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { SAMPLE_USERS } from "./sample-data";

/**
 * One sample person who kept their Event Matchmaker answers (issue 20), so /event-matchmaker shows saved
 * answers and their matches on a fresh install: sign in as jasmine.carter@example.com (magic link, read in
 * /dev/mailbox) and open the page without answers in the address.
 */
export const SAMPLE_MATCHMAKER_ANSWERS: { email: string; answers: MatchmakerAnswers } = {
  email: "jasmine.carter@example.com",
  answers: {
    categories: ["music", "food-drink", "arts"],
    when: "this-month",
    maxPriceCents: 3000,
    maxMiles: 10,
    origin: { latitude: PLACES.washington.latitude, longitude: PLACES.washington.longitude },
    languages: [],
    company: "friends",
  },
};

/** Keeps the sample answers for the sample person (by their place in SAMPLE_USERS); returns how many were kept. */
export async function seedSampleMatchmakerAnswers(tx: Pick<Database, "insert">, userIds: string[]): Promise<number> {
  const index = SAMPLE_USERS.findIndex((user) => user.email === SAMPLE_MATCHMAKER_ANSWERS.email);
  const userId = userIds[index];
  if (userId === undefined) return 0;
  await tx.insert(schema.matchmakerAnswers).values({ userId, answers: SAMPLE_MATCHMAKER_ANSWERS.answers });
  return 1;
}
