import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta } from "#app/seo";
import type { Language } from "#domain/language";
import { REFERRAL_DAYS } from "#domain/referral";
import { currentTime } from "#server/clock";
import { topPromotersOfMonth } from "#server/services/promoters";
import type { Route } from "./+types/promoters";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [top, messages] = await Promise.all([
    topPromotersOfMonth(context.db, currentTime()),
    pageMessages(negotiateLanguage(request), ["promoters"]),
  ]);
  return { top, isSignedIn: context.viewer !== null, pageMessages: messages };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("promoters.public.metaTitle")} | ${t("app.name")}`,
    description: t("promoters.public.metaDescription"),
    path: "/promoters",
  });
}

const STEPS = ["invite", "share", "earn"] as const;

/**
 * /promoters: how the promoter programme works (organizers invite promoters or give a join code, each
 * promoter gets a tracked link, tickets bought through it within REFERRAL_DAYS earn a commission), the
 * month's top promoters (only those who chose to be listed), and the way to one's promoter dashboard.
 */
export default function PromotersPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { top, isSignedIn } = loaderData;
  return (
    <div className="flex flex-col">
      <section aria-labelledby="promoters-title" className="border-b border-border bg-muted/50">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-5 px-4 py-12">
          <h1 id="promoters-title" className="text-4xl font-bold tracking-tight text-balance">
            {t("promoters.public.title")}
          </h1>
          <p className="max-w-3xl text-lg text-muted-foreground">{t("promoters.public.intro")}</p>
          <Link
            to={isSignedIn ? "/promoters/dashboard" : "/signin?next=%2Fpromoters%2Fdashboard"}
            className={buttonClasses("primary")}
          >
            {t(isSignedIn ? "promoters.public.dashboardCta" : "promoters.public.signInCta")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto w-full max-w-5xl px-4 py-10">
        <h2 id="how-title" className="mb-4 text-2xl font-bold">
          {t("promoters.public.howTitle")}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex flex-col gap-2 rounded-xl border border-border p-5">
              <span className="text-sm font-semibold text-primary">{formatCount(index + 1, language)}</span>
              <h3 className="text-lg font-semibold">{t(`promoters.public.steps.${step}.title`)}</h3>
              <p className="text-sm text-muted-foreground">
                {t(`promoters.public.steps.${step}.body`, { days: REFERRAL_DAYS })}
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-4 max-w-3xl text-sm text-muted-foreground">{t("promoters.howCounted")}</p>
        <p className="mt-2 max-w-3xl text-sm text-muted-foreground">{t("promoters.public.organizers")}</p>
      </section>

      <section aria-labelledby="top-title" className="mx-auto w-full max-w-5xl px-4 pb-12">
        <h2 id="top-title" className="mb-2 text-2xl font-bold">
          {t("promoters.public.topTitle")}
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">{t("promoters.public.topHint")}</p>
        {top.length === 0 ? (
          <p className="text-muted-foreground">{t("promoters.public.topEmpty")}</p>
        ) : (
          <ol className="flex max-w-xl flex-col divide-y divide-border rounded-xl border border-border">
            {top.map((promoter, index) => (
              <li key={promoter.userId} className="flex items-center justify-between gap-3 p-3">
                <span className="flex items-center gap-3">
                  <span className="w-6 text-end font-semibold tabular-nums">{formatCount(index + 1, language)}</span>
                  <Link
                    to={`/users/${promoter.userId}`}
                    className="font-medium text-primary underline underline-offset-2 hover:no-underline"
                  >
                    <bdi>{promoter.name}</bdi>
                  </Link>
                </span>
                <span className="text-sm text-muted-foreground">
                  {t("promoters.public.tickets", { count: promoter.tickets })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
