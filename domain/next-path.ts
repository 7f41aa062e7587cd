/** The longest return path we carry through a sign-in; longer ones are not links anyone clicked. */
const MAX_PATH_LENGTH = 2000;

/**
 * Where to send someone after a sign-in or a link from an e-mail: only a path on this site. `//host`,
 * `/\host` and a path with a tab or line break in it (browsers drop those, turning `/\t/host` into
 * `//host`) would lead to another site, so they give `fallback` instead, as does anything else that
 * is not a plain path.
 */
export function sameSitePath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_PATH_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
