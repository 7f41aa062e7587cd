// Share links (`?s=CODE`) and promoter links (`?ref=CODE`): what a visit through one records, for how
// long it counts toward a purchase, and what a promoter earns. See docs/architecture.md, "Shares and promoters".

/** A visit through a share or promoter link counts toward tickets bought within this many days. */
export const REFERRAL_DAYS = 30;
export const REFERRAL_MAX_AGE_SECONDS = REFERRAL_DAYS * 24 * 60 * 60;

/** The query parameters of a personal share link and of a promoter's tracked link. */
export const SHARE_PARAMETER = "s";
export const PROMOTER_PARAMETER = "ref";

/**
 * Share, promoter and join codes: 10 characters of base64url from random bytes (60 bits), short enough
 * for a link read aloud, far too many to guess. Anything else is refused before a lookup.
 */
export const REFERRAL_CODE_LENGTH = 10;
const CODE_PATTERN = /^[A-Za-z0-9_-]{10}$/;

export function isReferralCode(value: unknown): value is string {
  return typeof value === "string" && CODE_PATTERN.test(value);
}

/** The largest commission: the whole ticket revenue (10,000 basis points = 100 %). */
export const MAX_COMMISSION_BPS = 10_000;

/**
 * What a promoter earns on an order: the commission rate (basis points) of the order's ticket revenue,
 * rounded down to the cent. The ticket revenue is the order's total: the site adds no fees to it, and
 * anything added later (fees, tax) would stay out of it.
 */
export function commissionCents(ticketRevenueCents: number, commissionBps: number): number {
  return Math.floor((ticketRevenueCents * commissionBps) / MAX_COMMISSION_BPS);
}

/**
 * A percentage typed in a form ("12.5", "10", "") as basis points: up to two decimals, 0–100.
 * Empty means no commission. Returns null for anything else.
 */
export function percentToBps(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bps <= MAX_COMMISSION_BPS ? bps : null;
}

/** Basis points as the percentage people read: 1250 → "12.5". */
export function bpsToPercent(bps: number): string {
  return String(bps / 100);
}
