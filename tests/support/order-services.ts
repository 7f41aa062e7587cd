import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { OrderInput } from "#domain/order";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, ticketTypes } from "#server/db/schema";
import { AppError } from "#server/errors";
import { openTestDatabase } from "./test-database";

export const SITE_URL = "http://localhost:3000";
export const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
export const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
export const PAY_URLS = { returnUrl: `${SITE_URL}/orders/x`, cancelUrl: `${SITE_URL}/orders/x/pay` };

/**
 * The database of the orders service suites (orders-services, order-payments, order-after-sale), and what
 * they read back from it: how many of a ticket type are sold or held, and the jobs queued of a kind.
 */
export function setUpOrderServices() {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());
  const current = () => handle!;

  async function soldOf(ticketTypeId: number): Promise<number> {
    const [row] = await current()
      .db.select({ sold: ticketTypes.sold })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, ticketTypeId));
    return row!.sold;
  }

  async function queued(kind: string) {
    return (await current().db.select().from(jobs).where(eq(jobs.kind, kind))).map((job) => job.payload);
  }

  return { current, soldOf, queued };
}

export function orderFor(eventId: number, items: OrderInput["items"], email = "buyer@example.com"): OrderInput {
  return { eventId, items, buyer: { name: "Ada Buyer", email } };
}

export function orderContext(now = new Date()) {
  return { now, language: "fr" as const, siteUrl: SITE_URL };
}

/** The AppError a call fails with. */
export async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}
