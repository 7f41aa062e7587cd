import { useTranslation } from "#app/i18n/use-translation";
import { buttonClasses } from "./ui/button";

/** Shown for unexpected failures; says nothing about internals. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <title>{`${t("errorPage.metaTitle")} | ${t("app.name")}`}</title>
      <h1 className="text-3xl font-bold">{t("errorPage.title")}</h1>
      <p className="text-muted-foreground">{t("errorPage.body")}</p>
      <a href="" className={buttonClasses("primary")}>
        {t("errorPage.retry")}
      </a>
    </section>
  );
}
