import { readCookie } from "#app/i18n/preferences";

/**
 * Notices that must survive a redirect: the action that signs in or out answers with a redirect, so
 * the page that shows the toast is the next one. The notice travels in a short-lived cookie rather
 * than a `?toast=` flag: the address stays clean, a reload or a shared link never repeats it, and a
 * request that carries one is never served from (nor kept in) the response cache. The root loader
 * reads it once and clears it; the root component turns it into a toast.
 */
export const FLASH_KINDS = [
  "signedIn",
  "signedOut",
  "passwordUpdated",
  "accountCreated",
  "waitlistJoined",
  "waitlistConfirmSent",
  "waitlistLeft",
  "orderConfirmed",
  "paymentReceived",
  "orderCancelled",
  "registrationCancelled",
  "accountDeleted",
] as const;
export type FlashKind = (typeof FLASH_KINDS)[number];

/** A notice with an id of its own, so the same notice twice in a row still shows twice. */
export interface Flash {
  kind: FlashKind;
  id: string;
}

const FLASH_COOKIE = "flash";
/** Long enough for the redirect, short enough not to surprise anyone on a later visit. */
const FLASH_MAX_AGE_SECONDS = 60;

function isFlashKind(value: unknown): value is FlashKind {
  return typeof value === "string" && (FLASH_KINDS as readonly string[]).includes(value);
}

/** The Set-Cookie value that carries a notice to the next page. */
export function flashCookie(kind: FlashKind): string {
  const id = Math.random().toString(36).slice(2, 10);
  return `${FLASH_COOKIE}=${kind}.${id}; Path=/; Max-Age=${FLASH_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`;
}

/** The notice a request carries, and the Set-Cookie value that clears it once read. */
export function takeFlash(request: Request): { flash: Flash | null; clear: string } | null {
  const value = readCookie(request.headers.get("Cookie"), FLASH_COOKIE);
  if (!value) return null;
  const [kind, id = ""] = value.split(".");
  const clear = `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  return { flash: isFlashKind(kind) ? { kind, id } : null, clear };
}
