import { describe, it, expect, vi, beforeAll, afterAll } from "vitest";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  AVATAR_WIDTHS,
  EVENT_IMAGE_WIDTHS,
  SPONSOR_LOGO_WIDTHS,
  avatarImageKey,
  ensureSampleImage,
  eventImageKey,
  imageFileName,
  parseSampleImageKey,
  sponsorLogoKey,
  sponsorSlug,
} from "./sample-images";

// Counts how many SVG renders start, to prove that concurrent requests share one render.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const actual = await importOriginal<typeof import("sharp")>();
  const counted = ((input?: unknown, options?: unknown) => {
    if (Buffer.isBuffer(input)) renders.count++;
    return actual.default(input as never, options as never);
  }) as typeof actual.default;
  return { default: counted };
});

let uploadsDir = "";

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "sample-images-"));
});

afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("sample image keys", () => {
  it("builds event, avatar and sponsor keys in the documented shapes", () => {
    expect(eventImageKey("food-drink", 12, 2)).toBe("sample/event/food-drink/12/2");
    expect(avatarImageKey("Ana María López", 5)).toBe("sample/avatar/5/AL");
    expect(avatarImageKey("Madonna", 5)).toBe("sample/avatar/5/M");
    expect(avatarImageKey("!!!", 5)).toBe("sample/avatar/5");
    expect(sponsorLogoKey("Café Ñandú & Sons, LLC", 8)).toBe("sample/sponsor/8/cafe-nandu-sons-llc");
  });

  it("parses every key it builds back into the same image", () => {
    expect(parseSampleImageKey(eventImageKey("music", 3, 1))).toEqual({
      kind: "event",
      categoryKey: "music",
      seed: 3,
      variant: 1,
    });
    expect(parseSampleImageKey(avatarImageKey("Émile Zola", 0))).toEqual({ kind: "avatar", seed: 0, initials: "ÉZ" });
    expect(parseSampleImageKey(avatarImageKey("ليلى حداد", 6))).toEqual({ kind: "avatar", seed: 6, initials: "لح" });
    expect(parseSampleImageKey(avatarImageKey("", 6))).toEqual({ kind: "avatar", seed: 6, initials: "" });
    expect(parseSampleImageKey(sponsorLogoKey("Potomac Credit Union", 7))).toEqual({
      kind: "sponsor",
      seed: 7,
      slug: "potomac-credit-union",
    });
  });

  it("refuses seeds that are not whole numbers from 0 to 999999999 when building keys", () => {
    expect(() => eventImageKey("music", 1.5, 0)).toThrow(RangeError);
    expect(() => avatarImageKey("A B", -1)).toThrow(RangeError);
    expect(() => sponsorLogoKey("Acme", Number.NaN)).toThrow(RangeError);
  });

  it("keeps sponsor slugs short, ending on a content word, and never empty", () => {
    const slug = sponsorSlug("The Greater Washington Metropolitan Chamber Of Commerce And Industry Foundation");
    expect(slug).toBe("the-greater-washington-metropolitan-chamber");
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(sponsorSlug("★★★")).toBe("sponsor");
  });

  it("rejects path traversal and anything outside the sample namespace", () => {
    for (const key of [
      "../x",
      "sample/../x",
      "sample/event/../../etc/1/0",
      "sample/event/music/1/..",
      "/sample/event/music/1/0",
      "uploads/event/music/1/0",
      "",
    ]) {
      expect(parseSampleImageKey(key)).toBeNull();
    }
  });

  it("rejects unknown categories, bad seeds, bad variants and extra segments in event keys", () => {
    const invalid = [
      "sample/event/opera/1/0",
      "sample/event/Music/1/0",
      "sample/event/music/1.5/0",
      "sample/event/music/-1/0",
      "sample/event/music/01/0",
      "sample/event/music/1e3/0",
      "sample/event/music/1234567890/0",
      "sample/event/music/1/3",
      "sample/event/music/1/",
      "sample/event/music/1",
      "sample/event/music/1/0/extra",
      "sample/event/music/1/0/",
      "sample/poster/music/1/0",
    ];
    for (const key of invalid) expect(parseSampleImageKey(key), key).toBeNull();
  });

  it("rejects avatar initials that are not one or two canonical letters", () => {
    for (const key of [
      "sample/avatar/1/ab",
      "sample/avatar/1/ABC",
      "sample/avatar/1/A1",
      "sample/avatar/1/%41",
      "sample/avatar/1/A.",
      "sample/avatar/1/",
      "sample/avatar/1/A/B",
      "sample/avatar/x/AB",
    ]) {
      expect(parseSampleImageKey(key), key).toBeNull();
    }
  });

  it("rejects sponsor slugs that are not lowercase hyphenated words", () => {
    for (const key of [
      "sample/sponsor/1/Acme",
      "sample/sponsor/1/acme--co",
      "sample/sponsor/1/-acme",
      "sample/sponsor/1/acme_co",
      "sample/sponsor/1",
      `sample/sponsor/1/${"a".repeat(49)}`,
    ]) {
      expect(parseSampleImageKey(key), key).toBeNull();
    }
  });

  it("names the file after the key and the width", () => {
    expect(imageFileName("sample/event/music/1/0", 960)).toBe("sample/event/music/1/0-960.webp");
  });
});

describe("ensureSampleImage", () => {
  it("writes a real WebP at each event width with a 16:9 height", async () => {
    for (const width of EVENT_IMAGE_WIDTHS) {
      const file = await ensureSampleImage(uploadsDir, eventImageKey("technology", 11, 0), width);
      expect(file).toBe(path.join(uploadsDir, `sample/event/technology/11/0-${width}.webp`));
      const meta = await sharp(file ?? "").metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe((width * 9) / 16);
    }
  });

  it("writes square avatars and 2:1 sponsor logos at their widths", async () => {
    for (const width of AVATAR_WIDTHS) {
      const meta = await sharp(
        (await ensureSampleImage(uploadsDir, avatarImageKey("Jordan Lee", 2), width)) ?? "",
      ).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width]);
    }
    for (const width of SPONSOR_LOGO_WIDTHS) {
      const meta = await sharp(
        (await ensureSampleImage(uploadsDir, sponsorLogoKey("Potomac Credit Union", 2), width)) ?? "",
      ).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width / 2]);
    }
  });

  it("returns an absolute path even when the uploads directory is relative", async () => {
    const relative = path.relative(process.cwd(), uploadsDir);
    const file = await ensureSampleImage(relative, eventImageKey("arts", 1, 0), 480);
    expect(file).toBe(path.join(uploadsDir, "sample/event/arts/1/0-480.webp"));
  });

  it("returns the existing file on a second call without rendering again", async () => {
    const key = eventImageKey("music", 21, 1);
    const first = await ensureSampleImage(uploadsDir, key, 960);
    const before = await stat(first ?? "");
    renders.count = 0;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await ensureSampleImage(uploadsDir, key, 960);
    expect(second).toBe(first);
    expect((await stat(second ?? "")).mtimeMs).toBe(before.mtimeMs);
    expect(renders.count).toBe(0);
  });

  it("shares one render between concurrent requests for the same file and leaves no temp files", async () => {
    renders.count = 0;
    const key = eventImageKey("party", 5, 2);
    const results = await Promise.all(Array.from({ length: 8 }, () => ensureSampleImage(uploadsDir, key, 1440)));
    expect(new Set(results).size).toBe(1);
    expect(renders.count).toBe(1);
    expect((await allFiles(uploadsDir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("returns null for invalid keys and for widths that kind does not offer", async () => {
    expect(await ensureSampleImage(uploadsDir, "../x", 480)).toBeNull();
    expect(await ensureSampleImage(uploadsDir, "sample/event/opera/1/0", 480)).toBeNull();
    expect(await ensureSampleImage(uploadsDir, eventImageKey("music", 1, 0), 500)).toBeNull();
    expect(await ensureSampleImage(uploadsDir, eventImageKey("music", 1, 0), 96)).toBeNull();
    expect(await ensureSampleImage(uploadsDir, avatarImageKey("Jordan Lee", 1), 480)).toBeNull();
    expect(await ensureSampleImage(uploadsDir, sponsorLogoKey("Acme", 1), 960)).toBeNull();
  });

  it("keeps long sponsor names inside the logo when rendered", async () => {
    // Detects overflow from the real font: the outermost pixel columns must stay background white.
    for (const name of [
      "The Greater Washington Metropolitan Chamber Of Commerce",
      "Wwwwwwwwwwww Mmmmmmmmmmmm",
      "Momo",
    ]) {
      const file = await ensureSampleImage(uploadsDir, sponsorLogoKey(name, 4), 320);
      const { data, info } = await sharp(file ?? "")
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (let y = 0; y < info.height; y++) {
        for (const x of [0, 1, info.width - 2, info.width - 1]) {
          expect(data[y * info.width + x], `${name} at ${x},${y}`).toBeGreaterThan(235);
        }
      }
    }
  });
});
