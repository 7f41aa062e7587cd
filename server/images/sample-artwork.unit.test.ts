import sharp from "sharp";
import { describe, it, expect } from "vitest";
import { CATEGORIES, type CategoryKey } from "#domain/catalog";
import { SAMPLE_EVENTS } from "#server/db/seed/sample-data";
import {
  avatarSvg,
  avatarSvgForInitials,
  emWidth,
  escapeXml,
  eventArtworkSvg,
  nameInitials,
  sponsorLogoSvg,
} from "./sample-artwork";
import { renderSampleImage } from "./sample-images";

const VARIANTS = [0, 1, 2] as const;
const SHAPE_TAGS = /<(rect|circle|ellipse|path|line|polyline|polygon|text)\b/g;

describe("eventArtworkSvg", () => {
  it("returns the identical SVG for the same category, seed and variant", () => {
    for (const { key } of CATEGORIES) {
      expect(eventArtworkSvg(key, 42, 1)).toBe(eventArtworkSvg(key, 42, 1));
    }
  });

  it("gives each of the 15 categories a different SVG for the same seed", () => {
    const svgs = CATEGORIES.map(({ key }) => eventArtworkSvg(key, 7, 0));
    expect(new Set(svgs).size).toBe(15);
  });

  it("gives each category its own background colours", () => {
    const firstStops = CATEGORIES.map(
      ({ key }) => eventArtworkSvg(key, 7, 0).match(/stop-color="(#[0-9a-f]{6})"/)?.[1],
    );
    expect(new Set(firstStops).size).toBe(15);
  });

  it("makes the three variants of one event differ from each other", () => {
    for (const { key } of CATEGORIES) {
      const variants = VARIANTS.map((variant) => eventArtworkSvg(key, 3, variant));
      expect(new Set(variants).size).toBe(3);
    }
  });

  it("makes different seeds give different artwork", () => {
    expect(eventArtworkSvg("music", 1, 0)).not.toBe(eventArtworkSvg("music", 2, 0));
  });

  it("draws a 16:9 viewBox without a fixed pixel size so the renderer can choose one", () => {
    const svg = eventArtworkSvg("party", 5, 2);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900">')).toBe(true);
    expect(svg).not.toMatch(/<svg[^>]*\swidth=/);
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("stays cheap to rasterise: no filters, at most two gradients and 25 shapes, and no text", () => {
    for (const { key } of CATEGORIES) {
      for (let seed = 0; seed < 20; seed++) {
        for (const variant of VARIANTS) {
          const svg = eventArtworkSvg(key, seed, variant);
          expect(svg).not.toMatch(/<filter|feGaussianBlur|<text|<image/);
          expect((svg.match(/<(linear|radial)Gradient\b/g) ?? []).length).toBeLessThanOrEqual(2);
          expect((svg.match(SHAPE_TAGS) ?? []).length).toBeLessThanOrEqual(25);
        }
      }
    }
  });

  it("never emits NaN or Infinity into coordinates, even for large seeds", () => {
    for (const seed of [0, 1, 999_999_999]) {
      for (const { key } of CATEGORIES) expect(eventArtworkSvg(key, seed, 2)).not.toMatch(/NaN|Infinity|undefined/);
    }
  });
});

// Renders every sample event's three pictures: slow on a busy machine.
describe("the sample events' pictures, as a visitor sees them", { timeout: 30_000 }, () => {
  /**
   * How different two pictures look: the mean difference per colour channel (0–255) of 16×9
   * thumbnails, which keep the colours and the layout and lose the small details. The artwork that
   * gave every event of a category "the same illustration" scored 4–16 between two events.
   */
  const LOOKS_DIFFERENT = 20;
  const thumbnails = new Map<string, Promise<Buffer>>();
  function thumbnail(categoryKey: CategoryKey, seed: number, variant: 0 | 1 | 2): Promise<Buffer> {
    const key = `${categoryKey}/${seed}/${variant}`;
    if (!thumbnails.has(key)) {
      // Small, to keep the test quick; the thumbnail loses the detail anyway.
      const rendered = renderSampleImage({ kind: "event", categoryKey, seed, variant }, 160);
      thumbnails.set(
        key,
        rendered.then((webp) => sharp(webp).resize(16, 9, { fit: "fill" }).raw().toBuffer()),
      );
    }
    return thumbnails.get(key)!;
  }
  function difference(a: Buffer, b: Buffer): number {
    let total = 0;
    for (let i = 0; i < a.length; i++) total += Math.abs(a[i]! - b[i]!);
    return total / a.length;
  }
  const events = SAMPLE_EVENTS.map((event, index) => ({ id: index + 1, categoryKey: event.categoryKey }));

  it("look different for every two events of one category (cards, 'More events like this')", async () => {
    const alike: string[] = [];
    for (const first of events) {
      for (const second of events) {
        if (second.id <= first.id || second.categoryKey !== first.categoryKey) continue;
        const score = difference(
          await thumbnail(first.categoryKey, first.id, 0),
          await thumbnail(second.categoryKey, second.id, 0),
        );
        if (score < LOOKS_DIFFERENT) alike.push(`${first.categoryKey} ${first.id} and ${second.id}: ${score}`);
      }
    }
    expect(alike).toEqual([]);
  });

  it("make three different pictures of each event's gallery", async () => {
    const alike: string[] = [];
    for (const { id, categoryKey } of events) {
      const pictures = await Promise.all(VARIANTS.map((variant) => thumbnail(categoryKey, id, variant)));
      for (const [a, b] of [
        [0, 1],
        [1, 2],
        [0, 2],
      ] as const) {
        const score = difference(pictures[a]!, pictures[b]!);
        if (score < LOOKS_DIFFERENT) alike.push(`event ${id}, pictures ${a} and ${b}: ${score}`);
      }
    }
    expect(alike).toEqual([]);
  });

  it("render byte for byte the same picture each time, so the files can be cached for good", async () => {
    const image = { kind: "event", categoryKey: "music", seed: 21, variant: 1 } as const;
    expect((await renderSampleImage(image, 480)).equals(await renderSampleImage(image, 480))).toBe(true);
    expect(eventArtworkSvg("music", 21, 1)).toBe(eventArtworkSvg("music", 21, 1));
  });
});

describe("nameInitials", () => {
  it("takes the first letter of the first and last words, upper-cased", () => {
    expect(nameInitials("ana maría lópez")).toBe("AL");
    expect(nameInitials("Prince")).toBe("P");
    expect(nameInitials("  Émile   Zola  ")).toBe("ÉZ");
  });

  it("skips punctuation so that only letters become initials", () => {
    expect(nameInitials("<script> & Co")).toBe("SC");
    expect(nameInitials("123 !!")).toBe("");
  });
});

describe("avatarSvg", () => {
  it("returns the identical SVG for the same name and seed", () => {
    expect(avatarSvg("Jordan Lee", 4)).toBe(avatarSvg("Jordan Lee", 4));
  });

  it("shows the initials in bold white Noto Sans on a square canvas", () => {
    const svg = avatarSvg("Jordan Lee", 4);
    expect(svg).toContain('viewBox="0 0 256 256"');
    expect(svg).toContain(">JL</text>");
    expect(svg).toContain('font-family="Noto Sans, Arial, sans-serif"');
    expect(svg).toContain('font-weight="700"');
    expect(svg).toContain('fill="#ffffff"');
  });

  it("produces no raw markup from a hostile name", () => {
    const svg = avatarSvg("<script> & Co", 1);
    expect(svg).not.toContain("<script");
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("escapes whatever initials it is given", () => {
    const svg = avatarSvgForInitials("<&", 1);
    expect(svg).toContain("&lt;&amp;</text>");
  });

  it("draws a person glyph instead of text when the name has no letters", () => {
    expect(avatarSvg("42", 1)).not.toContain("<text");
  });

  it("picks the background colour from the seed", () => {
    const colours = new Set(
      Array.from(
        { length: 12 },
        (_, seed) => avatarSvg("Jordan Lee", seed).match(/<rect[^>]*fill="(#[0-9a-f]{6})"/)?.[1],
      ),
    );
    expect(colours.size).toBeGreaterThan(3);
  });
});

describe("sponsorLogoSvg", () => {
  it("returns the identical SVG for the same name and seed", () => {
    expect(sponsorLogoSvg("Capital Bikeshare", 9)).toBe(sponsorLogoSvg("Capital Bikeshare", 9));
  });

  it("draws a 2:1 logo with the escaped name", () => {
    const svg = sponsorLogoSvg('Smith & "Sons" <Ltd>', 3);
    expect(svg).toContain('viewBox="0 0 400 200"');
    expect(svg).toContain("Smith &amp; &quot;Sons&quot; &lt;Ltd&gt;");
    expect(svg).not.toContain("<Ltd");
  });

  it("fits the name so its estimated width stays inside the canvas at any length", () => {
    const names = [
      "Acme",
      "Potomac Credit Union",
      "WWWWWWWWWWWWWWWWWWWW",
      "The Greater Washington Metropolitan Chamber Of Commerce",
    ];
    for (const name of names) {
      const svg = sponsorLogoSvg(name, 1);
      const size = Number(svg.match(/<text[^>]*font-size="([\d.]+)"/)?.[1]);
      const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1] ?? "");
      const startX = Number(svg.match(/<tspan x="([\d.]+)"/)?.[1]);
      const anchoredAtStart = svg.includes('text-anchor="start"');
      for (const line of lines) {
        const width = emWidth(line) * size;
        if (anchoredAtStart) expect(startX + width).toBeLessThanOrEqual(392);
        else expect(width).toBeLessThanOrEqual(384);
      }
    }
  });

  it("gives smaller type to longer names", () => {
    const size = (name: string) => Number(sponsorLogoSvg(name, 1).match(/font-size="([\d.]+)"/)?.[1]);
    expect(size("The Greater Washington Metropolitan Chamber Of Commerce")).toBeLessThan(size("Acme"));
  });
});

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });
});
