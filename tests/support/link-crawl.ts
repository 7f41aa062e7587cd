/**
 * A breadth-first crawl of the site's own links over plain HTTP, as a visitor without a browser follows
 * them: every page's `<a href>`s (server-rendered), deduplicated by path, with a few samples of each
 * dynamic route (an event, an organizer…) so that every kind of page is opened without opening them all.
 */

/** Where a crawl starts, and what linked to each start. */
export interface CrawlStart {
  path: string;
  linkedFrom: string;
}

/** A link whose answer was an error. */
export interface BrokenLink {
  path: string;
  status: number;
  linkedFrom: string;
}

export interface CrawlResult {
  /** Every path opened, with its status. */
  statuses: Map<string, number>;
  broken: BrokenLink[];
}

/** Pages opened per dynamic route: enough to meet each kind of page more than once, few enough for CI. */
const SAMPLES_PER_ROUTE: Record<string, number> = { "/events/:id": 3 };
const DEFAULT_SAMPLES = 2;
const PARALLEL_REQUESTS = 4;

/** A path's route: segments that are numbers, UUIDs or tokens become `:id` (/events/12/orders → /events/:id/orders). */
export function routeOf(path: string): string {
  return path
    .split("/")
    .map((segment) => (/^\d+$|^[0-9a-f-]{32,36}$|^[A-Za-z0-9_-]{24,}$/i.test(segment) ? ":id" : segment))
    .join("/");
}

/** The internal `<a href>`s of an HTML page, as paths with their query (no fragment), relative to `pageUrl`. */
export function internalLinks(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = match[1]!.replaceAll("&amp;", "&");
    if (href === "" || href.startsWith("#") || /^(mailto|tel|javascript):/i.test(href)) continue;
    const url = new URL(href, pageUrl);
    if (url.origin !== origin) continue;
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

/**
 * Opens every start and every internal link reachable from them (redirects followed as links), with
 * `headers` on each request (a language cookie, a session). A link that answers 404, or any other client or
 * server error, is reported with the page that linked to it; answers that are not HTML (a CSV, a calendar) are only checked.
 */
export async function crawlSite(
  siteUrl: string,
  starts: CrawlStart[],
  headers: Record<string, string>,
): Promise<CrawlResult> {
  const statuses = new Map<string, number>();
  const broken: BrokenLink[] = [];
  const seenPaths = new Set<string>();
  const samplesByRoute = new Map<string, number>();
  let queue: { target: string; linkedFrom: string }[] = [];

  const enqueue = (target: string, linkedFrom: string) => {
    const path = new URL(target, siteUrl).pathname;
    if (seenPaths.has(path)) return;
    const route = routeOf(path);
    const samples = samplesByRoute.get(route) ?? 0;
    if (route !== path && samples >= (SAMPLES_PER_ROUTE[route] ?? DEFAULT_SAMPLES)) return;
    seenPaths.add(path);
    samplesByRoute.set(route, samples + 1);
    queue.push({ target, linkedFrom });
  };

  const open = async ({ target, linkedFrom }: { target: string; linkedFrom: string }) => {
    const response = await fetch(new URL(target, siteUrl), { headers, redirect: "manual" });
    const path = new URL(target, siteUrl).pathname;
    statuses.set(path, response.status);
    if (response.status >= 400) {
      broken.push({ path: target, status: response.status, linkedFrom });
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const url = new URL(location, siteUrl);
      if (url.origin === new URL(siteUrl).origin) enqueue(`${url.pathname}${url.search}`, `${target} (redirect)`);
    }
    if (response.ok && response.headers.get("content-type")?.startsWith("text/html")) {
      for (const link of internalLinks(await response.text(), new URL(target, siteUrl).href)) enqueue(link, target);
    } else {
      await response.body?.cancel();
    }
  };

  // One start after the other, each crawled to the end: a broken link is named by the first page that
  // links to it rather than by a later start.
  for (const start of starts) {
    enqueue(start.path, start.linkedFrom);
    while (queue.length > 0) {
      const wave = queue;
      queue = [];
      for (let index = 0; index < wave.length; index += PARALLEL_REQUESTS) {
        await Promise.all(wave.slice(index, index + PARALLEL_REQUESTS).map(open));
      }
    }
  }
  return { statuses, broken };
}
