import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { data, Form, Link } from "react-router";
import { passwordRecoveryFormSchema } from "#domain/account-forms";
import { authRequestOf, confirmUrlOf, siteAddressOf } from "#app/account-request";
import { problemFromAuthError, type AuthProblem } from "#app/auth-problem";
import { AuthCard, FormProblem, FormSuccess, problemIdFor } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { pageMeta } from "#app/seo";
import { isAuthError } from "#server/auth/auth-error";
import { requestPasswordRecovery } from "#server/auth/email-links";
import type { Route } from "./+types/forgot-password";

const PROBLEM_ID = "forgot-password-problem";

/** The page's words (sign-in and account forms' messages are not on every page). */
export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["auth"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("auth.forgotPassword.metaTitle")} | ${t("app.name")}`,
    description: t("auth.forgotPassword.description"),
    path: "/forgot-password",
  });
}

interface RecoveryResult {
  problem?: AuthProblem;
  sent?: boolean;
  values: { email: string };
}

/** Sends the reset link; the answer is the same whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large") return answer({ problem: { kind: "formTooLarge" }, values: { email: "" } }, 413);
  const parsed = passwordRecoveryFormSchema.safeParse(form ? Object.fromEntries(form) : null);
  const email = parsed.success ? parsed.data.email : "";
  const values = { email };
  if (!email) return answer({ problem: { kind: "emailRequired", field: "email" }, values }, 400);
  try {
    await requestPasswordRecovery(context.db, context.config, authRequestOf(request, context), {
      email,
      redirectTo: siteAddressOf(context, "/reset-password"),
      confirmUrl: confirmUrlOf(context),
    });
  } catch (error) {
    if (isAuthError(error)) return answer({ problem: problemFromAuthError(error), values }, error.status);
    throw error;
  }
  return answer({ sent: true, values }, 200);
}

function answer(result: RecoveryResult, status: number) {
  return data(result, { status });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const problem = actionData?.problem;
  return (
    <AuthCard
      title={t("auth.forgotPassword.title")}
      description={t("auth.forgotPassword.description")}
      footer={
        <Link to="/signin" className={TEXT_LINK}>
          {t("auth.forgotPassword.backToSignIn")}
        </Link>
      }
    >
      <FormProblem id={PROBLEM_ID} problem={problem} />
      {actionData?.sent && (
        <FormSuccess
          title={t("auth.toast.passwordResetSent.title")}
          message={t("auth.toast.passwordResetSent.message")}
          submission={actionData}
        />
      )}
      {actionData?.sent && <p className="text-sm text-muted-foreground">{t("auth.forgotPassword.sent")}</p>}
      <Form method="post" className="flex flex-col gap-4">
        <TextField
          id="forgot-password-email"
          name="email"
          type="email"
          label={t("auth.emailLabel")}
          autoComplete="email"
          inputMode="email"
          required
          maxLength={320}
          defaultValue={actionData?.values.email}
          errorId={problemIdFor(problem, "email", PROBLEM_ID)}
        />
        <SubmitButton className="w-full">{t("auth.forgotPassword.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
