import { industryLabel } from "#app/i18n/data-labels";
import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { SPONSOR_TIERS } from "#domain/sponsor";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { listSponsors } from "#server/services/profiles";
import type { Route } from "./+types/sponsors";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("sponsors.metaTitle")} | ${t("app.name")}`,
    description: t("sponsors.intro"),
    path: "/sponsors",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { sponsors: await listSponsors(context.db) };
}

export default function SponsorsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">{t("sponsors.title")}</h1>
      <p className="mb-8 text-muted-foreground">{t("sponsors.intro")}</p>
      {SPONSOR_TIERS.map((tier) => (
        <section key={tier} aria-labelledby={`tier-${tier}`} className="mb-10">
          <h2 id={`tier-${tier}`} className="mb-4 text-xl font-bold">
            {t(`event.tier.${tier}`)}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.sponsors
              .filter((sponsor) => sponsor.tier === tier)
              .map((sponsor) => (
                <li key={sponsor.id}>
                  <Link
                    to={`/sponsors/${sponsor.id}`}
                    className="flex h-full flex-col gap-2 rounded-xl border border-border p-4 hover:shadow-md"
                  >
                    <img
                      src={sponsor.logo}
                      alt=""
                      width={320}
                      height={160}
                      className="h-20 w-full rounded bg-white object-contain"
                    />
                    <bdi className="font-semibold">{sponsor.name}</bdi>
                    <span className="text-sm text-muted-foreground">{industryLabel(t, sponsor.industry)}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
