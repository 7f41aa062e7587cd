import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
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
 * mid-request is free again soon. While a key is claimed (no status yet), its `response_body` holds
 * { claimedUntil, interim? }; its `expires_at` is already the 24 hours of the answer, so the job that
 * deletes expired rows (delete-expired-rows.ts) never takes a lapsed claim's interim answer with it.
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

/**
 * A use case whose database step is done and committed, and whose rest waits on the network (the
 * payment provider). `afterCommit` runs after the key's transaction has committed, on the database,
 * in transactions of its own; its answer is recorded in a new transaction. `interim` is the answer
 * as it stands after the database step (an order placed, not yet paid): it becomes the key's answer
 * if the rest fails unexpectedly or its process dies, so a retry gets that order instead of a second.
 * Without one, such a retry runs the use case afresh.
 */
export interface AfterCommit {
  interim?: IdempotentAnswer;
  afterCommit: (db: Database) => Promise<IdempotentAnswer>;
}

/** The key's row as a request finds it. */
type Claim =
  | { kind: "claimed"; outcome: AfterCommit; until: string }
  | { kind: "reused" }
  | { kind: "answered"; status: ContentfulStatusCode; body: unknown; replayed: boolean }
  | { kind: "running" };

/**
 * Answers a POST at most once per `Idempotency-Key`, so a client that lost the answer (a timeout, a
 * dropped connection, a server that died) can send the request again without ordering twice.
 *
 * Claim, commit, call, record (architecture.md, rule 3: no transaction is open while the app waits on
 * the network; on the embedded database it would hold up every other request):
 * 1. One short transaction inserts the key's row and runs `work`, the use case's database step (its
 *    own transactions become savepoints), which never waits on the network. A step that is the whole
 *    use case returns its answer, stored in the same transaction: the key and what it did commit
 *    together, so a process that dies mid-request leaves neither and a retry runs afresh.
 * 2. A step that must go on over the network returns an AfterCommit: the row stays claimed (no status)
 *    for IDEMPOTENCY_CLAIM_MS, holding the interim answer, and `afterCommit` runs after the commit.
 * 3. Its answer is stored in a new short transaction.
 * So:
 * - a duplicate sent while the first still runs waits for its answer (up to IDEMPOTENCY_WAIT_MS) and
 *   replays it; if none comes in time it is refused with 409 conflict "This Idempotency-Key is in use
 *   by another request." and may retry;
 * - a later retry gets the stored status and body again, with `Idempotent-Replayed: true`;
 * - the same key with a different request is refused with 422 (fields { Idempotency-Key:
 *   reused_with_different_body });
 * - a claim whose process died lapses after IDEMPOTENCY_CLAIM_MS: its interim answer becomes the
 *   answer, or, without one, a retry runs afresh.
 * The use case's own errors (sold out, hold expired, ...) are answers too and are replayed; anything
 * unexpected is raised (a 500) and leaves the key to a retry: in step 1 everything rolls back, after
 * it the interim answer is kept, or else the claim is let go of.
 *
 * The stored answer is the answer given, an order's access token included: a replay must open the
 * order as the first answer did. It is readable only with the same key, caller and request body.
 *
 * Keys belong to one route and one caller (the signed-in person, or guests together) for 24 hours.
 * `request` is what identifies the request's content (its parsed body): its SHA-256 is kept, so it
 * should not hold a card number in full. Without the header, the steps simply run on the database.
 */
export async function answerIdempotently(
  c: Context<AppEnv>,
  request: unknown,
  work: (db: Database, key: string | null) => Promise<IdempotentAnswer | AfterCommit>,
): Promise<Response> {
  const db = c.get("db");
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) {
    const outcome = await work(db, null);
    const answer = "afterCommit" in outcome ? await outcome.afterCommit(db) : outcome;
    return c.json(answer.body as object, answer.status);
  }
  if (!KEY.test(key)) {
    throw new AppError("invalid", "An Idempotency-Key is 1 to 255 printable ASCII characters.", {
      [IDEMPOTENCY_KEY_HEADER]: "invalid",
    });
  }
  const scope = `${c.req.method} ${c.req.path} ${c.get("viewer")?.userId ?? "guest"}`;
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  const keyed = { scope, key, requestHash };
  const asAnswer = async (error: AppError): Promise<IdempotentAnswer> => {
    // The error as the API would answer it, kept like any other answer.
    const response = errorResponse(c, error);
    return { status: response.status as ContentfulStatusCode, body: await response.json() };
  };

  const claim = await claimOrWait(db, keyed, (tx) => work(tx, key), asAnswer);
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
    if (claim.replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, "true");
    return c.json(claim.body as object, claim.status);
  }

  // Step 2, outside any transaction; step 3, its answer recorded if the claim is still this request's.
  const { interim, afterCommit } = claim.outcome;
  const ours = and(isKeyed(scope, key), isNull(idempotencyKeys.statusCode), sql`${claimedUntil} = ${claim.until}`);
  let answer: IdempotentAnswer;
  try {
    answer = await afterCommit(db);
  } catch (error) {
    if (!(error instanceof AppError)) {
      if (interim) await record(db, ours, interim);
      else await db.delete(idempotencyKeys).where(ours);
      throw error;
    }
    answer = await asAnswer(error);
  }
  // The answer as stored is the answer given, now and on every replay. (Not stored: the claim lapsed
  // meanwhile and its interim answer became the key's; this request is answered all the same.)
  const saved = await record(db, ours, answer);
  return c.json((saved ?? answer).body as object, answer.status);
}

/** Until when a running request holds its key (an ISO instant in the claim's response_body). */
const claimedUntil = sql`${idempotencyKeys.responseBody} ->> 'claimedUntil'`;

function isKeyed(scope: string, key: string) {
  return and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
}

/** Stores `answer` as the key's, kept 24 hours, where `row` matches; answers it as stored. */
async function record(db: Database, row: SQL | undefined, answer: IdempotentAnswer) {
  const [saved] = await db
    .update(idempotencyKeys)
    .set({
      statusCode: answer.status,
      responseBody: answer.body,
      expiresAt: new Date(Date.now() + IDEMPOTENCY_KEY_TTL_MS),
    })
    .where(row)
    .returning({ status: idempotencyKeys.statusCode, body: idempotencyKeys.responseBody });
  return saved && { status: saved.status as ContentfulStatusCode, body: saved.body };
}

/**
 * Claims the key and runs `step` with it, or finds the key's answer; while another request holds it,
 * looks again until that one answers, its claim lapses or IDEMPOTENCY_WAIT_MS is over.
 */
async function claimOrWait(
  db: Database,
  keyed: { scope: string; key: string; requestHash: string },
  step: (tx: Database) => Promise<IdempotentAnswer | AfterCommit>,
  asAnswer: (error: AppError) => Promise<IdempotentAnswer>,
): Promise<Claim> {
  const giveUpAt = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (;;) {
    const claim = await claimOnce(db, keyed, step, asAnswer);
    if (claim.kind !== "running" || Date.now() >= giveUpAt) return claim;
    await sleep(WAIT_POLL_MS);
  }
}

/**
 * Step 1, one short transaction: frees the key if its row is past its time, then claims it and runs
 * the database step, or reads the key's row.
 */
async function claimOnce(
  db: Database,
  { scope, key, requestHash }: { scope: string; key: string; requestHash: string },
  step: (tx: Database) => Promise<IdempotentAnswer | AfterCommit>,
  asAnswer: (error: AppError) => Promise<IdempotentAnswer>,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const keyRow = isKeyed(scope, key);
    const lapsedClaim = and(
      keyRow,
      isNull(idempotencyKeys.statusCode),
      sql`(${claimedUntil})::timestamptz <= ${now.toISOString()}::timestamptz`,
    );
    // A claim whose process died leaves its interim answer as the key's answer...
    const [lapsed] = await tx
      .update(idempotencyKeys)
      .set({
        statusCode: sql`(${idempotencyKeys.responseBody} #>> '{interim,status}')::int`,
        responseBody: sql`${idempotencyKeys.responseBody} #> '{interim,body}'`,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      })
      .where(and(lapsedClaim, sql`${idempotencyKeys.responseBody} -> 'interim' is not null`))
      .returning({ key: idempotencyKeys.key });
    // ...and without one frees the key, as does an answer past its 24 hours (not yet deleted).
    if (!lapsed) {
      await tx.delete(idempotencyKeys).where(or(lapsedClaim, and(keyRow, lte(idempotencyKeys.expiresAt, now))));
    }
    const until = new Date(now.getTime() + IDEMPOTENCY_CLAIM_MS).toISOString();
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({
        scope,
        key,
        requestHash,
        responseBody: { claimedUntil: until },
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      const [stored] = await tx.select().from(idempotencyKeys).where(keyRow);
      if (!stored) return { kind: "running" }; // let go of meanwhile: the next look claims it
      if (stored.requestHash !== requestHash) return { kind: "reused" };
      if (stored.statusCode === null) return { kind: "running" };
      return {
        kind: "answered",
        status: stored.statusCode as ContentfulStatusCode,
        body: stored.responseBody,
        replayed: true,
      };
    }

    let outcome: IdempotentAnswer | AfterCommit;
    try {
      // A savepoint: a use case that fails leaves none of its rows, and the claim stays to hold its answer.
      outcome = await tx.transaction((savepoint) => step(savepoint));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = await asAnswer(error);
    }
    if ("afterCommit" in outcome) {
      if (outcome.interim) {
        // Held while the rest runs: what the key answers if this process dies before it is done.
        await tx
          .update(idempotencyKeys)
          .set({ responseBody: { claimedUntil: until, interim: outcome.interim } })
          .where(keyRow);
      }
      return { kind: "claimed", outcome, until };
    }
    const saved = await record(tx, keyRow, outcome);
    return { kind: "answered", status: outcome.status, body: saved!.body, replayed: false };
  });
}
