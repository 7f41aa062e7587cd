import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";

/** The dashboard's way to the person's saved event plans (/dashboard/plans) and to the planner. */
export function MyPlansSection() {
  const { t } = useTranslation();
  return (
    <section id="my-plans" aria-labelledby="my-plans-title" className="flex flex-col gap-3 px-4 py-10">
      <h2 id="my-plans-title" className="text-2xl font-bold">
        {t("eventPlans.dashboard.title")}
      </h2>
      <p className="text-muted-foreground">{t("eventPlans.dashboard.intro")}</p>
      <p className="flex flex-wrap gap-3">
        <Link to="/dashboard/plans" className={buttonClasses("outline", "sm")}>
          {t("eventPlans.dashboard.link")}
        </Link>
        <Link to="/event-planning" className={buttonClasses("ghost", "sm")}>
          {t("eventPlans.planEvent")}
        </Link>
      </p>
    </section>
  );
}
