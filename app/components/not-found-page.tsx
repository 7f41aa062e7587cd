import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { buttonClasses } from "./ui/button";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <title>{`${t("notFound.metaTitle")} | ${t("app.name")}`}</title>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="text-muted-foreground">{t("notFound.body")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses("primary")}>
          {t("notFound.home")}
        </Link>
        <Link to="/events" className={buttonClasses("outline")}>
          {t("notFound.browse")}
        </Link>
      </div>
    </section>
  );
}
