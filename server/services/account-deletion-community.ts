import { eq, or } from "drizzle-orm";
import type { Database } from "#server/db/client";
import {
  badgeAwards,
  eventSaves,
  galleryPhotos,
  notifications,
  organizerFollows,
  reviewHelpfulVotes,
  reviews,
  shareLinks,
} from "#server/db/schema";

/**
 * Deleting an account, the community part: what they saved and followed (and who followed them), their
 * reviews and helpful votes, gallery photos, share links (with the visits they counted), badges and
 * notifications. Answers the photos' stored images, for their files to go once the rows are gone.
 * An organizer's account row outlives them (their events stay), so nothing here may rely on cascades.
 * Answers they wrote to reviews of their events stay with the review, unsigned.
 */
export async function deleteCommunityRows(tx: Pick<Database, "delete" | "update">, userId: string): Promise<string[]> {
  await tx.delete(eventSaves).where(eq(eventSaves.userId, userId));
  await tx
    .delete(organizerFollows)
    .where(or(eq(organizerFollows.followerId, userId), eq(organizerFollows.organizerId, userId)));
  await tx.delete(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.userId, userId));
  await tx.delete(reviews).where(eq(reviews.authorId, userId));
  await tx.update(reviews).set({ answeredBy: null }).where(eq(reviews.answeredBy, userId));
  await tx.delete(shareLinks).where(eq(shareLinks.userId, userId));
  await tx.delete(badgeAwards).where(eq(badgeAwards.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  const photos = await tx
    .delete(galleryPhotos)
    .where(eq(galleryPhotos.authorId, userId))
    .returning({ image: galleryPhotos.image });
  return photos.map((photo) => photo.image);
}
