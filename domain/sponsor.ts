import { parseEmailAddress } from "./email-address";
import { isWellFormedText } from "./text";

/** Sponsor tiers, most prominent first. */
export const SPONSOR_TIERS = ["gold", "silver", "bronze"] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number];

/** Sorts sponsors by tier (gold first), then by name. */
export function bySponsorTier<S extends { tier: SponsorTier; name: string }>(a: S, b: S): number {
  return SPONSOR_TIERS.indexOf(a.tier) - SPONSOR_TIERS.indexOf(b.tier) || a.name.localeCompare(b.name);
}

/** The longest each of a sponsor's texts may be. */
export const SPONSOR_LIMITS = { name: 120, description: 2000, website: 300, industry: 80, contactEmail: 254 } as const;

/**
 * The largest logo accepted, before decoding. Here rather than beside the image code, because the
 * console shows it and must not pull the image library into the browser.
 */
export const MAX_SPONSOR_LOGO_BYTES = 2 * 1024 * 1024;

/** A sponsor as staff write it; `accountEmail` names the account that speaks for it (or none). */
export interface SponsorInput {
  name: string;
  description: string;
  website: string;
  tier: SponsorTier;
  industry: string;
  contactEmail: string;
  accountEmail: string | null;
}

/** Why a field was refused: the console translates these words (admin.sponsors.errors.*). */
export type SponsorFieldProblem = "required" | "too_long" | "invalid_url" | "invalid_email" | "invalid_tier";

export type ParsedSponsorInput<T> =
  { ok: true; value: T } | { ok: false; fields: Partial<Record<keyof SponsorInput, SponsorFieldProblem>> };

const TEXT_FIELDS = ["name", "description", "industry"] as const;

/**
 * Reads a sponsor from raw values (a form's fields or a JSON body). With `partial`, a missing field
 * keeps its stored value (the API's PATCH); an empty `accountEmail` unlinks the account.
 */
export function parseSponsorInput(
  raw: Record<string, unknown>,
  partial: true,
): ParsedSponsorInput<Partial<SponsorInput>>;
export function parseSponsorInput(raw: Record<string, unknown>, partial?: false): ParsedSponsorInput<SponsorInput>;
export function parseSponsorInput(
  raw: Record<string, unknown>,
  partial = false,
): ParsedSponsorInput<Partial<SponsorInput>> {
  const fields: Partial<Record<keyof SponsorInput, SponsorFieldProblem>> = {};
  const value: Partial<SponsorInput> = {};
  const present = (key: keyof SponsorInput) => !partial || raw[key] !== undefined;
  const text = (key: keyof SponsorInput): string | null => {
    const given = raw[key];
    if (given === undefined || given === null) return "";
    if (typeof given !== "string" || !isWellFormedText(given)) {
      fields[key] = "required";
      return null;
    }
    return given.trim();
  };
  for (const key of TEXT_FIELDS) {
    if (!present(key)) continue;
    const given = text(key);
    if (given === null) continue;
    if (given === "") fields[key] = "required";
    else if (given.length > SPONSOR_LIMITS[key]) fields[key] = "too_long";
    else value[key] = given;
  }
  if (present("website")) {
    const given = text("website");
    if (given === "") fields.website = "required";
    else if (given !== null) {
      if (given.length > SPONSOR_LIMITS.website) fields.website = "too_long";
      else if (!isWebAddress(given)) fields.website = "invalid_url";
      else value.website = given;
    }
  }
  if (present("tier")) {
    const given = raw.tier;
    if (typeof given === "string" && (SPONSOR_TIERS as readonly string[]).includes(given)) {
      value.tier = given as SponsorTier;
    } else fields.tier = given === undefined || given === "" ? "required" : "invalid_tier";
  }
  if (present("contactEmail")) {
    const given = text("contactEmail");
    if (given === "") fields.contactEmail = "required";
    else if (given !== null) {
      const parsed = parseEmailAddress(given);
      if (parsed.ok) value.contactEmail = parsed.email;
      else fields.contactEmail = parsed.problem === "too_long" ? "too_long" : "invalid_email";
    }
  }
  if (present("accountEmail")) {
    const given = text("accountEmail");
    if (given === "") value.accountEmail = null;
    else if (given !== null) {
      const parsed = parseEmailAddress(given);
      if (parsed.ok) value.accountEmail = parsed.email;
      else fields.accountEmail = "invalid_email";
    }
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}

/** An http(s) address with a host: what a sponsor's website link may be (never javascript: or data:). */
function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}
