import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext, type MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import * as blogPage from "#app/routes/blog";
import * as blogPostPage from "#app/routes/blog-post";
import * as atomFeed from "#app/routes/blog-atom";
import * as rssFeed from "#app/routes/blog-rss";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { createApp } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { listPublicPosts } from "#server/services/blog";
import { insertBlogPost } from "#tests/support/blog-posts";
import { openTestDatabase } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * /blog, /blog/{slug}, the feeds and the sitemap as visitors and crawlers get them: only posts that
 * are published and due, newest first, ten a page, by tag, in the reader's language or badged.
 */
const config = readConfig({ NODE_ENV: "test" });
const ORIGIN = config.publicUrl;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let handle: DatabaseHandle;
const now = Date.now();

beforeAll(async () => {
  handle = await openTestDatabase();
  const author = await insertUser(handle.db, { role: "attendee", name: "Amira Staff" });
  // Twelve live posts, one a day: post-1 is the newest. Every third is about music.
  for (let n = 1; n <= 12; n++) {
    await insertBlogPost(handle.db, {
      slug: `post-${n}`,
      publishAt: new Date(now - n * DAY),
      tags: n % 3 === 0 ? ["music", "dmv"] : ["dmv"],
      authorId: author.userId,
      versions: { en: { title: `English post ${n}` } },
    });
  }
  await insertBlogPost(handle.db, {
    slug: "bilingual",
    publishAt: new Date(now - HOUR),
    tags: ["languages"],
    cover: { storageKey: "events/0123456789abcdef01234567", widths: [480, 960, 1440], alt: "A crowd at a concert" },
    versions: {
      en: {
        title: "A bilingual post",
        summary: "Hello",
        body: "## Section\n\nSee [events](/events).\n\n[bad](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>",
      },
      fr: { title: "Un article bilingue", summary: "Bonjour" },
    },
  });
  await insertBlogPost(handle.db, { slug: "a-draft", status: "draft", publishAt: null, tags: ["dmv"] });
  await insertBlogPost(handle.db, { slug: "scheduled", publishAt: new Date(now + 2 * HOUR), tags: ["dmv"] });
  await insertEventWithTicketTypes(handle.db, { title: "Upcoming jazz night", ticketTypes: [] });
});
afterAll(() => handle?.close());

function contextOf(): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: null,
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
}

/** The status a loader answered with: 200, or the status of what it threw (the site's 404). */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (thrown) {
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

const listAt = (query: string) =>
  blogPage.loader({ request: new Request(`${ORIGIN}/blog${query}`), params: {}, context: contextOf() } as never);
const postAt = (slug: string, query = "") =>
  blogPostPage.loader({
    request: new Request(`${ORIGIN}/blog/${slug}${query}`),
    params: { slug },
    context: contextOf(),
  } as never);

async function render(language: Language, path: string, component: unknown, loaderData: unknown): Promise<string> {
  const messages = await loadMessages(language);
  const element = createElement(component as never, { loaderData } as never);
  const router = createMemoryRouter([{ path: path.split("?")[0], element }], { initialEntries: [path] });
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { value: createTranslator(language, messages) },
      createElement(RouterProvider, { router }),
    ),
  );
}

function metaOf(module: { meta: (args: never) => unknown }, language: Language, id: string, loaderData: unknown) {
  const matches = [
    { id: "root", data: { origin: ORIGIN, language, linkedLanguage: null } },
    { id, data: loaderData },
  ];
  return module.meta({ matches, data: loaderData } as never) as MetaDescriptor[];
}

describe("/blog", () => {
  it("lists public posts newest first, ten a page, and 404s past the last page", async () => {
    const first = await listAt("?lang=en");
    expect(first.posts.map((post) => post.slug)).toEqual([
      "bilingual",
      ...Array.from({ length: 9 }, (_, index) => `post-${index + 1}`),
    ]);
    expect(first).toMatchObject({ total: 13, page: 1, pageCount: 2 });
    const second = await listAt("?page=2&lang=en");
    expect(second.posts.map((post) => post.slug)).toEqual(["post-10", "post-11", "post-12"]);
    expect(await statusOf(() => listAt("?page=3"))).toBe(404);
    const html = await render("en", "/blog?page=2", blogPage.default, second);
    expect(html).toContain('href="/blog"');
    expect(html).toContain("Page 2 of 2");
  });

  it("never shows drafts or posts scheduled for later, until their time", async () => {
    const all = [...(await listAt("")).posts, ...(await listAt("?page=2")).posts].map((post) => post.slug);
    expect(all).not.toContain("a-draft");
    expect(all).not.toContain("scheduled");
    const later = await listPublicPosts(handle.db, { language: "en", page: 1 }, new Date(now + 3 * HOUR));
    expect(later.posts[0]?.slug).toBe("scheduled");
    expect(later.posts.map((post) => post.slug)).not.toContain("a-draft");
  });

  it("filters by tag and offers the tags in use", async () => {
    const music = await listAt("?tag=music");
    expect(music.posts.map((post) => post.slug)).toEqual(["post-3", "post-6", "post-9", "post-12"]);
    expect(music.tags).toEqual(["dmv", "music", "languages"]);
    const html = await render("en", "/blog?tag=music", blogPage.default, music);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/blog\?tag=music"|href="\/blog\?tag=music"[^>]*aria-current="page"/,
    );
    expect(html).toContain("Posts tagged “music”");
    expect((await listAt("?tag=nothing-here")).posts).toEqual([]);
    expect(await statusOf(() => listAt("?tag=%3Cscript%3E"))).toBe(404);
  });

  it("shows a reader's language when the post has it, else the original with a badge and its lang", async () => {
    const french = await listAt("?lang=fr");
    const bilingual = french.posts.find((post) => post.slug === "bilingual")!;
    expect(bilingual).toMatchObject({ title: "Un article bilingue", language: "fr", translated: true });
    const english = french.posts.find((post) => post.slug === "post-1")!;
    expect(english).toMatchObject({ title: "English post 1", language: "en", translated: false });
    const html = await render("fr", "/blog", blogPage.default, french);
    expect(html).toContain("En Anglais");
    expect(html).toMatch(/<div lang="en" dir="ltr"[^>]*><h3[^>]*><a[^>]*href="\/blog\/post-1"/);
    expect(html).toMatch(/<div lang="fr" dir="ltr"[^>]*><h3[^>]*><a[^>]*href="\/blog\/bilingual"/);
    const arabic = await render("ar", "/blog", blogPage.default, await listAt("?lang=ar"));
    expect(arabic).toContain("بـالإنجليزية");
  });

  it("names its feeds and has its own title", async () => {
    const meta = metaOf(blogPage, "en", "routes/blog", await listAt(""));
    expect(meta).toContainEqual({ title: "Blog | DMV Events" });
    expect(meta).toContainEqual(
      expect.objectContaining({ rel: "alternate", type: "application/rss+xml", href: `${ORIGIN}/blog/rss.xml` }),
    );
    expect(meta).toContainEqual(
      expect.objectContaining({ rel: "alternate", type: "application/atom+xml", href: `${ORIGIN}/blog/atom.xml` }),
    );
  });
});

describe("/blog/{slug}", () => {
  it("shows the post with its safe body, tags, related events, JSON-LD and Open Graph", async () => {
    const data = await postAt("bilingual", "?lang=en");
    expect(data.post.bodyHtml).toContain("<h2>Section</h2>");
    expect(data.post.bodyHtml).toContain('href="/events"');
    expect(data.post.bodyHtml).not.toContain("<script");
    expect(data.post.bodyHtml).toContain("bad");
    expect(data.post.bodyHtml).not.toMatch(/href="javascript|onerror|<img/);
    expect(data.related.map((event) => event.title)).toContain("Upcoming jazz night");
    const html = await render("en", "/blog/bilingual", blogPostPage.default, data);
    expect(html).toContain('href="/blog?tag=languages"');
    expect(html).toContain('hrefLang="fr"');
    expect(html).toContain("Upcoming jazz night");
    const meta = metaOf(blogPostPage, "en", "routes/blog-post", data);
    expect(meta).toContainEqual({ property: "og:type", content: "article" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: `${ORIGIN}/uploads/events/0123456789abcdef01234567-1440.webp`,
    });
    const jsonLd = (meta.find((tag) => "script:ld+json" in tag) as Record<string, unknown>)["script:ld+json"];
    expect(jsonLd).toMatchObject({
      "@type": "BlogPosting",
      headline: "A bilingual post",
      url: `${ORIGIN}/blog/bilingual`,
      inLanguage: "en",
      keywords: "languages",
    });
  });

  it("shows the original with a badge and a lang attribute to a reader of another language", async () => {
    const data = await postAt("post-1", "?lang=ar");
    expect(data.post).toMatchObject({ language: "en", translated: false });
    const html = await render("ar", "/blog/post-1", blogPostPage.default, data);
    expect(html).toMatch(/<h1 lang="en" dir="ltr"[^>]*>English post 1<\/h1>/);
    expect(html).toContain("بـالإنجليزية");
    expect(html).toContain("بقلم Amira Staff");
  });

  it("is the site's 404 for unknown, draft and not-yet-public posts", async () => {
    expect(await statusOf(() => postAt("no-such-post"))).toBe(404);
    expect(await statusOf(() => postAt("a-draft"))).toBe(404);
    expect(await statusOf(() => postAt("scheduled"))).toBe(404);
    expect(await statusOf(() => postAt("Not A Slug!"))).toBe(404);
    expect(await statusOf(() => postAt("post-1"))).toBe(200);
  });
});

function children(element: Element | undefined, name: string): Element[] {
  return (element?.elements ?? []).filter((child) => child.name === name);
}
function child(element: Element | undefined, name: string): Element | undefined {
  return children(element, name)[0];
}
function textOf(element: Element | undefined): string {
  return (element?.elements ?? []).map((part) => String(part.text ?? part.cdata ?? "")).join("");
}

describe("feeds", () => {
  it("serve RSS 2.0 with the channel's and every item's required elements, public posts only", async () => {
    const response = await rssFeed.loader({
      request: new Request(`${ORIGIN}/blog/rss.xml`),
      params: {},
      context: contextOf(),
    } as never);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const document = xml2js(await response.text()) as Element;
    const rss = child(document, "rss");
    expect(rss?.attributes?.version).toBe("2.0");
    const channel = child(rss, "channel");
    expect(textOf(child(channel, "title"))).toBe("DMV Events Blog");
    expect(textOf(child(channel, "link"))).toBe(`${ORIGIN}/blog`);
    expect(textOf(child(channel, "description"))).not.toBe("");
    const items = children(channel, "item");
    expect(items.length).toBe(13);
    for (const item of items) {
      expect(textOf(child(item, "title"))).not.toBe("");
      expect(textOf(child(item, "link"))).toMatch(new RegExp(`^${ORIGIN}/blog/[a-z0-9-]+$`));
      expect(textOf(child(item, "guid"))).toMatch(new RegExp(`^${ORIGIN}/blog/`));
      expect(Number.isNaN(Date.parse(textOf(child(item, "pubDate"))))).toBe(false);
    }
    const links = items.map((item) => textOf(child(item, "link")));
    expect(links[0]).toBe(`${ORIGIN}/blog/bilingual`);
    expect(links).not.toContain(`${ORIGIN}/blog/a-draft`);
    expect(links).not.toContain(`${ORIGIN}/blog/scheduled`);
    // The body's own links are absolute in a feed reader.
    expect(textOf(child(items[0], "content:encoded"))).toContain(`href="${ORIGIN}/events"`);
  });

  it("serve Atom 1.0 with the feed's and every entry's required elements, in the language asked for", async () => {
    const response = await atomFeed.loader({
      request: new Request(`${ORIGIN}/blog/atom.xml?lang=fr`),
      params: {},
      context: contextOf(),
    } as never);
    expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const feed = child(xml2js(await response.text()) as Element, "feed");
    expect(feed?.attributes?.xmlns).toBe("http://www.w3.org/2005/Atom");
    expect(textOf(child(feed, "id"))).toBe(`${ORIGIN}/blog?lang=fr`);
    expect(textOf(child(feed, "title"))).toBe("Le blog de DMV Events");
    expect(Number.isNaN(Date.parse(textOf(child(feed, "updated"))))).toBe(false);
    const entries = children(feed, "entry");
    expect(entries.length).toBe(13);
    for (const entry of entries) {
      expect(textOf(child(entry, "id"))).toMatch(new RegExp(`^${ORIGIN}/blog/`));
      expect(textOf(child(entry, "title"))).not.toBe("");
      expect(Number.isNaN(Date.parse(textOf(child(entry, "updated"))))).toBe(false);
      expect(child(entry, "link")?.attributes?.href).toMatch(new RegExp(`^${ORIGIN}/blog/`));
    }
    expect(textOf(child(entries[0], "title"))).toBe("Un article bilingue");
    expect(child(entries[0], "link")?.attributes?.href).toBe(`${ORIGIN}/blog/bilingual?lang=fr`);
    const ids = entries.map((entry) => textOf(child(entry, "id")));
    expect(ids).not.toContain(`${ORIGIN}/blog/a-draft`);
    expect(ids).not.toContain(`${ORIGIN}/blog/scheduled`);
  });
});

describe("sitemap", () => {
  it("lists /blog and every public post with its last change, and no draft or scheduled post", async () => {
    const app = createApp({ db: handle.db, config, logger: createLogger(config) });
    const response = await app.request("/sitemaps/pages.xml");
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`<loc>${ORIGIN}/blog</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/blog/post-1</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`));
    expect(xml).toContain(`<loc>${ORIGIN}/blog/bilingual?lang=fr</loc>`);
    expect(xml).not.toContain("/blog/a-draft");
    expect(xml).not.toContain("/blog/scheduled");
  });
});
