import type { Context } from "hono";
import type { AppEnv } from "#server/http/app-env";

/**
 * How the browser reached us. Behind a TLS-terminating proxy Node sees `http://internal-host`, while
 * the browser is on `https://site`: its Origin header, React Router's action check, HSTS and Secure
 * cookies all need the latter. The proxy says so in `X-Forwarded-Proto` / `X-Forwarded-Host` or in
 * RFC 7239's `Forwarded`, but any client can send those headers too, so they are believed only with
 * TRUST_PROXY (the operator's word that a proxy in front sets them).
 */

/** What the proxy in front says about the browser's request; each part only when it said it well. */
export interface ProxyRecord {
  proto?: "http" | "https";
  host?: string;
  for?: string;
}

/** A header reader: Hono's `c.req.header` and `Headers.get` both fit. */
type HeaderReader = (name: string) => string | null | undefined;

const MAX_HEADER_LENGTH = 1024;
/** A host name or IP literal with an optional port: nothing that could change the URL's meaning. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,252})|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;
const MAX_ADDRESS_LENGTH = 64;

/**
 * What the nearest proxy wrote. A proxy appends its entry to any the client sent, so only the last
 * entry of each header is the proxy's own; the ones to its left could be made up. X-Forwarded-* come
 * first (every common proxy sets them); `Forwarded` fills in what they leave out.
 */
export function readProxyRecord(header: HeaderReader): ProxyRecord {
  const forwarded = lastForwardedElement(header("forwarded"));
  const proto = (lastEntry(header("x-forwarded-proto")) ?? forwarded.proto)?.toLowerCase();
  const host = lastEntry(header("x-forwarded-host")) ?? forwarded.host;
  const address = lastEntry(header("x-forwarded-for")) ?? forwarded.for;
  return {
    ...(proto === "http" || proto === "https" ? { proto } : {}),
    ...(host && HOST.test(host) ? { host: host.toLowerCase() } : {}),
    ...(address && address.length <= MAX_ADDRESS_LENGTH ? { for: withoutPort(address) } : {}),
  };
}

/** The origin the browser used: the socket's view, corrected by the proxy's record when trusted. */
export function requestOrigin(c: Context<AppEnv>): string {
  const seen = new URL(c.req.url);
  if (!c.get("config").auth.trustProxy) return seen.origin;
  const proxy = readProxyRecord((name) => c.req.header(name));
  try {
    // Through URL, as browsers write an Origin: `https://site:443` is `https://site`.
    return new URL(`${proxy.proto ?? seen.protocol.slice(0, -1)}://${proxy.host ?? seen.host}`).origin;
  } catch {
    return seen.origin; // A port beyond 65535, say.
  }
}

/**
 * Whether the answer travels over HTTPS: as the request arrived (through a trusted proxy), or as
 * PUBLIC_URL says the site is served, which covers a proxy the operator has not told us to trust.
 */
export function isServedOverHttps(c: Context<AppEnv>): boolean {
  return requestOrigin(c).startsWith("https:") || c.get("config").publicUrl.startsWith("https:");
}

/**
 * The request as the page renderer should see it: with the address the browser used. React Router
 * refuses an action (400) whose Origin header differs from the request URL's origin, so behind a
 * proxy every form would fail on `http://internal` ≠ `https://site`. A browser on PUBLIC_URL's own
 * origin is always one of ours (no other site can make a browser send that Origin), so that origin
 * is taken even without TRUST_PROXY.
 */
export function requestForRenderer(c: Context<AppEnv>): Request {
  const publicOrigin = new URL(c.get("config").publicUrl).origin;
  const origin = c.req.header("origin") === publicOrigin ? publicOrigin : requestOrigin(c);
  const seen = new URL(c.req.url);
  if (origin === seen.origin) return c.req.raw;
  const { method, headers, body, signal } = c.req.raw;
  // duplex: Node's fetch wants it said that a streamed body is sent as it arrives.
  return new Request(new URL(seen.pathname + seen.search, origin), {
    method,
    headers,
    body,
    signal,
    ...(body ? { duplex: "half" } : {}),
  } as RequestInit);
}

function lastEntry(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_HEADER_LENGTH) return undefined;
  return value.split(",").at(-1)!.trim() || undefined;
}

/** `Forwarded: for=192.0.2.60;proto=https;host=site, for=…` (RFC 7239): the last element's pairs. */
function lastForwardedElement(value: string | null | undefined): { proto?: string; host?: string; for?: string } {
  const element = lastEntry(value);
  if (!element) return {};
  const pairs = new Map<string, string>();
  for (const pair of element.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    const key = pair.slice(0, separator).trim().toLowerCase();
    pairs.set(
      key,
      pair
        .slice(separator + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  return { proto: pairs.get("proto"), host: pairs.get("host"), for: pairs.get("for") };
}

/** `Forwarded` may name the client's port (`"[2001:db8::1]:4711"`, `192.0.2.60:4711`); limits want the address. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  return /^[\d.]+:\d+$/.test(address) ? address.slice(0, address.lastIndexOf(":")) : address;
}
