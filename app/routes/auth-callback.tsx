import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { data, Link, redirect } from "react-router";
import { sameSitePath } from "#domain/next-path";
import { authRequestOf } from "#app/account-request";
import { describeProblem, problemFromAuthError, problemFromProviderError, type AuthProblem } from "#app/auth-problem";
import { AuthCard } from "#app/components/auth-card";
import { buttonClasses } from "#app/components/ui/button";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { isAuthError } from "#server/auth/auth-error";
import { exchangeAuthCode } from "#server/auth/pkce";
import {
  clearedOAuthVerifierCookie,
  OAUTH_VERIFIER_COOKIE,
  readCookieValue,
  sessionCookie,
  tokensFromSession,
} from "#server/http/session-cookie";
import type { Route } from "./+types/auth-callback";

const AFTER_SIGN_IN = "/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("auth.callback.metaTitle")} | ${t("app.name")}`);
}

/**
 * Where a provider sign-in started on /signin comes back (through /auth/v1/callback, which turns the
 * provider's answer into a one-time `code`). The code is traded for a session together with the PKCE
 * verifier this browser kept in a short-lived cookie, so a code that leaked is worth nothing elsewhere.
 */
async function loadPage({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { config } = context;
  const headers = new Headers({ "Set-Cookie": clearedOAuthVerifierCookie(config) });
  const failWith = (problem: AuthProblem, status: number) => data({ problem }, { status, headers });

  const code = url.searchParams.get("code");
  const codeVerifier = readCookieValue(request.headers.get("Cookie"), OAUTH_VERIFIER_COOKIE);
  if (!code) {
    // The provider or our auth API said no: Supabase's error parameters carry the reason, in words
    // anyone could have put in a link, so only what we can translate is shown.
    return failWith(problemFromProviderError(url.searchParams), 400);
  }
  if (!codeVerifier) return failWith({ kind: "providerFailed" }, 400);
  try {
    const session = await exchangeAuthCode(context.db, config, authRequestOf(request, context), {
      authCode: code,
      codeVerifier,
    });
    headers.append("Set-Cookie", sessionCookie(config, tokensFromSession(session)));
    headers.append("Set-Cookie", flashCookie("signedIn"));
    return redirect(sameSitePath(url.searchParams.get("next"), AFTER_SIGN_IN), { headers });
  } catch (error) {
    if (isAuthError(error)) return failWith(problemFromAuthError(error), error.status);
    throw error;
  }
}

export default function AuthCallbackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, message } = describeProblem(t, loaderData.problem);
  return (
    <AuthCard title={t("auth.callback.title")}>
      <div role="alert">
        <p className="font-semibold">{title}</p>
        <p>{message}</p>
      </div>
      <Link to="/signin" className={buttonClasses("primary", "md", "w-full")}>
        {t("auth.callback.tryAgain")}
      </Link>
    </AuthCard>
  );
}

export async function loader(args: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(args.request), ["auth"], await loadPage(args));
}
