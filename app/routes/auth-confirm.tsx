import { data, Link, redirect } from "react-router";
import { sameSitePath } from "#domain/next-path";
import { authRequestOf } from "#app/account-request";
import { describeProblem, problemFromAuthError, type AuthProblem } from "#app/auth-problem";
import { AuthCard } from "#app/components/auth-card";
import { buttonClasses } from "#app/components/ui/button";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { isAuthError } from "#server/auth/auth-error";
import { verifyEmailToken } from "#server/auth/email-links";
import { sessionCookie, tokensFromSession } from "#server/http/session-cookie";
import type { Route } from "./+types/auth-confirm";

const AFTER_SIGN_IN = "/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: `${t("auth.confirm.metaTitle")} | ${t("app.name")}` }, { name: "robots", content: "noindex" }];
}

/**
 * The links in our e-mails (sign-up, magic link, reset) open here (decision 007 §8). The token is
 * checked and spent on the server, which sets the session cookie and sends the person on: a reset
 * to /reset-password, the others to `next` (a path on this site) or /dashboard. This works in any
 * browser the mail is opened in, since nothing had to be remembered where the flow began.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type") ?? "";
  const tokenHash = url.searchParams.get("token_hash") ?? "";
  try {
    const verified = await verifyEmailToken(context.db, context.config, authRequestOf(request, context), {
      tokenHash,
      type,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(context.config, tokensFromSession(verified.session)));
    if (verified.type === "recovery") return redirect("/reset-password", { headers });
    headers.append("Set-Cookie", flashCookie("signedIn"));
    return redirect(sameSitePath(url.searchParams.get("next"), AFTER_SIGN_IN), { headers });
  } catch (error) {
    if (!isAuthError(error)) throw error;
    const problem: AuthProblem = problemFromAuthError(error);
    return data({ problem, isRecovery: type === "recovery" }, { status: error.status });
  }
}

/** A used, expired or mangled link: say so, and offer the way to a new one. */
export default function AuthConfirmPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { problem, isRecovery } = loaderData;
  const detail = problem.kind === "linkExpired" ? null : describeProblem(t, problem).message;
  const links = [
    { to: "/signin", label: t("auth.confirm.newMagicLink") },
    { to: "/forgot-password", label: t("auth.confirm.newResetLink") },
  ];
  if (isRecovery) links.reverse();
  return (
    <AuthCard title={t("auth.confirm.title")} description={t("auth.confirm.description")}>
      {detail && <p role="alert">{detail}</p>}
      {links.map((link, index) => (
        <Link key={link.to} to={link.to} className={buttonClasses(index === 0 ? "primary" : "outline", "md", "w-full")}>
          {link.label}
        </Link>
      ))}
    </AuthCard>
  );
}
