import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";

export function SiteLogo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M9 11h14v3a2 2 0 0 0 0 4v3H9v-3a2 2 0 0 0 0-4z" className="fill-primary-foreground" />
      </svg>
      <span>{t("app.name")}</span>
    </Link>
  );
}
