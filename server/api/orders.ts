import { OpenAPIHono } from "@hono/zod-openapi";
import { KEY_HOURS } from "./common-parameters";
import type { Context } from "hono";
import { referralCodesOf } from "#server/http/referral-links";
import { z } from "zod";
import { LANGUAGES } from "#domain/language";
import { HOLD_MINUTES, MAX_TICKETS_PER_ORDER, orderInputSchema } from "#domain/order";
import { cardInputSchema, cardInputSchemaAt, cardSummary } from "#domain/payment-card";
import { languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { answerIdempotently, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "#server/http/idempotency";
import type { Actor } from "#server/services/actor";
import { canViewOrder, cancelOrder, getOrderDetail, payOrder, placeOrder, refundOrder } from "#server/services/orders";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./cache-control";
import { orderJson } from "./order-json";
import { operationRoute } from "./operation-route";
import { KEY_IN_USE_EXAMPLE, privateOperation } from "./private-operation";
import { error, problem } from "./error-answers";
import type { OpenApiParameter } from "./openapi-document-shape";

/** The header that carries an order's access token for a buyer without an account. */
export const ORDER_TOKEN_HEADER = "X-Order-Token";

const ORDER_BODY_SHAPE =
  'The body must be JSON: {"eventId": 1, "items": [{"ticketTypeId": 1, "quantity": 1}], "buyer": {"name": "…", "email": "…"}}.';
const PAYMENT_BODY_SHAPE =
  'The body must be JSON: {"card": {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2030, "cvc": "123"}}.';

/**
 * Besides the order itself: the language of its e-mails, and a card to pay a paid order at once. The
 * card is a parameter because the handler also checks its expiry against the clock (cardInputSchemaAt),
 * which the document cannot say; everything else is declared here once, for both.
 */
function orderExtraFields(card: typeof cardInputSchema) {
  return {
    language: z
      .enum(LANGUAGES)
      .optional()
      .describe("The language of the order's e-mails; by default the first of ours Accept-Language names."),
    payment: z
      .object({ card: card.optional() })
      .strict()
      .optional()
      .describe(
        "To pay a paid order at once: the card with the sandbox provider; an empty object with Stripe, " +
          "which answers with the page to send the buyer to. A free order ignores it.",
      ),
  };
}

/** The payment body; the card as in orderExtraFields. */
function paymentBodySchema(card: typeof cardInputSchema) {
  return z
    .object({
      card: card
        .optional()
        .describe("Required by the sandbox provider unless the order is free; not sent with Stripe."),
    })
    .strict();
}

/** Which fields the order's body may have besides the order's own (those orderInputSchema checks). */
function orderEnvelopeSchema(now: Date) {
  return z
    .object({
      eventId: z.unknown(),
      items: z.unknown(),
      buyer: z.unknown(),
      ...orderExtraFields(cardInputSchemaAt(now)),
    })
    .strict();
}

const orderIdParameter: OpenApiParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The order's id, a UUID (data.id of the answer to POST /orders). Anything else answers 404.",
  schema: { type: "string", format: "uuid" },
  // Orders are made by their buyers, so no example can name a real one: this one is only well formed.
  example: "00000000-0000-4000-8000-000000000000",
};

/** Access tokens are 32 random bytes in base64url (server/auth/secrets.ts randomToken). */
const ACCESS_TOKEN_SCHEMA = { type: "string", pattern: "^[A-Za-z0-9_-]{43}$" };

/** The two ways a guest shows an order's access token (orders.ts accessTokenOf). */
const orderTokenParameters: OpenApiParameter[] = [
  {
    name: ORDER_TOKEN_HEADER,
    in: "header",
    required: false,
    description:
      "The order's access token (accessToken of the answer to POST /orders, or the key in an e-mail's link): " +
      "how a buyer without an account, or not signed in, shows the order is theirs.",
    schema: ACCESS_TOKEN_SCHEMA,
    example: "q8Zf3xYb0VtN2cW7kLmP4sR9uJ1hG6dE5aT0iO2yBnM",
  },
  {
    name: "key",
    in: "query",
    required: false,
    description: `The access token in the query instead, as e-mailed links carry it; ${ORDER_TOKEN_HEADER} wins.`,
    schema: ACCESS_TOKEN_SCHEMA,
  },
];

/** A conflict about an order's state (orders.ts `conflict`): fields.order is the stable word. */
const orderConflict = (word: string, message: string) => problem("conflict", message, { order: word });

const ORDER_NOT_FOUND = {
  "404": error("No such order, or not the caller's: both look the same (code not_found).", {
    not_found: {
      summary: "No such order, or not yours",
      value: problem("not_found", "No such order, or it is not yours."),
    },
  }),
};

const BUYER_ONLY = error("The caller may see the order but is not its buyer: an organizer (code forbidden).", {
  forbidden: { summary: "Not the buyer", value: problem("forbidden", "Only the order's buyer may do this.") },
});

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const ORDER_REQUEST_BODIES = {
  OrderInput: orderInputSchema
    .safeExtend(orderExtraFields(cardInputSchema))
    .strict()
    .describe(
      `An event, 1 to ${MAX_TICKETS_PER_ORDER} tickets across its ticket types, each type once, and the buyer.`,
    ),
  PaymentInput: paymentBodySchema(cardInputSchema),
  CardInput: cardInputSchema,
} satisfies Record<string, z.ZodType>;

const createOrderRoute = operationRoute(
  "post",
  "/",
  privateOperation(
    {
      operationId: "createOrder",
      summary: "Order tickets",
      description:
        `Orders 1 to ${MAX_TICKETS_PER_ORDER} tickets of one upcoming event, for a guest or for the signed-in ` +
        "person. The tickets are reserved at once, never more than are left (409 items: sold_out, and " +
        "nothing reserved). A free order is confirmed at once: its tickets are issued and e-mailed. A paid " +
        `one is pending, its tickets held for ${HOLD_MINUTES} minutes while the buyer pays: give payment to ` +
        "pay at once, or pay later with POST /orders/{id}/payment; a declined card is still 201, with " +
        "payment.outcome declined and the order cancelled, its hold ended. Keep accessToken: it is the buyer's key to the " +
        `order. An order placed signed in, or with the address of the person's confirmed account, is theirs. ` +
        `With an ${IDEMPOTENCY_KEY_HEADER}, sending the request again gives the first answer again ` +
        `(${IDEMPOTENT_REPLAYED_HEADER}: true); the same key with another body is 422; keys are kept ` +
        `${KEY_HOURS} hours.`,
      tags: ["Orders"],
      access: "optional",
      body: {
        schema: "OrderInput",
        // Sample event 10 is free: its ticket type 20 is "Free Registration".
        example: {
          eventId: 10,
          items: [{ ticketTypeId: 20, quantity: 2 }],
          buyer: { name: "Ada Lovelace", email: "ada@example.com" },
        },
      },
      replayedStatuses: ["201", "400", "404", "409"],
    },
    {
      status: "201",
      description: "The order placed, its access token and, when payment was given, how paying went.",
      schema: "OrderCreated",
    },
    {
      "400": error(
        "The body is not valid (code invalid): fields names each bad field by its path; also " +
          "eventId: event_ended for an event that is over or cancelled, and payment.card: card_required.",
        {
          invalid_body: {
            summary: "Bad fields",
            value: problem(
              "invalid",
              'The body must be JSON: {"eventId": 1, "items": [{"ticketTypeId": 1, "quantity": 1}], ' +
                '"buyer": {"name": "…", "email": "…"}}.',
              { items: "no_tickets", "buyer.email": "email_invalid" },
            ),
          },
          event_ended: {
            summary: "The event is over or cancelled",
            value: problem("invalid", "This event is over or cancelled: no tickets are sold.", {
              eventId: "event_ended",
            }),
          },
        },
      ),
      "404": error("No such published event, or the ticket type is not one of its (code not_found).", {
        no_event: { summary: "No such event", value: problem("not_found", "No event 999999.") },
        no_ticket_type: {
          summary: "Not a ticket type of the event",
          value: problem("not_found", "Event 10 has no ticket type 1."),
        },
      }),
      "409": error(
        "Not enough tickets of a type are left (code conflict, fields items: sold_out); or a request with the " +
          `same ${IDEMPOTENCY_KEY_HEADER} and a payment is still being answered after a minute (no fields).`,
        {
          sold_out: {
            summary: "Sold out",
            value: problem("conflict", "Not enough tickets of type 2 are left.", { items: "sold_out" }),
          },
          key_in_use: KEY_IN_USE_EXAMPLE,
        },
      ),
    },
  ),
);

const getOrderRoute = operationRoute(
  "get",
  "/{id}",
  privateOperation(
    {
      operationId: "getOrder",
      summary: "Get an order",
      description:
        "The order with its items, tickets (issued once it is confirmed, void after a cancellation or " +
        "refund), event and history. For its buyer (who placed it signed in, whose confirmed account " +
        `address it was made with, or who sends its access token in ${ORDER_TOKEN_HEADER}) and for its ` +
        "event's organizers. Anyone else gets 404, as for an order that does not exist.",
      tags: ["Orders"],
      access: "optional",
      parameters: [orderIdParameter, ...orderTokenParameters],
    },
    { description: "The order.", schema: "OrderResponse" },
    ORDER_NOT_FOUND,
  ),
);

const payOrderRoute = operationRoute(
  "post",
  "/{id}/payment",
  privateOperation(
    {
      operationId: "payOrder",
      summary: "Pay an order",
      description:
        "Pays a pending order while its tickets are held, for its buyer. payment.outcome says how it " +
        "went: paid (confirmed, tickets issued and e-mailed), declined (with declineReason; the order " +
        "is cancelled and its tickets go back on sale, so another card means a new order) or, with Stripe, redirect " +
        "(send the buyer to redirectUrl, the one Checkout page of this order while it is open; Stripe's " +
        "webhook confirms the order). The sandbox provider needs " +
        "a card, except for a free ticket offered from a waitlist, which this confirms without one. " +
        `${IDEMPOTENCY_KEY_HEADER} as for POST /orders.`,
      tags: ["Orders"],
      access: "optional",
      parameters: [orderIdParameter, ...orderTokenParameters],
      body: {
        schema: "PaymentInput",
        example: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" } },
      },
      replayedStatuses: ["200", "400", "409"],
    },
    { description: "The order and how paying went.", schema: "OrderPayment" },
    {
      "400": error("The body is not valid (code invalid): fields names each bad card field, or card: card_required.", {
        invalid_card: {
          summary: "Bad card fields",
          value: problem(
            "invalid",
            'The body must be JSON: {"card": {"number": "4242 4242 4242 4242", "expMonth": 12, ' +
              '"expYear": 2030, "cvc": "123"}}.',
            { "card.number": "card_number_invalid" },
          ),
        },
        card_required: {
          summary: "No card",
          value: problem("invalid", "A card is needed to pay this order.", { card: "card_required" }),
        },
      }),
      "403": BUYER_ONLY,
      ...ORDER_NOT_FOUND,
      "409": error(
        "The order cannot be paid (code conflict, fields order: hold_expired, not_pending, or " +
          "payment_in_progress while another payment of the same order is with the provider: one " +
          "attempt per order reaches it at a time, and its outcome shows on the order); or a request with " +
          `the same ${IDEMPOTENCY_KEY_HEADER} is still being answered after a minute (no fields).`,
        {
          payment_in_progress: {
            summary: "Another payment of this order is under way",
            value: orderConflict(
              "payment_in_progress",
              "Another payment of this order is with the provider; its outcome shows on the order.",
            ),
          },
          hold_expired: {
            summary: "The hold has expired",
            value: orderConflict("hold_expired", "The order's hold has expired: its tickets went back on sale."),
          },
          not_pending: {
            summary: "Already paid, or cancelled",
            value: orderConflict("not_pending", "The order is confirmed, not waiting for payment."),
          },
          key_in_use: KEY_IN_USE_EXAMPLE,
        },
      ),
    },
  ),
);

const cancelOrderRoute = operationRoute(
  "post",
  "/{id}/cancel",
  privateOperation(
    {
      operationId: "cancelOrder",
      summary: "Cancel an order",
      description:
        "For the buyer: cancels a free registration (until the event starts; a cancellation e-mail is " +
        "sent) or leaves a pending order unpaid. Its tickets become void and go back on sale. A paid order " +
        "is refunded by an organizer instead. No body.",
      tags: ["Orders"],
      access: "optional",
      parameters: [orderIdParameter, ...orderTokenParameters],
    },
    { description: "The cancelled order.", schema: "OrderResponse" },
    {
      "403": BUYER_ONLY,
      ...ORDER_NOT_FOUND,
      "409": error(
        "The order cannot be cancelled (code conflict, fields order: paid_order, event_started or not_cancellable).",
        {
          paid_order: {
            summary: "A paid order",
            value: orderConflict("paid_order", "A paid order is refunded by the event's organizer."),
          },
          event_started: {
            summary: "The event has started",
            value: orderConflict(
              "event_started",
              "The event has started: the registration can no longer be cancelled.",
            ),
          },
          not_cancellable: {
            summary: "Already cancelled or refunded",
            value: orderConflict("not_cancellable", "The order is already cancelled."),
          },
        },
      ),
    },
  ),
);

const refundOrderRoute = operationRoute(
  "post",
  "/{id}/refund",
  privateOperation(
    {
      operationId: "refundOrder",
      summary: "Refund an order",
      description:
        "For an organizer or co-organizer of the order's event: gives a paid, confirmed order's whole " +
        "payment back through the provider it was paid with. The order becomes refunded, its tickets " +
        "void and back on sale, and the buyer is told by e-mail. No body.",
      tags: ["Orders"],
      parameters: [orderIdParameter],
    },
    { description: "The refunded order.", schema: "OrderResponse" },
    {
      "403": error("Not an organizer of the order's event (code forbidden).", {
        forbidden: {
          summary: "Not an organizer",
          value: problem("forbidden", "Only the event's organizers may refund its orders."),
        },
      }),
      "404": error("No such order (code not_found).", {
        not_found: {
          summary: "No such order",
          value: problem("not_found", "No order 00000000-0000-4000-8000-000000000000."),
        },
      }),
      "409": error("The order cannot be refunded (code conflict, fields order: not_refundable or refund_failed).", {
        not_refundable: {
          summary: "Not a paid, confirmed order",
          value: orderConflict("not_refundable", "Only a paid, confirmed order can be refunded."),
        },
        refund_failed: {
          summary: "The provider refused",
          value: orderConflict("refund_failed", "The provider refused the refund: already_refunded."),
        },
      }),
    },
  ),
);

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
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers carry it too: orders are their buyer's alone.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.use(limitBody());

  api.openapi(createOrderRoute, async (c) => {
    const now = currentTime();
    const body = await readJsonBody(c, ORDER_BODY_SHAPE);
    // Two schemas, one answer: the order's own rules, and which other fields the body may have.
    const order = orderInputSchema.safeParse(body);
    const envelope = orderEnvelopeSchema(now).safeParse(body);
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
      const placed = await placeOrder(
        tx,
        actor,
        order.data,
        { now, language, siteUrl },
        referralCodesOf(c.req.header("Cookie")),
      );
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

  api.openapi(getOrderRoute, async (c) => {
    const { order } = await requireBuyerOrOrganizer(c);
    return c.json({ data: orderJson(order) });
  });

  api.openapi(payOrderRoute, async (c) => {
    const now = currentTime();
    const body = await readJsonBody(c, PAYMENT_BODY_SHAPE);
    const parsed = paymentBodySchema(cardInputSchemaAt(now)).safeParse(body);
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

  api.openapi(cancelOrderRoute, async (c) => {
    const { order } = await requireBuyer(c);
    const cancelled = await cancelOrder(c.get("db"), actorOf(c), order.id, {
      now: currentTime(),
      reason: order.status === "pending" ? "payment_abandoned" : "cancelled_by_buyer",
      siteUrl: c.get("config").publicUrl,
    });
    return c.json({ data: orderJson(cancelled) });
  });

  api.openapi(refundOrderRoute, async (c) => {
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

function paymentJson(paid: Awaited<ReturnType<typeof payOrder>>) {
  return {
    outcome: paid.outcome,
    ...(paid.declineReason ? { declineReason: paid.declineReason } : {}),
    ...(paid.redirectUrl ? { redirectUrl: paid.redirectUrl } : {}),
  };
}
