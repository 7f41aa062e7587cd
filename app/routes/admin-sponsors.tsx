import { Form, Link } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { SPONSOR_TIERS, type SponsorTier } from "#domain/sponsor";
import { staffSearchText } from "#domain/staff-console";
import { listSponsorsForStaff } from "#server/services/sponsor-admin";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-sponsors";

const FIELD_CLASSES = "h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground";

/** /admin/sponsors: every sponsor, searchable by name or website and by tier, with what waits for approval. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  const params = new URL(request.url).searchParams;
  const q = staffSearchText(params.get("q"));
  const tierParam = params.get("tier");
  const tier = (SPONSOR_TIERS as readonly string[]).includes(tierParam ?? "") ? (tierParam as SponsorTier) : null;
  const sponsors = await listSponsorsForStaff(context.db, viewer, { q, tier });
  return { sponsors, q, tier };
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.sponsors.title")}`);
}

export default function AdminSponsors({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sponsors, q, tier } = loaderData;
  return (
    <section aria-labelledby="admin-sponsors-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="admin-sponsors-title" className="text-2xl font-bold">
          {t("admin.sponsors.title")}
        </h1>
        <Link to="/admin/sponsors/new" className={buttonClasses("primary")}>
          {t("admin.sponsors.new")}
        </Link>
      </div>
      <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="sponsor-search" className="text-sm font-medium">
            {t("admin.sponsors.search")}
          </label>
          <input
            id="sponsor-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            className={FIELD_CLASSES}
          />
        </div>
        <div className="flex flex-col gap-1 sm:w-44">
          <label htmlFor="sponsor-tier-filter" className="text-sm font-medium">
            {t("admin.sponsors.fields.tier")}
          </label>
          <select id="sponsor-tier-filter" name="tier" defaultValue={tier ?? ""} className={FIELD_CLASSES}>
            <option value="">{t("admin.sponsors.allTiers")}</option>
            {SPONSOR_TIERS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.sponsors.tiers.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("outline")}>
          {t("admin.sponsors.filter")}
        </button>
      </Form>
      {sponsors.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.sponsors.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {sponsors.map((sponsor) => (
            <li key={sponsor.id} className="flex flex-wrap items-center gap-4 p-3">
              <img
                src={sponsor.logo}
                alt=""
                width={96}
                height={48}
                className="h-12 w-24 shrink-0 rounded border border-border bg-white object-contain"
              />
              <div className="flex min-w-0 flex-1 flex-col">
                <Link
                  to={`/admin/sponsors/${sponsor.id}`}
                  dir="auto"
                  className="self-start font-semibold text-primary hover:underline"
                >
                  {sponsor.name}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {t(`admin.sponsors.tiers.${sponsor.tier}`)}
                  {sponsor.accountEmail && (
                    <>
                      {" · "}
                      <span dir="ltr">{sponsor.accountEmail}</span>
                    </>
                  )}
                </span>
              </div>
              {sponsor.pending > 0 && (
                <span className="rounded-full border border-amber-700 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:border-amber-300 dark:text-amber-200">
                  {t("admin.sponsors.pendingCount", { count: sponsor.pending })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
