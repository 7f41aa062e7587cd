import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { isSampleDataImage } from "#server/db/seed/sample-image-files";
import { ensureSampleImage } from "#server/images/sample-images";

const UPLOAD_PATH = /^\/uploads\/((?:[a-z0-9-]+\/)*[A-Za-z0-9._-]+)$/;
const SAMPLE_FILE = /^(sample\/.+)-(\d+)\.webp$/;
const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp", ".mp4": "video/mp4", ".webm": "video/webm" };

/**
 * Files under the uploads folder. Sample artwork is rendered the first time it is asked for and
 * kept on disk, which keeps the first start fast (rendering all of it takes longer than seeding).
 * Only the artwork the sample data refers to: any other sample address is a 404 that writes nothing,
 * or anyone could fill the disk by asking for made-up numbers.
 */
export function serveUploads(uploadsDir: string) {
  return async (c: Context) => {
    const match = UPLOAD_PATH.exec(c.req.path);
    const relative = match?.[1];
    const contentType = relative ? CONTENT_TYPES[path.extname(relative)] : undefined;
    if (!relative || !contentType || relative.includes("..")) return c.notFound();

    let file: string | null = path.join(uploadsDir, relative);
    if (!(await isFile(file))) {
      const sample = SAMPLE_FILE.exec(relative);
      file =
        sample && isSampleDataImage(relative)
          ? await ensureSampleImage(uploadsDir, sample[1]!, Number(sample[2]))
          : null;
      if (!file) return c.notFound();
    }
    const { size } = await stat(file);
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(size),
        // A stored file's name never gets new content (a changed picture is saved under a new name).
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
