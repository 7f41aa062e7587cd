/**
 * CSV documents as RFC 4180 writes them (comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled), made safe to open in a spreadsheet: a text cell that
 * starts with = + - @, a tab or a carriage return would be read as a formula (CSV injection, "formula
 * injection"), so it gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text neutralized against formulas, then quoted where RFC 4180 needs it. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  // Numbers the export writes itself (counts, prices) are never negative: they stay numbers.
  const text = typeof value === "number" ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole document: a header row, then the rows, each line ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
