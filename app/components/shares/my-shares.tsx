import { Link } from "react-router";
import { formatCount } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { ShareFigures } from "#server/services/referrals";

const FIGURES = ["shares", "visits", "referrals", "tickets"] as const;

/**
 * The dashboard's "My shares": how many events the person shared with their own link, the visits those
 * links brought and the orders placed after them; and the way to their promoter dashboard.
 */
export function MyShares({ figures }: { figures: ShareFigures }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <section id="my-shares" aria-labelledby="my-shares-title" className="flex flex-col gap-4 px-4 py-10">
      <h2 id="my-shares-title" className="text-2xl font-bold">
        {t("promoters.shares.title")}
      </h2>
      <p className="text-muted-foreground">{t("promoters.shares.intro")}</p>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {FIGURES.map((key) => (
          <div key={key} className="flex flex-col gap-1 rounded-xl border border-border p-4">
            <dt className="text-sm text-muted-foreground">{t(`promoters.shares.${key}`)}</dt>
            <dd data-testid={`shares-${key}`} className="text-2xl font-bold tabular-nums">
              {formatCount(figures[key], language)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        <Link
          to="/promoters/dashboard"
          className="font-medium text-primary underline underline-offset-2 hover:no-underline"
        >
          {t("promoters.shares.promoterLink")}
        </Link>
      </p>
    </section>
  );
}
