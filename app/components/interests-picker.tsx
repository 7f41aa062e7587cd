import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { INTERESTS, INTERESTS_SHOWN_BY_DEFAULT } from "#domain/catalog";
import { buttonClasses } from "./ui/button";

/**
 * The 24 interests, 8 at first. Visitors see them read-only with an invitation to sign up or sign in;
 * saving them comes with accounts.
 */
export function InterestsPicker() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? INTERESTS : INTERESTS.slice(0, INTERESTS_SHOWN_BY_DEFAULT);
  return (
    <section aria-labelledby="interests-title" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="interests-title" className="mb-2 text-2xl font-bold">
        {t("home.interestsTitle")}
      </h2>
      <p className="mb-4 text-muted-foreground">{t("home.interestsSignedOut")}</p>
      <ul id={listId} className="flex flex-wrap gap-2">
        {shown.map((interest) => (
          <li key={interest.key} className="rounded-full border border-border px-4 py-1.5 text-sm">
            {t(`interest.${interest.key}`)}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClasses("ghost", "sm")}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((isExpanded) => !isExpanded)}
        >
          {expanded ? t("home.viewLessInterests") : t("home.viewMoreInterests")}
        </button>
        <Link to="/signup" className={buttonClasses("primary", "sm")}>
          {t("nav.signUp")}
        </Link>
        <Link to="/signin" className={buttonClasses("outline", "sm")}>
          {t("nav.signIn")}
        </Link>
      </div>
    </section>
  );
}
