/**
 * Sponsor logos staff upload: checked by content (not by name or declared type; SVG, which can carry
 * scripts, is refused), re-encoded with sharp into 2:1 WebP files in the logo widths on a transparent
 * ground (the whole logo is kept, never cropped), which drops the original's metadata and anything
 * hidden in it, and stored under the uploads directory.
 */
import { MAX_SPONSOR_LOGO_BYTES } from "#domain/sponsor";
import { AppError } from "#server/errors";
import { imageFileName, SPONSOR_LOGO_WIDTHS } from "./sample-images";
import { encodeWebpRenditions, storeWebpRenditions } from "./webp-renditions";

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
  const encoded = await encodeWebpRenditions(bytes, {
    maxBytes: MAX_SPONSOR_LOGO_BYTES,
    maxPixels: 40_000_000,
    widths: SPONSOR_LOGO_WIDTHS,
    quality: 85,
    shape: (image, width) => image.resize(width, width / 2, { fit: "contain", background: TRANSPARENT }),
  });
  if (!encoded.ok) throw refuse(encoded.problem === "too_large" ? "logo_too_large" : "logo_type");
  return encoded.renditions;
}

/**
 * Writes the renditions under a new random name (stored files never change, so they can be cached
 * forever) and returns the URL of the largest, as the sponsor's row stores it.
 */
export async function storeSponsorLogo(uploadsDir: string, renditions: Map<number, Buffer>): Promise<string> {
  const key = await storeWebpRenditions(uploadsDir, LOGO_FOLDER, renditions);
  return `/uploads/${imageFileName(key, Math.max(...renditions.keys()))}`;
}
