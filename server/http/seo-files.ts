import { Hono } from "hono";
import type { AppEnv } from "#server/http/app-env";
import { countEventSitemapPages, listEventEntries, listSiteEntries, type SitemapEntry } from "#server/services/sitemap";

const XML = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function urlSet(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt, and the sitemap: an index of the site's pages and of its events in pages of 10,000. */
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
    const eventPages = await countEventSitemapPages(c.get("db"));
    const sitemaps = [`${origin}/sitemaps/pages.xml`];
    for (let page = 1; page <= eventPages; page++) sitemaps.push(`${origin}/sitemaps/events-${page}.xml`);
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
      .map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`)
      .join("\n")}\n</sitemapindex>\n`;
    return c.body(body, 200, XML);
  });

  files.get("/sitemaps/pages.xml", async (c) =>
    c.body(urlSet(c.get("config").publicUrl, await listSiteEntries(c.get("db"))), 200, XML),
  );

  files.get("/sitemaps/:file{events-[0-9]+\\.xml}", async (c) => {
    const page = Number(c.req.param("file").slice("events-".length, -".xml".length));
    if (page < 1 || page > (await countEventSitemapPages(c.get("db")))) return c.notFound();
    return c.body(urlSet(c.get("config").publicUrl, await listEventEntries(c.get("db"), page)), 200, XML);
  });

  return files;
}
