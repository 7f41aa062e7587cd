/**
 * E-mail addresses as accounts know them: ASCII only and lower-cased, so one person has one account
 * whatever the case they type, and look-alike characters (Cyrillic "а", fullwidth "ａ", zero-width
 * joiners, bidi overrides) can never make a second account that reads like the first. Line breaks
 * and other controls are refused, which also keeps them out of mail headers.
 */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;

export type EmailAddressProblem = "required" | "too_long" | "invalid_format";

export type ParsedEmailAddress = { ok: true; email: string } | { ok: false; problem: EmailAddressProblem };

// The local part allows RFC 5322's dot-atom characters; quoted strings and comments are not accepted.
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Domain labels: letters, digits and inner hyphens; punycode (xn--) labels are plain ASCII and pass.
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function parseEmailAddress(input: unknown): ParsedEmailAddress {
  if (typeof input !== "string" || input.length === 0) return { ok: false, problem: "required" };
  if (input.length > MAX_EMAIL_LENGTH) return { ok: false, problem: "too_long" };
  // Printable ASCII only: refuses whitespace, CR/LF, NUL, zero-width and every non-ASCII character.
  if (!/^[\x21-\x7e]+$/.test(input)) return { ok: false, problem: "invalid_format" };
  const email = input.toLowerCase();
  const at = email.lastIndexOf("@");
  if (at <= 0 || email.indexOf("@") !== at) return { ok: false, problem: "invalid_format" };
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > MAX_LOCAL_PART_LENGTH || !LOCAL_PART.test(local)) return { ok: false, problem: "invalid_format" };
  const labels = domain.split(".");
  // A dotted domain whose last label is not all digits: no `user@localhost`, no IP literals.
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) {
    return { ok: false, problem: "invalid_format" };
  }
  if (/^[0-9]+$/.test(labels.at(-1)!)) return { ok: false, problem: "invalid_format" };
  return { ok: true, email };
}
