import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { data, Form, Link } from "react-router";
import { authRequestOf } from "#app/account-request";
import { AuthCard, FormSuccess } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { pageMeta } from "#app/seo";
import { MAX_EMAIL_LENGTH } from "#domain/email-address";
import { isLanguage, LANGUAGES } from "#domain/language";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import {
  confirmNewsletterSubscription,
  subscribeToNewsletter,
  unsubscribeFromDigest,
} from "#server/services/newsletter";
import type { Route } from "./+types/newsletter";

const PROBLEM_ID = "newsletter-problem";
/** Answers say what happened to a request, and links carry secrets: never kept by a cache. */
const NO_STORE = { "Cache-Control": "private, no-store" };
/** A signed unsubscribe token is a few hundred characters; anything far longer is not one of ours. */
const MAX_TOKEN_LENGTH = 1_000;
const FIELD_CLASSES = "h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("newsletter.metaTitle")} | ${t("app.name")}`,
    description: t("newsletter.intro"),
    path: "/newsletter",
  });
}

type LinkIntent = "confirm" | "unsubscribe";

function tokenOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, MAX_TOKEN_LENGTH) : "";
}

/**
 * The subscribe form, or, opened from an e-mailed link (`?confirm=` or `?unsubscribe=`), a question
 * with one button: the link itself changes nothing, since mail programs open links to scan them.
 */
function loadPage({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const confirm = params.get("confirm");
  const unsubscribe = params.get("unsubscribe");
  const link: { intent: LinkIntent; token: string } | null = confirm
    ? { intent: "confirm", token: tokenOf(confirm) }
    : unsubscribe
      ? { intent: "unsubscribe", token: tokenOf(unsubscribe) }
      : null;
  return data({ link }, { headers: NO_STORE });
}

type ActionResult =
  | { intent: "subscribe"; sent: true; email: string; language: string }
  | {
      intent: "subscribe";
      sent: false;
      problem: "email_invalid" | "language_invalid" | "invalid";
      email: string;
      language: string;
    }
  | { intent: LinkIntent; outcome: "done" | "invalid"; token: string };

/**
 * Subscribing answers the same whatever happened (new, already subscribed, over a limit); only malformed
 * input is refused (services/newsletter.ts). Confirming and unsubscribing follow the link's token.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large" || !form) {
    return answer({ intent: "subscribe", sent: false, problem: "invalid", email: "", language: "" }, form ? 413 : 400);
  }
  const intent = form.get("intent");
  const now = currentTime();
  if (intent === "confirm" || intent === "unsubscribe") {
    const token = tokenOf(form.get("token"));
    const outcome =
      intent === "confirm"
        ? await confirmNewsletterSubscription(context.db, token, now)
        : await unsubscribeFromDigest(context.db, token, now);
    return answer({ intent, outcome, token }, outcome === "done" ? 200 : 400);
  }
  const email = String(form.get("email") ?? "").slice(0, MAX_EMAIL_LENGTH + 64);
  const language = String(form.get("language") ?? "");
  const { ip, language: pageLanguage } = authRequestOf(request, context);
  try {
    await subscribeToNewsletter(
      context.db,
      { email, ...(language ? { language } : {}) },
      { ip, now, language: pageLanguage },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") {
      const problem = error.fields?.email ? "email_invalid" : "language_invalid";
      return answer({ intent: "subscribe", sent: false, problem, email, language }, 400);
    }
    throw error;
  }
  return answer({ intent: "subscribe", sent: true, email, language }, 200);
}

function answer(result: ActionResult, status: number) {
  return data(result, { status, headers: NO_STORE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const linkResult = actionData && actionData.intent !== "subscribe" ? actionData : null;
  const link = loaderData.link;

  if (linkResult?.outcome === "invalid") {
    return (
      <AuthCard title={t("newsletter.invalidLinkTitle")} footer={<BackToSubscribe />}>
        <p role="alert" className="text-sm">
          {t("newsletter.invalidLink")}
        </p>
      </AuthCard>
    );
  }
  if (linkResult?.intent === "confirm") {
    return (
      <AuthCard title={t("newsletter.confirmedTitle")} footer={<BackToEvents />}>
        <FormSuccess
          title={t("newsletter.confirmedTitle")}
          message={t("newsletter.confirmed")}
          submission={linkResult}
        />
        <LinkForm intent="unsubscribe" token={linkResult.token} label={t("newsletter.unsubscribeSubmit")} secondary />
      </AuthCard>
    );
  }
  if (linkResult?.intent === "unsubscribe") {
    return (
      <AuthCard title={t("newsletter.unsubscribedTitle")} footer={<BackToSubscribe />}>
        <FormSuccess
          title={t("newsletter.unsubscribedTitle")}
          message={t("newsletter.unsubscribed")}
          submission={linkResult}
        />
      </AuthCard>
    );
  }
  if (link) {
    const isConfirm = link.intent === "confirm";
    return (
      <AuthCard
        title={t(isConfirm ? "newsletter.confirmTitle" : "newsletter.unsubscribeTitle")}
        description={t(isConfirm ? "newsletter.confirmIntro" : "newsletter.unsubscribeIntro")}
      >
        <LinkForm
          intent={link.intent}
          token={link.token}
          label={t(isConfirm ? "newsletter.confirmSubmit" : "newsletter.unsubscribeSubmit")}
        />
      </AuthCard>
    );
  }

  const subscribed = actionData?.intent === "subscribe" ? actionData : null;
  const problem = subscribed && !subscribed.sent ? subscribed.problem : null;
  const chosenLanguage = subscribed?.language && isLanguage(subscribed.language) ? subscribed.language : null;
  const defaultLanguage = chosenLanguage ?? i18n.language;
  return (
    <AuthCard title={t("newsletter.title")} description={t("newsletter.intro")} footer={<BackToEvents />}>
      {subscribed?.sent && (
        <FormSuccess title={t("newsletter.sentTitle")} message={t("newsletter.sent")} submission={subscribed} />
      )}
      {problem && (
        <p
          id={PROBLEM_ID}
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t(`newsletter.errors.${problem}`)}
        </p>
      )}
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="subscribe" />
        <TextField
          id="newsletter-email"
          name="email"
          type="email"
          dir="ltr"
          label={t("newsletter.emailLabel")}
          autoComplete="email"
          required
          maxLength={MAX_EMAIL_LENGTH}
          defaultValue={subscribed?.email ?? ""}
          errorId={problem === "email_invalid" ? PROBLEM_ID : undefined}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="newsletter-language" className="text-sm font-medium">
            {t("newsletter.languageLabel")}
          </label>
          <select
            id="newsletter-language"
            name="language"
            defaultValue={defaultLanguage}
            aria-invalid={problem === "language_invalid" ? true : undefined}
            aria-describedby={problem === "language_invalid" ? PROBLEM_ID : undefined}
            className={FIELD_CLASSES}
          >
            {LANGUAGES.map((value) => (
              <option key={value} value={value}>
                {t(`eventLanguage.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton className="w-full" pendingLabel={t("newsletter.sending")}>
          {t("newsletter.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

function LinkForm({
  intent,
  token,
  label,
  secondary = false,
}: {
  intent: LinkIntent;
  token: string;
  label: string;
  secondary?: boolean;
}) {
  // The query is dropped from the action: the token travels in the body, not in logs of the next URL.
  return (
    <Form method="post" action="/newsletter" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="token" value={token} />
      <SubmitButton variant={secondary ? "outline" : "primary"} className="w-full">
        {label}
      </SubmitButton>
    </Form>
  );
}

function BackToEvents() {
  const { t } = useTranslation();
  return (
    <Link to="/events" className={TEXT_LINK}>
      {t("newsletter.toEvents")}
    </Link>
  );
}

function BackToSubscribe() {
  const { t } = useTranslation();
  return (
    <Link to="/newsletter" className={TEXT_LINK}>
      {t("newsletter.toSubscribe")}
    </Link>
  );
}

export async function loader(args: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(args.request), ["auth", "newsletter"], await loadPage(args));
}
