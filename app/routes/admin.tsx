import { Outlet } from "react-router";
import { AdminNav } from "#app/components/admin/admin-nav";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { privatePageMeta } from "#app/seo";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin";

/** The staff console's frame: who may enter (staff only; everyone else gets 404) and its sections. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  return { pageMessages: await adminPageMessages(request) };
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("admin.title")} | ${t("app.name")}`, "noindex, nofollow");
}

export default function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 md:py-8">
      <p className="mb-4 text-sm font-semibold uppercase tracking-wide text-primary">{t("admin.title")}</p>
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <AdminNav />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
