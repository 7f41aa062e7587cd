import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { unstorableTextPlaces } from "#domain/text";
import { AppError } from "#server/errors";

/** What a JSON API takes unless it says otherwise: far above any of its bodies, far below a burden. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

/** Refuses (400, the one error shape) a body larger than `maxBytes`, before it is read into memory. */
export function limitBody(maxBytes: number = MAX_JSON_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("invalid", `A request body is at most ${maxBytes} bytes.`);
    },
  });
}

/**
 * The request's body as JSON; a body that is not JSON is refused (400) with `shape`, which tells the
 * caller what is expected, and `fields` when a form keys its message on them.
 */
export async function readJsonBody(c: Context, shape: string, fields?: Record<string, string>): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError("invalid", shape, fields);
  });
  const places = unstorableTextPlaces(body);
  if (places.length > 0) {
    throw new AppError(
      "invalid",
      UNSTORABLE_TEXT_MESSAGE,
      Object.fromEntries(places.map((place) => [place, "invalid"])),
    );
  }
  return body;
}

const UNSTORABLE_TEXT_MESSAGE = "Text may not contain the NUL character (\\u0000) or half a surrogate pair.";
