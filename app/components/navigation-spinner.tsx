import { useTranslation } from "#app/i18n/use-translation";
import { useNavigation } from "react-router";
import { Spinner } from "./ui/spinner";

/**
 * The full-screen spinner for slow navigations. It is there for every navigation but only fades in
 * after 400 ms (see .delayed-appear in app.css), so quick ones show nothing.
 */
export function NavigationSpinner() {
  const { t } = useTranslation();
  if (useNavigation().state !== "loading") return null;
  return (
    <div
      role="status"
      className="delayed-appear fixed inset-0 z-50 flex items-center justify-center bg-background/70 text-primary"
    >
      <Spinner className="h-12 w-12 border-4" />
      <span className="sr-only">{t("app.loading")}</span>
    </div>
  );
}
