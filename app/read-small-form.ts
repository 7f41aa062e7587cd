import { readFormWithin } from "#server/http/read-form";

/**
 * The most a form of short fields (account forms, preferences, interests) may send: far more than
 * any of them needs, far less than would let a client fill the server's memory. The dashboard's
 * profile form, which carries a picture, has its own larger limit.
 */
export const SMALL_FORM_BYTES = 16 * 1024;

/**
 * A short form's fields, read only up to SMALL_FORM_BYTES: "too_large" for a bigger body (answer 413
 * and change nothing), null when the body is not a form at all.
 */
export function readSmallForm(request: Request): Promise<FormData | "too_large" | null> {
  return readFormWithin(request, SMALL_FORM_BYTES);
}
