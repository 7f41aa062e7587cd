import { useTranslation } from "#app/i18n/use-translation";
import type { BadgeFamily, BadgeKey, BadgeLevel } from "#domain/badges";
import { BadgeLevelLabel, BadgeMedal } from "./badge-icon";

export interface EarnedBadgeView {
  key: BadgeKey;
  family: BadgeFamily;
  level: BadgeLevel;
}

/**
 * The badges a person holds, as their public profile shows them (listEarnedBadges' answer): each with
 * its medal, name, level in words and what earned it. Needs the `badges` page namespace.
 */
export function EarnedBadges({
  badges,
  headingLevel = "h2",
}: {
  badges: EarnedBadgeView[];
  headingLevel?: "h2" | "h3";
}) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  return (
    <section id="badges" aria-labelledby="earned-badges-title" className="flex flex-col gap-4">
      <Heading id="earned-badges-title" className="text-2xl font-bold">
        {t("badges.profile.title")}
      </Heading>
      {badges.length === 0 ? (
        <p className="text-muted-foreground">{t("badges.profile.none")}</p>
      ) : (
        <EarnedBadgeList badges={badges} />
      )}
    </section>
  );
}

/** Held badges as tiles: medal, name, level in words and what earned it (the profile's and the dashboard's). */
export function EarnedBadgeList({ badges }: { badges: readonly Pick<EarnedBadgeView, "key" | "level">[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {badges.map((badge) => (
        <li
          key={badge.key}
          className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground"
        >
          <BadgeMedal badge={badge.key} level={badge.level} />
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="font-semibold">{t(`badges.names.${badge.key}`)}</span>
            <BadgeLevelLabel level={badge.level} />
            <span className="text-sm text-muted-foreground">{t(`badges.descriptions.${badge.key}`)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
