/*
 * Text no person types: NUL and unpaired surrogates cannot be stored or searched (PostgreSQL refuses
 * them: NUL in `text` and `jsonb`, a lone half of a surrogate pair in `jsonb`), and U+FFFD is what invalid
 * UTF-8 in a URL or body decodes to. All come only from broken clients.
 */
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BROKEN_TEXT = new RegExp(`${UNSTORABLE_TEXT.source}|\\uFFFD`);

/** `value` without the characters no person types (for a search box, which should find, not refuse). */
export function withoutBrokenText(value: string): string {
  return value.replace(new RegExp(BROKEN_TEXT.source, "g"), "");
}

/** Whether `value` is text that can be stored and searched as it is (a field's own rule). */
export function isWellFormedText(value: string): boolean {
  return !BROKEN_TEXT.test(value);
}

/**
 * Where in `value` (a string, or any parsed JSON or form) there is text no database can store, as dotted
 * paths (`ticketTypes.0.name`; a key that is itself unstorable is reported at its object). A request
 * with any is refused at the door with a 400, rather than failing half-way through a write.
 */
export function unstorableTextPlaces(value: unknown, path: string[] = []): string[] {
  if (typeof value === "string") return UNSTORABLE_TEXT.test(value) ? [placeName(path)] : [];
  // Parsed from a bounded body, JSON cannot nest deeper than its size; the bound keeps the stack safe anyway.
  if (value === null || typeof value !== "object" || path.length > 64) return [];
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) =>
    UNSTORABLE_TEXT.test(key) ? [placeName(path)] : unstorableTextPlaces(item, [...path, key]),
  );
}

export function hasUnstorableText(value: unknown): boolean {
  return unstorableTextPlaces(value).length > 0;
}

const placeName = (path: string[]) => (path.length ? path.join(".") : "body");
