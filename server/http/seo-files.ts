import { Hono } from "hono";
import { LANGUAGES } from "#domain/language";
import type { AppEnv } from "#server/http/app-env";
import {
  countSitemapPages,
  listSectionEntries,
  listSiteEntries,
  type SitemapEntry,
  type SitemapSection,
} from "#server/services/sitemap";

const XML = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };
const SECTIONS: readonly SitemapSection[] = ["events", "organizers"];

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Every page once without ?lang= (the x-default, whose language follows the visitor) and once in each
 * language, each URL with the whole set of alternates, as the pages' own hreflang links name them.
 */
function urlSet(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const address = origin + entry.path;
    const inLanguage = (language: string) => `${address}${entry.path.includes("?") ? "&" : "?"}lang=${language}`;
    const alternates = [
      ...LANGUAGES.map((language) => [language, inLanguage(language)] as const),
      ["x-default", address] as const,
    ]
      .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
      .join("");
    const lastModified = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    return [address, ...LANGUAGES.map(inLanguage)].map(
      (url) => `<url><loc>${escapeXml(url)}</loc>${lastModified}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * robots.txt, and the sitemap: an index of the site's pages (with sponsors), and of its events and
 * organizers' profiles in pages of SITEMAP_PAGE_SIZE.
 */
export function createSeoFiles() {
  const files = new Hono<AppEnv>();

  files.get("/robots.txt", (c) => {
    const origin = c.get("config").publicUrl;
    c.header("Cache-Control", "public, max-age=3600");
    const lines = [
      "User-agent: *",
      "Allow: /",
      // The API's documentation is a page like any other; the API itself is not for crawlers.
      "Allow: /api/docs",
      "Disallow: /api/",
      "Disallow: /auth/",
      // The development mailbox answers 404 in production; elsewhere it is not for crawlers either.
      "Disallow: /dev/",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return c.text(`${lines.join("\n")}\n`);
  });

  files.get("/sitemap.xml", async (c) => {
    const origin = c.get("config").publicUrl;
    const sitemaps = [`${origin}/sitemaps/pages.xml`];
    for (const section of SECTIONS) {
      const pages = await countSitemapPages(c.get("db"), section);
      for (let page = 1; page <= pages; page++) sitemaps.push(`${origin}/sitemaps/${section}-${page}.xml`);
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
      .map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`)
      .join("\n")}\n</sitemapindex>\n`;
    return c.body(body, 200, XML);
  });

  files.get("/sitemaps/pages.xml", async (c) =>
    c.body(urlSet(c.get("config").publicUrl, await listSiteEntries(c.get("db"))), 200, XML),
  );

  files.get("/sitemaps/:file{(events|organizers)-[0-9]+\\.xml}", async (c) => {
    const file = c.req.param("file");
    const section = file.slice(0, file.indexOf("-")) as SitemapSection;
    const page = Number(file.slice(section.length + 1, -".xml".length));
    if (page < 1 || page > (await countSitemapPages(c.get("db"), section))) return c.notFound();
    return c.body(urlSet(c.get("config").publicUrl, await listSectionEntries(c.get("db"), section, page)), 200, XML);
  });

  return files;
}
