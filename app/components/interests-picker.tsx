import { Check } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";
import { INTERESTS, INTERESTS_SHOWN_BY_DEFAULT } from "#domain/catalog";
import { buttonClasses } from "./ui/button";

/**
 * The 24 interests, 8 at first. A signed-in person saves and removes them with a click (`savedKeys`
 * are theirs); visitors (`savedKeys` null) see them read-only with an invitation to sign up or sign in,
 * and clicking them does nothing (spec §2, §4).
 */
export function InterestsPicker({
  savedKeys,
  title,
  id = "interests",
}: {
  savedKeys: readonly string[] | null;
  /** The section's heading; the home page's question by default. */
  title?: string;
  /** The section's id, also the target of "Discover Interests" links. */
  id?: string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? INTERESTS : INTERESTS.slice(0, INTERESTS_SHOWN_BY_DEFAULT);
  const isSignedIn = savedKeys !== null;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="defer-rendering mx-auto w-full max-w-7xl scroll-mt-24 px-4 py-10"
    >
      <h2 id={`${id}-title`} className="mb-2 text-2xl font-bold">
        {title ?? t("home.interestsTitle")}
      </h2>
      <p className="mb-4 text-muted-foreground">
        {isSignedIn ? t("home.interestsSignedIn") : t("home.interestsSignedOut")}
      </p>
      <ul id={listId} className="flex flex-wrap gap-2">
        {shown.map((interest) => (
          <li key={interest.key}>
            {isSignedIn ? (
              <InterestToggle interestKey={interest.key} isSaved={savedKeys.includes(interest.key)} />
            ) : (
              <span className="inline-flex rounded-full border border-border px-4 py-1.5 text-sm">
                {t(`interest.${interest.key}`)}
              </span>
            )}
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
        {!isSignedIn && (
          <>
            <Link to="/signup" className={buttonClasses("primary", "sm")}>
              {t("nav.signUp")}
            </Link>
            <Link to="/signin" className={buttonClasses("outline", "sm")}>
              {t("nav.signIn")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * One interest as a real form posting to the page's own action, so it works before the page is
 * interactive. Once it is, the fetcher shows the new state at once and the page's data is fetched
 * again after the save (which changes the recommendations).
 */
function InterestToggle({ interestKey, isSaved }: { interestKey: string; isSaved: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean }>();
  const pendingIntent = fetcher.formData?.get("intent");
  const showsSaved = pendingIntent ? pendingIntent === "save" : isSaved;
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false;
  return (
    <fetcher.Form method="post" className="inline-flex flex-col">
      <input type="hidden" name="interest" value={interestKey} />
      <button
        type="submit"
        name="intent"
        value={showsSaved ? "remove" : "save"}
        aria-pressed={showsSaved}
        data-interest={interestKey}
        className={`inline-flex items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
          showsSaved
            ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90"
            : "border-border bg-background hover:bg-muted"
        }`}
      >
        {showsSaved && <Check aria-hidden="true" className="h-4 w-4" />}
        {t(`interest.${interestKey}`)}
      </button>
      {failed && (
        <span role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {t("home.interestSaveFailed")}
        </span>
      )}
    </fetcher.Form>
  );
}
