import { NavLink } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";
import { ADMIN_SECTIONS } from "./admin-sections";

/**
 * The console's sections: a row that scrolls sideways on a phone, a column beside the page on wider
 * screens. The current section is marked for assistive technology too (aria-current).
 */
export function AdminNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.navLabel")} className="md:w-52 md:shrink-0">
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:overflow-visible md:px-0">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to} className="shrink-0">
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
                  isActive ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted"
                }`
              }
            >
              {t(section.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
