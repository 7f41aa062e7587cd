import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { LanguageSelect } from "./language-select";
import { FOOTER_COLUMNS } from "./navigation-links";
import { SiteLogo } from "./site-logo";

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="defer-rendering mt-16 border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <SiteLogo />
          <p className="text-sm text-muted-foreground">{t("app.tagline")}</p>
        </div>
        {FOOTER_COLUMNS.filter((column) => column.links.length > 0).map((column) => (
          <nav key={column.titleKey} aria-label={t(column.titleKey)}>
            <h2 className="mb-3 text-sm font-semibold">{t(column.titleKey)}</h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-4 border-t border-border px-4 py-6 sm:flex-row sm:items-center">
        <LanguageSelect />
        <Link to="/api/docs" className="text-sm text-muted-foreground hover:text-foreground hover:underline">
          {t("footer.apiDocsLink")}
        </Link>
        <p className="text-sm text-muted-foreground">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
