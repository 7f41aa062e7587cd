import { Download, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";

/** Where "Download my data" fetches the file (server/api/me-account.ts); the session cookie signs it. */
export const ACCOUNT_EXPORT_URL = "/api/v1/me/export";
export const DELETE_ACCOUNT_PATH = "/dashboard/delete-account";

/**
 * The dashboard's "Your data and account" section: what the site stores (/privacy), a copy of it as a
 * JSON file, and the way to the account's deletion, which confirms on a page of its own.
 */
export function AccountDataSection() {
  const { t } = useTranslation();
  return (
    <section id="account-data" aria-labelledby="account-data-title" className="flex flex-col gap-4">
      <h2 id="account-data-title" className="text-2xl font-bold">
        {t("accountData.title")}
      </h2>
      <p className="text-muted-foreground">
        {t("accountData.intro")}{" "}
        <Link to="/privacy" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
          {t("accountData.privacyLink")}
        </Link>
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-5">
          <h3 className="text-lg font-semibold">{t("accountData.exportTitle")}</h3>
          <p className="text-sm text-muted-foreground">{t("accountData.exportBody")}</p>
          {/* A plain link with download: the file is an API answer, not a page of the router. */}
          <a href={ACCOUNT_EXPORT_URL} download className={buttonClasses("outline")}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t("accountData.exportButton")}
          </a>
        </div>
        <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-5">
          <h3 className="text-lg font-semibold">{t("accountData.deleteTitle")}</h3>
          <p className="text-sm text-muted-foreground">{t("accountData.deleteBody")}</p>
          <Link to={DELETE_ACCOUNT_PATH} className={buttonClasses("outline", "md", "text-red-700 dark:text-red-400")}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t("accountData.deleteLink")}
          </Link>
        </div>
      </div>
    </section>
  );
}
