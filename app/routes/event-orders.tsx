import { ArrowLeft } from "lucide-react";
import { Fragment } from "react";
import { data, Form, Link, redirect } from "react-router";
import { CancelEvent, type CancelProblem, type CancelResult } from "#app/components/cancel-event";
import { AttendeesList, SalesSummary } from "#app/components/event-sales";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatCount, formatDate, formatMoney, formatTime, formatTimeZone } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { asEventStaff, STAFF_PAGE_HEADERS, staffEventId } from "./event-staff-page.server";
import { requireViewer } from "#app/require-viewer";
import { ORDER_STATUSES } from "#domain/order";
import { isUuid } from "#server/auth/secrets";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { cancelEvent } from "#server/services/event-cancellation";
import {
  getEventSales,
  listEventAttendees,
  listEventOrders,
  type EventOrderRow,
  type EventOrders,
} from "#server/services/event-orders";
import { getOrderDetail, refundOrder } from "#server/services/orders";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/event-orders";
import { shownName } from "#domain/deleted-account";

/** What the page lists under its sales summary. */
type SalesView = "orders" | "attendees";

/** Problems of a refund the page explains (AppError conflict `fields.order`, or an order not of this event). */
type RefundProblem = "not_refundable" | "refund_failed" | "not_found";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("organizerOrders.metaTitle")} | ${t("app.name")}`);
}

/**
 * /events/:id/orders, the event's sales page for its organizer and co-organizers: sales per ticket
 * type and the CSV export, then the orders, newest first, with a Refund for paid confirmed orders, or
 * (`?view=attendees`) the attendees, and the Cancel event form. `?refund=<order id>` asks to confirm a
 * refund and `?cancel=1` to confirm cancelling (a link never changes anything by itself);
 * `?refunded=<order id>` and `?cancelled=<refunds>.<registrations>.<holds>` tell what was done, after
 * the redirect.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const search = new URL(request.url).searchParams;
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  const list = await asEventStaff(() =>
    listEventOrders(context.db, viewer, eventId, { page: Number.isFinite(page) ? page : 1 }),
  );
  const sales = await getEventSales(context.db, viewer, eventId);
  const view: SalesView = search.get("view") === "attendees" ? "attendees" : "orders";
  const attendees = view === "attendees" ? await listEventAttendees(context.db, viewer, eventId) : null;
  const refunding = list.orders.find((order) => order.id === search.get("refund") && order.isRefundable) ?? null;
  const refunded = list.orders.find((order) => order.id === search.get("refunded")) ?? null;
  const canCancel = sales.event.status !== "cancelled" && sales.event.endsAt.getTime() > currentTime().getTime();
  return data(
    {
      ...list,
      sales,
      view,
      attendees,
      refundingId: refunding?.id ?? null,
      refundedId: refunded?.id ?? null,
      canCancel,
      confirmingCancel: canCancel && search.get("cancel") === "1",
      cancelResult: sales.event.status === "cancelled" ? cancelResultOf(search.get("cancelled")) : null,
      pageMessages: await pageMessages(negotiateLanguage(request), ["eventSales", "organizerOrders", "promoters"]),
    },
    { headers: STAFF_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** `?cancelled=` as the cancel action's redirect writes it: three counts. */
function cancelResultOf(value: string | null): CancelResult | null {
  const match = /^(\d{1,7})\.(\d{1,7})\.(\d{1,7})$/.exec(value ?? "");
  if (!match) return null;
  return { refundsQueued: Number(match[1]), registrationsCancelled: Number(match[2]), holdsReleased: Number(match[3]) };
}

/**
 * Refunds an order of this event through the payment provider, or cancels the event (intent
 * cancel_event, with its confirmation ticked), then shows the page again (PRG).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const form = await readSmallForm(request);
  if (form instanceof FormData && form.get("intent") === "cancel_event") {
    return cancelEventAction(context, viewer, eventId, form);
  }
  const orderId = form instanceof FormData ? String(form.get("orderId") ?? "") : "";
  if (!(form instanceof FormData) || form.get("intent") !== "refund" || !isUuid(orderId)) {
    return refundProblem("not_found", 400);
  }
  // Only this event's orders from this page: an order of another event is not here to refund.
  const order = await getOrderDetail(context.db, orderId);
  if (!order || order.event.id !== eventId) {
    await asEventStaff(() => listEventOrders(context.db, viewer, eventId)); // strangers: 404
    return refundProblem("not_found", 404);
  }
  try {
    await refundOrder(context.db, context.payments, viewer, orderId, {
      now: currentTime(),
      siteUrl: context.config.publicUrl,
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === "forbidden" || error.code === "not_found")) {
      throw data(null, { status: 404, headers: STAFF_PAGE_HEADERS });
    }
    if (error instanceof AppError && error.code === "conflict") {
      const word = error.fields?.order;
      return refundProblem(word === "refund_failed" ? "refund_failed" : "not_refundable", 409);
    }
    throw error;
  }
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  return redirect(`/events/${eventId}/orders?page=${encodeURIComponent(page)}&refunded=${orderId}`, {
    headers: STAFF_PAGE_HEADERS,
  });
}

function refundProblem(problem: RefundProblem, status: number) {
  return data({ problem, cancelProblem: null }, { status, headers: STAFF_PAGE_HEADERS });
}

/** Cancels the event for its organizer or a co-organizer once confirmed. */
async function cancelEventAction(
  context: Route.ActionArgs["context"],
  viewer: { userId: string },
  eventId: number,
  form: FormData,
) {
  const problem = (cancelProblem: CancelProblem, status: number) =>
    data({ problem: null, cancelProblem }, { status, headers: STAFF_PAGE_HEADERS });
  // Strangers learn nothing, not even that the box must be ticked.
  await asEventStaff(() => getEventSales(context.db, viewer, eventId));
  if (form.get("confirm") !== "yes") return problem("confirm_required", 400);
  let result: CancelResult;
  try {
    result = await cancelEvent(context.db, viewer, eventId, { now: currentTime(), siteUrl: context.config.publicUrl });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      throw data(null, { status: 404, headers: STAFF_PAGE_HEADERS });
    }
    if (error instanceof AppError && error.code === "conflict") {
      return problem(error.fields?.event === "event_ended" ? "event_ended" : "already_cancelled", 409);
    }
    throw error;
  }
  const counts = `${result.refundsQueued}.${result.registrationsCancelled}.${result.holdsReleased}`;
  return redirect(`/events/${eventId}/orders?cancelled=${counts}`, { headers: STAFF_PAGE_HEADERS });
}

export default function EventOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { event, orders, counts, page, pages, refundingId, refundedId, sales, view, attendees } = loaderData;
  const { canCancel, confirmingCancel, cancelResult } = loaderData;
  const cancelProblem = actionData?.cancelProblem ?? null;
  const cancelPart = (
    <CancelEvent
      event={sales.event}
      canCancel={canCancel}
      confirming={confirmingCancel}
      problem={cancelProblem}
      result={cancelResult}
    />
  );
  const refunded = orders.find((order) => order.id === refundedId) ?? null;
  const startsAt = new Date(event.startsAt);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-2">
        <Link
          to={`/events/${event.id}`}
          className="inline-flex items-center gap-1 self-start text-sm underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          {t("organizerOrders.backToEvent")}
        </Link>
        <h1 className="text-3xl font-bold">{t("organizerOrders.title")}</h1>
        <p className="text-lg">{event.title}</p>
        <p className="text-sm text-muted-foreground">
          {t("organizerOrders.timeZoneNote", { zone: formatTimeZone(startsAt, event.timeZone, language) })}
        </p>
        <Link to={`/events/${event.id}/promoters`} className={`${buttonClasses("outline", "sm")} self-start`}>
          {t("promoters.organizer.title")}
        </Link>
      </div>

      {/* A cancelled event says so first; the form to cancel one comes last, after what it would undo. */}
      {sales.event.status === "cancelled" && cancelPart}
      {cancelProblem && !confirmingCancel && (
        <p role="alert" className="rounded-md border border-red-700 p-4 text-sm dark:border-red-400">
          {t(`eventSales.problems.${cancelProblem}`)}
        </p>
      )}

      <SalesSummary sales={sales} />

      <ViewTabs eventId={event.id} view={view} />
      {attendees ? (
        <AttendeesList event={event} attendees={attendees.attendees} total={attendees.total} />
      ) : (
        <section aria-labelledby="event-orders-title" className="flex flex-col gap-6">
          <h2 id="event-orders-title" className="text-2xl font-semibold">
            {t("eventSales.ordersTitle")}
          </h2>
          <StatusCounts counts={counts} />

          {refunded && (
            <p role="status" className="rounded-md border border-border bg-muted p-4 text-sm">
              {t("organizerOrders.refunded", {
                amount: formatMoney(refunded.totalCents, language),
                buyer: shownName(t, refunded.buyerName),
              })}
            </p>
          )}
          {actionData?.problem && (
            <p role="alert" className="rounded-md border border-red-700 p-4 text-sm dark:border-red-400">
              {t(`organizerOrders.problems.${actionData.problem}`)}
            </p>
          )}
          {orders.length === 0 ? (
            <p>{t("organizerOrders.empty")}</p>
          ) : (
            <OrdersTable event={event} orders={orders} page={page} refundingId={refundingId} />
          )}
          {pages > 1 && <Pagination eventId={event.id} page={page} pages={pages} />}
        </section>
      )}

      {sales.event.status !== "cancelled" && cancelPart}
    </div>
  );
}

/** Links between the page's two views, so that both work without JavaScript. */
function ViewTabs({ eventId, view }: { eventId: number; view: SalesView }) {
  const { t } = useTranslation();
  const link = (target: SalesView) => (
    <Link
      to={target === "orders" ? `/events/${eventId}/orders` : `/events/${eventId}/orders?view=attendees`}
      aria-current={view === target ? "page" : undefined}
      className="-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium hover:border-border aria-[current=page]:border-primary"
    >
      {t(target === "orders" ? "eventSales.ordersTitle" : "eventSales.attendeesTitle")}
    </Link>
  );
  return (
    <nav aria-label={t("eventSales.viewsLabel")}>
      <ul className="flex gap-2 border-b border-border">
        <li>{link("orders")}</li>
        <li>{link("attendees")}</li>
      </ul>
    </nav>
  );
}

function StatusCounts({ counts }: { counts: EventOrders["counts"] }) {
  const { t, i18n } = useTranslation();
  return (
    <dl aria-label={t("organizerOrders.countsLabel")} className="flex flex-wrap gap-3">
      {ORDER_STATUSES.map((status) => (
        <div key={status} className="rounded-md border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(`organizerOrders.status.${status}`)}</dt>
          <dd className="text-lg font-semibold">{formatCount(counts[status], i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The table of orders: extend with columns here (issue 6 adds attendees and an export beside it). */
function OrdersTable({
  event,
  orders,
  page,
  refundingId,
}: {
  event: EventOrders["event"];
  orders: EventOrderRow[];
  page: number;
  /** The order whose refund is being confirmed, shown in a row of its own below it. */
  refundingId: string | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <ScrollableTable captionId="event-orders-caption" caption={t("organizerOrders.caption", { event: event.title })}>
      <thead className="bg-muted text-start">
        <tr>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("organizerOrders.columns.buyer")}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("organizerOrders.columns.tickets")}
          </th>
          <th scope="col" className="px-3 py-2 text-end font-medium">
            {t("organizerOrders.columns.total")}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("organizerOrders.columns.status")}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("organizerOrders.columns.placed")}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-medium">
            {t("organizerOrders.columns.actions")}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const placed = new Date(order.createdAt);
          return (
            <Fragment key={order.id}>
              <tr className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <div className="font-medium">{shownName(t, order.buyerName)}</div>
                  <div className="text-muted-foreground" dir="ltr">
                    {order.buyerEmail}
                  </div>
                </td>
                <td className="px-3 py-2">
                  <ul>
                    {order.items.map((item) => (
                      <li key={item.ticketTypeId}>
                        {t("organizerOrders.itemLine", { quantity: item.quantity, name: item.name })}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="px-3 py-2 text-end whitespace-nowrap">
                  {order.totalCents === 0 ? t("organizerOrders.free") : formatMoney(order.totalCents, language)}
                  {order.cardLast4 && (
                    <div className="text-xs text-muted-foreground">
                      {t("organizerOrders.card", { brand: order.cardBrand ?? "", last4: order.cardLast4 })}
                    </div>
                  )}
                </td>
                <td className="px-3 py-2">
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap">
                    {t(`organizerOrders.status.${order.status}`)}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={placed.toISOString()}>
                    {formatDate(placed, event.timeZone, language)} {formatTime(placed, event.timeZone, language)}
                  </time>
                </td>
                <td className="px-3 py-2">
                  {order.isRefundable && order.id !== refundingId && (
                    <Link
                      to={`/events/${event.id}/orders?page=${page}&refund=${order.id}#order-${order.id}`}
                      id={`order-${order.id}`}
                      className={buttonClasses("outline", "sm")}
                      aria-label={t("organizerOrders.refundOf", { buyer: shownName(t, order.buyerName) })}
                    >
                      {t("organizerOrders.refund")}
                    </Link>
                  )}
                </td>
              </tr>
              {order.id === refundingId && (
                <tr>
                  <td colSpan={6} className="px-3 pb-3">
                    <RefundConfirmation eventId={event.id} order={order} page={page} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}

function RefundConfirmation({ eventId, order, page }: { eventId: number; order: EventOrderRow; page: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Form
      method="post"
      action={`/events/${eventId}/orders?page=${page}`}
      id={`order-${order.id}`}
      className="flex flex-col gap-3 rounded-md border border-border p-4"
      aria-labelledby="refund-confirmation"
    >
      <p id="refund-confirmation" className="font-medium">
        {t("organizerOrders.confirmRefund", {
          amount: formatMoney(order.totalCents, i18n.language),
          buyer: shownName(t, order.buyerName),
        })}
      </p>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="orderId" value={order.id} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>{t("organizerOrders.confirmRefundButton")}</SubmitButton>
        <Link to={`/events/${eventId}/orders?page=${page}`} className={buttonClasses("ghost", "md")}>
          {t("organizerOrders.keep")}
        </Link>
      </div>
    </Form>
  );
}

function Pagination({ eventId, page, pages }: { eventId: number; page: number; pages: number }) {
  const { t } = useTranslation();
  const link = (target: number) => `/events/${eventId}/orders?page=${target}`;
  return (
    <nav aria-label={t("organizerOrders.pagination")} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev" className={buttonClasses("outline")}>
          {t("organizerOrders.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{t("organizerOrders.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={link(page + 1)} rel="next" className={buttonClasses("outline")}>
          {t("organizerOrders.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
