import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { useTranslation } from "#app/i18n/use-translation";
import { MAX_SPONSOR_LOGO_BYTES, SPONSOR_LIMITS, SPONSOR_TIERS } from "#domain/sponsor";

const ACCEPTED_LOGOS = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const FIELD_CLASSES =
  "w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

export type SponsorFormFields = Record<
  "name" | "description" | "website" | "tier" | "industry" | "contactEmail" | "accountEmail",
  string
>;

const problemId = (field: string) => `sponsor-problem-${field}`;

/**
 * The console's sponsor form, to create one (a logo required) or change one (a new logo optional):
 * refusals are listed at the top, each tied to its field, and the form keeps what was typed.
 */
export function SponsorForm({
  values,
  currentLogo,
  result,
  submitLabel,
}: {
  values: SponsorFormFields;
  currentLogo: string | null;
  result?: { ok: boolean; problems: Record<string, string> };
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const logoRef = useRef<HTMLInputElement>(null);
  const problems = result?.problems ?? {};
  const errorId = (field: string) => (problems[field] ? problemId(field) : undefined);
  const maxMegabytes = MAX_SPONSOR_LOGO_BYTES / 1024 / 1024;

  // Once saved, the logo just sent is the current one: it must not be sent again with the next save.
  useEffect(() => {
    if (result?.ok && logoRef.current) logoRef.current.value = "";
  }, [result]);

  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      {result && !result.ok && (
        <div role="alert" className="rounded-md border border-red-700 px-4 py-3 text-sm dark:border-red-400">
          <p className="font-semibold">{t("admin.sponsors.notSaved")}</p>
          <ul className="list-inside list-disc">
            {Object.entries(problems).map(([field, problem]) => (
              <li key={field} id={problemId(field)}>
                {t(`admin.sponsors.errors.${problem}`, {
                  field: field === "_" ? "" : t(`admin.sponsors.fields.${field}`),
                  max: problem === "logo_too_large" ? maxMegabytes : limitOf(field),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="sponsor-name"
          name="name"
          label={t("admin.sponsors.fields.name")}
          required
          maxLength={SPONSOR_LIMITS.name}
          defaultValue={values.name}
          errorId={errorId("name")}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="sponsor-tier" className="text-sm font-medium">
            {t("admin.sponsors.fields.tier")}
          </label>
          <select
            id="sponsor-tier"
            name="tier"
            required
            defaultValue={values.tier || "bronze"}
            aria-invalid={errorId("tier") ? true : undefined}
            aria-describedby={errorId("tier")}
            className={`h-10 ${FIELD_CLASSES}`}
          >
            {SPONSOR_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {t(`admin.sponsors.tiers.${tier}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="sponsor-website"
          name="website"
          type="url"
          label={t("admin.sponsors.fields.website")}
          hint={t("admin.sponsors.websiteHint")}
          required
          maxLength={SPONSOR_LIMITS.website}
          defaultValue={values.website}
          errorId={errorId("website")}
        />
        <TextField
          id="sponsor-industry"
          name="industry"
          label={t("admin.sponsors.fields.industry")}
          required
          maxLength={SPONSOR_LIMITS.industry}
          defaultValue={values.industry}
          errorId={errorId("industry")}
        />
        <TextField
          id="sponsor-contact"
          name="contactEmail"
          type="email"
          label={t("admin.sponsors.fields.contactEmail")}
          required
          maxLength={SPONSOR_LIMITS.contactEmail}
          defaultValue={values.contactEmail}
          errorId={errorId("contactEmail")}
        />
        <TextField
          id="sponsor-account"
          name="accountEmail"
          type="email"
          label={t("admin.sponsors.fields.accountEmail")}
          hint={t("admin.sponsors.accountHint")}
          maxLength={SPONSOR_LIMITS.contactEmail}
          defaultValue={values.accountEmail}
          errorId={errorId("accountEmail")}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="sponsor-description" className="text-sm font-medium">
          {t("admin.sponsors.fields.description")}
        </label>
        <textarea
          id="sponsor-description"
          name="description"
          required
          rows={4}
          maxLength={SPONSOR_LIMITS.description}
          defaultValue={values.description}
          aria-invalid={errorId("description") ? true : undefined}
          aria-describedby={errorId("description")}
          className={`py-2 ${FIELD_CLASSES}`}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {currentLogo && (
          <img
            src={currentLogo}
            alt={t("admin.sponsors.currentLogo")}
            width={160}
            height={80}
            className="h-20 w-40 rounded-md border border-border bg-white object-contain"
          />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="sponsor-logo" className="text-sm font-medium">
            {t("admin.sponsors.fields.logo")}
          </label>
          <input
            ref={logoRef}
            id="sponsor-logo"
            type="file"
            name="logo"
            accept={ACCEPTED_LOGOS}
            required={!currentLogo}
            aria-invalid={errorId("logo") ? true : undefined}
            aria-describedby={[errorId("logo"), "sponsor-logo-hint"].filter(Boolean).join(" ")}
            className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:text-foreground"
          />
          <p id="sponsor-logo-hint" className="text-xs text-muted-foreground">
            {t("admin.sponsors.logoHint", { max: maxMegabytes })}
          </p>
        </div>
      </div>
      <div>
        <SubmitButton pendingLabel={t("admin.sponsors.saving")}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

function limitOf(field: string): number | undefined {
  return field in SPONSOR_LIMITS ? SPONSOR_LIMITS[field as keyof typeof SPONSOR_LIMITS] : undefined;
}
