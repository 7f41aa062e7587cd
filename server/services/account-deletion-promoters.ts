import { eq, or } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventPromoters, promoterListings } from "#server/db/schema";

/**
 * Deleting an account, the promoters part: the events they promote and invitations to their address
 * (their links' clicks go with them; orders those links brought keep their commission rate but no
 * longer name a promoter), and their listing among the top promoters.
 */
export async function deletePromoterRows(tx: Pick<Database, "delete">, userId: string, email: string): Promise<void> {
  await tx.delete(eventPromoters).where(or(eq(eventPromoters.userId, userId), eq(eventPromoters.invitedEmail, email)));
  await tx.delete(promoterListings).where(eq(promoterListings.userId, userId));
}
