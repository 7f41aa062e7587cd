import { data, Link } from "react-router";
import { AccountDataSection } from "#app/components/account-data";
import { BadgeProgressSection } from "#app/components/badges/badge-progress";
import { DashboardHeader } from "#app/components/dashboard-header";
import { NotificationsSection } from "#app/components/notifications/notifications-section";
import { InterestsPicker } from "#app/components/interests-picker";
import { MyEventsSection } from "#app/components/my-events";
import { MyPromotionsSection } from "#app/components/my-promotions";
import { RecommendedEvents } from "#app/components/recommended-events";
import { SponsorshipRequests } from "#app/components/sponsorship-requests";
import { MyShares } from "#app/components/shares/my-shares";
import { MyPlansSection } from "#app/components/event-plans/my-plans-section";
import { TicketOrder, type TicketOrderView } from "#app/components/ticket-order";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { applyInterestChoice, listMyInterests } from "#server/services/interests";
import { listMyEvents } from "#server/services/event-authoring";
import { listMyCampaigns } from "#server/services/promotions";
import { listMyTickets, type MyTicketOrder } from "#server/services/my-tickets";
import { getMyBadges } from "#server/services/badges";
import { listRecommendations } from "#server/services/recommendations";
import { listSponsorshipRequests } from "#server/services/sponsor-appearances";
import { shareFiguresOf } from "#server/services/referrals";
import { decideFromForm } from "./admin-sponsors.server";
import { recommendationCards } from "./recommendations.server";
import { ticketCardsOf } from "#server/tickets/ticket-cards";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { SavesFollowsSections } from "#app/components/saves-follows/dashboard-saves-follows";
import { loadDashboardSavesFollows } from "#server/services/saves-follows";
import type { Route } from "./+types/dashboard";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("dashboard.metaTitle")} | ${t("app.name")}`);
}

/**
 * The signed-in person's own page: their tickets first (what they need at the door), their events and
 * promotions, interests and recommendations. The profile has a tab of its own (dashboard-profile.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { db } = context;
  const now = currentTime();
  const [interests, myTickets, myEvents, myCampaigns, sponsorshipRequests, badges] = await Promise.all([
    listMyInterests(db, viewer),
    listMyTickets(db, viewer, now),
    listMyEvents(db, viewer, now),
    listMyCampaigns(db, viewer, now),
    listSponsorshipRequests(db, viewer),
    getMyBadges(db, viewer.userId, now),
  ]);
  return data(
    {
      email: viewer.email,
      myTickets: { upcoming: await withTicketCards(myTickets.upcoming), past: await withTicketCards(myTickets.past) },
      savedInterests: interests.map((interest) => interest.key),
      recommendations: recommendationCards(listRecommendations(db, viewer, now), negotiateLanguage(request)),
      myEvents,
      myCampaigns,
      sponsorshipRequests,
      badges,
      savesFollows: await loadDashboardSavesFollows(db, viewer, now),
      shareFigures: await shareFiguresOf(db, viewer.userId),
      now,
      // My Promotions names promotion types and states in the promote page's words.
      pageMessages: await pageMessages(negotiateLanguage(request), [
        "dashboard",
        "myPromotions",
        "promote",
        "accountData",
        "sponsorships",
        "notifications",
        "badges",
        "savesFollows",
        "promoters",
        "eventPlans",
        "matchmaker",
      ]),
    },
    { headers: PRIVATE },
  );
}

/** My Tickets' orders with their tickets ready for TicketCard (QR codes drawn). */
function withTicketCards(orders: MyTicketOrder[]) {
  return Promise.all(
    orders.map(async (order) => ({ ...order, tickets: await ticketCardsOf(order.tickets, order.event.title) })),
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** The interests picker's forms (intents "save" and "remove"). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ ok: false }, { status: 413 });
  // Sponsorship requests: only the account linked to the sponsor (or staff) may answer one.
  if (form?.get("intent") === "decide") return decideFromForm(form, viewer, context);
  try {
    await applyInterestChoice(context.db, viewer, form ? Object.fromEntries(form) : null);
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false }, { status: 400 });
    throw error;
  }
  return { ok: true };
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { email, savedInterests, recommendations, now, myTickets, myEvents, myCampaigns } = loaderData;
  const decision = actionData && "decided" in actionData ? actionData : undefined;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col py-8">
      <DashboardHeader email={email} />
      <MyTicketsSection tickets={myTickets} />
      <SavesFollowsSections data={loaderData.savesFollows} now={now} />
      <SponsorshipRequests requests={loaderData.sponsorshipRequests} {...(decision ? { result: decision } : {})} />
      <MyEventsSection events={myEvents} />
      <MyPlansSection />
      <BadgeProgressSection badges={loaderData.badges} />
      <div className="px-4 py-10">
        <MyPromotionsSection campaigns={myCampaigns} />
      </div>
      <MyShares figures={loaderData.shareFigures} />
      <InterestsPicker id="my-interests" title={t("dashboard.interestsTitle")} savedKeys={savedInterests} />
      <p className="mx-auto -mt-6 w-full max-w-7xl px-4">
        <Link to="/event-matchmaker" className="font-medium text-primary underline underline-offset-4">
          {t("matchmaker.dashboardLink")}
        </Link>
      </p>
      <RecommendedEvents recommendations={recommendations} now={now} discoverHref="#my-interests" />
      <div className="px-4 py-10">
        <NotificationsSection />
      </div>
      <div className="px-4 py-10">
        <AccountDataSection />
      </div>
    </div>
  );
}

/**
 * My Tickets: the person's confirmed orders (placed signed in, or with their confirmed address) with
 * each ticket's QR code, upcoming events first, then past ones; each order links to its page.
 */
function MyTicketsSection({ tickets }: { tickets: { upcoming: TicketOrderView[]; past: TicketOrderView[] } }) {
  const { t } = useTranslation();
  const isEmpty = tickets.upcoming.length === 0 && tickets.past.length === 0;
  const group = (key: "upcoming" | "past", orders: TicketOrderView[], empty: string) => (
    <section aria-labelledby={`tickets-${key}-title`} className="flex flex-col gap-3">
      <h3 id={`tickets-${key}-title`} className="text-xl font-semibold">
        {t(`tickets.${key}`)}
      </h3>
      {orders.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        orders.map((order) => (
          <TicketOrder
            key={order.id}
            order={order}
            heading="h4"
            action={
              <Link
                to={`/orders/${order.id}`}
                aria-describedby={`order-${order.id}-title`}
                className={buttonClasses("outline", "sm")}
              >
                {t("tickets.viewOrder")}
              </Link>
            }
          />
        ))
      )}
    </section>
  );
  return (
    <section id="tickets" aria-labelledby="tickets-title" className="flex flex-col gap-6 px-4 py-10">
      <h2 id="tickets-title" className="text-2xl font-bold">
        {t("dashboard.ticketsTitle")}
      </h2>
      {isEmpty ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-muted-foreground">{t("dashboard.noTickets")}</p>
          <Link to="/events" className={buttonClasses("outline", "sm")}>
            {t("dashboard.browseEvents")}
          </Link>
        </div>
      ) : (
        <>
          {group("upcoming", tickets.upcoming, t("tickets.noUpcoming"))}
          {group("past", tickets.past, t("tickets.noPast"))}
        </>
      )}
      <p className="text-sm text-muted-foreground">
        {t("tickets.otherAddress")}{" "}
        <Link to="/find-my-ticket" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
          {t("tickets.findOther")}
        </Link>
      </p>
    </section>
  );
}
