import { CalendarDays, Mic, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { SiteStats } from "#server/services/site-stats";
import { formatCount } from "#app/i18n/format";

const REFRESH_MS = 3_000;

/**
 * Real figures from the database, refreshed every 3 s while the page is visible. Numbers use tabular
 * digits in fixed-width cells, so a changing count never moves the layout.
 */
export function SiteStatsStrip({ initial }: { initial: SiteStats }) {
  const { t, i18n } = useTranslation();
  const [stats, setStats] = useState(initial);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      fetch("/api/v1/stats")
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { data: SiteStats } | null) => body && setStats(body.data))
        .catch(() => {});
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const language = i18n.language as Language;
  const items = [
    { key: "upcoming", icon: CalendarDays, value: stats.upcomingEvents, label: t("home.statsUpcoming") },
    { key: "people", icon: Users, value: stats.registeredPeople, label: t("home.statsPeople") },
    { key: "organizers", icon: Mic, value: stats.organizers, label: t("home.statsOrganizers") },
  ];
  return (
    <section aria-label={t("home.statsLabel")} className="border-b border-border bg-muted/50">
      <dl className="mx-auto grid max-w-7xl grid-cols-3 gap-4 px-4 py-5">
        {items.map(({ key, icon: Icon, value, label }) => (
          // Value above label visually; in the markup the term comes first, as a <dl> requires.
          <div key={key} className="flex flex-col-reverse items-center text-center">
            <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Icon aria-hidden="true" className="h-4 w-4 text-primary" />
              {label}
            </dt>
            <dd className="min-w-[5ch] text-2xl font-bold tabular-nums">{formatCount(value, language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
