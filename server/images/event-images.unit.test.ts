import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteEventImageFiles, encodeEventImage, MAX_EVENT_IMAGE_BYTES, storeEventImage } from "./event-images";
import { EVENT_IMAGE_WIDTHS } from "./sample-images";

let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), "event-images-"));
});
afterAll(() => rm(uploadsDir, { recursive: true, force: true }));

/** A portrait phone photo with EXIF that must not survive. */
function portrait() {
  return sharp({ create: { width: 900, height: 1600, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .withMetadata({ exif: { IFD0: { Make: "PhoneMaker", Model: "Secret Phone" } } })
    .png()
    .toBuffer();
}

describe("event pictures", () => {
  it("are cropped to 16:9 WebP in every event width, without the original's metadata", async () => {
    const encoded = await encodeEventImage(await portrait());
    if (!encoded.ok) throw new Error(encoded.problem);
    expect([...encoded.renditions.keys()]).toEqual([...EVENT_IMAGE_WIDTHS]);
    for (const [width, webp] of encoded.renditions) {
      const metadata = await sharp(webp).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height: Math.round((width * 9) / 16) });
      expect(metadata.exif).toBeUndefined();
      expect(webp.includes(Buffer.from("Secret Phone"))).toBe(false);
    }
  });

  it("refuse files over the limit before decoding, and anything that is not a picture", async () => {
    expect(await encodeEventImage(new Uint8Array(MAX_EVENT_IMAGE_BYTES + 1))).toEqual({
      ok: false,
      problem: "image_too_large",
    });
    expect(await encodeEventImage(new TextEncoder().encode("<svg></svg>"))).toEqual({
      ok: false,
      problem: "image_type",
    });
    expect(await encodeEventImage(new Uint8Array(0))).toEqual({ ok: false, problem: "image_type" });
    const truncated = (await portrait()).subarray(0, 200);
    expect(await encodeEventImage(truncated)).toEqual({ ok: false, problem: "image_type" });
  });

  it("are stored under a new key and deleted by it, never touching sample artwork", async () => {
    const encoded = await encodeEventImage(await portrait());
    if (!encoded.ok) throw new Error(encoded.problem);
    const stored = await storeEventImage(uploadsDir, encoded.renditions);
    expect(stored.storageKey).toMatch(/^events\/[0-9a-f]{24}$/);
    expect(stored.widths).toEqual([...EVENT_IMAGE_WIDTHS]);
    expect(await readdir(path.join(uploadsDir, "events"))).toHaveLength(EVENT_IMAGE_WIDTHS.length);
    await deleteEventImageFiles(uploadsDir, "sample/event/music/1/0", [480]);
    await deleteEventImageFiles(uploadsDir, "events/../../etc", [480]);
    await deleteEventImageFiles(uploadsDir, stored.storageKey, stored.widths);
    expect(await readdir(path.join(uploadsDir, "events"))).toEqual([]);
  });
});
