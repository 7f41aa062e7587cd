/** The longest return path we carry through a sign-in; longer ones are not links anyone clicked. */
const MAX_PATH_LENGTH = 2000;

/**
 * The one rule for every redirect target that comes from input (a `next` parameter, a form's
 * `redirectTo`): only a path on this site. `//host`, `/\host` and a path with a tab or line break in it
 * (browsers drop those, turning `/\t/host` into `//host`) would lead to another site, so they give
 * `fallback` instead, as does anything else that is not a plain path. The path is returned as a
 * browser resolves it: dot segments are removed first, so `/.//host` (which resolves to `//host`,
 * another site once anything re-reads it as a path) is refused too.
 */
export function sameSitePath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_PATH_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return fallback;
  const resolved = new URL(value, "http://site.invalid");
  if (resolved.host !== "site.invalid" || resolved.pathname.startsWith("//")) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
