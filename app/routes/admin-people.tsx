import { data } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { PeopleList, PeopleSearch } from "#app/components/admin/people-list";
import { metaTranslator } from "#app/i18n/meta";
import { staffSearchText } from "#domain/staff-console";
import { useTranslation } from "#app/i18n/use-translation";
import { currentTime } from "#server/clock";
import { PEOPLE_FILTERS, searchPeople, type PeopleFilter } from "#server/services/staff-people";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-people";

/**
 * /admin/people: every account, newest first, found by name or e-mail (`?q=`), kept to staff,
 * suspended accounts or organizers (`?filter=`), 25 a page (`?page=`). Staff only (404 otherwise).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  const search = new URL(request.url).searchParams;
  const q = staffSearchText(search.get("q"));
  const wanted = search.get("filter") ?? "all";
  const filter: PeopleFilter = (PEOPLE_FILTERS as readonly string[]).includes(wanted)
    ? (wanted as PeopleFilter)
    : "all";
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  const result = await searchPeople(
    context.db,
    viewer,
    { q, filter, page: Number.isFinite(page) ? page : 1 },
    currentTime(),
  );
  return data({ ...result, q, filter }, { headers: ADMIN_PAGE_HEADERS });
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.people.title")}`);
}

export default function AdminPeople({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="people-title" className="flex flex-col gap-5">
      <h1 id="people-title" className="text-2xl font-bold">
        {t("admin.people.title")}
      </h1>
      <PeopleSearch q={loaderData.q} filter={loaderData.filter} />
      <PeopleList {...loaderData} />
    </section>
  );
}
