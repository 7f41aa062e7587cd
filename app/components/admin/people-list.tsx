import { Form, Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatCount } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { PeopleFilter, PersonListRow } from "#server/services/staff-people";
import { StaffDate } from "./staff-date";
import { shownName } from "#domain/deleted-account";

const FILTERS: readonly PeopleFilter[] = ["all", "staff", "suspended", "organizers"];

/** The search form of /admin/people: a GET form, so every result is an address one can share or go back to. */
export function PeopleSearch({ q, filter }: { q: string; filter: PeopleFilter }) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin.people.searchLabel")}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
        <label htmlFor="people-q" className="text-sm font-medium">
          {t("admin.people.query")}
        </label>
        <input
          id="people-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="people-filter" className="text-sm font-medium">
          {t("admin.people.filter")}
        </label>
        <select
          id="people-filter"
          name="filter"
          defaultValue={filter}
          className="h-10 rounded-md border border-border bg-background px-3 text-sm text-foreground"
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`admin.people.filters.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton>{t("admin.people.search")}</SubmitButton>
    </Form>
  );
}

/** The accounts found, as a table with a link to each, and the paging links. */
export function PeopleList({
  people,
  hasMore,
  page,
  q,
  filter,
}: {
  people: PersonListRow[];
  hasMore: boolean;
  page: number;
  q: string;
  filter: PeopleFilter;
}) {
  const { t, i18n } = useTranslation();
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (filter !== "all") params.set("filter", filter);
    params.set("page", String(to));
    return `?${params.toString()}`;
  };
  if (people.length === 0) {
    return (
      <p role="status" className="rounded-md border border-border p-4 text-muted-foreground">
        {t("admin.people.none")}
      </p>
    );
  }
  return (
    <>
      <ScrollableTable captionId="people-caption" caption={t("admin.people.caption")}>
        <thead className="bg-muted text-start">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t("admin.people.columns.person")}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-start font-semibold sm:table-cell">
              {t("admin.people.columns.joined")}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-start font-semibold sm:table-cell">
              {t("admin.people.columns.events")}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t("admin.people.columns.status")}
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id} className="border-t border-border">
              <td className="px-3 py-2">
                <Link
                  to={`/admin/people/${person.id}`}
                  className="font-medium text-primary underline-offset-2 hover:underline"
                >
                  {person.name === null ? t("admin.people.noName") : shownName(t, person.name)}
                </Link>
                <span className="block text-muted-foreground [overflow-wrap:anywhere]">{person.email}</span>
              </td>
              <td className="hidden whitespace-nowrap px-3 py-2 sm:table-cell">
                <StaffDate instant={person.createdAt} withTime={false} />
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">{formatCount(person.eventsOrganized, i18n.language)}</td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap gap-1">
                  {person.isStaff && <Badge tone="staff">{t("admin.people.badges.staff")}</Badge>}
                  {person.suspendedUntil && <Badge tone="suspended">{t("admin.people.badges.suspended")}</Badge>}
                  {!person.isStaff && !person.suspendedUntil && (
                    <span className="text-muted-foreground">{t("admin.people.badges.active")}</span>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      <Paging page={page} hasMore={hasMore} linkTo={pageLink} />
    </>
  );
}

/** A word in a coloured pill: staff, suspended… (contrast checked in both themes). */
export function Badge({ tone, children }: { tone: "staff" | "suspended" | "neutral"; children: string }) {
  const tones = {
    staff: "bg-primary/10 text-primary border-primary/40",
    suspended: "bg-red-50 text-red-800 border-red-300 dark:bg-red-950 dark:text-red-200 dark:border-red-800",
    neutral: "bg-muted text-foreground border-border",
  };
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** Previous and next page links of a console list. */
export function Paging({
  page,
  hasMore,
  linkTo,
}: {
  page: number;
  hasMore: boolean;
  linkTo: (page: number) => string;
}) {
  const { t, i18n } = useTranslation();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={t("admin.paging.label")} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className={buttonClasses("outline", "sm")} rel="prev">
          {t("admin.paging.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">
        {t("admin.paging.page", { page: formatCount(page, i18n.language) })}
      </span>
      {hasMore ? (
        <Link to={linkTo(page + 1)} className={buttonClasses("outline", "sm")} rel="next">
          {t("admin.paging.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
