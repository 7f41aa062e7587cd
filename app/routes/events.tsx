import { LocateFixed, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { data, Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { CATEGORIES } from "#domain/catalog";
import { parseEventSearch, type EventSearch } from "#domain/event-search";
import { DATE_WINDOWS, effectiveSort, PLACE_KEYS, PLACES, SORTS } from "#domain/event-search-options";
import { LANGUAGES } from "#domain/language";
import { CalendarFeedLink } from "#app/components/calendar-feed-link";
import { EventCard } from "#app/components/event-card";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { currentTime } from "#server/clock";
import { searchEvents } from "#server/services/event-search";
import type { Route } from "./+types/events";

const RADII = [2, 5, 10, 25, 50] as const;
const FIELD = "h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground";
const LABEL = "mb-1 block text-sm font-medium";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: `${t("search.metaTitle")} | ${t("app.name")}` },
    { name: "description", content: t("search.metaDescription") },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseEventSearch(params);
  const now = currentTime();
  if (!parsed.success) {
    return data({ now, search: null, result: null, invalid: true as const }, { status: 400 });
  }
  const result = await searchEvents(context.db, parsed.data, now);
  return { now, search: parsed.data, result, invalid: false as const };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { now, result, search, invalid } = loaderData;
  const searching = useNavigation().state === "loading";
  // Past 1,000 matches the total is a lower bound ("more than 1,000"): there is at least one more
  // event than it says, so at least that many pages, and the next page always exists.
  const pages = result
    ? Math.max(1, Math.ceil((result.total + (result.totalIsLowerBound ? 1 : 0)) / result.pageSize))
    : 1;
  const pagesMayBeMore = result?.totalIsLowerBound ?? false;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">{t("search.title")}</h1>
      <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
        <SearchForm search={search} />
        <section aria-labelledby="results-heading" aria-busy={searching}>
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
              {result
                ? t(result.totalIsLowerBound ? "search.resultsMoreThan" : "search.results", { count: result.total })
                : t("search.noResults")}
            </h2>
            {result && pages > 1 && (
              <p className="text-sm text-muted-foreground">
                {t(pagesMayBeMore ? "search.pageOfAtLeast" : "search.pageOf", { page: result.page, pages })}
              </p>
            )}
            <CalendarFeedLink />
          </div>
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
            </div>
          )}
          {result && result.events.length > 0 && (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {result.events.map((event, index) => (
                <li key={event.id} className="flex">
                  <EventCard event={event} now={now} eager={index < 3} distanceMiles={event.distanceMiles} />
                </li>
              ))}
            </ul>
          )}
          {result && pages > 1 && <Pagination page={result.page} pages={pages} pagesMayBeMore={pagesMayBeMore} />}
        </section>
      </div>
    </div>
  );
}

/** A GET form: every filter lands in the URL, so results can be shared and the back button works. */
function SearchForm({ search }: { search: EventSearch | null }) {
  const { t } = useTranslation();
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
    <Form method="get" action="/events" className="flex flex-col gap-4" aria-label={t("search.filters")}>
      {/* A page opened with ?lang= (a shared link) keeps its language through the search. */}
      {pageLanguage && <input type="hidden" name="lang" value={pageLanguage} />}
      <div>
        <label htmlFor="search-q" className={LABEL}>
          {t("search.queryLabel")}
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={value("q")}
          placeholder={t("search.queryPlaceholder")}
          maxLength={200}
          className={FIELD}
        />
      </div>
      <Select id="search-category" name="category" label={t("search.category")} defaultValue={value("category")}>
        <option value="">{t("search.anyCategory")}</option>
        {CATEGORIES.map((category) => (
          <option key={category.key} value={category.key}>
            {t(`category.${category.key}`)}
          </option>
        ))}
      </Select>
      <Select id="search-date" name="date" label={t("search.date")} defaultValue={value("date")}>
        <option value="">{t("search.anyDate")}</option>
        {DATE_WINDOWS.map((window) => (
          <option key={window} value={window}>
            {t(`search.${window}`)}
          </option>
        ))}
      </Select>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="search-from" className={LABEL}>
            {t("search.from")}
          </label>
          <input id="search-from" name="from" type="date" defaultValue={value("from")} className={FIELD} />
        </div>
        <div>
          <label htmlFor="search-to" className={LABEL}>
            {t("search.to")}
          </label>
          <input id="search-to" name="to" type="date" defaultValue={value("to")} className={FIELD} />
        </div>
      </div>
      <Select id="search-price" name="price" label={t("search.price")} defaultValue={value("price")}>
        <option value="">{t("search.anyPrice")}</option>
        <option value="free">{t("search.free")}</option>
        <option value="under30">{t("search.under30")}</option>
      </Select>
      <div>
        <label htmlFor="search-max-price" className={LABEL}>
          {t("search.maxPrice")}
        </label>
        <input
          id="search-max-price"
          name="maxPrice"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          defaultValue={value("maxPrice")}
          className={FIELD}
        />
      </div>
      <Select id="search-language" name="language" label={t("search.language")} defaultValue={value("language")}>
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
          <Select id="search-near" name="near" label={t("search.near")} defaultValue={value("near")}>
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
      <Select id="search-radius" name="radius" label={t("search.radius")} defaultValue={value("radius") || "10"}>
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
      <Select id="search-sort" name="sort" label={t("search.sort")} defaultValue={search?.sort ?? ""}>
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
        <button type="submit" className={buttonClasses("primary", "md", "flex-1")}>
          {t("search.submit")}
        </button>
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
