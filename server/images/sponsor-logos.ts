/**
 * Sponsor logos staff upload: checked by content (not by name or declared type; SVG, which can carry
 * scripts, is refused), re-encoded with sharp into 2:1 WebP files in the logo widths on a transparent
 * ground (the whole logo is kept, never cropped), which drops the original's metadata and anything
 * hidden in it, and stored under the uploads directory.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { MAX_SPONSOR_LOGO_BYTES } from "#domain/sponsor";
import { AppError } from "#server/errors";
import { imageFileName, SPONSOR_LOGO_WIDTHS } from "./sample-images";

/** Decoding is refused past this many pixels, so a small file cannot unpack into gigabytes (a "bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);
const WEBP_OPTIONS = { quality: 85, effort: 4 } as const;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const LOGO_FOLDER = "sponsors";

/** Why a logo was refused; the console translates these words (admin.sponsors.errors.logo_*). */
export type SponsorLogoProblem = "logo_too_large" | "logo_type";

function refuse(problem: SponsorLogoProblem): AppError {
  const message =
    problem === "logo_too_large"
      ? `The logo is larger than ${MAX_SPONSOR_LOGO_BYTES / 1024 / 1024} MB.`
      : "The logo is not a JPEG, PNG, WebP, GIF or AVIF image (SVG is not accepted).";
  return new AppError("invalid", message, { logo: problem });
}

/** 2:1 WebP renditions of an uploaded logo, by width; refuses what is too big or not a raster image. */
export async function encodeSponsorLogo(bytes: Uint8Array): Promise<Map<number, Buffer>> {
  if (bytes.byteLength > MAX_SPONSOR_LOGO_BYTES) throw refuse("logo_too_large");
  // Loaded on first use: the native image library adds about 100 ms to every server start.
  const { default: sharp } = await import("sharp");
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    throw refuse("logo_type");
  }
  // sharp reads SVG too; a logo in it is refused rather than rendered on the server.
  if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse("logo_type");
  const renditions = new Map<number, Buffer>();
  try {
    for (const width of SPONSOR_LOGO_WIDTHS) {
      const webp = await input()
        .rotate()
        .resize(width, width / 2, { fit: "contain", background: TRANSPARENT })
        .webp(WEBP_OPTIONS)
        .toBuffer();
      renditions.set(width, webp);
    }
  } catch {
    // A header that parses over a body that does not (truncated or crafted files).
    throw refuse("logo_type");
  }
  return renditions;
}

/**
 * Writes the renditions under a new random name (stored files never change, so they can be cached
 * forever) and returns the URL of the largest, as the sponsor's row stores it.
 */
export async function storeSponsorLogo(uploadsDir: string, renditions: Map<number, Buffer>): Promise<string> {
  const key = `${LOGO_FOLDER}/${randomBytes(12).toString("hex")}`;
  for (const [width, webp] of renditions) {
    const file = path.join(uploadsDir, imageFileName(key, width));
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, webp);
    await rename(temporary, file);
  }
  return `/uploads/${imageFileName(key, Math.max(...renditions.keys()))}`;
}
