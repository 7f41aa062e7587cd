import { gzipSync } from "node:zlib";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#server/http/app-env";
import { hasSessionCookie } from "#server/http/session-cookie";
import { addVary } from "#server/http/vary";

/** How long a response is reused in production (decision 005), and how many distinct ones are kept. */
export const RESPONSE_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 500;
/** Below this size gzip saves less than its own cost. */
const GZIP_MIN_BYTES = 1024;

/**
 * The request headers a kept response may depend on: the key holds Cookie and Accept-Language, a
 * reuse compresses by Accept-Encoding itself, and requests with Authorization never come here. A
 * response that says (in Vary) it depends on any other header is not kept: another visitor could
 * differ in it.
 */
const KEYED_HEADERS = new Set(["cookie", "accept-language", "accept-encoding", "authorization"]);

/** Documents, the data requests of client-side navigation, and API JSON. */
const CACHEABLE_TYPE = /^(text\/html|text\/x-script|application\/json)/;

interface Entry {
  at: number;
  /** How long this one may be reused: the cache's time, or less when the response says so. */
  ttlMs: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** Made on the first request that accepts gzip, then sent as is. */
  gzipped: Uint8Array<ArrayBuffer> | null;
  /** The CSP nonce the body was rendered with: every reuse sends it again, in the body and the header. */
  nonce: string;
}

/**
 * Reuses a successful GET response for `ttlMs` for every visitor who would get the same bytes: same
 * URL, cookies and language preference. Requests that carry credentials are never served from here,
 * and responses that set a cookie or forbid reuse (Cache-Control) are never kept; a shorter max-age
 * shortens the reuse. Concurrent requests for a response being made wait for it instead of making
 * their own; while an expired response is remade, the others still get it. The kept bytes are
 * compressed once, so a reuse costs no rendering, no query and no compression. `ttlMs` 0 turns the
 * cache off (development, tests of live data).
 */
export function responseCache({
  ttlMs,
  clock = Date.now,
  generation = () => 0,
}: {
  ttlMs: number;
  clock?: () => number;
  /**
   * Changes when what the public sees changed at once (services/public-content.ts, an event hidden by
   * staff): everything kept before is dropped, and a response made across the change is not kept.
   */
  generation?: () => number;
}) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();
  const fresh = (entry: Entry) => clock() - entry.at < entry.ttlMs;
  let keptGeneration = generation();

  return createMiddleware<AppEnv>(async (c, next) => {
    // Signed-in requests (a session cookie or a bearer token) are never served from here (decision 007 §6).
    if (ttlMs <= 0 || c.req.method !== "GET" || c.req.header("Authorization") !== undefined) return next();
    if (hasSessionCookie(c.req.header("Cookie"))) return next();
    const startedIn = generation();
    if (startedIn !== keptGeneration) {
      entries.clear();
      keptGeneration = startedIn;
    }
    const key = [c.req.url, c.req.header("Cookie") ?? "", c.req.header("Accept-Language") ?? ""].join("\n");

    // No await before inFlight is set below, or visitors arriving together would each make their own.
    const kept = entries.get(key);
    const waiting = inFlight.get(key);
    // While one request remakes an expired response, the others get the expired one: only one waits.
    if (kept && (fresh(kept) || waiting)) return replay(c.req.raw, kept, (nonce) => c.set("cspNonce", nonce));
    const made = waiting ? await waiting : null;
    if (made) return replay(c.req.raw, made, (nonce) => c.set("cspNonce", nonce));

    let settle: (entry: Entry | null) => void = () => {};
    inFlight.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      await next();
      const response = c.res;
      const type = response.headers.get("Content-Type") ?? "";
      const keepFor = Math.min(ttlMs, allowedReuseMs(response.headers.get("Cache-Control")));
      const keepable =
        response.status === 200 &&
        !response.headers.has("Set-Cookie") &&
        CACHEABLE_TYPE.test(type) &&
        keepFor > 0 &&
        variesOnlyByKey(response.headers.get("Vary")) &&
        generation() === startedIn;
      if (!keepable) {
        // An expired copy must not outlive an answer that changed to one we do not keep (a 404, say).
        entries.delete(key);
        return;
      }
      const entry: Entry = {
        at: clock(),
        ttlMs: keepFor,
        status: response.status,
        headers: [...response.headers],
        body: new Uint8Array(await response.arrayBuffer()),
        gzipped: null,
        nonce: c.get("cspNonce"),
      };
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
      settle(entry);
      // Dropped first so Hono does not merge the consumed response's headers into the new one.
      c.res = undefined;
      c.res = replay(c.req.raw, entry, () => {});
    } finally {
      settle(null);
      inFlight.delete(key);
    }
  });
}

function replay(request: Request, entry: Entry, adoptNonce: (nonce: string) => void): Response {
  adoptNonce(entry.nonce);
  const headers = new Headers(entry.headers);
  const etag = headers.get("ETag");
  if (etag && matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: pick(headers, ["ETag", "Cache-Control", "Vary"]) });
  }
  if (entry.body.byteLength < GZIP_MIN_BYTES) return new Response(entry.body, { status: entry.status, headers });
  // Both forms say so: a cache that kept the plain one must still ask again for a client that takes gzip.
  addVary(headers, ["Accept-Encoding"]);
  if (!acceptsGzip(request.headers.get("Accept-Encoding")))
    return new Response(entry.body, { status: entry.status, headers });
  entry.gzipped ??= new Uint8Array(gzipSync(entry.body));
  headers.set("Content-Encoding", "gzip");
  headers.delete("Content-Length");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  return new Response(entry.gzipped, { status: entry.status, headers });
}

function variesOnlyByKey(vary: string | null): boolean {
  if (!vary) return true;
  return vary.split(",").every((name) => KEYED_HEADERS.has(name.trim().toLowerCase()) || name.trim() === "");
}

/** How long a response's own Cache-Control lets anyone reuse it (Infinity when it does not say). */
function allowedReuseMs(cacheControl: string | null): number {
  if (!cacheControl) return Infinity;
  if (/\b(no-store|no-cache|private)\b/i.test(cacheControl)) return 0;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl);
  return maxAge ? Number(maxAge[1]) * 1000 : Infinity;
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`) with a weight above zero. */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((part) => {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name !== "gzip" && name !== "*") return false;
    const weight = parameters.find((parameter) => parameter.startsWith("q="));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}

/** If-None-Match compares weakly: `W/"x"` and `"x"` name the same body. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => strip(tag) === strip(etag));
}

function pick(headers: Headers, names: string[]): Headers {
  const picked = new Headers();
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) picked.set(name, value);
  }
  return picked;
}
