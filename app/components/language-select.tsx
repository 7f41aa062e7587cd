import { useId, type ChangeEvent } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { useFetcher, useLocation } from "react-router";
import { isLanguage, LANGUAGES } from "#domain/language";
import { buttonClasses } from "#app/components/ui/button";
import { loadMessages } from "#app/i18n/messages";
import { LANGUAGE_STORAGE_KEY } from "#app/i18n/preferences";
import { useRootData } from "#app/root";

/**
 * A real form posting to /preferences, so it works before JavaScript loads (with its Apply button).
 * With JavaScript, choosing applies at once: the new messages load, then the server stores the cookie.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const id = useId();
  const redirectTo = location.pathname + location.search;

  const change = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.currentTarget.value;
    const form = event.currentTarget.form;
    if (!isLanguage(next) || !form) return;
    await loadMessages(next);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    void fetcher.submit(form);
  };

  return (
    <fetcher.Form method="post" action="/preferences" className="flex items-center gap-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={id} className="text-sm font-medium">
        {t("language.label")}
      </label>
      <select
        id={id}
        name="language"
        defaultValue={language}
        key={language}
        onChange={change}
        // The system font: each option names its language in its own script, and with the web fonts
        // every page would download the Arabic and Ethiopic fonts just to measure this list.
        className="h-9 rounded-md border border-border bg-background px-2 font-[system-ui] text-sm text-foreground"
      >
        {LANGUAGES.map((value) => (
          <option key={value} value={value} lang={value}>
            {t(`language.${value}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonClasses("outline", "sm")}>
          {t("language.apply")}
        </button>
      </noscript>
    </fetcher.Form>
  );
}
