import { Languages } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { useFetcher, useLocation } from "react-router";
import { isLanguage, LANGUAGES, type Language } from "#domain/language";
import { buttonClasses } from "#app/components/ui/button";
import { Disclosure } from "#app/components/ui/disclosure";
import { loadMessages } from "#app/i18n/messages";
import { LANGUAGE_STORAGE_KEY } from "#app/i18n/preferences";
import { useRootData } from "#app/root-data";

/**
 * The language choice: a list and an Apply button, a real form posting to /preferences, so it works
 * before JavaScript loads. Moving through the list changes nothing (a keyboard user going down the list
 * used to switch language and reload at the first arrow key); Apply does. With JavaScript the new
 * messages load first, the server stores the cookie, and focus comes back to the list, in the new
 * language, where the person left it.
 */
export function LanguageSelect({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A pick belongs to the language it was made in: once the page's language changes (by Apply, or by a
  // `?lang=` link) the list shows the new one.
  const [pick, setPick] = useState<{ in: Language; value: string } | null>(null);
  const choice = pick && pick.in === language ? pick.value : language;
  const submitted = useRef(false);
  const redirectTo = location.pathname + location.search;

  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    select.current?.focus();
  }, [fetcher.state]);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!isLanguage(choice) || choice === language) return;
    await loadMessages(choice);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, choice);
    submitted.current = true;
    void fetcher.submit(form);
  };

  return (
    <fetcher.Form
      method="post"
      action="/preferences"
      onSubmit={apply}
      className={`flex flex-wrap items-center gap-2 ${className}`}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={id} className="text-sm font-medium">
        {t("language.label")}
      </label>
      <select
        ref={select}
        id={id}
        name="language"
        value={choice}
        onChange={(event) => setPick({ in: language, value: event.currentTarget.value })}
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
      <SubmitButton variant="outline" size="sm" pending={fetcher.state !== "idle"}>
        {t("language.apply")}
      </SubmitButton>
    </fetcher.Form>
  );
}

/** The header's way to the language choice: a button showing the current language that opens the form. */
export function HeaderLanguageMenu() {
  const { t } = useTranslation();
  const { language } = useRootData();
  return (
    <Disclosure
      align="end"
      buttonClassName={buttonClasses("ghost", "sm")}
      buttonLabel={`${t("language.label")}: ${t(`language.${language}`)}`}
      button={
        <>
          <Languages aria-hidden="true" className="h-4 w-4" />
          <span aria-hidden="true" className="uppercase">
            {language}
          </span>
        </>
      }
    >
      {() => <LanguageSelect className="min-w-64 p-2" />}
    </Disclosure>
  );
}
