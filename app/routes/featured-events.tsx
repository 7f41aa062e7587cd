import { EventListPage } from "#app/components/event-list-page";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { searchEvents } from "#server/services/event-search";
import { savedEventsOf, savesFollowsMessages } from "./saves-follows.server";
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
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const [result, savedEvents, messages] = await Promise.all([
    searchEvents(context.db, { featured: true, sort: "date", limit: 100 }, now),
    savedEventsOf(context),
    savesFollowsMessages(request),
  ]);
  return { now, events: result.events, savedEvents, pageMessages: messages };
}

export default function FeaturedEvents({ loaderData }: Route.ComponentProps) {
  return (
    <EventListPage
      titleKey="lists.featuredTitle"
      introKey="lists.featuredIntro"
      events={loaderData.events}
      now={loaderData.now}
      savedEvents={loaderData.savedEvents}
    />
  );
}
