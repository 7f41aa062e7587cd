/**
 * Crockford's base32 alphabet: digits and capitals without I, L, O and U, so a code read aloud or
 * typed from paper cannot be mistaken for another (I/L look like 1, O like 0).
 */
export const TICKET_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ticket code is 20 characters of the alphabet: 100 random bits, too many to guess. */
export const TICKET_CODE_LENGTH = 20;

const GROUP_LENGTH = 5;
const TICKET_CODE = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);

/** Whether `value` is a code as stored: 20 characters of the alphabet, upper case, no dashes. */
export function isTicketCode(value: unknown): value is string {
  return typeof value === "string" && TICKET_CODE.test(value);
}

/** A stored code as people read it: four groups of five, "XXXXX-XXXXX-XXXXX-XXXXX". */
export function formatTicketCode(code: string): string {
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += GROUP_LENGTH) groups.push(code.slice(start, start + GROUP_LENGTH));
  return groups.join("-");
}

/**
 * A code as someone typed or scanned it, made into the stored form: spaces and dashes dropped, upper
 * case, and the letters Crockford's alphabet leaves out read as the digits they look like (O as 0, I
 * and L as 1). Null unless that leaves exactly a well-formed code.
 */
export function normalizeTicketCode(input: string): string | null {
  const code = input
    .trim()
    .replace(/[\s-]+/g, "")
    .toUpperCase()
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return isTicketCode(code) ? code : null;
}
