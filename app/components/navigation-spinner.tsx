import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Spinner } from "./ui/spinner";

/** Navigations that take longer than this show the full-screen spinner; quicker ones show nothing. */
const SLOW_NAVIGATION_MS = 400;

export function NavigationSpinner() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [isSlow, setIsSlow] = useState(false);
  const isLoading = navigation.state === "loading";

  useEffect(() => {
    if (!isLoading) return setIsSlow(false);
    const timer = setTimeout(() => setIsSlow(true), SLOW_NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);

  if (!isSlow) return null;
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-background/70 text-primary">
      <Spinner className="h-12 w-12" />
      <span className="sr-only">{t("app.loading")}</span>
    </div>
  );
}
