import { Link, redirect } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { SponsorForm } from "#app/components/admin/sponsor-form";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { currentTime } from "#server/clock";
import { createSponsor } from "#server/services/sponsor-admin";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";
import { readSponsorForm, saveSponsorForm } from "./admin-sponsors.server";
import type { Route } from "./+types/admin-sponsor-new";

const EMPTY = { name: "", description: "", website: "", tier: "", industry: "", contactEmail: "", accountEmail: "" };

/** /admin/sponsors/new: a new sponsor, with its logo. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const read = await readSponsorForm(request);
  if (read.refusal) return read.refusal;
  const outcome = await saveSponsorForm(read.form, (write) =>
    createSponsor(context.db, viewer, write, { now: currentTime(), uploadsDir: context.config.uploadsDir }),
  );
  if (!("saved" in outcome)) return outcome;
  return redirect(`/admin/sponsors/${outcome.saved.id}?created=1`, { headers: ADMIN_PAGE_HEADERS });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.sponsors.newTitle")}`);
}

export default function AdminSponsorNew({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-sponsor-new-title" className="flex flex-col gap-6">
      <Link to="/admin/sponsors" className="text-sm font-semibold text-primary hover:underline">
        {t("admin.sponsors.back")}
      </Link>
      <h1 id="admin-sponsor-new-title" className="text-2xl font-bold">
        {t("admin.sponsors.newTitle")}
      </h1>
      <SponsorForm
        values={actionData?.values ?? EMPTY}
        currentLogo={null}
        {...(actionData ? { result: actionData } : {})}
        submitLabel={t("admin.sponsors.create")}
      />
    </section>
  );
}
