import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lte } from "drizzle-orm";
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
/**
 * How long a request holds its key while it runs: longer than the slowest use case (an order placed
 * and paid, whose provider call is bounded by PAYMENT_CLAIM_MS in services/orders.ts, 2 minutes),
 * so a request still running is never run a second time; short enough that a key whose process died
 * mid-request is free again soon (delete-expired-rows.ts also removes the lapsed claim).
 */
export const IDEMPOTENCY_CLAIM_MS = 5 * 60_000;
/**
 * How long a duplicate waits for the request holding its key to answer before it is told the key is
 * in use (409): about as long as a client waits for an answer.
 */
export const IDEMPOTENCY_WAIT_MS = 60_000;
/** How often a waiting duplicate looks for the answer. */
const WAIT_POLL_MS = 100;

/** 1–255 printable ASCII characters, as Stripe and the IETF draft allow (a UUID is typical). */
const KEY = /^[\x20-\x7e]{1,255}$/;

/** What a use case answers: a status and a JSON body. */
export interface IdempotentAnswer {
  status: ContentfulStatusCode;
  body: unknown;
}

/** The key's row as a request finds it. */
type Claim =
  | { kind: "claimed"; until: Date }
  | { kind: "reused" }
  | { kind: "answered"; status: ContentfulStatusCode; body: unknown }
  | { kind: "running" };

/**
 * Answers a POST at most once per `Idempotency-Key`, so a client that lost the answer (a timeout, a
 * dropped connection, a server that died) can send the request again without ordering twice.
 *
 * Claim, run, record: no transaction is open while the use case runs, since it may wait on the
 * network (the payment provider) and, on the embedded database, an open transaction would hold up
 * every other request (architecture.md, rule 3).
 * 1. The key's row is inserted without an answer, claimed for IDEMPOTENCY_CLAIM_MS, and committed.
 * 2. `work` runs on the database, in transactions of its own.
 * 3. Its answer is stored in the row, kept 24 hours, in another short statement.
 * So:
 * - a duplicate sent while the first still runs waits for its answer (up to IDEMPOTENCY_WAIT_MS),
 *   then replays it; if none comes in time it is refused with 409 conflict ("in use by another
 *   request") and may retry;
 * - a later retry gets the stored status and body again, with `Idempotent-Replayed: true`;
 * - the same key with a different request is refused with 422 (fields { Idempotency-Key:
 *   reused_with_different_body });
 * - a process that dies mid-request leaves a claim without an answer: once the claim lapses, a retry
 *   runs afresh (the use cases guard themselves against running twice: an order's payment is keyed by
 *   the order at the provider).
 * The use case's own errors (sold out, hold expired, ...) are answers too and are replayed; anything
 * unexpected lets go of the key and is raised, so a retry may succeed (what the use case committed
 * before failing stays, as without a key).
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

  const claim = await claimOrWait(db, scope, key, requestHash);
  if (claim.kind === "reused") {
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
  if (claim.kind === "running") throw new AppError("conflict", "This Idempotency-Key is in use by another request.");
  if (claim.kind === "answered") {
    c.header(IDEMPOTENT_REPLAYED_HEADER, "true");
    return c.json(claim.body as object, claim.status);
  }

  const ours = and(isKeyed(scope, key), isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.expiresAt, claim.until));
  let answer: IdempotentAnswer;
  try {
    answer = await work(db, key);
  } catch (error) {
    if (!(error instanceof AppError)) {
      await db.delete(idempotencyKeys).where(ours);
      throw error;
    }
    // The error as the API would answer it, kept like any other answer.
    const response = errorResponse(c, error);
    answer = { status: response.status as ContentfulStatusCode, body: await response.json() };
  }
  const [saved] = await db
    .update(idempotencyKeys)
    .set({
      statusCode: answer.status,
      responseBody: answer.body,
      expiresAt: new Date(Date.now() + IDEMPOTENCY_KEY_TTL_MS),
    })
    .where(ours)
    .returning({ body: idempotencyKeys.responseBody });
  // The answer as stored is the answer given, now and on every replay. (No row: the claim lapsed
  // and the key went to another request; this one is answered all the same.)
  return c.json((saved ? saved.body : answer.body) as object, answer.status);
}

function isKeyed(scope: string, key: string) {
  return and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
}

/**
 * Claims the key, or finds its answer; while another request holds it, looks again until that one
 * answers, its claim lapses (then this request claims the key) or IDEMPOTENCY_WAIT_MS is over.
 */
async function claimOrWait(db: Database, scope: string, key: string, requestHash: string): Promise<Claim> {
  const giveUpAt = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (;;) {
    const claim = await claimOnce(db, scope, key, requestHash);
    if (claim.kind !== "running" || Date.now() >= giveUpAt) return claim;
    await sleep(WAIT_POLL_MS);
  }
}

/** One short transaction: frees the key if its row is past its time, then claims it or reads it. */
async function claimOnce(db: Database, scope: string, key: string, requestHash: string): Promise<Claim> {
  return db.transaction(async (tx) => {
    const now = new Date();
    // An answer past its 24 hours (not yet deleted), or a claim whose process died: the key is free.
    await tx.delete(idempotencyKeys).where(and(isKeyed(scope, key), lte(idempotencyKeys.expiresAt, now)));
    const until = new Date(now.getTime() + IDEMPOTENCY_CLAIM_MS);
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, expiresAt: until })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return { kind: "claimed", until };
    const [stored] = await tx.select().from(idempotencyKeys).where(isKeyed(scope, key));
    if (!stored) return { kind: "running" }; // let go of meanwhile: the next look claims it
    if (stored.requestHash !== requestHash) return { kind: "reused" };
    if (stored.statusCode === null) return { kind: "running" };
    return { kind: "answered", status: stored.statusCode as ContentfulStatusCode, body: stored.responseBody };
  });
}
