import { CalendarDays, LayoutGrid, Mic, Users } from "lucide-react";
import { formatCount } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { SiteStats } from "#server/services/site-stats";

export interface AboutFigureValues extends SiteStats {
  categories: number;
}

/** The marketplace's size as the database counts it when the page is made: never a rounded boast. */
export function AboutFigures({ figures }: { figures: AboutFigureValues }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const items = [
    { key: "upcoming", icon: CalendarDays, value: figures.upcomingEvents },
    { key: "people", icon: Users, value: figures.registeredPeople },
    { key: "organizers", icon: Mic, value: figures.organizers },
    { key: "categories", icon: LayoutGrid, value: figures.categories },
  ];
  return (
    <section aria-labelledby="about-figures" className="mx-auto w-full max-w-5xl px-4 py-12">
      <h2 id="about-figures" className="text-2xl font-bold">
        {t("about.figuresTitle")}
      </h2>
      <p className="mt-2 text-muted-foreground">{t("about.figuresNote")}</p>
      <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {items.map(({ key, icon: Icon, value }) => (
          // Value above label visually; in the markup the term comes first, as a <dl> requires.
          <div
            key={key}
            data-figure={key}
            className="flex flex-col-reverse gap-1 rounded-xl border border-border bg-card p-5"
          >
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-primary" />
              {t(`about.figures.${key}`)}
            </dt>
            <dd className="text-3xl font-bold tabular-nums">{formatCount(value, language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
