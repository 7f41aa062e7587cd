/**
 * What every uploaded picture goes through (event pictures, profile pictures, sponsor logos, blog
 * covers): checked by content, never by name or declared type; refused past a size in bytes and in
 * pixels (so a small file cannot unpack into gigabytes, a "bomb"); re-encoded with sharp into WebP
 * renditions, which drops every byte of the original's metadata (camera, GPS) and anything hidden in it;
 * written under a name that never changes, so the files can be cached forever.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Sharp, SharpConstructor } from "sharp";
import { imageFileName } from "./sample-images";

/** Raster formats only: sharp reads SVG too, which can carry scripts and is never rendered here. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);

export type UploadProblem = "too_large" | "type";

export type Renditions = { ok: true; renditions: Map<number, Buffer> } | { ok: false; problem: UploadProblem };

export interface RenditionRules {
  maxBytes: number;
  maxPixels: number;
  widths: readonly number[];
  quality: number;
  /** The picture at one width (crop or fit); the image is already turned upright. */
  shape: (image: Sharp, width: number, sharp: SharpConstructor) => Sharp;
}

/** The WebP renditions of an upload, by width, or why it cannot be one. */
export async function encodeWebpRenditions(bytes: Uint8Array, rules: RenditionRules): Promise<Renditions> {
  if (bytes.byteLength > rules.maxBytes) return { ok: false, problem: "too_large" };
  if (bytes.byteLength === 0) return { ok: false, problem: "type" };
  // Loaded on first use: the native image library adds about 100 ms to every server start.
  const { default: sharp } = await import("sharp");
  const input = () => sharp(bytes, { limitInputPixels: rules.maxPixels, failOn: "error" });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    return { ok: false, problem: "type" };
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, problem: "type" };
  const renditions = new Map<number, Buffer>();
  try {
    for (const width of rules.widths) {
      // rotate() applies the EXIF orientation before the metadata is dropped, so photos stay upright.
      const webp = await rules
        .shape(input().rotate(), width, sharp)
        .webp({ quality: rules.quality, effort: 4 })
        .toBuffer();
      renditions.set(width, webp);
    }
  } catch {
    // A header that parses over a body that does not (truncated or crafted files).
    return { ok: false, problem: "type" };
  }
  return { ok: true, renditions };
}

/**
 * Writes the renditions as `${folder}/${random key}-${width}.webp` under the uploads directory, each
 * through a temporary file so a reader never sees half of one, and returns the key.
 */
export async function storeWebpRenditions(
  uploadsDir: string,
  folder: string,
  renditions: Map<number, Buffer>,
): Promise<string> {
  const key = `${folder}/${randomBytes(12).toString("hex")}`;
  for (const [width, webp] of renditions) {
    const file = path.join(uploadsDir, imageFileName(key, width));
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, webp);
    await rename(temporary, file);
  }
  return key;
}
