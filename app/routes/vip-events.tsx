import { EventListPage } from "#app/components/event-list-page";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { searchEvents } from "#server/services/event-search";
import { savedEventsOf, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/vip-events";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("lists.vipTitle")} | ${t("app.name")}`,
    description: t("lists.vipIntro"),
    path: "/vip-events",
  });
}

/** VIP events by the spec's rule: private, a ticket above $200, or VIP, Elite or Exclusive in the title. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const [result, savedEvents, messages] = await Promise.all([
    searchEvents(context.db, { vip: true, sort: "date", limit: 100 }, now),
    savedEventsOf(context),
    savesFollowsMessages(request),
  ]);
  return { now, events: result.events, savedEvents, pageMessages: messages };
}

export default function VipEvents({ loaderData }: Route.ComponentProps) {
  return (
    <EventListPage
      titleKey="lists.vipTitle"
      introKey="lists.vipIntro"
      events={loaderData.events}
      now={loaderData.now}
      savedEvents={loaderData.savedEvents}
    />
  );
}
