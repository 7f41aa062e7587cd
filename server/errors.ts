/**
 * The one error type services raise. Codes are stable words the UI translates; the message is for
 * developers and logs. HTTP statuses are decided in one place (server/http/error-response.ts).
 */
export const ERROR_CODES = [
  "invalid",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | "internal";

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field-level problems for `invalid`, keyed by the input's path. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
