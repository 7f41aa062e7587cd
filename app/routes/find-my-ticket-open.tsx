import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "#app/components/auth-card";
import { TicketOrder } from "#app/components/ticket-order";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { currentTime } from "#server/clock";
import { cookieAttributes, readCookieValue } from "#server/http/session-cookie";
import {
  openLookedUpOrder,
  openTicketLookup,
  showLookedUpOrders,
  TICKET_LOOKUP_ACCESS_MS,
  type LookedUpOrder,
} from "#server/services/ticket-lookup";
import { ticketCardsOf } from "#server/tickets/ticket-cards";
import type { Route } from "./+types/find-my-ticket-open";

const PAGE = "/find-my-ticket/open";
/** The page's pass (services/ticket-lookup.ts): HttpOnly, sent to Find My Ticket's pages only, gone within the hour. */
const ACCESS_COOKIE = "ticket_lookup";
/**
 * The cookie's path: the section, not the page, because after hydration the page's data and form
 * posts travel to /find-my-ticket/open.data, which a cookie for /find-my-ticket/open would not reach.
 */
const COOKIE_PATH = "/find-my-ticket";
/** Our tokens are 43 characters; anything much longer is not worth carrying into the form. */
const MAX_TOKEN_LENGTH = 256;
/** The page holds a link's token or someone's tickets: never kept by any cache. */
const NO_STORE = { "Cache-Control": "private, no-store" };

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("findTicket.open.metaTitle")} | ${t("app.name")}`);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

function accessTokenOf(request: Request): string | undefined {
  return readCookieValue(request.headers.get("Cookie"), ACCESS_COOKIE);
}

/**
 * The e-mailed link opens here with `?token=`. Opening it changes nothing (mail scanners fetch every
 * link, and must not spend it): the page asks for a press of the button, whose POST spends the link.
 * Without a token, the page shows the orders while this browser's pass lasts.
 */
async function loadPage({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token) {
    if (token.length > MAX_TOKEN_LENGTH) return data({ view: "expired" as const }, { status: 400, headers: NO_STORE });
    return data({ view: "ready" as const, token }, { headers: NO_STORE });
  }
  const orders = await showLookedUpOrders(context.db, accessTokenOf(request), currentTime());
  if (!orders) return data({ view: "expired" as const }, { headers: NO_STORE });
  return data({ view: "orders" as const, orders: await withTicketCards(orders) }, { headers: NO_STORE });
}

async function withTicketCards(orders: LookedUpOrder[]) {
  return Promise.all(
    orders.map(async (order) => ({ ...order, tickets: await ticketCardsOf(order.tickets, order.event.title) })),
  );
}

/**
 * "open": spends the link and keeps the pass in a cookie, then shows the orders at the page's own
 * address (the token leaves the address bar and history). "order": a fresh access token for one of
 * the pass's orders, and on to its page. A used or expired link says so, unless this browser already
 * holds a pass (the link was pressed twice): then the orders show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large" || !form) return data({ view: "expired" as const }, { status: 400, headers: NO_STORE });
  const now = currentTime();
  const accessToken = accessTokenOf(request);
  if (form.get("intent") === "order") {
    const orderToken = await openLookedUpOrder(context.db, accessToken, form.get("orderId"), now);
    const orderId = String(form.get("orderId"));
    if (!orderToken) return redirect(PAGE, { headers: NO_STORE });
    return redirect(`/orders/${orderId}?key=${encodeURIComponent(orderToken)}`, { headers: NO_STORE });
  }
  const opened = await openTicketLookup(context.db, form.get("token"), now);
  if (!opened) {
    if (await showLookedUpOrders(context.db, accessToken, now)) return redirect(PAGE, { headers: NO_STORE });
    return data({ view: "expired" as const }, { status: 400, headers: NO_STORE });
  }
  const cookie = `${ACCESS_COOKIE}=${opened.accessToken}; ${cookieAttributes(context.config, COOKIE_PATH)}; Max-Age=${TICKET_LOOKUP_ACCESS_MS / 1000}`;
  return redirect(PAGE, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
}

export default function FindMyTicketOpenPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? loaderData.view;
  if (view === "ready" && loaderData.view === "ready") return <ShowButton token={loaderData.token} />;
  if (view === "orders" && loaderData.view === "orders") return <Orders orders={loaderData.orders} />;
  return <LinkExpired />;
}

function ShowButton({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("findTicket.open.readyTitle")} description={t("findTicket.open.readyText")}>
      <Form method="post">
        <input type="hidden" name="intent" value="open" />
        <input type="hidden" name="token" value={token} />
        <SubmitButton className="w-full">{t("findTicket.open.show")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

function LinkExpired() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("findTicket.open.expiredTitle")} description={t("findTicket.open.expiredText")}>
      <Link to="/find-my-ticket" className={buttonClasses("primary", "md", "w-full")}>
        {t("findTicket.open.newLink")}
      </Link>
    </AuthCard>
  );
}

function Orders({ orders }: { orders: Awaited<ReturnType<typeof withTicketCards>> }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("findTicket.open.title")}</h1>
        <p className="text-muted-foreground">{t("findTicket.open.intro")}</p>
      </header>
      {orders.length === 0 ? (
        <p>{t("findTicket.open.none")}</p>
      ) : (
        orders.map((order) => (
          <TicketOrder
            key={order.id}
            order={order}
            heading="h2"
            action={
              <Form method="post">
                <input type="hidden" name="intent" value="order" />
                <input type="hidden" name="orderId" value={order.id} />
                <SubmitButton aria-describedby={`order-${order.id}-title`} variant="outline" size="sm">
                  {t("tickets.viewOrder")}
                </SubmitButton>
              </Form>
            }
          />
        ))
      )}
    </div>
  );
}

export async function loader(args: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(args.request), ["auth", "findTicket"], await loadPage(args));
}
