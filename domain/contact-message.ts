import { MAX_EMAIL_LENGTH, parseEmailAddress } from "./email-address";
import { isWellFormedText } from "./text";

/** What a message on /contact is about; the console filters by it. */
export const CONTACT_TOPICS = ["buyer_help", "organizer_help", "press", "partnership", "problem"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_STATUSES = ["open", "answered", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const MAX_CONTACT_NAME_LENGTH = 120;
export const MAX_CONTACT_MESSAGE_LENGTH = 5_000;
export const MIN_CONTACT_MESSAGE_LENGTH = 10;
export const MAX_CONTACT_REFERENCE_LENGTH = 100;

/** Stable words for each field's problem; the pages translate them (contact.errors.*). */
export type ContactFieldProblem =
  | "name_required"
  | "name_too_long"
  | "email_invalid"
  | "topic_required"
  | "message_too_short"
  | "message_too_long"
  | "reference_too_long";

export type ContactField = "name" | "email" | "topic" | "message" | "reference";

export interface ContactFormValues {
  name: string;
  email: string;
  topic: string;
  message: string;
  reference: string;
}

export interface ContactMessage {
  name: string;
  /** Lower-cased, as accounts store addresses. */
  email: string;
  /** Null for a message to an organizer (no topic asked). */
  topic: ContactTopic | null;
  message: string;
  /** An order or event reference, or null. */
  reference: string | null;
}

export type ContactCheck =
  { ok: true; message: ContactMessage } | { ok: false; problems: Partial<Record<ContactField, ContactFieldProblem>> };

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === "string" && (CONTACT_TOPICS as readonly string[]).includes(value);
}

/** Line breaks kept, other controls and surrounding spaces dropped. */
function cleanText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
    .trim();
}

/** One line: every control (line breaks included, so nothing reaches a mail header) becomes a space. */
function cleanLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/**
 * Checks a contact form: every field's problem at once, so the page can mark each. `needsTopic` is
 * false on an organizer's form, which has no topic.
 */
export function checkContactMessage(values: ContactFormValues, { needsTopic }: { needsTopic: boolean }): ContactCheck {
  const problems: Partial<Record<ContactField, ContactFieldProblem>> = {};
  const name = cleanLine(values.name);
  if (!name || !isWellFormedText(name)) problems.name = "name_required";
  else if (name.length > MAX_CONTACT_NAME_LENGTH) problems.name = "name_too_long";
  const email = parseEmailAddress(values.email.trim().slice(0, MAX_EMAIL_LENGTH + 1));
  if (!email.ok) problems.email = "email_invalid";
  const topic = isContactTopic(values.topic) ? values.topic : null;
  if (needsTopic && !topic) problems.topic = "topic_required";
  const message = cleanText(values.message);
  if (message.length < MIN_CONTACT_MESSAGE_LENGTH || !isWellFormedText(message)) problems.message = "message_too_short";
  else if (message.length > MAX_CONTACT_MESSAGE_LENGTH) problems.message = "message_too_long";
  const reference = cleanLine(values.reference);
  if (reference.length > MAX_CONTACT_REFERENCE_LENGTH || !isWellFormedText(reference)) {
    problems.reference = "reference_too_long";
  }
  if (Object.keys(problems).length > 0 || !email.ok) return { ok: false, problems };
  return {
    ok: true,
    message: { name, email: email.email, topic: needsTopic ? topic : null, message, reference: reference || null },
  };
}

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A thread's reference, DMV- and eight characters from `randomBytes` (at least 8 bytes). */
export function contactReferenceFrom(randomBytes: Uint8Array): string {
  let code = "";
  for (let index = 0; index < 8; index++) code += REFERENCE_ALPHABET[randomBytes[index]! % REFERENCE_ALPHABET.length];
  return `DMV-${code}`;
}

/** Finds a thread reference in text (an e-mail subject, a reference field): DMV-XXXXXXXX in any case. */
export function contactReferenceIn(text: string): string | null {
  const match = /\bDMV-([23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8})\b/i.exec(text);
  return match ? `DMV-${match[1]!.toUpperCase()}` : null;
}
