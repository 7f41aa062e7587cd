import { Link } from "react-router";
import { AboutFigures } from "#app/components/about/about-figures";
import { AboutOffers, AboutServices } from "#app/components/about/about-sections";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, SITE_IMAGE, siteOrigin } from "#app/seo";
import { LANGUAGES, type Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { listCategories } from "#server/services/categories";
import { getSiteStats } from "#server/services/site-stats";
import type { Route } from "./+types/about";

/**
 * The figures are read on every render (the response cache keeps an anonymous page a few seconds,
 * decision 005), so the page never shows a number the database does not hold.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const [stats, categories, messages] = await Promise.all([
    getSiteStats(context.db, now),
    listCategories(context.db, now),
    pageMessages(negotiateLanguage(request), ["about"]),
  ]);
  return { figures: { ...stats, categories: categories.length }, pageMessages: messages };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("about.metaTitle")} | ${t("app.name")}`;
  const description = t("about.metaDescription");
  const root = matches.find((match) => match?.id === "root")?.data as { language?: Language } | undefined;
  const language = root?.language ?? "en";
  return [
    ...pageMeta(matches, { title, description, path: "/about" }),
    { "script:ld+json": aboutJsonLd({ origin: siteOrigin(matches), title, description, language }) },
  ];
}

/** schema.org's description of the page: an About page whose subject is the marketplace itself. */
export function aboutJsonLd({
  origin,
  title,
  description,
  language,
}: {
  origin: string;
  title: string;
  description: string;
  language: Language;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "AboutPage",
    name: title,
    description,
    url: `${origin}/about`,
    inLanguage: language,
    mainEntity: {
      "@type": "Organization",
      name: "DMV Events",
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      image: `${origin}${SITE_IMAGE.path}`,
      description,
      areaServed: [
        { "@type": "City", name: "Washington, DC" },
        { "@type": "State", name: "Maryland" },
        { "@type": "State", name: "Virginia" },
      ],
      knowsLanguage: [...LANGUAGES],
    },
  };
}

/**
 * /about: what the marketplace is and does, for whom, and what it counts today (live figures), with a
 * way onward to every part of it that a first-time visitor may want.
 */
export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      <section aria-labelledby="about-title" className="border-b border-border bg-muted/50">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-5 px-4 py-12 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t("about.eyebrow")}</p>
          <h1 id="about-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
            {t("about.title")}
          </h1>
          <p className="max-w-3xl text-lg text-muted-foreground">{t("about.intro")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/events" className={buttonClasses("primary")}>
              {t("about.browseCta")}
            </Link>
            <Link to="/create" className={buttonClasses("outline")}>
              {t("about.createCta")}
            </Link>
          </div>
        </div>
      </section>

      <AboutFigures figures={loaderData.figures} />
      <AboutServices />
      <AboutOffers />

      <section aria-labelledby="about-closing" className="mx-auto w-full max-w-5xl px-4 py-12">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-primary p-8 text-primary-foreground md:p-12">
          <h2 id="about-closing" className="text-3xl font-bold">
            {t("about.closingTitle")}
          </h2>
          <p className="max-w-2xl text-lg opacity-90">{t("about.closingBody")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/create" className={buttonClasses("secondary")}>
              {t("about.createCta")}
            </Link>
            <Link to="/newsletter" className={buttonClasses("onPrimary")}>
              {t("about.newsletterCta")}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
