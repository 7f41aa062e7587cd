import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { orderAccessTokens } from "#server/db/schema";
import { hashToken, isWellFormedToken, randomToken } from "#server/auth/secrets";

/**
 * A new secret that opens order `orderId` without an account, e.g. for the buyer's browser or for one
 * e-mail's link. Only its hash is stored; the caller puts the token in a link and forgets it.
 */
export async function issueOrderAccessToken(db: Pick<Database, "insert">, orderId: string): Promise<string> {
  return (await issueOrderAccessTokens(db, [orderId]))[0]!;
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters per statement. */
const ROWS_PER_INSERT = 1_000;

/** issueOrderAccessToken for many orders at once (one statement per thousand): the tokens, in order. */
export async function issueOrderAccessTokens(
  db: Pick<Database, "insert">,
  orderIds: readonly string[],
): Promise<string[]> {
  const tokens = orderIds.map(() => randomToken());
  for (let start = 0; start < orderIds.length; start += ROWS_PER_INSERT) {
    const rows = orderIds
      .slice(start, start + ROWS_PER_INSERT)
      .map((orderId, index) => ({ orderId, tokenHash: hashToken(tokens[start + index]!) }));
    await db.insert(orderAccessTokens).values(rows);
  }
  return tokens;
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
