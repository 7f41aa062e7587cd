import { Hono, type Context } from "hono";
import { z } from "zod";
import { LANGUAGES } from "#domain/language";
import { orderInputSchema } from "#domain/order";
import { cardInputSchemaAt, type CardInput } from "#domain/payment-card";
import { languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { answerIdempotently } from "#server/http/idempotency";
import type { Actor } from "#server/services/actor";
import { canViewOrder, cancelOrder, getOrderDetail, payOrder, placeOrder, refundOrder } from "#server/services/orders";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./me";
import { orderJson } from "./order-json";

/** The header that carries an order's access token for a buyer without an account. */
export const ORDER_TOKEN_HEADER = "X-Order-Token";

const ORDER_BODY_SHAPE =
  'The body must be JSON: {"eventId": 1, "items": [{"ticketTypeId": 1, "quantity": 1}], "buyer": {"name": "…", "email": "…"}}.';
const PAYMENT_BODY_SHAPE =
  'The body must be JSON: {"card": {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2030, "cvc": "123"}}.';

/** Besides the order itself: the language of its e-mails, and a card to pay a paid order at once. */
function orderBodySchema(now: Date) {
  return z
    .object({
      eventId: z.unknown(),
      items: z.unknown(),
      buyer: z.unknown(),
      language: z.enum(LANGUAGES).optional(),
      payment: z
        .object({ card: cardInputSchemaAt(now).optional() })
        .strict()
        .optional(),
    })
    .strict();
}

function paymentBodySchema(now: Date) {
  return z.object({ card: cardInputSchemaAt(now).optional() }).strict();
}

/**
 * `/api/v1/orders`: buying tickets, for signed-in people (session or bearer token) and guests alike.
 * A guest's key to an order is its access token, given when ordering and in every e-mail's link;
 * it is sent back in the `X-Order-Token` header (or `?key=`). Who may not see an order gets 404.
 *
 * - `POST /` places an order (201 `{ data, accessToken, payment? }`); with `payment.card`, a paid
 *   order is paid at once. Takes an `Idempotency-Key`.
 * - `GET /{id}`: the order, to its buyer or its event's organizers.
 * - `POST /{id}/payment` `{ card }` pays a pending order (200 `{ data, payment }`; a declined card is
 *   `payment.outcome: "declined"` with its reason, the order cancelled and its hold released). Takes an `Idempotency-Key`.
 * - `POST /{id}/cancel`: the buyer cancels a free registration or leaves a pending order.
 * - `POST /{id}/refund`: an organizer of the event refunds a paid order.
 */
export function createOrdersApi() {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers carry it too: orders are their buyer's alone.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.use(limitBody());

  api.post("/", async (c) => {
    const now = currentTime();
    const body = await readJsonBody(c, ORDER_BODY_SHAPE);
    // Two schemas, one answer: the order's own rules, and which other fields the body may have.
    const order = orderInputSchema.safeParse(body);
    const envelope = orderBodySchema(now).safeParse(body);
    if (!order.success || !envelope.success) {
      throw invalidInput(
        new z.ZodError([...(order.error?.issues ?? []), ...(envelope.error?.issues ?? [])]),
        ORDER_BODY_SHAPE,
      );
    }
    const payments = c.get("payments");
    const card = envelope.data.payment?.card;
    if (envelope.data.payment && payments.collectsCardOnSite && !card) {
      throw new AppError("invalid", "Paying at once takes a card.", { "payment.card": "card_required" });
    }
    const actor = actorOf(c);
    const siteUrl = c.get("config").publicUrl;
    const language = envelope.data.language ?? languageFromHeader(c.req.header("Accept-Language"));
    // The body as understood (Accept-Language is not part of it: a retry may say it differently).
    const request = {
      order: order.data,
      language: envelope.data.language ?? null,
      payment: envelope.data.payment ? cardSummary(card) : null,
    };

    return answerIdempotently(c, request, async (tx) => {
      const placed = await placeOrder(tx, actor, order.data, { now, language, siteUrl });
      const asPlaced = {
        status: 201,
        body: { data: orderJson(placed.order), accessToken: placed.accessToken },
      } as const;
      if (!envelope.data.payment || placed.order.status !== "pending") return asPlaced;
      // Paid once the order is committed: the provider is not called inside a transaction.
      return {
        interim: asPlaced,
        afterCommit: async (db) => {
          const paid = await payOrder(
            db,
            payments,
            {
              orderId: placed.order.id,
              ...(card ? { card } : {}),
              ...returnUrls(siteUrl, placed.order.id, placed.accessToken),
            },
            { now, siteUrl },
          );
          return {
            status: 201,
            body: { data: orderJson(paid.order), accessToken: placed.accessToken, payment: paymentJson(paid) },
          };
        },
      };
    });
  });

  api.get("/:id", async (c) => {
    const { order } = await requireBuyerOrOrganizer(c);
    return c.json({ data: orderJson(order) });
  });

  api.post("/:id/payment", async (c) => {
    const now = currentTime();
    const body = await readJsonBody(c, PAYMENT_BODY_SHAPE);
    const parsed = paymentBodySchema(now).safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, PAYMENT_BODY_SHAPE);
    const { order, token } = await requireBuyer(c);
    const payments = c.get("payments");
    const { card } = parsed.data;
    // A free ticket offered from the waitlist is taken without one.
    if (payments.collectsCardOnSite && !card && order.totalCents > 0) {
      throw new AppError("invalid", "A card is needed to pay this order.", { card: "card_required" });
    }
    const siteUrl = c.get("config").publicUrl;
    return answerIdempotently(c, { card: cardSummary(card) }, async () => ({
      afterCommit: async (db) => {
        const paid = await payOrder(
          db,
          payments,
          {
            orderId: order.id,
            ...(card ? { card } : {}),
            ...returnUrls(siteUrl, order.id, token),
          },
          { now, siteUrl },
        );
        return { status: 200, body: { data: orderJson(paid.order), payment: paymentJson(paid) } };
      },
    }));
  });

  api.post("/:id/cancel", async (c) => {
    const { order } = await requireBuyer(c);
    const cancelled = await cancelOrder(c.get("db"), actorOf(c), order.id, {
      now: currentTime(),
      reason: order.status === "pending" ? "payment_abandoned" : "cancelled_by_buyer",
      siteUrl: c.get("config").publicUrl,
    });
    return c.json({ data: orderJson(cancelled) });
  });

  api.post("/:id/refund", async (c) => {
    const actor = actorOf(c);
    if (!actor) throw new AppError("unauthenticated", "Must be logged in");
    // Someone who may not see the order learns nothing, not even that it exists (404 as for GET).
    const { order } = await requireBuyerOrOrganizer(c);
    const refunded = await refundOrder(c.get("db"), c.get("payments"), actor, order.id, {
      now: currentTime(),
      siteUrl: c.get("config").publicUrl,
    });
    return c.json({ data: orderJson(refunded) });
  });

  return api;
}

function actorOf(c: Context<AppEnv>): Actor | null {
  const viewer = c.get("viewer");
  return viewer ? { userId: viewer.userId } : null;
}

/** The order's access token as sent: the header (API clients) or `?key=` (links). */
function accessTokenOf(c: Context<AppEnv>): string | null {
  return c.req.header(ORDER_TOKEN_HEADER) ?? c.req.query("key") ?? null;
}

async function requireBuyerOrOrganizer(c: Context<AppEnv>) {
  const orderId = c.req.param("id") ?? "";
  const token = accessTokenOf(c);
  const role = await canViewOrder(c.get("db"), { orderId, actor: actorOf(c), accessToken: token });
  const order = role ? await getOrderDetail(c.get("db"), orderId) : null;
  // Whether an order exists is nobody else's business: not yours and not there look the same.
  if (!role || !order) throw new AppError("not_found", "No such order, or it is not yours.");
  return { order, role, token };
}

async function requireBuyer(c: Context<AppEnv>) {
  const found = await requireBuyerOrOrganizer(c);
  if (found.role !== "buyer") throw new AppError("forbidden", "Only the order's buyer may do this.");
  return found;
}

/** Where the provider's hosted page sends the buyer back: the order's page, opened by their token. */
function returnUrls(siteUrl: string, orderId: string, token: string | null) {
  const key = token ? `?key=${encodeURIComponent(token)}` : "";
  return { returnUrl: `${siteUrl}/orders/${orderId}${key}`, cancelUrl: `${siteUrl}/orders/${orderId}/pay${key}` };
}

/**
 * What identifies a card in a request for idempotency: enough to tell two cards apart, never the
 * whole number (its hash would be as good as the number, the digits being so few).
 */
function cardSummary(card: CardInput | undefined) {
  return card ? { last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear } : null;
}

function paymentJson(paid: Awaited<ReturnType<typeof payOrder>>) {
  return {
    outcome: paid.outcome,
    ...(paid.declineReason ? { declineReason: paid.declineReason } : {}),
    ...(paid.redirectUrl ? { redirectUrl: paid.redirectUrl } : {}),
  };
}
