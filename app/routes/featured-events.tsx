import { EventListPage } from "#app/components/event-list-page";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { searchEvents } from "#server/services/event-search";
import type { Route } from "./+types/featured-events";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("lists.featuredTitle")} | ${t("app.name")}`,
    description: t("lists.featuredIntro"),
    path: "/events/featured",
  });
}

/** Events the organizers or our editors feature, and those promoted on the home page. */
export async function loader({ context }: Route.LoaderArgs) {
  const now = currentTime();
  const result = await searchEvents(context.db, { featured: true, sort: "date", limit: 100 }, now);
  return { now, events: result.events };
}

export default function FeaturedEvents({ loaderData }: Route.ComponentProps) {
  return (
    <EventListPage
      titleKey="lists.featuredTitle"
      introKey="lists.featuredIntro"
      events={loaderData.events}
      now={loaderData.now}
    />
  );
}
