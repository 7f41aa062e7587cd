import { pageMessages } from "#app/i18n/page-messages.server";
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
import { AppError } from "#server/errors";
import { requestTicketLookup } from "#server/services/ticket-lookup";
import type { Route } from "./+types/find-my-ticket";

const PROBLEM_ID = "find-ticket-problem";
/** The answer says what happened to the request: never kept by a cache. */
const NO_STORE = { "Cache-Control": "private, no-store" };

/** The page's words (sign-in and account forms' messages are not on every page). */
export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["auth", "findTicket"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("findTicket.metaTitle")} | ${t("app.name")}`,
    description: t("findTicket.intro"),
    path: "/find-my-ticket",
  });
}

type LookupResult =
  { sent: true; email: string } | { sent: false; problem: "email_invalid" | "invalid"; email: string };

/**
 * Asks for a link to the orders of an address. Whatever happened (orders or none, over a limit or
 * not), the page says the same sentence; only a malformed address is refused (services/ticket-lookup.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large" || !form) return answer({ sent: false, problem: "invalid", email: "" }, form ? 413 : 400);
  const email = String(form.get("email") ?? "").slice(0, MAX_EMAIL_LENGTH + 64);
  const { ip, now, language } = authRequestOf(request, context);
  try {
    await requestTicketLookup(context.db, { email }, { ip, now, language });
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") {
      return answer({ sent: false, problem: "email_invalid", email }, 400);
    }
    throw error;
  }
  return answer({ sent: true, email }, 200);
}

function answer(result: LookupResult, status: number) {
  return data(result, { status, headers: NO_STORE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function FindMyTicketPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const problem = actionData && !actionData.sent ? actionData.problem : null;
  return (
    <AuthCard
      title={t("findTicket.title")}
      description={t("findTicket.intro")}
      footer={
        <p>
          {t("findTicket.haveAccount")}{" "}
          <Link to="/dashboard#tickets" className={TEXT_LINK}>
            {t("findTicket.toDashboard")}
          </Link>
        </p>
      }
    >
      {actionData?.sent && (
        <FormSuccess title={t("findTicket.sentTitle")} message={t("findTicket.sent")} submission={actionData} />
      )}
      {problem && (
        <p
          id={PROBLEM_ID}
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t(`findTicket.errors.${problem}`)}
        </p>
      )}
      <Form method="post" className="flex flex-col gap-4">
        <TextField
          id="find-ticket-email"
          name="email"
          type="email"
          dir="ltr"
          label={t("findTicket.emailLabel")}
          autoComplete="email"
          required
          maxLength={MAX_EMAIL_LENGTH}
          defaultValue={actionData?.email ?? ""}
          errorId={problem === "email_invalid" ? PROBLEM_ID : undefined}
        />
        <SubmitButton className="w-full" pendingLabel={t("findTicket.sending")}>
          {t("findTicket.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
