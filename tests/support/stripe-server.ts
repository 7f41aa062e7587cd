import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake Stripe received: its form fields keep Stripe's bracket names (`line_items[0][quantity]`). */
export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  form: Record<string, string>;
}

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
}

interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  status: "succeeded";
  latest_charge: string;
  card: { brand: string; last4: string };
  refunded: boolean;
}

type Answer = { status: number; body: unknown };

/**
 * The few Stripe API calls the Stripe provider makes, on 127.0.0.1, so its tests need no network and
 * no Stripe account: create and read Checkout Sessions, read a PaymentIntent (with its charge
 * expanded), create a refund. Like Stripe, it replays the first answer to a repeated Idempotency-Key.
 * Tests drive what Stripe's hosted page would do with completeSession / expireSession, and make the
 * next calls fail with failNext.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const answersByKey = new Map<string, Answer>();
  const failures: Answer[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${String(++counter).padStart(6, "0")}`;

  function answer(request: StripeRequest): Answer {
    const failure = failures.shift();
    if (failure) return failure;
    const form = request.form;
    let match: RegExpExecArray | null;
    if (request.method === "POST" && request.path === "/v1/checkout/sessions") {
      const session: FakeCheckoutSession = {
        id: nextId("cs"),
        object: "checkout.session",
        url: "",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]) * Number(form["line_items[0][quantity]"]),
        currency: form["line_items[0][price_data][currency]"] ?? "usd",
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata: { orderId: form["metadata[orderId]"] ?? "" },
        success_url: form.success_url ?? "",
        cancel_url: form.cancel_url ?? "",
        expires_at: Number(form.expires_at),
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if (request.method === "GET" && (match = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.path))) {
      const session = sessions.get(match[1]!);
      return session ? { status: 200, body: session } : missing(match[1]!);
    }
    if (request.method === "GET" && (match = /^\/v1\/payment_intents\/([^/?]+)/.exec(request.path))) {
      const intent = paymentIntents.get(match[1]!);
      if (!intent) return missing(match[1]!);
      const charge = {
        id: intent.latest_charge,
        object: "charge",
        payment_method_details: { type: "card", card: { ...intent.card } },
      };
      const expand = request.path.includes("latest_charge");
      return { status: 200, body: { ...intent, card: undefined, latest_charge: expand ? charge : charge.id } };
    }
    if (request.method === "POST" && request.path === "/v1/refunds") {
      const intent = paymentIntents.get(form.payment_intent ?? "");
      if (!intent) return missing(form.payment_intent ?? "");
      if (intent.refunded) {
        return stripeError(400, "charge_already_refunded", `Charge ${intent.latest_charge} has already been refunded.`);
      }
      intent.refunded = true;
      return { status: 200, body: { id: nextId("re"), object: "refund", amount: intent.amount, status: "succeeded" } };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: "Unrecognized request URL" } } };
  }

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: StripeRequest = {
        method: incoming.method ?? "GET",
        path: decodeURIComponent(incoming.url ?? "/"),
        idempotencyKey: header(incoming, "idempotency-key"),
        authorization: header(incoming, "authorization"),
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))),
      };
      requests.push(request);
      const replayKey = request.idempotencyKey && `${request.method} ${request.path} ${request.idempotencyKey}`;
      const replay = replayKey ? answersByKey.get(replayKey) : undefined;
      const { status, body } = replay ?? answer(request);
      // Like Stripe, a server error is not kept against the key: the retry runs afresh.
      if (replayKey && !replay && status < 500) answersByKey.set(replayKey, { status, body });
      response
        .writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${counter}` })
        .end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What createStripeProvider's `api` option takes. */
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    requests,
    sessions,
    /** The buyer paid on Stripe's page: the session is complete and paid by a PaymentIntent with this card. */
    completeSession(id: string, card = { brand: "visa", last4: "4242" }): FakeCheckoutSession {
      const session = sessions.get(id);
      if (!session) throw new Error(`No session ${id}`);
      const intent: FakePaymentIntent = {
        id: nextId("pi"),
        object: "payment_intent",
        amount: session.amount_total,
        status: "succeeded",
        latest_charge: nextId("ch"),
        card,
        refunded: false,
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
      return { ...session };
    },
    expireSession(id: string): FakeCheckoutSession {
      const session = sessions.get(id);
      if (!session) throw new Error(`No session ${id}`);
      session.status = "expired";
      return { ...session };
    },
    /** The next calls (in order) get these answers instead, e.g. 500 for Stripe being down. */
    failNext(...answers: { status: number; code?: string; type?: string }[]) {
      for (const { status, code, type } of answers) {
        failures.push(stripeError(status, code, `Failure made by the test (${status})`, type));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A Stripe event as the webhook receives it, around a Checkout Session. */
export function stripeEvent(type: string, object: unknown, id = `evt_test_${type.replaceAll(".", "_")}`) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
}

function missing(id: string): Answer {
  return stripeError(404, "resource_missing", `No such object: '${id}'`);
}

function stripeError(status: number, code: string | undefined, message: string, type?: string): Answer {
  const errorType = type ?? (status >= 500 ? "api_error" : "invalid_request_error");
  return { status, body: { error: { type: errorType, ...(code ? { code } : {}), message } } };
}
