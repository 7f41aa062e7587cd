import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { orderAccessTokens } from "#server/db/schema";
import { hashToken, isWellFormedToken, randomToken } from "#server/auth/secrets";

/**
 * A new secret that opens order `orderId` without an account, e.g. for the buyer's browser or for one
 * e-mail's link. Only its hash is stored; the caller puts the token in a link and forgets it.
 */
export async function issueOrderAccessToken(db: Pick<Database, "insert">, orderId: string): Promise<string> {
  const token = randomToken();
  await db.insert(orderAccessTokens).values({ orderId, tokenHash: hashToken(token) });
  return token;
}

/** Whether `token` is one of the secrets issued for order `orderId`. */
export async function isOrderAccessToken(db: Database, orderId: string, token: unknown): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const [row] = await db
    .select({ orderId: orderAccessTokens.orderId })
    .from(orderAccessTokens)
    .where(and(eq(orderAccessTokens.tokenHash, hashToken(token)), eq(orderAccessTokens.orderId, orderId)));
  return row !== undefined;
}
