import {
  avatarImageKey,
  EVENT_IMAGE_WIDTHS,
  eventImageKey,
  imageFileName,
  sponsorLogoKey,
} from "#server/images/sample-images";
import { SAMPLE_BLOG_POSTS, sampleBlogCoverKey } from "./sample-blog";
import { sampleGalleryFiles } from "./sample-gallery";
import { SAMPLE_EVENTS, SAMPLE_SPONSORS, SAMPLE_USERS } from "./sample-data";

/**
 * The sample artwork the sample data refers to, and nothing else. Sample images are rendered on their
 * first request (server/http/uploads.ts); rendering any key a visitor makes up would let anyone fill the
 * disk (issue 16), so only the files named here are ever rendered and stored.
 */

/** The one width the seed stores a sample avatar and a sponsor logo at (profiles, sponsors). */
const AVATAR_WIDTH = 192;
const LOGO_WIDTH = 320;

/** The storage key of the sample event's picture at `position`; events are seeded with ids 1, 2, … */
export function sampleEventImageKey(eventIndex: number, position: 0 | 1 | 2): string {
  return eventImageKey(SAMPLE_EVENTS[eventIndex]!.categoryKey, eventIndex + 1, position);
}

/** The address of sample user `userIndex`'s avatar, as their profile stores it. */
export function sampleAvatarUrl(userIndex: number): string {
  return uploadUrl(avatarImageKey(SAMPLE_USERS[userIndex]!.name, userIndex + 1), AVATAR_WIDTH);
}

/** The address of sample sponsor `sponsorIndex`'s logo, as the sponsor's row stores it. */
export function sampleSponsorLogoUrl(sponsorIndex: number): string {
  return uploadUrl(sponsorLogoKey(SAMPLE_SPONSORS[sponsorIndex]!.name, sponsorIndex + 1), LOGO_WIDTH);
}

export function uploadUrl(key: string, width: number): string {
  return `/uploads/${imageFileName(key, width)}`;
}

let files: ReadonlySet<string> | null = null;

/** Whether `file` (relative to the uploads folder, `sample/…-960.webp`) is sample artwork the sample data uses. */
export function isSampleDataImage(file: string): boolean {
  files ??= new Set([
    ...SAMPLE_EVENTS.flatMap((event, index) =>
      event.imageAlts.flatMap((_alt, position) =>
        EVENT_IMAGE_WIDTHS.map((width) => imageFileName(sampleEventImageKey(index, position as 0 | 1 | 2), width)),
      ),
    ),
    ...SAMPLE_USERS.map((_user, index) => sampleAvatarUrl(index).slice("/uploads/".length)),
    ...SAMPLE_SPONSORS.map((_sponsor, index) => sampleSponsorLogoUrl(index).slice("/uploads/".length)),
    ...SAMPLE_BLOG_POSTS.flatMap((post) =>
      EVENT_IMAGE_WIDTHS.map((width) => imageFileName(sampleBlogCoverKey(post), width)),
    ),
    ...sampleGalleryFiles(),
  ]);
  return files.has(file);
}
