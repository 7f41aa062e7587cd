import { data, Form, Link } from "react-router";
import { EMAIL_SETTINGS } from "#domain/email-settings";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import { readSmallForm } from "#server/http/read-form";
import { emailSettingsFromForm, getEmailSettings, updateEmailSettings } from "#server/services/email-preferences";
import type { Route } from "./+types/email-settings";

const PRIVATE = { "Cache-Control": "private, no-store" };
/** The e-mails that always come: part of what the person asked for (an order, an account). */
const ALWAYS_SENT = ["receipts", "tickets", "eventChanges", "waitlist", "account"] as const;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("notifications.settings.metaTitle")} | ${t("app.name")}`);
}

/**
 * /dashboard/settings/emails: every e-mail the site sends. The optional ones, each with its switch and
 * a sentence of what it is (the weekly digest among them, off until the person turns it on), then the
 * ones that always come. Optional e-mails link here from their footer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return data(
    {
      settings: await getEmailSettings(context.db, viewer),
      pageMessages: await pageMessages(negotiateLanguage(request), ["notifications"]),
    },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** Saves every switch at once: a ticked box is on, an unticked one (not sent) is off. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ saved: false }, { status: 413, headers: PRIVATE });
  if (form?.get("intent") !== "save") return data({ saved: false }, { status: 400, headers: PRIVATE });
  await updateEmailSettings(context.db, viewer, emailSettingsFromForm(form));
  return data({ saved: true }, { headers: PRIVATE });
}

export default function EmailSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("notifications.settings.title")}</h1>
        <p className="text-muted-foreground">{t("notifications.settings.intro")}</p>
        <p className="flex flex-wrap gap-x-4">
          <Link to="/dashboard" className={TEXT_LINK}>
            {t("notifications.settings.backToDashboard")}
          </Link>
          <Link to="/notifications" className={TEXT_LINK}>
            {t("notifications.dashboard.notificationsLink")}
          </Link>
        </p>
      </header>
      <section aria-labelledby="optional-emails-title" className="flex flex-col gap-4">
        <h2 id="optional-emails-title" className="text-xl font-semibold">
          {t("notifications.settings.optionalTitle")}
        </h2>
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="save" />
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {EMAIL_SETTINGS.map((setting) => (
              <li key={setting} className="flex items-start justify-between gap-4 p-4">
                <div className="flex flex-col gap-1">
                  <label htmlFor={`email-setting-${setting}`} className="font-medium">
                    {t(`notifications.settings.names.${setting}`)}
                  </label>
                  <p id={`email-setting-${setting}-description`} className="text-sm text-muted-foreground">
                    {t(`notifications.settings.descriptions.${setting}`)}
                  </p>
                </div>
                <input
                  id={`email-setting-${setting}`}
                  type="checkbox"
                  role="switch"
                  name={setting}
                  // Remounted after a save, so the switches show what was stored.
                  key={String(settings[setting])}
                  defaultChecked={settings[setting]}
                  aria-describedby={`email-setting-${setting}-description`}
                  className="mt-1 h-5 w-5 shrink-0 accent-primary"
                />
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton>{t("notifications.settings.save")}</SubmitButton>
            <p role="status" className="text-sm">
              {actionData?.saved ? t("notifications.settings.saved") : ""}
            </p>
          </div>
        </Form>
      </section>
      <section aria-labelledby="always-sent-title" className="flex flex-col gap-3">
        <h2 id="always-sent-title" className="text-xl font-semibold">
          {t("notifications.settings.alwaysTitle")}
        </h2>
        <p className="text-muted-foreground">{t("notifications.settings.alwaysIntro")}</p>
        <ul className="list-disc ps-6">
          {ALWAYS_SENT.map((key) => (
            <li key={key}>{t(`notifications.settings.always.${key}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
