import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import type { EventSummary } from "#domain/event-summary";
import { LANGUAGES, type Language } from "#domain/language";
import { EventCard } from "./event-card";

const SORTS = ["date", "date_desc", "title"] as const;
type ListSort = (typeof SORTS)[number];
const SORT_LABELS = { date: "search.sortDate", date_desc: "search.sortDateDesc", title: "search.sortTitle" } as const;

/**
 * A list of event cards with the spec's optional controls: a language filter (All Languages, English,
 * French, Arabic, Amharic), a sort (date either way, alphabetical) and a limit.
 */
export function EventList({
  events,
  now,
  showLanguageFilter = false,
  showSort = false,
  limit,
  emptyMessage,
}: {
  events: EventSummary[];
  now: Date;
  showLanguageFilter?: boolean;
  showSort?: boolean;
  limit?: number;
  emptyMessage?: string;
}) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<Language | "">("");
  const [sort, setSort] = useState<ListSort>("date");
  const id = useId();
  const collator = new Intl.Collator(i18n.language);

  const shown = events
    .filter((event) => !language || event.language === language)
    .sort((a, b) => {
      if (sort === "title") return collator.compare(a.title, b.title);
      const order = a.startsAt.getTime() - b.startsAt.getTime();
      return sort === "date" ? order : -order;
    })
    .slice(0, limit);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only" aria-live="polite">
        {t("search.results", { count: shown.length })}
      </h2>
      {(showLanguageFilter || showSort) && (
        <div className="flex flex-wrap gap-4">
          {showLanguageFilter && (
            <div>
              <label htmlFor={`${id}-language`} className="mb-1 block text-sm font-medium">
                {t("search.language")}
              </label>
              <select
                id={`${id}-language`}
                value={language}
                onChange={(event) => setLanguage(event.currentTarget.value as Language | "")}
                className="h-10 rounded-md border border-border bg-background px-3 text-sm"
              >
                <option value="">{t("search.anyLanguage")}</option>
                {LANGUAGES.map((value) => (
                  <option key={value} value={value}>
                    {t(`eventLanguage.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {showSort && (
            <div>
              <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium">
                {t("search.sort")}
              </label>
              <select
                id={`${id}-sort`}
                value={sort}
                onChange={(event) => setSort(event.currentTarget.value as ListSort)}
                className="h-10 rounded-md border border-border bg-background px-3 text-sm"
              >
                {SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(SORT_LABELS[value])}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
      {shown.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground"
          role="status"
        >
          {emptyMessage ?? t("search.noResults")}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((event, index) => (
            <li key={event.id} className="grid">
              <EventCard event={event} now={now} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
