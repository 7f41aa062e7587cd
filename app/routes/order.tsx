import { CalendarPlus } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import type { Language } from "#domain/language";
import type { OrderStatus } from "#domain/order";
import { OrderAlert } from "#app/components/order-alert";
import { OrderEventHeading } from "#app/components/order-event-heading";
import { OrderLines } from "#app/components/order-lines";
import { TicketCard } from "#app/components/ticket-card";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { flashCookie } from "#app/flash";
import { formatDate, formatTime, formatTimeZone } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { cancelOrder, canViewOrder, getOrderDetail, type OrderDetail } from "#server/services/orders";
import { ticketQrSvg } from "#server/tickets/ticket-qr";
import type { Route } from "./+types/order";
import { shownName } from "#domain/deleted-account";

const PROBLEM_ID = "order-problem";
/** Why a cancellation can be refused (server/services/orders.ts OrderConflict), as checkout.order.problems.*. */
const CANCEL_PROBLEMS = new Set(["event_started", "paid_order", "not_cancellable"]);

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: "border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-100",
  confirmed: "border-green-700 text-green-900 dark:border-green-400 dark:text-green-100",
  cancelled: "border-red-700 text-red-900 dark:border-red-400 dark:text-red-100",
  refunded: "border-border text-foreground",
};

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    ...privatePageMeta(matches, `${t("checkout.order.metaTitle")} | ${t("app.name")}`),
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
 * /orders/:id?key=: an order with its status and history, what was bought, and its tickets with their
 * QR codes. For its buyer (the key from checkout or an e-mail, or signed in) and the event's
 * organizers; anyone else, like an order that does not exist, gets the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { order, role, key } = await findOrder(request, context, params.id);
  const tickets = await Promise.all(
    order.tickets.map(async (ticket) => ({
      id: ticket.id,
      code: ticket.code,
      ticketTypeName: ticket.ticketTypeName,
      eventTitle: order.event.title,
      status: ticket.status,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
      qrSvg: await ticketQrSvg(ticket.code),
    })),
  );
  const now = currentTime();
  return {
    order: {
      id: order.id,
      status: order.status,
      buyerName: order.buyerName,
      buyerEmail: order.buyerEmail,
      totalCents: order.totalCents,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      items: order.items,
      event: order.event,
      history: order.history,
    },
    tickets,
    role,
    key,
    // A free registration can be given back until the event starts; paid orders are refunded by the organizer.
    canCancel:
      role === "buyer" &&
      order.status === "confirmed" &&
      order.totalCents === 0 &&
      order.event.startsAt.getTime() > now.getTime(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { order, role, key } = await findOrder(request, context, params.id);
  if (role !== "buyer") throw data(null, { status: 404 });
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ problem: "form_too_large" }, { status: 413 });
  if (form?.get("intent") !== "cancel") return data({ problem: "unexpected" }, { status: 400 });
  const { db, config, viewer } = context;
  try {
    await cancelOrder(db, viewer && { userId: viewer.userId }, order.id, {
      now: currentTime(),
      reason: "cancelled_by_buyer",
      siteUrl: config.publicUrl,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "conflict") throw error;
    const word = error.fields?.order;
    return data({ problem: word && CANCEL_PROBLEMS.has(word) ? word : "not_cancellable" }, { status: 409 });
  }
  return redirect(`/orders/${order.id}${key ? `?key=${encodeURIComponent(key)}` : ""}`, {
    headers: { "Set-Cookie": flashCookie("registrationCancelled") },
  });
}

async function findOrder(
  request: Request,
  context: Route.LoaderArgs["context"],
  orderId: string,
): Promise<{ order: OrderDetail; role: "buyer" | "organizer"; key: string | null }> {
  const key = new URL(request.url).searchParams.get("key");
  const actor = context.viewer && { userId: context.viewer.userId };
  const role = await canViewOrder(context.db, { orderId, actor, accessToken: key });
  const order = role ? await getOrderDetail(context.db, orderId) : null;
  // The same answer for "no such order" and "not yours": a guessed id tells nothing.
  if (!role || !order) throw data(null, { status: 404 });
  return { order, role, key };
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { order, tickets, role, key, canCancel } = loaderData;
  const { event } = order;
  const keyQuery = key ? `?key=${encodeURIComponent(key)}` : "";
  const when = (at: Date) =>
    t("checkout.order.at", {
      date: formatDate(at, event.timeZone, language),
      time: formatTime(at, event.timeZone, language),
    });
  const brand = order.cardBrand ? brandName(t, order.cardBrand) : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">{t("checkout.order.title")}</h1>
          <p className={`rounded-full border px-3 py-0.5 text-sm font-semibold ${STATUS_STYLES[order.status]}`}>
            <span className="sr-only">{t("checkout.order.statusLabel")} </span>
            {t(`checkout.status.${order.status}`)}
          </p>
        </div>
        <OrderEventHeading event={event} />
        <a href={`/events/${event.id}/calendar.ics`} download className={buttonClasses("outline", "sm", "self-start")}>
          <CalendarPlus aria-hidden="true" className="h-4 w-4" />
          {t("event.addToCalendar")}
        </a>
      </header>

      {actionData?.problem && (
        <OrderAlert
          id={PROBLEM_ID}
          title={t("checkout.order.cancelFailedTitle")}
          messages={[t(`checkout.order.problems.${actionData.problem}`)]}
          submission={actionData}
        />
      )}

      {order.status === "pending" && role === "buyer" && (
        <div role="status" className="flex flex-col gap-2 rounded-xl border border-amber-700 p-4 dark:border-amber-300">
          <p>{t("checkout.order.pendingNote")}</p>
          <Link to={`/orders/${order.id}/pay${keyQuery}`} className={buttonClasses("primary", "md", "self-start")}>
            {t("checkout.order.completePayment")}
          </Link>
        </div>
      )}

      {tickets.length > 0 && (
        <section aria-labelledby="order-tickets-heading" className="flex flex-col gap-4">
          <div>
            <h2 id="order-tickets-heading" className="text-xl font-bold">
              {t("checkout.order.ticketsHeading", { count: tickets.length })}
            </h2>
            {order.status === "confirmed" && (
              <p className="text-sm text-muted-foreground">
                {t("checkout.order.ticketsSentTo", { email: order.buyerEmail })}
              </p>
            )}
          </div>
          <ul className="grid gap-4 md:grid-cols-2">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} timeZone={event.timeZone} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section
        aria-labelledby="order-summary-heading"
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
      >
        <h2 id="order-summary-heading" className="text-lg font-semibold">
          {t("checkout.order.summaryHeading")}
        </h2>
        <OrderLines lines={order.items} totalCents={order.totalCents} />
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-muted-foreground">{t("checkout.order.buyer")}</dt>
          <dd>
            {shownName(t, order.buyerName)} · <span dir="ltr">{order.buyerEmail}</span>
          </dd>
          {brand && order.cardLast4 && (
            <>
              <dt className="font-medium text-muted-foreground">{t("checkout.order.payment")}</dt>
              <dd>{t("checkout.order.paidWith", { brand, last4: order.cardLast4 })}</dd>
            </>
          )}
          <dt className="font-medium text-muted-foreground">{t("checkout.order.reference")}</dt>
          <dd dir="ltr" className="font-mono text-xs break-all text-start">
            {order.id}
          </dd>
        </dl>
      </section>

      <section
        aria-labelledby="order-history-heading"
        className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground"
      >
        <h2 id="order-history-heading" className="text-lg font-semibold">
          {t("checkout.order.historyHeading")}
        </h2>
        <ol className="flex flex-col gap-2 text-sm">
          {order.history.map((change) => (
            <li key={`${change.status}-${change.at.toISOString()}`} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{t(`checkout.status.${change.status}`)}</span>
              <time dateTime={change.at.toISOString()} className="text-muted-foreground">
                {when(change.at)}
              </time>
            </li>
          ))}
        </ol>
        <p className="text-xs text-muted-foreground">
          {t("event.timeZoneNote", { zone: formatTimeZone(event.startsAt, event.timeZone, language) })}
        </p>
      </section>

      {canCancel && (
        <details className="group rounded-xl border border-border p-5">
          <summary className="cursor-pointer font-semibold">{t("checkout.order.cancelRegistration")}</summary>
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <p className="text-sm">{t("checkout.order.cancelConfirmNote")}</p>
            <SubmitButton name="intent" value="cancel" className="self-start bg-red-700 hover:bg-red-800 text-white">
              {t("checkout.order.cancelConfirm")}
            </SubmitButton>
          </Form>
        </details>
      )}

      {role === "buyer" && order.totalCents > 0 && (
        <p className="text-sm">
          {t("contactLinks.orderQuestion")}{" "}
          <Link
            to={`/events/${event.id}/contact?order=${encodeURIComponent(order.id)}`}
            className="font-medium text-primary underline underline-offset-2 hover:no-underline"
          >
            {t("contactLinks.paidOrderContact")}
          </Link>
        </p>
      )}

      {role === "buyer" && key && <p className="text-sm text-muted-foreground">{t("checkout.order.keepLinkNote")}</p>}
    </div>
  );
}

/** The card's brand as people know it (payment.brands.*), or the stored word when it has no name there. */
function brandName(t: (key: string) => string, brand: string): string {
  const key = `payment.brands.${brand}`;
  const name = t(key);
  return name === key ? brand : name;
}
