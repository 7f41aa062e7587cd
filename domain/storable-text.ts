/**
 * Text a database can keep. PostgreSQL refuses the NUL character (U+0000) in `text` and `jsonb`, and a
 * half of a surrogate pair without its other half in `jsonb` (JSON can spell one, `"\\ud800"`, but it
 * stands for no character). A request carrying either anywhere (a form field, a JSON string or key, a
 * query parameter) is refused at the door with a 400, rather than failing half-way through a write.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` (a string, or any JSON value: keys count too) holds text no database can store. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  // JSON parsed from a bounded body cannot nest deeper than its size; the bound keeps a stack safe anyway.
  if (value === null || typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || hasUnstorableText(item, depth + 1));
}
