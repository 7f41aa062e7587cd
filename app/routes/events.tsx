import { LocateFixed, SlidersHorizontal, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { data, Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { CATEGORIES } from "#domain/catalog";
import { parseEventSearch, type EventSearch } from "#domain/event-search";
import { DATE_WINDOWS, effectiveSort, PLACE_KEYS, PLACES, SORTS } from "#domain/event-search-options";
import { LANGUAGES } from "#domain/language";
import { CalendarFeedLink } from "#app/components/calendar-feed-link";
import { EventCard } from "#app/components/event-card";
import { buttonClasses } from "#app/components/ui/button";
import { Sheet } from "#app/components/ui/sheet";
import { useIsInteractive } from "#app/components/ui/use-is-interactive";
import { formatDate, formatMoney } from "#app/i18n/format";
import type { TFunction } from "#app/i18n/translator";
import { filterChips, type FilterChip } from "#app/search-filter-chips";
import type { Language } from "#domain/language";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { currentTime } from "#server/clock";
import { searchEvents } from "#server/services/event-search";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf } from "./saves-follows.server";
import type { Route } from "./+types/events";

const RADII = [2, 5, 10, 25, 50] as const;
const FIELD = "h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground";
const LABEL = "mb-1 block text-sm font-medium";

export function meta({ matches, location, data: loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  // A search is a page of its own (its filters in the address); one that could not run is /events.
  const search = new URLSearchParams(loaderData?.invalid ? "" : location.search);
  search.delete("lang");
  const query = search.toString();
  return pageMeta(matches, {
    title: `${t("search.metaTitle")} | ${t("app.name")}`,
    description: t("search.metaDescription"),
    path: query ? `/events?${query}` : "/events",
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseEventSearch(params);
  const now = currentTime();
  if (!parsed.success) {
    return data({ now, search: null, result: null, invalid: true as const, savedEvents: null }, { status: 400 });
  }
  const [result, savedEvents] = await Promise.all([searchEvents(context.db, parsed.data, now), savedEventsOf(context)]);
  // The hearts' words, and the empty state's way out (the Event Matchmaker) only when it shows.
  const namespaces =
    result.events.length === 0 ? ["savesFollows" as const, "matchmakerInvite" as const] : ["savesFollows" as const];
  return {
    now,
    search: parsed.data,
    result,
    invalid: false as const,
    savedEvents,
    pageMessages: await pageMessages(negotiateLanguage(request), namespaces),
  };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { now, result, search, invalid } = loaderData;
  const searching = useNavigation().state === "loading";
  const location = useLocation();
  const chips = filterChips(location.search);
  const isInteractive = useIsInteractive();
  // The sheet is open on the page it was opened on: a search sent from it (or a chip taken off)
  // shows its results with the sheet closed.
  const [filtersOpenOn, setFiltersOpenOn] = useState<string | null>(null);
  const filtersOpen = filtersOpenOn === location.key;
  const setFiltersOpen = (open: boolean) => setFiltersOpenOn(open ? location.key : null);
  // Past 1,000 matches the total is a lower bound ("more than 1,000"): there is at least one more
  // event than it says, so at least that many pages, and the next page always exists.
  const pages = result
    ? Math.max(1, Math.ceil((result.total + (result.totalIsLowerBound ? 1 : 0)) / result.pageSize))
    : 1;
  const pagesMayBeMore = result?.totalIsLowerBound ?? false;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-8">
      <h1 className="mb-4 text-3xl font-bold lg:mb-6">{t("search.title")}</h1>
      {/*
        Phones and small tablets see the results first. The filters are then a sheet opened by the
        Filters button, or, without scripts, the form below the results (the button leads to it).
        From lg the form is the first column, with a link to skip it.
      */}
      <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
        <div className={`order-last lg:order-none ${isInteractive ? "max-lg:hidden" : ""}`}>
          <a
            href="#results"
            className="sr-only focus:not-sr-only focus:mb-4 focus:inline-flex focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground focus:outline-2 focus:outline-offset-2 focus:outline-ring"
          >
            {t("search.skipToResults")}
          </a>
          <SearchForm search={search} idPrefix="search" />
        </div>
        <section
          id="results"
          tabIndex={-1}
          aria-labelledby="results-heading"
          aria-busy={searching}
          className="scroll-mt-24 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
              {result
                ? t(result.totalIsLowerBound ? "search.resultsMoreThan" : "search.results", { count: result.total })
                : t("search.noResults")}
            </h2>
            {result && pages > 1 && (
              <p className="text-sm text-muted-foreground max-lg:hidden">
                {t(pagesMayBeMore ? "search.pageOfAtLeast" : "search.pageOf", { page: result.page, pages })}
              </p>
            )}
            <FiltersButton
              count={chips.length}
              isInteractive={isInteractive}
              onOpen={() => setFiltersOpen(true)}
              isOpen={filtersOpen}
            />
            <div className="max-lg:hidden">
              <CalendarFeedLink />
            </div>
          </div>
          {chips.length > 0 && <FilterChips chips={chips} />}
          {invalid && (
            <p
              role="alert"
              className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100"
            >
              {t("search.invalid")}
            </p>
          )}
          {result && result.events.length === 0 && (
            <div className="rounded-xl border border-dashed border-border p-10 text-center">
              <p className="text-lg font-semibold">{t("search.noResults")}</p>
              <p className="mt-1 text-muted-foreground">{t("search.noResultsHint")}</p>
              <p className="mt-4 text-muted-foreground">
                {t("matchmakerInvite.emptyHint")}{" "}
                <Link to="/event-matchmaker" className={TEXT_LINK}>
                  {t("matchmakerInvite.emptyLink")}
                </Link>
              </p>
            </div>
          )}
          {result && result.events.length > 0 && (
            <SavedEvents value={loaderData.savedEvents}>
              <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {result.events.map((event, index) => (
                  <li key={event.id} className="grid">
                    <EventCard event={event} now={now} eager={index < 3} distanceMiles={event.distanceMiles} />
                  </li>
                ))}
              </ul>
            </SavedEvents>
          )}
          {result && pages > 1 && <Pagination page={result.page} pages={pages} pagesMayBeMore={pagesMayBeMore} />}
          <div className="mt-8 lg:hidden">
            <CalendarFeedLink />
          </div>
        </section>
      </div>
      {isInteractive && (
        <Sheet
          open={filtersOpen}
          onOpenChange={setFiltersOpen}
          title={t("search.filters")}
          closeLabel={t("search.closeFilters")}
        >
          <SearchForm search={search} idPrefix="sheet-search" />
        </Sheet>
      )}
    </div>
  );
}

/**
 * Below lg: opens the filters sheet, or without scripts leads down to the form under the results.
 * It names how many filters are on.
 */
function FiltersButton({
  count,
  isInteractive,
  isOpen,
  onOpen,
}: {
  count: number;
  isInteractive: boolean;
  isOpen: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const label = count > 0 ? t("search.filtersActive", { count }) : t("search.filters");
  const classes = buttonClasses("outline", "md", "lg:hidden");
  const content = (
    <>
      <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
      {label}
    </>
  );
  if (!isInteractive) {
    return (
      <a href="#search-filters" className={classes}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" onClick={onOpen} aria-haspopup="dialog" aria-expanded={isOpen} className={classes}>
      {content}
    </button>
  );
}

/** The filters on, each a link that takes it off. */
function FilterChips({ chips }: { chips: FilterChip[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <ul aria-label={t("search.activeFilters")} className="mb-4 flex flex-wrap gap-2">
      {chips.map((chip) => {
        const text = chipText(t, chip, language);
        return (
          <li key={chip.name}>
            <Link
              to={chip.removeHref}
              aria-label={t("search.removeFilter", { filter: text })}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-muted px-3 text-sm font-medium hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span dir="auto">{text}</span>
              <X aria-hidden="true" className="h-4 w-4 shrink-0" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** A chip's words: the choice as the form names it. */
function chipText(t: TFunction, chip: FilterChip, language: Language): string {
  const { name, value } = chip;
  const day = (iso: string) => {
    const instant = new Date(`${iso}T12:00:00Z`);
    return Number.isNaN(instant.getTime()) ? iso : formatDate(instant, "UTC", language);
  };
  switch (name) {
    case "q":
      return t("search.chipQuery", { query: value });
    case "category":
      return t(`category.${value}`);
    case "date":
      return t(`search.${value}`);
    case "from":
      return t("search.chipFrom", { date: day(value) });
    case "to":
      return t("search.chipTo", { date: day(value) });
    case "price":
      return t(`search.${value}`);
    case "maxPrice":
      return t("search.chipMaxPrice", { price: formatMoney(Math.round(Number(value) * 100) || 0, language) });
    case "language":
      return t(`eventLanguage.${value}`);
    case "near":
      return value in PLACES ? PLACES[value as keyof typeof PLACES].name : value;
    case "lat":
      return t("search.nearMyLocation");
    case "radius":
      return t("search.chipRadius", { miles: value });
    case "vip":
    case "featured":
    case "past":
      return t(`search.${name}`);
    case "sort":
      return value in SORT_LABELS ? t(SORT_LABELS[value as keyof typeof SORT_LABELS]) : value;
  }
}

/** A GET form: every filter lands in the URL, so results can be shared and the back button works. */
function SearchForm({ search, idPrefix }: { search: EventSearch | null; idPrefix: string }) {
  const { t } = useTranslation();
  /** Ids are unique on the page: the form is also in the sheet, with its own prefix. */
  const id = (name: string) => `${idPrefix}-${name}`;
  const navigate = useNavigate();
  const searchLink = useSearchLink();
  const pageLanguage = new URLSearchParams(useLocation().search).get("lang");
  const [locationError, setLocationError] = useState(false);
  const value = (key: keyof EventSearch) => {
    const current = search?.[key];
    return current === undefined || current === false ? "" : String(current);
  };
  const usingMyLocation = search?.lat !== undefined;
  const sort = search ? effectiveSort(search) : "date";

  const useMyLocation = () => {
    setLocationError(false);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        void navigate(
          searchLink((params) => {
            params.delete("near");
            params.delete("page");
            params.set("lat", coords.latitude.toFixed(4));
            params.set("lng", coords.longitude.toFixed(4));
          }),
        );
      },
      () => setLocationError(true),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  return (
    <Form
      id={id("filters")}
      method="get"
      action="/events"
      className="flex scroll-mt-24 flex-col gap-4"
      aria-label={t("search.filters")}
    >
      {/* A page opened with ?lang= (a shared link) keeps its language through the search. */}
      {pageLanguage && <input type="hidden" name="lang" value={pageLanguage} />}
      <div>
        <label htmlFor={id("q")} className={LABEL}>
          {t("search.queryLabel")}
        </label>
        <input
          id={id("q")}
          name="q"
          type="search"
          defaultValue={value("q")}
          placeholder={t("search.queryPlaceholder")}
          maxLength={200}
          className={FIELD}
        />
      </div>
      <Select id={id("category")} name="category" label={t("search.category")} defaultValue={value("category")}>
        <option value="">{t("search.anyCategory")}</option>
        {CATEGORIES.map((category) => (
          <option key={category.key} value={category.key}>
            {t(`category.${category.key}`)}
          </option>
        ))}
      </Select>
      <Select id={id("date")} name="date" label={t("search.date")} defaultValue={value("date")}>
        <option value="">{t("search.anyDate")}</option>
        {DATE_WINDOWS.map((window) => (
          <option key={window} value={window}>
            {t(`search.${window}`)}
          </option>
        ))}
      </Select>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={id("from")} className={LABEL}>
            {t("search.from")}
          </label>
          <input id={id("from")} name="from" type="date" defaultValue={value("from")} className={FIELD} />
        </div>
        <div>
          <label htmlFor={id("to")} className={LABEL}>
            {t("search.to")}
          </label>
          <input id={id("to")} name="to" type="date" defaultValue={value("to")} className={FIELD} />
        </div>
      </div>
      <Select id={id("price")} name="price" label={t("search.price")} defaultValue={value("price")}>
        <option value="">{t("search.anyPrice")}</option>
        <option value="free">{t("search.free")}</option>
        <option value="under30">{t("search.under30")}</option>
      </Select>
      <div>
        <label htmlFor={id("max-price")} className={LABEL}>
          {t("search.maxPrice")}
        </label>
        <input
          id={id("max-price")}
          name="maxPrice"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          defaultValue={value("maxPrice")}
          className={FIELD}
        />
      </div>
      <Select id={id("language")} name="language" label={t("search.language")} defaultValue={value("language")}>
        <option value="">{t("search.anyLanguage")}</option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`eventLanguage.${language}`)}
          </option>
        ))}
      </Select>
      {usingMyLocation ? (
        <div className="flex items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <input type="hidden" name="lat" value={value("lat")} />
          <input type="hidden" name="lng" value={value("lng")} />
          <span>{t("search.nearMyLocation")}</span>
          <Link
            to={searchLink((params) => ["lat", "lng", "page"].forEach((key) => params.delete(key)))}
            className="inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-background"
            aria-label={t("search.removeMyLocation")}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <Select id={id("near")} name="near" label={t("search.near")} defaultValue={value("near")}>
            <option value="">{t("search.anywhere")}</option>
            {PLACE_KEYS.map((key) => (
              <option key={key} value={key}>
                {PLACES[key].name}
              </option>
            ))}
          </Select>
          <button type="button" onClick={useMyLocation} className={buttonClasses("outline", "sm", "self-start")}>
            <LocateFixed aria-hidden="true" className="h-4 w-4" />
            {t("search.useMyLocation")}
          </button>
          {locationError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t("search.locationUnavailable")}
            </p>
          )}
        </div>
      )}
      <Select id={id("radius")} name="radius" label={t("search.radius")} defaultValue={value("radius") || "10"}>
        {RADII.map((miles) => (
          <option key={miles} value={miles}>
            {t("search.radiusMiles", { miles })}
          </option>
        ))}
      </Select>
      <fieldset className="flex flex-col gap-2">
        {(["vip", "featured", "past"] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={flag}
              value="1"
              defaultChecked={search?.[flag] === true}
              className="h-4 w-4 accent-[var(--primary)]"
            />
            {t(`search.${flag}`)}
          </label>
        ))}
      </fieldset>
      <Select id={id("sort")} name="sort" label={t("search.sort")} defaultValue={search?.sort ?? ""}>
        <option value="">{t("search.sortDefault")}</option>
        {SORTS.filter(
          (option) => (option !== "relevance" || search?.q) && (option !== "distance" || sort === "distance"),
        ).map((option) => (
          <option key={option} value={option}>
            {t(SORT_LABELS[option])}
          </option>
        ))}
      </Select>
      <div className="flex flex-wrap gap-2">
        <SubmitButton className="flex-1">{t("search.submit")}</SubmitButton>
        <Link to="/events" className={buttonClasses("ghost", "md")}>
          {t("search.clear")}
        </Link>
      </div>
    </Form>
  );
}

const SORT_LABELS = {
  date: "search.sortDate",
  date_desc: "search.sortDateDesc",
  title: "search.sortTitle",
  relevance: "search.sortRelevance",
  distance: "search.sortDistance",
} as const;

function Select({
  id,
  name,
  label,
  defaultValue,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={FIELD}>
        {children}
      </select>
    </div>
  );
}

/** The current search (from the URL, the same on the server and in the browser), changed by `change`. */
function useSearchLink() {
  const { search } = useLocation();
  return (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(search);
    change(params);
    return `/events?${params}`;
  };
}

function Pagination({ page, pages, pagesMayBeMore }: { page: number; pages: number; pagesMayBeMore: boolean }) {
  const { t } = useTranslation();
  const searchLink = useSearchLink();
  const link = (target: number) => searchLink((params) => params.set("page", String(target)));
  return (
    <nav aria-label={t("search.pagination")} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev" className={buttonClasses("outline")}>
          {t("search.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">
        {t(pagesMayBeMore ? "search.pageOfAtLeast" : "search.pageOf", { page, pages })}
      </span>
      {page < pages ? (
        <Link to={link(page + 1)} rel="next" className={buttonClasses("outline")}>
          {t("search.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
