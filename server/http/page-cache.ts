import type { PageContext, PageHandler } from "#server/app";

/** How long a rendered page is reused, and how many distinct pages are kept at most. */
export const PAGE_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 500;

interface CachedPage {
  at: number;
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
}

function isCacheable(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    // Documents, and the data requests of client-side navigations.
    (type.startsWith("text/html") || type.startsWith("text/x-script"))
  );
}

/**
 * Reuses a rendered page for a few seconds for every visitor who would get the same bytes: same URL,
 * same cookies and same language preference (there are no per-person pages yet; pages for signed-in
 * people must bypass this). Only successful GET pages that set no cookie are kept. A reuse gets the
 * current request's CSP nonce in place of the one the page was rendered with, so its scripts run.
 */
export function cachePages(renderPage: PageHandler, clock: () => number = Date.now): PageHandler {
  const pages = new Map<string, CachedPage>();
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  const replay = (page: CachedPage, context: PageContext) =>
    new Response(page.body.replaceAll(page.nonce, context.cspNonce), { status: page.status, headers: page.headers });

  return async (request, context) => {
    if (request.method !== "GET") return renderPage(request, context);
    const key = [request.url, request.headers.get("Cookie") ?? "", request.headers.get("Accept-Language") ?? ""].join(
      "\n",
    );
    const kept = pages.get(key);
    if (kept && clock() - kept.at < PAGE_CACHE_TTL_MS) return replay(kept, context);

    // Visitors asking for a page already being rendered wait for that render instead of starting one.
    const waiting = inFlight.get(key);
    if (waiting) {
      const page = await waiting;
      return page ? replay(page, context) : renderPage(request, context);
    }
    let settle: (page: CachedPage | null) => void = () => {};
    inFlight.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      const response = await renderPage(request, context);
      if (!isCacheable(response)) {
        settle(null);
        return response;
      }
      const page: CachedPage = {
        at: clock(),
        status: response.status,
        headers: [...response.headers],
        body: await response.text(),
        nonce: context.cspNonce,
      };
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
      settle(page);
      return new Response(page.body, { status: page.status, headers: page.headers });
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      inFlight.delete(key);
    }
  };
}
