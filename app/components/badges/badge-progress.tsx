import { useTranslation } from "#app/i18n/use-translation";
import type { MyBadge } from "#server/services/badges";
import { BadgeLevelLabel, BadgeMedal } from "./badge-icon";
import { EarnedBadgeList } from "./earned-badges";

/** What the section shows of each badge (getMyBadges' answer). */
export type BadgeProgressView = Pick<
  MyBadge,
  "key" | "family" | "level" | "measure" | "target" | "progress" | "earned"
>;

/**
 * The dashboard's My badges: the ones held, then every other with the person's progress toward it
 * ("Events attended: 3 of 5"), closest first. Needs the `badges` page namespace.
 */
export function BadgeProgressSection({ badges }: { badges: BadgeProgressView[] }) {
  const { t } = useTranslation();
  const earned = badges.filter((badge) => badge.earned);
  const next = badges.filter((badge) => !badge.earned).sort((a, b) => b.progress / b.target - a.progress / a.target);
  return (
    <section id="badges" aria-labelledby="badges-title" className="flex flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h2 id="badges-title" className="text-2xl font-bold">
          {t("badges.dashboard.title")}
        </h2>
        <p className="text-muted-foreground">{t("badges.dashboard.intro")}</p>
      </div>
      <section aria-labelledby="badges-earned-title" className="flex flex-col gap-3">
        <h3 id="badges-earned-title" className="text-xl font-semibold">
          {t("badges.dashboard.earnedTitle")}
        </h3>
        {earned.length === 0 ? (
          <p className="text-muted-foreground">{t("badges.dashboard.none")}</p>
        ) : (
          <EarnedBadgeList badges={earned} />
        )}
      </section>
      <section aria-labelledby="badges-next-title" className="flex flex-col gap-3">
        <h3 id="badges-next-title" className="text-xl font-semibold">
          {t("badges.dashboard.nextTitle")}
        </h3>
        {next.length === 0 ? (
          <p className="text-muted-foreground">{t("badges.dashboard.allEarned")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {next.map((badge) => (
              <li
                key={badge.key}
                className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground"
              >
                <BadgeMedal badge={badge.key} level={badge.level} muted />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="font-semibold">{t(`badges.names.${badge.key}`)}</span>
                  <BadgeLevelLabel level={badge.level} />
                  <span className="text-sm text-muted-foreground">{t(`badges.descriptions.${badge.key}`)}</span>
                  <span className="text-sm font-medium">
                    {t("badges.progress", {
                      label: t(`badges.measures.${badge.measure}`),
                      progress: badge.progress,
                      target: badge.target,
                    })}
                  </span>
                  <span aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
                    <span
                      className="block h-full rounded-full bg-primary"
                      style={{ width: `${Math.round((badge.progress / badge.target) * 100)}%` }}
                    />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
