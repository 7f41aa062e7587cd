import { Bot, Calculator, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { data, Link } from "react-router";
import { AroundYou } from "#app/components/around-you";
import { CategoryTiles } from "#app/components/category-tiles";
import { CompactEventCard, EventCard } from "#app/components/event-card";
import { Hero } from "#app/components/hero";
import { InterestsPicker } from "#app/components/interests-picker";
import { MajorEvents } from "#app/components/major-events";
import { RecommendedEvents } from "#app/components/recommended-events";
import { SiteStatsStrip } from "#app/components/site-stats";
import { buttonClasses } from "#app/components/ui/button";
import { SWIPE_ITEM, swipeRowClasses } from "#app/components/ui/swipe-row";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { HOME_LIMITS } from "#domain/home-sections";
import { readSmallForm } from "#server/http/read-form";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { getHomePage } from "#server/services/home-page";
import { applyInterestChoice, listMyInterests } from "#server/services/interests";
import { listRecommendations } from "#server/services/recommendations";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { recommendationCards } from "./recommendations.server";
import { savedEventsOf } from "./saves-follows.server";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: t("home.metaTitle"),
    description: t("home.metaDescription"),
    path: "/",
    image: { url: "/media/hero-poster.webp", alt: t("home.heroTitle") },
  });
}

/**
 * The page is the same for every visitor (and cached for them, decision 005); a signed-in person also
 * gets their interests and, streamed, their recommendations, in a response no cache keeps.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, viewer } = context;
  const now = currentTime();
  const home = await getHomePage(db, now);
  // The hearts' words and the AI tools section's Event Matchmaker card; a visitor's hearts are all
  // empty (savedEvents null), so their page stays shared.
  const [messages, savedEvents] = await Promise.all([
    pageMessages(negotiateLanguage(request), ["savesFollows", "matchmakerInvite"]),
    savedEventsOf(context),
  ]);
  const hearts = { pageMessages: messages, savedEvents };
  if (!viewer) return data({ ...home, ...hearts, personal: null });
  const interests = await listMyInterests(db, viewer);
  return data(
    {
      ...home,
      ...hearts,
      personal: {
        savedInterests: interests.map((interest) => interest.key),
        recommendations: recommendationCards(listRecommendations(db, viewer, now), negotiateLanguage(request)),
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The interests picker's forms: save or remove one interest. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ ok: false }, { status: 413 });
  try {
    await applyInterestChoice(context.db, viewer, form ? Object.fromEntries(form) : null);
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false }, { status: 400 });
    throw error;
  }
  return { ok: true };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const home = loaderData;
  return (
    <SavedEvents value={home.savedEvents}>
      <Hero />
      <SiteStatsStrip initial={home.stats} />
      <InterestsPicker savedKeys={home.personal?.savedInterests ?? null} />
      <Section id="affordable" title={t("home.affordableTitle")} viewAll="/events?price=under30">
        {home.affordable.length === 0 ? (
          <p className="text-muted-foreground">{t("home.noAffordable")}</p>
        ) : (
          <ul className={swipeRowClasses("grid gap-4 sm:grid-cols-2 lg:grid-cols-4")}>
            {home.affordable.map((event) => (
              <li key={event.id} className={SWIPE_ITEM}>
                <CompactEventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="categories" title={t("home.categoriesTitle")} viewAll="/categories">
        <CategoryTiles categories={home.topCategories} />
      </Section>
      <Section id="featured" title={t("home.featuredTitle")} viewAll="/events/featured">
        <EventGrid events={home.featured} now={home.now} empty={t("home.noFeatured")} />
      </Section>
      <hr className="mx-auto my-4 max-w-7xl border-border" />
      <Section id="ai-tools" title={t("home.aiTitle")}>
        <ul className="grid gap-6 md:grid-cols-3">
          {[
            {
              key: "planner",
              icon: Bot,
              to: "/event-planning",
              title: t("home.aiPlannerTitle"),
              body: t("home.aiPlannerBody"),
            },
            {
              key: "budget",
              icon: Calculator,
              to: "/event-planning",
              title: t("home.aiBudgetTitle"),
              body: t("home.aiBudgetBody"),
            },
            {
              key: "matchmaker",
              icon: Sparkles,
              to: "/event-matchmaker",
              title: t("matchmakerInvite.title"),
              body: t("matchmakerInvite.body"),
            },
          ].map(({ key, icon: Icon, to, title, body }) => (
            <li key={key} className="flex flex-col gap-3 rounded-xl border border-border p-6">
              <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground">{body}</p>
              <Link to={to} className={buttonClasses("outline", "sm", "mt-auto self-start")}>
                {t("home.aiOpen")}
                <span className="sr-only">: {title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      {home.personal && (
        <RecommendedEvents recommendations={home.personal.recommendations} now={home.now} discoverHref="/#interests" />
      )}
      <Section id="upcoming" title={t("home.upcomingTitle")} viewAll="/events">
        <EventGrid events={home.upcoming} now={home.now} empty={t("home.noUpcoming")} />
      </Section>
      <Section id="around" title={t("home.aroundTitle")} viewAll="/events?near=washington">
        <AroundYou initial={home.aroundYou} now={home.now} limit={HOME_LIMITS.aroundYou} />
      </Section>
      {home.majorEvents.length > 0 && (
        <Section id="major" title={t("home.majorTitle")}>
          <MajorEvents majorEvents={home.majorEvents} />
        </Section>
      )}
      <section className="defer-rendering mx-auto my-12 max-w-7xl px-4">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-primary p-8 text-primary-foreground md:p-12">
          <h2 className="text-3xl font-bold">{t("home.ctaTitle")}</h2>
          <p className="max-w-2xl text-lg opacity-90">{t("home.ctaBody")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/signup" className={buttonClasses("secondary")}>
              {t("home.ctaSignUp")}
            </Link>
            <Link to="/community" className={buttonClasses("onPrimary")}>
              {t("home.ctaCommunity")}
            </Link>
            <Link to="/newsletter" className={buttonClasses("onPrimary")}>
              {t("home.ctaNewsletter")}
            </Link>
          </div>
        </div>
      </section>
    </SavedEvents>
  );
}

function Section({
  id,
  title,
  viewAll,
  children,
}: {
  id: string;
  title: string;
  viewAll?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${id}-title`} className="defer-rendering mx-auto max-w-7xl px-4 py-10">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          {title}
        </h2>
        {viewAll && (
          <Link to={viewAll} className="text-sm font-semibold text-primary hover:underline">
            {t("home.viewAll")}
            <span className="sr-only">: {title}</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function EventGrid({
  events,
  now,
  empty,
}: {
  events: Route.ComponentProps["loaderData"]["upcoming"];
  now: Date;
  empty: string;
}) {
  if (events.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className={swipeRowClasses("grid gap-6 sm:grid-cols-2 lg:grid-cols-4")}>
      {events.map((event) => (
        <li key={event.id} className={SWIPE_ITEM}>
          {/* Lazy images: every grid on this page is below the hero, out of the first screen. */}
          <EventCard event={event} now={now} />
        </li>
      ))}
    </ul>
  );
}
