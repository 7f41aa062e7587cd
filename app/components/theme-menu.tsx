import { Monitor, Moon, Sun } from "lucide-react";
import { useLayoutEffect } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { useFetcher } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { Disclosure, DISCLOSURE_ITEM } from "#app/components/ui/disclosure";
import { isTheme, THEME_STORAGE_KEY, THEMES, type Theme } from "#app/i18n/preferences";
import { useRootData } from "#app/root-data";

declare global {
  interface Window {
    /** Set by the theme script in <head>: re-reads the choice and applies it. */
    __applyTheme?: () => void;
  }
}

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Light, dark or system. Applied at once in the page; saved in local storage and in a cookie for the server. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { theme } = useRootData();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("theme");
  const current: Theme = isTheme(pending) ? pending : theme;
  const Icon = ICONS[current];

  // React re-renders <html>'s class from the server's view; the script owns the resolved theme.
  useLayoutEffect(() => window.__applyTheme?.(), [theme]);

  const choose = (value: Theme) => {
    localStorage.setItem(THEME_STORAGE_KEY, value);
    window.__applyTheme?.();
    void fetcher.submit({ theme: value }, { method: "post", action: "/preferences" });
  };

  return (
    <Disclosure
      align="end"
      buttonClassName={buttonClasses("ghost", "icon")}
      buttonLabel={`${t("theme.label")}: ${t(`theme.${current}`)}`}
      button={<Icon aria-hidden="true" className="h-5 w-5" />}
    >
      {(close) => (
        <ul aria-label={t("theme.label")}>
          {THEMES.map((value) => {
            const ItemIcon = ICONS[value];
            return (
              <li key={value}>
                <button
                  type="button"
                  aria-pressed={value === current}
                  className={DISCLOSURE_ITEM}
                  onClick={() => {
                    choose(value);
                    close();
                  }}
                >
                  <ItemIcon aria-hidden="true" className="h-4 w-4" />
                  {t(`theme.${value}`)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Disclosure>
  );
}
