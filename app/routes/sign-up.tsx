import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { data, Form, Link, redirect } from "react-router";
import { signUpFormSchema } from "#domain/account-forms";
import { sameSitePath } from "#domain/next-path";
import { authRequestOf, confirmUrlOf, nextForSignedOutPage, siteAddressOf } from "#app/account-request";
import { problemFromAuthError, type AuthProblem } from "#app/auth-problem";
import { AuthCard, FormProblem, NewPasswordField, problemIdFor } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { pageMeta } from "#app/seo";
import { isAuthError } from "#server/auth/auth-error";
import { signUp } from "#server/auth/sign-up";
import { DIGEST_CONSENT_KEY } from "#server/auth/new-profile";
import type { Route } from "./+types/sign-up";

/** The confirmation link signs the person in and lands here (spec §2), unless they came from elsewhere. */
const AFTER_CONFIRMATION = "/dashboard";
const PROBLEM_ID = "sign-up-problem";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("auth.signUp.metaTitle")} | ${t("app.name")}`,
    description: t("auth.signUp.description"),
    path: "/signup",
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  // The digest's consent box is worded in the notifications' namespace.
  return withPageMessages(
    negotiateLanguage(request),
    ["auth", "notifications"],
    nextForSignedOutPage(request, context, AFTER_CONFIRMATION),
  );
}

interface SignUpResult {
  problem: AuthProblem;
  values: { name: string; email: string; digest?: boolean };
}

/**
 * Makes the account and sends the confirmation e-mail, then shows /signup-success. An address that
 * already has an account gets the same answer, and its owner an e-mail saying so (decision 007 §9);
 * "Account Already Exists" (spec §8) would show only if the service said 'User already registered',
 * which it never does, as that would tell anyone whether the address has an account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large") return answer({ problem: { kind: "formTooLarge" }, values: { name: "", email: "" } }, 413);
  const parsed = signUpFormSchema.safeParse(form ? Object.fromEntries(form) : null);
  if (!parsed.success) return answer({ problem: { kind: "unexpected" }, values: { name: "", email: "" } }, 400);
  const { name, email, password, digest } = parsed.data;
  const values = { name, email, digest: digest === "on" };
  if (!name) return answer({ problem: { kind: "nameRequired", field: "name" }, values }, 400);
  const next = sameSitePath(form?.get("next"), AFTER_CONFIRMATION);
  try {
    await signUp(context.db, context.config, authRequestOf(request, context), {
      email,
      password,
      // The digest starts when the confirmation link is followed, and only if its box was ticked.
      data: digest ? { name, [DIGEST_CONSENT_KEY]: true } : { name },
      redirectTo: siteAddressOf(context, next),
      confirmUrl: confirmUrlOf(context),
    });
  } catch (error) {
    if (isAuthError(error)) return answer({ problem: problemFromAuthError(error), values }, error.status);
    throw error;
  }
  return redirect("/signup-success", { headers: { "Set-Cookie": flashCookie("accountCreated") } });
}

function answer(result: SignUpResult, status: number) {
  return data(result, { status });
}

export default function SignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const problem = actionData?.problem;
  const nextQuery = loaderData.next ? `?next=${encodeURIComponent(loaderData.next)}` : "";

  return (
    <AuthCard
      title={t("auth.signUp.title")}
      description={t("auth.signUp.description")}
      footer={
        <p>
          {t("auth.signUp.haveAccount")}{" "}
          <Link to={`/signin${nextQuery}`} className={TEXT_LINK}>
            {t("auth.signUp.signInLink")}
          </Link>
        </p>
      }
    >
      <FormProblem id={PROBLEM_ID} problem={problem} />
      <Form method="post" className="flex flex-col gap-4">
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <TextField
          id="sign-up-name"
          name="name"
          label={t("auth.nameLabel")}
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={actionData?.values.name}
          errorId={problemIdFor(problem, "name", PROBLEM_ID)}
        />
        <TextField
          id="sign-up-email"
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
        <NewPasswordField
          id="sign-up-password"
          label={t("auth.passwordLabel")}
          problem={problem}
          problemId={PROBLEM_ID}
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="digest"
            defaultChecked={actionData?.values.digest ?? false}
            className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          />
          <span>{t("notifications.signUpDigest")}</span>
        </label>
        <SubmitButton className="w-full">{t("auth.signUp.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
