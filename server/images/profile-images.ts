/**
 * Profile pictures people upload: checked by content (not by name or declared type), re-encoded
 * with sharp to square WebP files in the avatar widths, which drops every byte of the original's
 * metadata (camera, GPS) and anything hidden in it, and stored under the uploads directory.
 */
import { readdir, unlink } from "node:fs/promises";
import path from "node:path";
import { MAX_PROFILE_IMAGE_BYTES } from "#domain/profile";
import { AppError } from "#server/errors";
import { AVATAR_WIDTHS, imageFileName } from "./sample-images";
import { encodeWebpRenditions, storeWebpRenditions } from "./webp-renditions";

/** Where each person's pictures live, relative to the uploads directory: one folder per user id. */
const PROFILE_IMAGE_FOLDER = "profiles";

/** Why a picture was refused; the dashboard translates these words. */
export type ProfileImageProblem = "image_too_large" | "image_type";

function refuse(problem: ProfileImageProblem): AppError {
  const message =
    problem === "image_too_large"
      ? `The picture is larger than ${MAX_PROFILE_IMAGE_BYTES / 1024 / 1024} MB.`
      : "The picture is not a JPEG, PNG, WebP, GIF or AVIF image.";
  return new AppError("invalid", message, { profileImage: problem });
}

/** Square WebP renditions of an uploaded picture, by width; refuses what is too big or not an image. */
export async function encodeProfileImage(bytes: Uint8Array): Promise<Map<number, Buffer>> {
  const encoded = await encodeWebpRenditions(bytes, {
    maxBytes: MAX_PROFILE_IMAGE_BYTES,
    maxPixels: 40_000_000,
    widths: AVATAR_WIDTHS,
    quality: 80,
    shape: (image, width) => image.resize(width, width, { fit: "cover" }),
  });
  if (!encoded.ok) throw refuse(encoded.problem === "too_large" ? "image_too_large" : "image_type");
  return encoded.renditions;
}

/**
 * Writes the renditions under a new random name (stored files never change, so they can be cached
 * forever) and returns the URL of the largest, as profiles store it.
 */
export async function storeProfileImage(
  uploadsDir: string,
  userId: string,
  renditions: Map<number, Buffer>,
): Promise<string> {
  const key = await storeWebpRenditions(uploadsDir, `${PROFILE_IMAGE_FOLDER}/${userId.toLowerCase()}`, renditions);
  return `/uploads/${imageFileName(key, Math.max(...renditions.keys()))}`;
}

/**
 * Deletes the files of one stored picture of a person's (one it no longer shows, or one never saved);
 * an address outside their folder (sample artwork) is left alone, and a failure only leaves files behind.
 */
export async function deleteProfileImage(uploadsDir: string, userId: string, url: string | null) {
  const folder = `/uploads/${PROFILE_IMAGE_FOLDER}/${userId.toLowerCase()}/`;
  const stem = url?.startsWith(folder) ? /^([0-9a-f]+)-\d+\.webp$/.exec(url.slice(folder.length))?.[1] : undefined;
  if (!stem) return;
  const directory = path.join(uploadsDir, PROFILE_IMAGE_FOLDER, userId.toLowerCase());
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${stem}-`))
      .map((name) => unlink(path.join(directory, name)).catch(() => {})),
  );
}
