import { EventListPage } from "#app/components/event-list-page";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { searchEvents } from "#server/services/event-search";
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
export async function loader({ context }: Route.LoaderArgs) {
  const now = currentTime();
  const result = await searchEvents(context.db, { vip: true, sort: "date", limit: 100 }, now);
  return { now, events: result.events };
}

export default function VipEvents({ loaderData }: Route.ComponentProps) {
  return (
    <EventListPage
      titleKey="lists.vipTitle"
      introKey="lists.vipIntro"
      events={loaderData.events}
      now={loaderData.now}
    />
  );
}
