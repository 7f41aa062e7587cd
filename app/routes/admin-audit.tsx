import { data } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { AuditFilters, AuditList } from "#app/components/admin/audit-log";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { isUuid } from "#server/auth/secrets";
import { listStaffActionFamilies, listStaffActions, nameStaffActions } from "#server/services/staff-actions";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-audit";

/**
 * /admin/audit: every staff action, newest first, 50 a page (`?page=`): who, what, to what, when, why,
 * and what changed. Narrowed by family of actions (`?family=event`), staff member (`?actor=<user id>`)
 * or subject (`?subjectType=user&subjectId=<id>`). Staff only (404 otherwise).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  const search = new URL(request.url).searchParams;
  const word = (name: string) => {
    const value = search.get(name) ?? "";
    return /^[a-z][a-z0-9_-]{0,40}$/.test(value) ? value : undefined;
  };
  const actor = search.get("actor") ?? "";
  const subjectId = (search.get("subjectId") ?? "").slice(0, 100);
  const subjectType = word("subjectType");
  const filters = {
    family: word("family"),
    actorId: isUuid(actor) ? actor : undefined,
    subjectType,
    subjectId: subjectType && subjectId ? subjectId : undefined,
  };
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const [{ actions, hasMore }, families] = await Promise.all([
    listStaffActions(context.db, { ...filters, page }),
    listStaffActionFamilies(context.db),
  ]);
  return data(
    { actions: await nameStaffActions(context.db, actions), hasMore, page, families, filters },
    { headers: ADMIN_PAGE_HEADERS },
  );
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.audit.title")}`);
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-5">
      <h1 id="audit-title" className="text-2xl font-bold">
        {t("admin.audit.title")}
      </h1>
      <p className="text-muted-foreground">{t("admin.audit.intro")}</p>
      <AuditFilters families={loaderData.families} filters={loaderData.filters} />
      <AuditList {...loaderData} />
    </section>
  );
}
