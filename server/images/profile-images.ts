/**
 * Profile pictures people upload: checked by content (not by name or declared type), re-encoded
 * with sharp to square WebP files in the avatar widths, which drops every byte of the original's
 * metadata (camera, GPS) and anything hidden in it, and stored under the uploads directory.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { MAX_PROFILE_IMAGE_BYTES } from "#domain/profile";
import { AppError } from "#server/errors";
import { AVATAR_WIDTHS, imageFileName } from "./sample-images";

/** Decoding is refused past this many pixels, so a small file cannot unpack into gigabytes (a "bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);
const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;
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
  if (bytes.byteLength > MAX_PROFILE_IMAGE_BYTES) throw refuse("image_too_large");
  // Loaded on first use: the native image library adds about 100 ms to every server start.
  const { default: sharp } = await import("sharp");
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    throw refuse("image_type");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse("image_type");
  const renditions = new Map<number, Buffer>();
  try {
    for (const width of AVATAR_WIDTHS) {
      // rotate() applies the EXIF orientation before the metadata is dropped, so photos stay upright.
      const webp = await input().rotate().resize(width, width, { fit: "cover" }).webp(WEBP_OPTIONS).toBuffer();
      renditions.set(width, webp);
    }
  } catch {
    // A header that parses over a body that does not (truncated or crafted files).
    throw refuse("image_type");
  }
  return renditions;
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
  const key = `${PROFILE_IMAGE_FOLDER}/${userId.toLowerCase()}/${randomBytes(12).toString("hex")}`;
  for (const [width, webp] of renditions) {
    const file = path.join(uploadsDir, imageFileName(key, width));
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, webp);
    await rename(temporary, file);
  }
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
