import { NavLink } from "react-router";
import { isolateUserText } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";

const TABS = [
  { to: "/dashboard", labelKey: "dashboard.tabOverview" },
  { to: "/dashboard/profile", labelKey: "dashboard.tabProfile" },
] as const;

/**
 * The dashboard's heading and its two tabs: tickets and events first (what is needed at the door),
 * the profile on a page of its own. Tabs are links, so they work without scripts.
 */
export function DashboardHeader({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-4 px-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{t("dashboard.title")}</h1>
        <p className="text-muted-foreground">{t("dashboard.signedInAs", { email: isolateUserText(email) })}</p>
      </div>
      <nav aria-label={t("dashboard.tabsLabel")} className="border-b border-border">
        <ul className="-mb-px flex gap-2">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
                    isActive
                      ? "border-primary text-foreground"
                      : "border-transparent text-muted-foreground hover:border-border hover:text-foreground"
                  }`
                }
              >
                {t(tab.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
