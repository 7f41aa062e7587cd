import { data } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { FigureChart } from "#app/components/admin/figure-chart";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { currentTime } from "#server/clock";
import { FIGURE_WEEKS, MONEY_FIGURES } from "#domain/staff-console";
import { getPlatformFigures } from "#server/services/platform-figures";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-overview";

/**
 * /admin, the console's first page: the platform's figures since the beginning and per UTC week
 * (Monday to Sunday) for the last twelve weeks, as charts drawn on the server, each with its table.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  const [figures, pageMessages] = await Promise.all([
    getPlatformFigures(context.db, currentTime()),
    adminPageMessages(request),
  ]);
  return data({ figures, pageMessages }, { headers: ADMIN_PAGE_HEADERS });
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.overview.title")}`);
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { weeks, figures } = loaderData.figures;
  return (
    <section aria-labelledby="admin-overview-title" className="flex flex-col gap-4">
      <div>
        <h1 id="admin-overview-title" className="text-2xl font-bold md:text-3xl">
          {t("admin.overview.title")}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
          {t("admin.overview.intro", { weeks: String(FIGURE_WEEKS) })}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {figures.map((figure) => (
          <FigureChart
            key={figure.key}
            label={t(`admin.overview.figures.${figure.key}`)}
            total={figure.total}
            weeks={weeks}
            byWeek={figure.byWeek}
            money={MONEY_FIGURES.has(figure.key)}
          />
        ))}
      </div>
    </section>
  );
}
