/**
 * Text a database can keep. PostgreSQL refuses the NUL character (U+0000) in `text` and `jsonb` alike, so
 * a request carrying one anywhere (a form field, a JSON string or key, a query parameter) is refused at
 * the door with a 400, rather than failing half-way through a write.
 */
const NUL = "\u0000";

/** Whether `value` (a string, or any JSON value: keys count too) holds a character no database can store. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes(NUL);
  // JSON parsed from a bounded body cannot nest deeper than its size; the bound keeps a stack safe anyway.
  if (value === null || typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || hasUnstorableText(item, depth + 1));
}
