import { describe, expect, it } from "vitest";
import {
  blogPostInputSchema,
  blogVersionInputSchema,
  chooseVersion,
  isPublicPost,
  normalizeTags,
  pageCount,
  pageNumber,
  parsePublishAt,
  postState,
  slugify,
  toLocalInput,
  uniqueSlug,
} from "./blog";

const now = new Date("2026-11-27T12:00:00Z");

describe("slugify", () => {
  it("makes lowercase ASCII words joined by hyphens, accents folded", () => {
    expect(slugify("Your First Event: 7 Tips!")).toBe("your-first-event-7-tips");
    expect(slugify("  Fête de la Musique à DC  ")).toBe("fete-de-la-musique-a-dc");
  });
  it("gives nothing for a title without Latin letters or digits", () => {
    expect(slugify("مهرجان الخريف")).toBe("");
    expect(slugify("የበዓል ዝግጅቶች")).toBe("");
  });
  it("cuts long titles at a hyphen", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("uniqueSlug", () => {
  it("numbers a slug that is taken", () => {
    expect(uniqueSlug("winter-guide", new Set())).toBe("winter-guide");
    expect(uniqueSlug("winter-guide", new Set(["winter-guide", "winter-guide-2"]))).toBe("winter-guide-3");
    expect(uniqueSlug("", new Set())).toBe("post");
  });
});

describe("isPublicPost", () => {
  it("is public only when published and its time has come", () => {
    expect(isPublicPost({ status: "published", publishAt: new Date("2026-11-27T11:59:59Z") }, now)).toBe(true);
    expect(isPublicPost({ status: "published", publishAt: now }, now)).toBe(true);
    expect(isPublicPost({ status: "published", publishAt: new Date("2026-11-27T12:00:01Z") }, now)).toBe(false);
    expect(isPublicPost({ status: "draft", publishAt: new Date("2026-01-01T00:00:00Z") }, now)).toBe(false);
    expect(isPublicPost({ status: "published", publishAt: null }, now)).toBe(false);
  });
  it("names the state staff see", () => {
    expect(postState({ status: "draft", publishAt: null }, now)).toBe("draft");
    expect(postState({ status: "published", publishAt: new Date("2026-12-01T00:00:00Z") }, now)).toBe("scheduled");
    expect(postState({ status: "published", publishAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe("published");
  });
});

describe("chooseVersion", () => {
  const versions = [
    { language: "en" as const, title: "Hello" },
    { language: "fr" as const, title: "Bonjour" },
  ];
  it("gives the reader's language when the post has it", () => {
    expect(chooseVersion(versions, "fr", "en")).toEqual({ version: versions[1], translated: true });
  });
  it("falls back to the original language, marked as not the reader's", () => {
    expect(chooseVersion(versions, "ar", "en")).toEqual({ version: versions[0], translated: false });
    expect(chooseVersion(versions, "am", "fr")).toEqual({ version: versions[1], translated: false });
  });
  it("gives nothing for a post without words", () => {
    expect(chooseVersion([], "en", "en")).toBeNull();
  });
});

describe("tags and pages", () => {
  it("normalizes tags: lowercase, hyphenated, without repeats", () => {
    expect(normalizeTags("DMV, Festivals , festivals,, first timers")).toEqual(["dmv", "festivals", "first-timers"]);
  });
  it("reads page numbers strictly", () => {
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber("0")).toBe(1);
    expect(pageNumber("-2")).toBe(1);
    expect(pageNumber("2.5")).toBe(1);
    expect(pageNumber(null)).toBe(1);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(21)).toBe(3);
  });
});

describe("input", () => {
  it("refuses an empty title, and too many or malformed tags", () => {
    const version = blogVersionInputSchema.safeParse({ title: "  ", summary: "s", body: "b" });
    expect(version.success).toBe(false);
    expect(version.error?.issues[0]?.message).toBe("required");
    const tags = blogPostInputSchema.safeParse({
      slug: "",
      originalLanguage: "en",
      tags: ["a<b>"],
      coverAlt: "",
    });
    expect(tags.error?.issues[0]?.message).toBe("tag_invalid");
    const slug = blogPostInputSchema.safeParse({ slug: "Not A Slug", originalLanguage: "en", tags: [], coverAlt: "" });
    expect(slug.error?.issues[0]?.message).toBe("slug_invalid");
  });
  it("accepts tags in any script", () => {
    const parsed = blogPostInputSchema.parse({
      slug: "",
      originalLanguage: "ar",
      tags: ["مهرجان", "DC"],
      coverAlt: "",
    });
    expect(parsed.tags).toEqual(["مهرجان", "dc"]);
  });
});

describe("parsePublishAt", () => {
  it("reads a form's local time on Washington's clocks", () => {
    expect(parsePublishAt("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(parsePublishAt("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(toLocalInput(new Date("2026-12-01T14:00:00.000Z"))).toBe("2026-12-01T09:00");
  });
  it("reads an ISO instant", () => {
    expect(parsePublishAt("2026-12-01T09:00:00Z")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });
  it("refuses days and times that do not exist", () => {
    expect(parsePublishAt("2026-02-30T10:00")).toBeNull();
    expect(parsePublishAt("2026-12-01T25:00")).toBeNull();
    expect(parsePublishAt("tomorrow")).toBeNull();
    expect(parsePublishAt("")).toBeNull();
  });
  it("refuses moments outside the years an event can take place in, which the database may not store", () => {
    expect(parsePublishAt("0000-01-01T00:00:00Z")).toBeNull();
    expect(parsePublishAt("1999-12-31T12:00")).toBeNull();
    expect(parsePublishAt("2101-01-01T12:00:00Z")).toBeNull();
    expect(parsePublishAt("2000-01-01T12:00:00Z")?.toISOString()).toBe("2000-01-01T12:00:00.000Z");
    expect(parsePublishAt("2100-12-31T09:00")?.toISOString()).toBe("2100-12-31T14:00:00.000Z");
  });
});
