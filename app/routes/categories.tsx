import { useTranslation } from "#app/i18n/use-translation";
import { data } from "react-router";
import { CategoryTiles } from "#app/components/category-tiles";
import { EventList } from "#app/components/event-list";
import { PromotionAdCard } from "#app/components/promotion-ad";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { listCategories } from "#server/services/categories";
import { listRunningAds } from "#server/services/promotion-ads";
import { searchEvents } from "#server/services/event-search";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/categories";

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const selected = loaderData?.selected;
  const title = selected ? t(`category.${selected.key}`) : t("lists.categoriesTitle");
  return pageMeta(matches, {
    title: `${title} | ${t("app.name")}`,
    description: t("lists.categoriesIntro"),
    path: selected ? `/categories?category=${selected.id}` : "/categories",
  });
}

/** All categories with their counts; `?category=<id>` (from the home page's tiles) shows one's events. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const categories = await listCategories(context.db, now);
  const raw = new URL(request.url).searchParams.get("category");
  if (raw === null || raw === "") return { now, categories, selected: null, events: [], ads: [], savedEvents: null };
  const selected = categories.find((category) => String(category.id) === raw);
  if (!selected) throw data(null, { status: 404 });
  const [result, ads, savedEvents, messages] = await Promise.all([
    searchEvents(context.db, { category: selected.key, sort: "date", limit: 100 }, now),
    // The category placement: promotions of this category's events.
    listRunningAds(context.db, "category", now, { categoryId: selected.id }),
    savedEventsOf(context),
    savesFollowsMessages(request),
  ]);
  return { now, categories, selected, events: result.events, ads, savedEvents, pageMessages: messages };
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories, selected, events, now, ads } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">
        {selected ? t(`category.${selected.key}`) : t("lists.categoriesTitle")}
      </h1>
      <p className="mb-6 text-muted-foreground">{t("lists.categoriesIntro")}</p>
      <section aria-labelledby="category-events" className="mb-12">
        <h2 id="category-events" className="sr-only">
          {selected ? t(`category.${selected.key}`) : t("lists.selectCategory")}
        </h2>
        {ads.length > 0 && (
          <div className="mb-6 grid gap-4 sm:grid-cols-2">
            {ads.map((ad) => (
              <PromotionAdCard key={ad.id} ad={ad} />
            ))}
          </div>
        )}
        {selected ? (
          <SavedEvents value={loaderData.savedEvents}>
            <EventList
              events={events}
              now={now}
              showLanguageFilter
              showSort
              emptyMessage={t("lists.noEventsInCategory")}
            />
          </SavedEvents>
        ) : (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {t("lists.selectCategory")}
          </p>
        )}
      </section>
      <section aria-labelledby="all-categories">
        <h2 id="all-categories" className="mb-4 text-2xl font-bold">
          {t("lists.allCategories")}
        </h2>
        <CategoryTiles categories={categories} />
      </section>
    </div>
  );
}
