import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMeta, privatePageMeta } from "./seo";

const ORIGIN = "https://events.example";

function metaFor(
  root: { language: string; linkedLanguage: string | null },
  page: Partial<Parameters<typeof pageMeta>[1]> = {},
) {
  return pageMeta([{ id: "root", data: { origin: ORIGIN, ...root } }], {
    title: "Jazz | DMV Events",
    description: "An evening of jazz.",
    path: "/events/7",
    ...page,
  });
}

const links = (meta: MetaDescriptor[], rel: string) =>
  meta.filter((tag) => "tagName" in tag && tag.tagName === "link" && tag.rel === rel) as {
    hrefLang?: string;
    href: string;
  }[];
const property = (meta: MetaDescriptor[], name: string) =>
  meta
    .filter((tag) => ("property" in tag && tag.property === name) || ("name" in tag && tag.name === name))
    .map((tag) => (tag as { content: string }).content);

describe("a page's tags for search engines and link previews", () => {
  it("name a ?lang= page as its own canonical, so the four languages do not fold into one", () => {
    for (const language of ["fr", "ar", "am", "en"]) {
      const meta = metaFor({ language, linkedLanguage: language });
      expect(links(meta, "canonical").map((link) => link.href)).toEqual([`${ORIGIN}/events/7?lang=${language}`]);
      expect(property(meta, "og:url")).toEqual([`${ORIGIN}/events/7?lang=${language}`]);
    }
  });

  it("name the address without ?lang= as canonical where the language was negotiated", () => {
    const meta = metaFor({ language: "fr", linkedLanguage: null });
    expect(links(meta, "canonical").map((link) => link.href)).toEqual([`${ORIGIN}/events/7`]);
  });

  it("list every language and x-default as alternates, on pages with a query too", () => {
    const meta = metaFor({ language: "ar", linkedLanguage: "ar" }, { path: "/events?category=music" });
    expect(links(meta, "alternate").map((link) => [link.hrefLang, link.href])).toEqual([
      ["en", `${ORIGIN}/events?category=music&lang=en`],
      ["fr", `${ORIGIN}/events?category=music&lang=fr`],
      ["ar", `${ORIGIN}/events?category=music&lang=ar`],
      ["am", `${ORIGIN}/events?category=music&lang=am`],
      ["x-default", `${ORIGIN}/events?category=music`],
    ]);
    expect(links(meta, "canonical")[0]!.href).toBe(`${ORIGIN}/events?category=music&lang=ar`);
  });

  it("give og:locale with a region in each language, and the others as alternates", () => {
    const locales = { en: "en_US", fr: "fr_FR", ar: "ar_AR", am: "am_ET" };
    for (const [language, locale] of Object.entries(locales)) {
      const meta = metaFor({ language, linkedLanguage: null });
      expect(property(meta, "og:locale")).toEqual([locale]);
      expect(property(meta, "og:locale:alternate").sort()).toEqual(
        Object.values(locales)
          .filter((other) => other !== locale)
          .sort(),
      );
    }
  });

  it("always have an image: the page's own, or the site's picture", () => {
    const own = metaFor(
      { language: "en", linkedLanguage: null },
      { image: { url: "/uploads/e/7-1440.webp", alt: "The stage" } },
    );
    expect(property(own, "og:image")).toEqual([`${ORIGIN}/uploads/e/7-1440.webp`]);
    expect(property(own, "og:image:alt")).toEqual(["The stage"]);
    expect(property(own, "twitter:image")).toEqual([`${ORIGIN}/uploads/e/7-1440.webp`]);

    const site = metaFor({ language: "en", linkedLanguage: null }, { image: null });
    expect(property(site, "og:image")).toEqual([`${ORIGIN}/social-card.png`]);
    expect(property(site, "og:image:width")).toEqual(["1200"]);
    expect(property(site, "og:image:height")).toEqual(["630"]);
    expect(property(site, "twitter:card")).toEqual(["summary_large_image"]);
    expect(property(site, "twitter:image")).toEqual([`${ORIGIN}/social-card.png`]);
  });
});

describe("a private page's tags", () => {
  it("keep it out of search engines, yet preview a shared link with the site's card in the page's language", () => {
    const meta = privatePageMeta([{ id: "root", data: { origin: ORIGIN, language: "fr" } }], "Commande | DMV Events");
    expect(property(meta, "robots")).toEqual(["noindex"]);
    expect(property(meta, "og:image")).toEqual([`${ORIGIN}/social-card.png`]);
    expect(property(meta, "twitter:image")).toEqual([`${ORIGIN}/social-card.png`]);
    expect(property(meta, "og:title")).toEqual(["Commande | DMV Events"]);
    expect(property(meta, "og:locale")).toEqual(["fr_FR"]);
    expect(links(meta, "canonical")).toEqual([]);
  });
});
