import { data, Link, useSearchParams } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { SponsorAppearances } from "#app/components/sponsor-appearances";
import { SponsorForm } from "#app/components/admin/sponsor-form";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { readSmallForm } from "#server/http/read-form";
import { getSponsorForStaff, updateSponsor } from "#server/services/sponsor-admin";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import { decideFromForm, readSponsorForm, saveSponsorForm, refused } from "./admin-sponsors.server";
import type { Route } from "./+types/admin-sponsor";

function sponsorIdOf(params: { id: string }): number {
  const id = parseRecordId(params.id);
  if (id === null) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return id;
}

/** /admin/sponsors/{id}: the sponsor to edit, and the events that asked to show it, to approve or decline. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  const page = await getSponsorForStaff(context.db, viewer, sponsorIdOf(params));
  if (!page) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return { ...page, pageMessages: await adminPageMessages(request, ["sponsorships"]) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const sponsorId = sponsorIdOf(params);
  // The decision buttons post a short form; the sponsor form is multipart, with its logo.
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const form = await readSmallForm(request);
    if (form === "too_large" || !form || form.get("intent") !== "decide") return refused({ _: "invalid" }, null, 400);
    return decideFromForm(form, viewer, context, sponsorId);
  }
  const read = await readSponsorForm(request);
  if (read.refusal) return read.refusal;
  const outcome = await saveSponsorForm(read.form, (write) =>
    updateSponsor(context.db, viewer, sponsorId, write, {
      now: currentTime(),
      uploadsDir: context.config.uploadsDir,
    }),
  );
  if (!("saved" in outcome)) return outcome;
  return data({ ok: true, problems: {}, values: null }, { headers: ADMIN_PAGE_HEADERS });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : ADMIN_PAGE_HEADERS;
}

export function meta({ matches, data: page }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${page?.sponsor.name ?? t("admin.sponsors.title")}`);
}

export default function AdminSponsor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { sponsor, appearances } = loaderData;
  const formResult = actionData && "problems" in actionData ? actionData : undefined;
  const decision = actionData && "decided" in actionData ? actionData : undefined;
  const pending = appearances.filter((appearance) => appearance.status === "pending").length;
  return (
    <div className="flex flex-col gap-8">
      <Link to="/admin/sponsors" className="text-sm font-semibold text-primary hover:underline">
        {t("admin.sponsors.back")}
      </Link>
      <section aria-labelledby="admin-sponsor-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 id="admin-sponsor-title" dir="auto" className="text-2xl font-bold">
            {sponsor.name}
          </h1>
          <Link to={`/sponsors/${sponsor.id}`} className="text-sm font-semibold text-primary hover:underline">
            {t("admin.sponsors.publicPage")}
          </Link>
        </div>
        {(formResult?.ok || searchParams.has("created")) && (
          <p role="status" className="rounded-md border border-green-700 px-4 py-3 text-sm dark:border-green-400">
            {formResult?.ok ? t("admin.sponsors.saved") : t("admin.sponsors.created")}
          </p>
        )}
        <SponsorForm
          key={sponsor.logo}
          values={
            formResult?.values ?? {
              name: sponsor.name,
              description: sponsor.description,
              website: sponsor.website,
              tier: sponsor.tier,
              industry: sponsor.industry,
              contactEmail: sponsor.contactEmail,
              accountEmail: sponsor.accountEmail ?? "",
            }
          }
          currentLogo={sponsor.logo}
          {...(formResult ? { result: formResult } : {})}
          submitLabel={t("admin.sponsors.save")}
        />
      </section>
      <section aria-labelledby="admin-sponsor-appearances" className="flex flex-col gap-4">
        <h2 id="admin-sponsor-appearances" className="text-xl font-bold">
          {t("admin.sponsors.appearances")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("admin.sponsors.pendingCount", { count: pending })}</p>
        {decision && (
          <p role={decision.decided ? "status" : "alert"} className="text-sm font-semibold">
            {decision.decided
              ? t(`sponsorships.decided.${decision.decided.status}`)
              : t(`sponsorships.errors.${decision.problem ?? "invalid"}`)}
          </p>
        )}
        {appearances.length === 0 ? (
          <p className="text-muted-foreground">{t("admin.sponsors.noAppearances")}</p>
        ) : (
          <SponsorAppearances appearances={appearances} />
        )}
      </section>
    </div>
  );
}
