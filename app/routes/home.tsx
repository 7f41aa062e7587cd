import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EventCard } from "#app/components/event-card";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { listUpcomingEvents } from "#server/services/upcoming-events";
import type { Route } from "./+types/home";

const UPCOMING_LIMIT = 8;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: t("home.metaTitle") }, { name: "description", content: t("home.metaDescription") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  return { now, upcoming: await listUpcomingEvents(context.db, { now, limit: UPCOMING_LIMIT }) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { now, upcoming } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-primary/15 via-background to-accent/20">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 md:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">{t("home.heroTitle")}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t("app.tagline")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/events" className={buttonClasses("primary")}>
              {t("home.findEvents")}
            </Link>
            <Link to="/create" className={buttonClasses("outline")}>
              {t("home.createEvent")}
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="upcoming-title" className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="upcoming-title" className="text-2xl font-bold">
            {t("home.upcomingTitle")}
          </h2>
          <Link to="/events" className="text-sm font-semibold text-primary hover:underline">
            {t("home.viewAll")}
          </Link>
        </div>
        {upcoming.length === 0 ? (
          <p className="text-muted-foreground">{t("home.noUpcoming")}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {upcoming.map((event, index) => (
              <li key={event.id} className="flex">
                <EventCard event={event} now={now} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
