import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, type ErrorCode } from "#server/errors";

const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
};

/**
 * The status a page answers when its form was refused by a use case. The page itself exists, so what
 * the API answers as a bad request (400) or a missing record named in the request (404) is, for a
 * form, content that cannot be taken: 422. Every other code keeps its status above.
 */
export function formPageStatusOf(error: AppError): ContentfulStatusCode {
  if (error.code === "invalid" || error.code === "not_found") return 422;
  return STATUS_BY_CODE[error.code];
}

/** The one JSON shape of every error the API answers. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; requestId: string; fields?: Record<string, string> };
}

export function errorResponse(c: Context, error: AppError): Response {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      requestId: c.get("requestId"),
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
  return c.json(body, STATUS_BY_CODE[error.code]);
}

/** Unknown failures become a 500 that shows nothing of the internals; the log keeps the detail. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // Hono raises this for a body it cannot parse; it is the client's mistake, not ours.
  if (error instanceof Error && "status" in error && error.status === 400) {
    return new AppError("invalid", "The request could not be read.");
  }
  return new AppError("internal", "Something went wrong on our side. Please try again.");
}
