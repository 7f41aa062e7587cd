import { Save } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { PROBLEM_CLASSES } from "./plan-form";

/**
 * "Save this plan": for a signed-in person a form that posts the answers (`fields`, as the address holds
 * them) to the page's action; for a visitor a link to sign in that comes back to this very address.
 */
export function SavePlan({
  isSignedIn,
  fields,
  here,
  ctaKey,
  saveError,
}: {
  isSignedIn: boolean;
  fields: [string, string][];
  /** The page's own address (path and query), where sign-in brings the visitor back. */
  here: string;
  ctaKey: "cta" | "ctaWithBudget";
  saveError: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="save-plan-title"
      className="flex flex-col items-start gap-3 rounded-xl border border-primary/40 bg-primary/5 p-5"
    >
      <h2 id="save-plan-title" className="flex items-center gap-2 text-xl font-semibold">
        <Save aria-hidden="true" className="h-5 w-5 text-primary" />
        {t("planning.save.title")}
      </h2>
      <p>{t("planning.save.body")}</p>
      {saveError && (
        <p role="alert" className={PROBLEM_CLASSES}>
          {t(`planning.errors.${saveError}`)}
        </p>
      )}
      {isSignedIn ? (
        <Form method="post">
          {fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <SubmitButton pendingLabel={t("planning.save.saving")}>{t(`planning.save.${ctaKey}`)}</SubmitButton>
        </Form>
      ) : (
        <>
          <Link to={`/signin?next=${encodeURIComponent(here)}`} className={buttonClasses("primary")}>
            {t("planning.save.signIn")}
          </Link>
          <p className="text-sm text-muted-foreground">{t("planning.save.signInBody")}</p>
        </>
      )}
    </section>
  );
}
