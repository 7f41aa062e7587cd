import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Database } from "#server/db/client";
import { idempotencyKeys } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { errorResponse, type ErrorBody } from "#server/http/error-response";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key's answer is kept; server/jobs/delete-expired-rows.ts deletes older ones. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** 1–255 printable ASCII characters, as Stripe and the IETF draft allow (a UUID is typical). */
const KEY = /^[\x20-\x7e]{1,255}$/;

/** What a use case answers: a status and a JSON body. */
export interface IdempotentAnswer {
  status: ContentfulStatusCode;
  body: unknown;
}

/**
 * Answers a POST at most once per `Idempotency-Key`, so a client that lost the answer (a timeout, a
 * dropped connection, a server that died) can send the request again without ordering twice.
 *
 * The key's row is inserted in the SAME transaction as the use case (`work` gets that transaction),
 * and the answer is stored in it before commit. So:
 * - a process that dies mid-request leaves neither the row nor the order: a retry runs afresh;
 * - a duplicate sent while the first still runs waits on the row's primary key, then replays the
 *   committed answer (or runs afresh if the first rolled back);
 * - a later retry gets the stored status and body again, with `Idempotent-Replayed: true`;
 * - the same key with a different request is refused with 422 (fields { Idempotency-Key:
 *   reused_with_different_body }).
 * The use case's own errors (sold out, hold expired, ...) are answers too and are replayed; anything
 * unexpected rolls everything back and is raised, so a retry may succeed. The use cases run in a
 * transaction of their own (a savepoint inside this one), so one that fails leaves none of its rows.
 *
 * The stored answer is the answer given, an order's access token included: a replay must open the
 * order as the first answer did. It is readable only with the same key, caller and request body.
 *
 * Keys belong to one route and one caller (the signed-in person, or guests together) for 24 hours.
 * `request` is what identifies the request's content (its parsed body): its SHA-256 is kept, so it
 * should not hold a card number in full. Without the header, `work` simply runs on the database.
 */
export async function answerIdempotently(
  c: Context<AppEnv>,
  request: unknown,
  work: (db: Database, key: string | null) => Promise<IdempotentAnswer>,
): Promise<Response> {
  const db = c.get("db");
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) {
    const answer = await work(db, null);
    return c.json(answer.body as object, answer.status);
  }
  if (!KEY.test(key)) {
    throw new AppError("invalid", "An Idempotency-Key is 1 to 255 printable ASCII characters.", {
      [IDEMPOTENCY_KEY_HEADER]: "invalid",
    });
  }
  const scope = `${c.req.method} ${c.req.path} ${c.get("viewer")?.userId ?? "guest"}`;
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  const now = new Date();

  const outcome = await db.transaction(async (tx) => {
    const isKeyed = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const claim = () =>
      tx
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
    // Waits while another request holding this key runs; then it conflicts with its committed row.
    let claimed = (await claim()).length > 0;
    if (!claimed) {
      const [stored] = await tx.select().from(idempotencyKeys).where(isKeyed);
      if (stored && stored.expiresAt.getTime() > now.getTime()) {
        if (stored.requestHash !== requestHash) return { kind: "reused" as const };
        return { kind: "replay" as const, status: stored.statusCode!, body: stored.responseBody };
      }
      // Past its 24 hours (not yet deleted), or deleted meanwhile: the key is free again.
      await tx.delete(idempotencyKeys).where(isKeyed);
      claimed = (await claim()).length > 0;
      if (!claimed) throw new AppError("conflict", "This Idempotency-Key is in use by another request.");
    }

    let answer: IdempotentAnswer;
    try {
      answer = await work(tx, key);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The error as the API would answer it, kept like any other answer.
      const response = errorResponse(c, error);
      answer = { status: response.status as ContentfulStatusCode, body: await response.json() };
    }
    // The answer as stored is the answer given, now and on every replay.
    const [saved] = await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.status, responseBody: answer.body })
      .where(isKeyed)
      .returning({ body: idempotencyKeys.responseBody });
    return { kind: "first" as const, status: answer.status, body: saved!.body };
  });

  if (outcome.kind === "reused") {
    const body: ErrorBody = {
      error: {
        code: "invalid",
        message: "This Idempotency-Key was used with a different request.",
        requestId: c.get("requestId"),
        fields: { [IDEMPOTENCY_KEY_HEADER]: "reused_with_different_body" },
      },
    };
    return c.json(body, 422);
  }
  if (outcome.kind === "replay") c.header(IDEMPOTENT_REPLAYED_HEADER, "true");
  return c.json(outcome.body as object, outcome.status as ContentfulStatusCode);
}
