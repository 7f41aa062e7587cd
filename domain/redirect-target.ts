import { sameSitePath } from "./next-path";

/**
 * Where an auth link or provider may send the browser afterwards. Only the site itself and the
 * addresses on the allow-list qualify; anything else (another host, a look-alike host, credentials
 * in the URL, `javascript:`) silently becomes the site's home, as Supabase Auth does, so a forged
 * link can never bounce a person to an attacker's page with their tokens. Unlike Supabase, another
 * port on localhost is not the site: it is another program on the person's machine (list it if wanted).
 */
export interface RedirectRules {
  /** The site's own address (PUBLIC_URL): any page of it is allowed. */
  siteUrl: string;
  /** Extra allowed addresses: `*` matches within a host label or path segment, `**` matches anything. */
  allowList: readonly string[];
}

const MAX_REDIRECT_LENGTH = 2048;
const SAFE_SCHEMES = /^[a-z][a-z0-9+.-]*:$/;
const FORBIDDEN_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:"]);

export function resolveRedirectTarget(candidate: unknown, rules: RedirectRules): string {
  const site = new URL(rules.siteUrl);
  const fallback = withoutFragment(site);
  if (typeof candidate !== "string" || candidate === "" || candidate.length > MAX_REDIRECT_LENGTH) return fallback;
  // Backslashes and controls are read differently by browsers and URL parsers: never guess.
  if (/[\\\x00-\x20\x7f]/.test(candidate)) return fallback;
  const url = parseCandidate(candidate, site);
  if (!url || url.username || url.password) return fallback;
  if (!SAFE_SCHEMES.test(url.protocol) || FORBIDDEN_SCHEMES.has(url.protocol)) return fallback;
  if (url.origin === site.origin) return withoutFragment(url);
  const href = withoutFragment(url);
  return rules.allowList.some((pattern) => matchesAllowed(href, pattern)) ? href : fallback;
}

/** The path, query and nothing else of a target on the site (what a `next` parameter may carry). */
export function sitePathOf(target: string, siteUrl: string): string {
  const site = new URL(siteUrl);
  const url = URL.canParse(target) ? new URL(target) : null;
  if (!url || url.origin !== site.origin) return "/";
  return sameSitePath(`${url.pathname}${url.search}`, "/");
}

function parseCandidate(candidate: string, site: URL): URL | null {
  // A path on the site ("/dashboard"), but not a scheme-relative "//evil.com".
  if (candidate.startsWith("/")) {
    return candidate.startsWith("//") ? null : new URL(candidate, site);
  }
  return URL.canParse(candidate) ? new URL(candidate) : null;
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}

function matchesAllowed(href: string, pattern: string): boolean {
  if (!pattern.includes("*")) {
    if (!URL.canParse(pattern)) return false;
    const allowed = new URL(pattern);
    if (allowed.pathname === "/" && !allowed.search) return new URL(href).origin === allowed.origin;
    const base = withoutFragment(allowed);
    return href === base || href.startsWith(base.endsWith("/") ? base : `${base}/`);
  }
  const source = pattern
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^./?#]*"),
    )
    .join(".*");
  return new RegExp(`^${source}$`).test(href);
}
