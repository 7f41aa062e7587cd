/** The largest value of a PostgreSQL `serial` column. */
const MAX_SERIAL = 2_147_483_647;

/**
 * A numeric record id from a URL: digits only, from 1 to the largest serial. Anything else (a
 * negative, "1e3", a number too large for the column) is null, so callers answer "not found".
 */
export function parseRecordId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_SERIAL ? id : null;
}
