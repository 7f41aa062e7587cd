import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";
import { newPasswordFormSchema } from "#domain/account-forms";
import { authRequestOf } from "#app/account-request";
import { problemFromAuthError, type AuthProblem } from "#app/auth-problem";
import { AuthCard, FormProblem, NewPasswordField } from "#app/components/auth-card";
import { dismissNotices } from "#app/components/toasts";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { isAuthError } from "#server/auth/auth-error";
import { signOut } from "#server/auth/sessions";
import { updateUser } from "#server/auth/user-update";
import { clearedSessionCookie } from "#server/http/session-cookie";
import type { Route } from "./+types/reset-password";

const PROBLEM_ID = "reset-password-problem";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("auth.resetPassword.metaTitle")} | ${t("app.name")}`);
}

/**
 * Reached from the reset e-mail: /auth/confirm has just opened a recovery session for the link's
 * owner. Without a session (an old tab, a link opened twice) the page offers a new link instead.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(request), ["auth"], { email: context.viewer?.email ?? null });
}

/**
 * Sets the new password (the services sign out the person's other sessions and e-mail a notice),
 * then ends this session too and sends them to sign in with it (spec §2).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, db, config } = context;
  if (!viewer) return answer({ problem: { kind: "sessionExpired" } }, 401);
  const form = await readSmallForm(request);
  if (form === "too_large") return answer({ problem: { kind: "formTooLarge" } }, 413);
  const parsed = newPasswordFormSchema.safeParse(form ? Object.fromEntries(form) : null);
  const password = parsed.success ? parsed.data.password : "";
  if (!password) return answer({ problem: { kind: "passwordRequired", field: "password" } }, 400);
  const actor = { sessionId: viewer.sessionId, userId: viewer.userId };
  try {
    await updateUser(db, config, authRequestOf(request, context), actor, { password });
  } catch (error) {
    if (isAuthError(error)) return answer({ problem: problemFromAuthError(error) }, error.status);
    throw error;
  }
  await signOut(db, actor, "local");
  const headers = new Headers();
  headers.append("Set-Cookie", clearedSessionCookie(config));
  headers.append("Set-Cookie", flashCookie("passwordUpdated"));
  return redirect("/signin", { headers });
}

function answer(result: { problem: AuthProblem }, status: number) {
  return data(result, { status });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const problem = actionData?.problem;
  // Leaving the page (the password was updated: on to sign in) leaves its problems behind: an error
  // toast from an earlier try must not stay beside 'Password Updated'.
  useEffect(() => dismissNotices, []);

  if (!loaderData.email) {
    return (
      <AuthCard title={t("auth.resetPassword.invalidTitle")} description={t("auth.resetPassword.invalidDescription")}>
        <Link to="/forgot-password" className={buttonClasses("primary", "md", "w-full")}>
          {t("auth.resetPassword.requestNew")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("auth.resetPassword.title")}
      description={t("auth.resetPassword.description", { email: loaderData.email })}
    >
      <FormProblem id={PROBLEM_ID} problem={problem} />
      <Form method="post" className="flex flex-col gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
        <NewPasswordField
          id="reset-password-password"
          label={t("auth.newPasswordLabel")}
          problem={problem}
          problemId={PROBLEM_ID}
        />
        <SubmitButton className="w-full">{t("auth.resetPassword.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
