import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useEffect, useRef } from "react";
import { data, Form, Link } from "react-router";
import { DashboardHeader } from "#app/components/dashboard-header";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { LANGUAGES } from "#domain/language";
import { MAX_PROFILE_IMAGE_BYTES, SOCIAL_NETWORKS } from "#domain/profile";
import { PROFILE_LIMITS } from "#domain/profile-schema";
import { AppError } from "#server/errors";
import { readFormWithin } from "#server/http/read-form";
import { getMyProfile, updateMyProfile, type MyProfile } from "#server/services/profiles";
import type { Route } from "./+types/dashboard-profile";

/** Room for the text fields and the multipart framing beside the largest accepted picture. */
const FORM_FIELDS_BYTES = 64 * 1024;
const PRIVATE = { "Cache-Control": "private, no-store" };
const ACCEPTED_IMAGES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const FIELD_CLASSES =
  "w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("dashboard.profileTitle")} | ${t("app.name")}`);
}

/**
 * /dashboard/profile: the signed-in person's profile to edit, a tab of the dashboard of its own, so
 * that the dashboard opens on their tickets.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const profile = await getMyProfile(context.db, viewer);
  return data(
    {
      email: viewer.email,
      profile: profile ?? newProfile(viewer),
      // From the loader: the pictures module is server code, which the page's script must not pull in.
      maxPictureMegabytes: MAX_PROFILE_IMAGE_BYTES / 1024 / 1024,
      pageMessages: await pageMessages(negotiateLanguage(request), ["dashboard"]),
    },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** A profile to start from for an account whose profile row was never written. */
function newProfile(viewer: { userId: string; name: string }): MyProfile {
  return {
    id: viewer.userId,
    name: viewer.name,
    role: "attendee",
    organization: null,
    bio: null,
    location: null,
    profileImage: null,
    socialLinks: {},
    preferredLanguage: "en",
  };
}

type ProfileValues = ReturnType<typeof profileValuesOf>;

/** The profile form's text fields, as typed: what updateMyProfile checks, and what a failed form shows again. */
function profileValuesOf(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    bio: text("bio"),
    organization: text("organization"),
    location: text("location"),
    preferredLanguage: text("preferredLanguage"),
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, text(`social.${network}`)])),
  };
}

/** A message key (under dashboard.errors) for each field the services refused. */
function problemsOf(fields: Record<string, string> | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, problem] of Object.entries(fields ?? { _: "invalid" })) {
    if (field === "profileImage") problems.profileImage = problem;
    else if (field.startsWith("socialLinks.")) problems[`social.${field.slice("socialLinks.".length)}`] = "socialLink";
    else if (field in PROFILE_LIMITS || field === "preferredLanguage") problems[field] = field;
    else problems._ = "invalid";
  }
  return problems;
}

function refused(problems: Record<string, string>, values: ProfileValues | null) {
  return data({ ok: false, problems, values }, { status: 400, headers: PRIVATE });
}

/** Saves the profile form (with a new picture when one is chosen). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readFormWithin(request, MAX_PROFILE_IMAGE_BYTES + FORM_FIELDS_BYTES);
  if (form === "too_large") return refused({ profileImage: "image_too_large" }, null);
  if (!form) return refused({ _: "invalid" }, null);

  const values = profileValuesOf(form);
  const file = form.get("profileImage");
  const image = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  try {
    await updateMyProfile(context.db, viewer, { profile: values, image }, { uploadsDir: context.config.uploadsDir });
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") return refused(problemsOf(error.fields), values);
    throw error;
  }
  return data({ ok: true, problems: {}, values: null }, { headers: PRIVATE });
}

export default function DashboardProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col py-8">
      <DashboardHeader email={loaderData.email} />
      <ProfileForm
        profile={loaderData.profile}
        maxPictureMegabytes={loaderData.maxPictureMegabytes}
        {...(actionData ? { result: actionData } : {})}
      />
    </div>
  );
}

function ProfileForm({
  profile,
  maxPictureMegabytes,
  result,
}: {
  profile: MyProfile;
  maxPictureMegabytes: number;
  result?: { ok: boolean; problems: Record<string, string>; values: ProfileValues | null };
}) {
  const { t } = useTranslation();
  const pictureRef = useRef<HTMLInputElement>(null);
  const problems = result?.problems ?? {};
  // After a refusal the form shows what was typed; otherwise what is stored.
  const values = result?.values ?? {
    name: profile.name,
    bio: profile.bio ?? "",
    organization: profile.organization ?? "",
    location: profile.location ?? "",
    preferredLanguage: profile.preferredLanguage,
    socialLinks: profile.socialLinks as Record<string, string | undefined>,
  };
  const errorId = (field: string) => (problems[field] ? problemId(field) : undefined);

  // Once saved, the picture just sent is the current one: it must not be sent again with the next save.
  useEffect(() => {
    if (result?.ok && pictureRef.current) pictureRef.current.value = "";
  }, [result]);

  return (
    <section aria-labelledby="profile-title" className="flex flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="profile-title" className="text-2xl font-bold">
          {t("dashboard.profileTitle")}
        </h2>
        <Link to={`/users/${profile.id}`} className="text-sm font-semibold text-primary hover:underline">
          {t("dashboard.viewPublicProfile")}
        </Link>
      </div>
      {result?.ok && (
        <p role="status" className="rounded-md border border-green-700 px-4 py-3 text-sm dark:border-green-400">
          {t("dashboard.profileSaved")}
        </p>
      )}
      {result && !result.ok && (
        <div role="alert" className="rounded-md border border-red-700 px-4 py-3 text-sm dark:border-red-400">
          <p className="font-semibold">{t("dashboard.profileNotSaved")}</p>
          <ul className="list-inside list-disc">
            {Object.entries(problems).map(([field, problem]) => (
              <li key={field} id={problemId(field)}>
                {problem === "socialLink"
                  ? t("dashboard.errors.socialLink", { network: t(`profile.social.${field.slice("social.".length)}`) })
                  : t(`dashboard.errors.${problem}`, { max: limitOf(problem, maxPictureMegabytes) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6">
        <input type="hidden" name="intent" value="profile" />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          {profile.profileImage && (
            <img
              src={profile.profileImage}
              alt={t("dashboard.currentPicture")}
              width={96}
              height={96}
              className="h-24 w-24 rounded-full object-cover"
            />
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor="profile-image" className="text-sm font-medium">
              {t("dashboard.picture")}
            </label>
            <input
              ref={pictureRef}
              id="profile-image"
              type="file"
              name="profileImage"
              accept={ACCEPTED_IMAGES}
              aria-invalid={errorId("profileImage") ? true : undefined}
              aria-describedby={[errorId("profileImage"), "profile-image-hint"].filter(Boolean).join(" ")}
              className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:text-foreground"
            />
            <p id="profile-image-hint" className="text-xs text-muted-foreground">
              {t("dashboard.pictureHint", { max: maxPictureMegabytes })}
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="profile-name"
            name="name"
            label={t("dashboard.name")}
            required
            maxLength={PROFILE_LIMITS.name}
            autoComplete="name"
            defaultValue={values.name}
            errorId={errorId("name")}
          />
          <TextField
            id="profile-organization"
            name="organization"
            label={t("dashboard.organization")}
            maxLength={PROFILE_LIMITS.organization}
            autoComplete="organization"
            defaultValue={values.organization}
            errorId={errorId("organization")}
          />
          <TextField
            id="profile-location"
            name="location"
            label={t("dashboard.location")}
            maxLength={PROFILE_LIMITS.location}
            defaultValue={values.location}
            errorId={errorId("location")}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="profile-language" className="text-sm font-medium">
              {t("dashboard.preferredLanguage")}
            </label>
            <select
              id="profile-language"
              name="preferredLanguage"
              defaultValue={values.preferredLanguage}
              aria-describedby="profile-language-hint"
              className={`h-10 ${FIELD_CLASSES}`}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`language.${language}`)}
                </option>
              ))}
            </select>
            <p id="profile-language-hint" className="text-xs text-muted-foreground">
              {t("dashboard.preferredLanguageHint")}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="profile-bio" className="text-sm font-medium">
            {t("dashboard.bio")}
          </label>
          <textarea
            id="profile-bio"
            name="bio"
            rows={4}
            maxLength={PROFILE_LIMITS.bio}
            defaultValue={values.bio}
            aria-invalid={errorId("bio") ? true : undefined}
            aria-describedby={errorId("bio")}
            className={`py-2 ${FIELD_CLASSES}`}
          />
        </div>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold">{t("dashboard.socialLinks")}</legend>
          <p className="text-sm text-muted-foreground">{t("dashboard.socialLinksHint")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {SOCIAL_NETWORKS.map((network) => (
              <TextField
                key={network}
                id={`profile-social-${network}`}
                name={`social.${network}`}
                type="url"
                dir="ltr"
                label={t(`profile.social.${network}`)}
                placeholder="https://"
                defaultValue={values.socialLinks[network] ?? ""}
                errorId={errorId(`social.${network}`)}
              />
            ))}
          </div>
        </fieldset>
        <SubmitButton className="self-start" pendingLabel={t("dashboard.saving")}>
          {t("dashboard.saveProfile")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** The number a refusal message names: a field's longest text, or the largest picture in MB. */
function limitOf(problem: string, maxPictureMegabytes: number): number | undefined {
  if (problem === "image_too_large") return maxPictureMegabytes;
  return PROFILE_LIMITS[problem as keyof typeof PROFILE_LIMITS];
}

/** The id of a refused field's message in the summary, which the field points to (aria-describedby). */
function problemId(field: string): string {
  return `profile-${field.replace(".", "-")}-problem`;
}
