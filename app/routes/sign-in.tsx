import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { randomBytes } from "node:crypto";
import { data, Form, Link, redirect } from "react-router";
import { isOAuthProvider, signInFormSchema } from "#domain/account-forms";
import { sameSitePath } from "#domain/next-path";
import { MAX_PASSWORD_LENGTH } from "#domain/password-policy";
import { authRequestOf, confirmUrlOf, nextForSignedOutPage, siteAddressOf } from "#app/account-request";
import { problemFromAuthError, type AuthProblem } from "#app/auth-problem";
import { AuthCard, FormProblem, FormSuccess, problemIdFor } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { notify } from "#app/components/toasts";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { pageMeta } from "#app/seo";
import { isAuthError } from "#server/auth/auth-error";
import { requestMagicLink } from "#server/auth/email-links";
import { issueKnownDeviceToken, knownDeviceCookie, knownDeviceTokenOf } from "#server/auth/known-device";
import { startOAuth } from "#server/auth/oauth";
import { s256 } from "#server/auth/pkce";
import { signInWithPassword } from "#server/auth/sign-in";
import { currentTime } from "#server/clock";
import { resendSignUpConfirmation } from "#server/auth/sign-up";
import { oauthVerifierCookie, sessionCookie, tokensFromSession } from "#server/http/session-cookie";
import type { Route } from "./+types/sign-in";

/** Where people land after signing in when they did not come from a page that asked (spec §2). */
const AFTER_SIGN_IN = "/dashboard";
const PROBLEM_ID = "sign-in-problem";
const PROVIDER_NAMES = { google: "Google", facebook: "Facebook" } as const;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("auth.signIn.metaTitle")} | ${t("app.name")}`,
    description: t("auth.signIn.description"),
    path: "/signin",
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(request), ["auth"], nextForSignedOutPage(request, context, AFTER_SIGN_IN));
}

interface SignInResult {
  problem?: AuthProblem;
  magicLinkSent?: boolean;
  /** The address is not confirmed yet: offer to send its confirmation again (also after a throttled try). */
  offerConfirmationResend?: boolean;
  /** The same words whether or not the address has an account waiting (no enumeration). */
  confirmationResent?: boolean;
  values: { email: string };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large") return answer({ problem: { kind: "formTooLarge" }, values: { email: "" } }, 413);
  const parsed = signInFormSchema.safeParse(form ? Object.fromEntries(form) : null);
  if (!parsed.success) return answer({ problem: { kind: "unexpected" }, values: { email: "" } }, 400);
  const { intent, email, password } = parsed.data;
  const next = sameSitePath(parsed.data.next, AFTER_SIGN_IN);
  const values = { email };
  const { db, config } = context;
  try {
    if (intent === "magiclink") {
      if (!email) return answer({ problem: { kind: "magicLinkEmailRequired", field: "email" }, values }, 400);
      await requestMagicLink(db, config, authRequestOf(request, context), {
        email,
        createUser: true,
        redirectTo: siteAddressOf(context, next),
        confirmUrl: confirmUrlOf(context),
      });
      return answer({ magicLinkSent: true, values });
    }
    if (intent === "resend") {
      if (!email) return answer({ problem: { kind: "emailRequired", field: "email" }, values }, 400);
      await resendSignUpConfirmation(db, config, authRequestOf(request, context), {
        email,
        redirectTo: siteAddressOf(context, next),
        confirmUrl: confirmUrlOf(context),
      });
      return answer({ confirmationResent: true, values });
    }
    if (isOAuthProvider(intent)) {
      // PKCE for our own flow too: the code the provider returns is useless without this browser's verifier.
      const verifier = randomBytes(32).toString("base64url");
      const providerUrl = await startOAuth(db, config, authRequestOf(request, context), {
        provider: intent,
        redirectTo: siteAddressOf(context, `/auth/callback?next=${encodeURIComponent(next)}`),
        codeChallenge: s256(verifier),
        codeChallengeMethod: "s256",
      });
      return redirect(providerUrl, { headers: { "Set-Cookie": oauthVerifierCookie(config, verifier) } });
    }
    if (!email) return answer({ problem: { kind: "emailRequired", field: "email" }, values }, 400);
    if (!password) return answer({ problem: { kind: "passwordRequired", field: "password" }, values }, 400);
    const session = await signInWithPassword(
      db,
      config,
      { ...authRequestOf(request, context), knownDeviceToken: knownDeviceTokenOf(request) },
      { email, password },
    );
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(config, tokensFromSession(session)));
    // This browser now knows the password: someone guessing from its network cannot lock it out.
    const deviceToken = await issueKnownDeviceToken(db, session.user.email, currentTime());
    headers.append("Set-Cookie", knownDeviceCookie(config, deviceToken));
    headers.append("Set-Cookie", flashCookie("signedIn"));
    return redirect(next, { headers });
  } catch (error) {
    if (isAuthError(error)) {
      const problem = problemFromAuthError(error);
      // A refused resend (too soon after the last e-mail) keeps its button for when the wait is over.
      const offerConfirmationResend = problem.kind === "emailNotConfirmed" || intent === "resend";
      return answer({ problem, offerConfirmationResend, values }, error.status);
    }
    throw error;
  }
}

function answer(result: SignInResult, status = 200) {
  return data(result, { status });
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const problem = actionData?.problem;
  const nextQuery = loaderData.next ? `?next=${encodeURIComponent(loaderData.next)}` : "";

  return (
    <AuthCard
      title={t("auth.signIn.title")}
      description={t("auth.signIn.description")}
      footer={
        <p>
          {t("auth.signIn.noAccount")}{" "}
          <Link to={`/signup${nextQuery}`} className={TEXT_LINK}>
            {t("auth.signIn.signUpLink")}
          </Link>
        </p>
      }
    >
      <FormProblem id={PROBLEM_ID} problem={problem} />
      {actionData?.confirmationResent && (
        <FormSuccess
          title={t("auth.signIn.confirmationResent.title")}
          message={t("auth.signIn.confirmationResent.message")}
          submission={actionData}
        />
      )}
      {actionData?.offerConfirmationResend && (
        // A form of its own, so it works before JavaScript loads and needs no password.
        <Form method="post">
          <input type="hidden" name="email" value={actionData.values.email} />
          {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
          <SubmitButton name="intent" value="resend" variant="outline" className="w-full">
            {t("auth.signIn.resendConfirmation")}
          </SubmitButton>
        </Form>
      )}
      {actionData?.magicLinkSent && (
        <FormSuccess
          title={t("auth.toast.checkEmail.title")}
          message={t("auth.toast.checkEmail.message")}
          submission={actionData}
        />
      )}
      <Form method="post" className="flex flex-col gap-4">
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <TextField
          id="sign-in-email"
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
        <div className="flex flex-col gap-1">
          <TextField
            id="sign-in-password"
            name="password"
            type="password"
            label={t("auth.passwordLabel")}
            autoComplete="current-password"
            required
            maxLength={MAX_PASSWORD_LENGTH}
            errorId={problemIdFor(problem, "password", PROBLEM_ID)}
            reveal={{ show: t("auth.showPassword"), hide: t("auth.hidePassword") }}
          />
          <Link to="/forgot-password" className={`${TEXT_LINK} self-end text-sm`}>
            {t("auth.signIn.forgotPassword")}
          </Link>
        </div>
        <SubmitButton name="intent" value="password" className="w-full">
          {t("auth.signIn.submit")}
        </SubmitButton>
        <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          {t("auth.or")}
          <span className="h-px flex-1 bg-border" />
        </div>
        {/* Needs only the address: the browser must not insist on a password first. */}
        <SubmitButton
          name="intent"
          value="magiclink"
          formNoValidate
          aria-describedby="sign-in-magic-link-hint"
          variant="outline"
          className="w-full"
        >
          {t("auth.signIn.magicLink")}
        </SubmitButton>
        <p id="sign-in-magic-link-hint" className="-mt-2 text-xs text-muted-foreground">
          {t("auth.signIn.magicLinkHint")}
        </p>
        {(["google", "facebook"] as const).map((provider) => (
          <SubmitButton
            key={provider}
            name="intent"
            value={provider}
            formNoValidate
            onClick={() =>
              notify(
                "info",
                t("auth.toast.socialLogin.title"),
                t("auth.toast.socialLogin.message", { provider: PROVIDER_NAMES[provider] }),
              )
            }
            variant="outline"
            className="w-full"
          >
            {t(`auth.signIn.${provider}`)}
          </SubmitButton>
        ))}
      </Form>
    </AuthCard>
  );
}
