import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { isHoldExpired } from "#domain/order";
import { CARD_FIELDS, readCardForm, type CardField } from "#app/card-form";
import { CardFields } from "#app/components/card-fields";
import { HoldCountdown } from "#app/components/hold-countdown";
import { OrderAlert } from "#app/components/order-alert";
import { OrderEventHeading } from "#app/components/order-event-heading";
import { OrderLines } from "#app/components/order-lines";
import { SandboxPaymentNotice } from "#app/components/sandbox-payment-notice";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { flashCookie } from "#app/flash";
import { formatMoney } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import type { Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { cancelOrder, canViewOrder, getOrderDetail, payOrder, type OrderDetail } from "#server/services/orders";
import type { Route } from "./+types/order-pay";

const PROBLEM_ID = "pay-problem";
/** The pay form's card fields, as cardInputSchema names them. */

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    ...privatePageMeta(matches, `${t("checkout.pay.metaTitle")} | ${t("app.name")}`),
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * The address may carry the order's key (?key=): never kept by any cache, never sent on to another
 * site in a Referer header.
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/**
 * /orders/:id/pay?key=: paying a pending order while its tickets are held. Its buyer only, by the key
 * from checkout or signed in; anyone else gets the same 404 as for an order that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { order, key } = await findOrderOfBuyer(request, context, params.id);
  if (order.status === "confirmed") throw redirect(orderPath(order.id, key));
  const now = currentTime();
  const isReleased = order.status !== "pending" || isHoldExpired(order.holdExpiresAt, now);
  return {
    order: orderView(order),
    key,
    isReleased,
    remainingMs: isReleased || !order.holdExpiresAt ? 0 : order.holdExpiresAt.getTime() - now.getTime(),
    collectsCardOnSite: context.payments.collectsCardOnSite,
    isSandbox: context.payments.name === "sandbox",
  };
}

interface PayResult {
  /** The form's own problems: card fields the schema refused, or the form as a whole. */
  problems?: Partial<Record<CardField, string>> & { form?: string };
  decline?: string;
  isReleased?: boolean;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { order, key } = await findOrderOfBuyer(request, context, params.id);
  const form = await readSmallForm(request);
  if (form === "too_large") return answer({ problems: { form: "form_too_large" } }, 413);
  const intent = form?.get("intent");
  const { db, config, payments, viewer } = context;
  const now = currentTime();

  if (intent === "cancel") {
    try {
      await cancelOrder(db, viewer && { userId: viewer.userId }, order.id, {
        now,
        reason: "payment_abandoned",
        siteUrl: config.publicUrl,
      });
    } catch (error) {
      // Released meanwhile (the hold ran out) is what the buyer asked for anyway; paid is not.
      if (!(error instanceof AppError) || error.code !== "conflict") throw error;
      const current = await getOrderDetail(db, order.id);
      if (current?.status === "confirmed") throw redirect(orderPath(order.id, key));
    }
    return redirect(`/events/${order.event.id}`, { headers: { "Set-Cookie": flashCookie("orderCancelled") } });
  }
  if (intent !== "pay") return answer({ problems: { form: "unexpected" } }, 400);

  let card;
  // A free order still pending is a waitlist offer of a free ticket: confirming it takes no card.
  if (payments.collectsCardOnSite && order.totalCents > 0) {
    const read = readCardForm(form, now);
    if ("problems" in read) return answer({ problems: read.problems }, 422);
    card = read.card;
  }

  const site = config.publicUrl;
  const keyQuery = key ? `?key=${encodeURIComponent(key)}` : "";
  try {
    const result = await payOrder(
      db,
      payments,
      {
        orderId: order.id,
        ...(card ? { card } : {}),
        returnUrl: `${site}${orderPath(order.id, key)}`,
        cancelUrl: `${site}/orders/${order.id}/pay${keyQuery}`,
      },
      { now, siteUrl: site },
    );
    if (result.outcome === "paid") {
      return redirect(orderPath(order.id, key), { headers: { "Set-Cookie": flashCookie("paymentReceived") } });
    }
    if (result.outcome === "redirect" && result.redirectUrl) return redirect(result.redirectUrl);
    // A declined card ends the hold (services/orders.ts): the page says why, and that the tickets went back.
    return answer({ decline: result.declineReason ?? "card_declined", isReleased: true }, 402);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "conflict") throw error;
    if (error.fields?.order === "hold_expired") return answer({ isReleased: true }, 409);
    // Another tab or a second click is paying this order right now: it is charged once, by that one.
    if (error.fields?.order === "payment_in_progress")
      return answer({ problems: { form: "payment_in_progress" } }, 409);
    // Paid or released some other way meanwhile: the order page says which.
    throw redirect(orderPath(order.id, key));
  }
}

function answer(result: PayResult, status: number) {
  return data(result, { status });
}

async function findOrderOfBuyer(
  request: Request,
  context: Route.LoaderArgs["context"],
  orderId: string,
): Promise<{ order: OrderDetail; key: string | null }> {
  const key = new URL(request.url).searchParams.get("key");
  const actor = context.viewer && { userId: context.viewer.userId };
  const role = await canViewOrder(context.db, { orderId, actor, accessToken: key });
  // An organizer may look at the order, but paying it is the buyer's.
  const order = role === "buyer" ? await getOrderDetail(context.db, orderId) : null;
  if (!order) throw data(null, { status: 404 });
  return { order, key };
}

function orderPath(orderId: string, key: string | null): string {
  return `/orders/${orderId}${key ? `?key=${encodeURIComponent(key)}` : ""}`;
}

/** What the page shows of the order: never the buyer's address book of other orders, just this one. */
function orderView(order: OrderDetail) {
  return {
    id: order.id,
    totalCents: order.totalCents,
    items: order.items,
    event: order.event,
  };
}

export default function OrderPayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { order, key, remainingMs, collectsCardOnSite, isSandbox } = loaderData;
  const [hasExpiredHere, setExpiredHere] = useState(false);
  const isReleasedOnServer = loaderData.isReleased || actionData?.isReleased === true;
  const isReleased = isReleasedOnServer || hasExpiredHere;
  const formRef = useRef<HTMLFormElement>(null);
  // A declined or refused card is never shown again: the fields empty after every answer.
  useEffect(() => {
    if (actionData) formRef.current?.reset();
  }, [actionData]);

  const problems = actionData?.problems ?? {};
  const messages = [
    ...(actionData?.decline ? [t(`payment.declines.${actionData.decline}`)] : []),
    ...(problems.form ? [t(`checkout.problems.${problems.form}`)] : []),
    ...CARD_FIELDS.flatMap((field) => (problems[field] ? [t(`payment.problems.${problems[field]}`)] : [])),
  ];
  const errorIdFor = (field: CardField) => (problems[field] ? PROBLEM_ID : undefined);
  const keyField = key ? `?key=${encodeURIComponent(key)}` : "";
  const total = formatMoney(order.totalCents, language);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">{t("checkout.pay.title")}</h1>
        <OrderEventHeading event={order.event} />
      </header>

      <section
        aria-labelledby="pay-tickets-heading"
        className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground"
      >
        <h2 id="pay-tickets-heading" className="text-lg font-semibold">
          {t("checkout.yourTickets")}
        </h2>
        <OrderLines lines={order.items} totalCents={order.totalCents} />
      </section>

      {/* Stays when the time runs out here: its live region is what tells a screen reader so. */}
      {!isReleasedOnServer && <HoldCountdown remainingMs={remainingMs} onExpire={() => setExpiredHere(true)} />}

      {isReleased ? (
        <div
          role={actionData?.decline ? "alert" : "status"}
          className="flex flex-col gap-3 rounded-xl border border-red-700 bg-red-50 p-5 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {actionData?.decline ? (
            <>
              <p className="font-semibold">{t("checkout.pay.declinedTitle")}</p>
              <p>{t(`payment.declines.${actionData.decline}`)}</p>
              <p>{t("checkout.pay.declinedReleased")}</p>
            </>
          ) : (
            <>
              <p className="font-semibold">{t("checkout.pay.releasedTitle")}</p>
              <p>{t("checkout.pay.releasedMessage")}</p>
            </>
          )}
          <Link to={`/events/${order.event.id}#tickets`} className={buttonClasses("primary", "md", "self-start")}>
            {t("checkout.pay.backToEvent")}
          </Link>
        </div>
      ) : (
        <section
          aria-labelledby="pay-heading"
          className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
        >
          <h2 id="pay-heading" className="text-lg font-semibold">
            {t("checkout.pay.paymentHeading")}
          </h2>
          {messages.length > 0 && (
            <OrderAlert
              id={PROBLEM_ID}
              title={actionData?.decline ? t("checkout.pay.declinedTitle") : t("checkout.problemTitle")}
              messages={messages}
              submission={actionData}
            />
          )}
          {order.totalCents === 0 ? (
            <Form method="post" className="flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">{t("checkout.pay.freeNote")}</p>
              <SubmitButton name="intent" value="pay" className="w-full">
                {t("checkout.pay.confirmFree")}
              </SubmitButton>
            </Form>
          ) : collectsCardOnSite ? (
            <Form ref={formRef} method="post" className="flex flex-col gap-4" autoComplete="on">
              {isSandbox && <SandboxPaymentNotice />}
              <CardFields idPrefix="pay" errorIdFor={errorIdFor} />
              <SubmitButton name="intent" value="pay" className="w-full">
                {t("checkout.pay.submit", { total })}
              </SubmitButton>
            </Form>
          ) : (
            <Form method="post" className="flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">{t("checkout.pay.redirectNote")}</p>
              <SubmitButton name="intent" value="pay" className="w-full">
                {t("checkout.pay.continueToProvider")}
              </SubmitButton>
            </Form>
          )}
          <Form method="post" className="flex flex-col gap-2 border-t border-border pt-4">
            <p className="text-sm text-muted-foreground">{t("checkout.pay.cancelNote")}</p>
            <SubmitButton name="intent" value="cancel" formNoValidate variant="outline" className="self-start">
              {t("checkout.pay.cancel")}
            </SubmitButton>
          </Form>
        </section>
      )}
      <p className="text-sm text-muted-foreground">
        <Link to={`/orders/${order.id}${keyField}`} className="font-medium text-primary underline underline-offset-2">
          {t("checkout.pay.viewOrder")}
        </Link>
      </p>
    </div>
  );
}
