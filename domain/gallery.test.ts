import { describe, expect, it } from "vitest";
import { checkGalleryAlt, isGalleryOpen, MAX_GALLERY_ALT_LENGTH } from "./gallery";

describe("a gallery photo's description", () => {
  it("is required: missing, empty or only spaces is refused", () => {
    expect(checkGalleryAlt(undefined)).toEqual({ ok: false, problem: "alt_required" });
    expect(checkGalleryAlt("")).toEqual({ ok: false, problem: "alt_required" });
    expect(checkGalleryAlt(" \n\t ")).toEqual({ ok: false, problem: "alt_required" });
  });

  it(`is kept trimmed, with runs of spaces as one, up to ${MAX_GALLERY_ALT_LENGTH} characters`, () => {
    expect(checkGalleryAlt("  The  choir\non stage ")).toEqual({ ok: true, alt: "The choir on stage" });
    expect(checkGalleryAlt("ጀ".repeat(MAX_GALLERY_ALT_LENGTH))).toMatchObject({ ok: true });
    expect(checkGalleryAlt("a".repeat(MAX_GALLERY_ALT_LENGTH + 1))).toEqual({ ok: false, problem: "alt_too_long" });
  });

  it("refuses text no database can store", () => {
    expect(checkGalleryAlt("a\u0000b")).toEqual({ ok: false, problem: "alt_invalid" });
    expect(checkGalleryAlt("a\uD800b")).toEqual({ ok: false, problem: "alt_invalid" });
  });
});

describe("when a gallery takes photos", () => {
  const now = new Date("2026-11-27T20:00:00Z");
  it("opens when the event starts, not a second before, and never for a cancelled or draft event", () => {
    expect(isGalleryOpen({ startsAt: new Date(now.getTime() + 1000), status: "published" }, now)).toBe(false);
    expect(isGalleryOpen({ startsAt: now, status: "published" }, now)).toBe(true);
    expect(isGalleryOpen({ startsAt: new Date("2026-01-01T00:00:00Z"), status: "published" }, now)).toBe(true);
    expect(isGalleryOpen({ startsAt: now, status: "cancelled" }, now)).toBe(false);
    expect(isGalleryOpen({ startsAt: now, status: "draft" }, now)).toBe(false);
  });
});
