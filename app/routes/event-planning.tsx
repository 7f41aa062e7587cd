import { Bot, Calculator, Compass, ListChecks } from "lucide-react";
import { Link } from "react-router";
import { InfoHeader } from "#app/components/info/info-page";
import { pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import type { Route } from "./+types/event-planning";

export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["planning"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("planning.metaTitle")} | ${t("app.name")}`;
  const description = t("planning.metaDescription");
  const facts = {
    origin: siteOrigin(matches),
    path: "/event-planning",
    title,
    description,
    language: pageLanguage(matches),
  };
  return [
    ...pageMeta(matches, { title, description, path: "/event-planning" }),
    { "script:ld+json": webPageJsonLd("WebPage", facts) },
  ];
}

const TOOLS = [
  { key: "planner", to: "/event-planning/planner", icon: Bot },
  { key: "budget", to: "/event-planning/budget", icon: Calculator },
] as const;

/**
 * /event-planning: the two planning tools (the home page's AI-Powered Tools lead here), what they do with
 * and without a language model, and the other ways to plan (the matchmaker, the event-type guides).
 */
export default function EventPlanningPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      <InfoHeader
        id="planning-title"
        eyebrow={t("planning.eyebrow")}
        title={t("planning.title")}
        intro={t("planning.intro")}
      />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10">
        <ul className="grid gap-6 md:grid-cols-2">
          {TOOLS.map(({ key, to, icon: Icon }) => (
            <li
              key={key}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6 text-card-foreground"
            >
              <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
              <h2 className="text-xl font-semibold">{t(`planning.${key}CardTitle`)}</h2>
              <p className="text-muted-foreground">{t(`planning.${key}CardBody`)}</p>
              <Link to={to} className={buttonClasses("primary", "md", "mt-auto self-start")}>
                {t(`planning.${key}Cta`)}
              </Link>
            </li>
          ))}
        </ul>

        <section aria-labelledby="planning-how" className="flex flex-col gap-3">
          <h2 id="planning-how" className="text-2xl font-bold">
            {t("planning.howTitle")}
          </h2>
          <p>{t("planning.howRules")}</p>
          <p>{t("planning.howModel")}</p>
          <p>{t("planning.howSave")}</p>
        </section>

        <section aria-labelledby="planning-more" className="flex flex-col gap-4">
          <h2 id="planning-more" className="text-2xl font-bold">
            {t("planning.moreTitle")}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {[
              { key: "matchmaker", to: "/event-matchmaker", icon: Compass },
              { key: "guides", to: "/event-types", icon: ListChecks },
            ].map(({ key, to, icon: Icon }) => (
              <li key={key} className="flex flex-col gap-2 rounded-xl border border-border p-5">
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
                  {t(`planning.${key}Title`)}
                </h3>
                <p className="text-muted-foreground">{t(`planning.${key}Body`)}</p>
                <Link to={to} className="mt-auto self-start font-medium text-primary underline underline-offset-4">
                  {t(`planning.${key}Cta`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
