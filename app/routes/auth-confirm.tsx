import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { data, Form, Link, redirect } from "react-router";
import { sameSitePath } from "#domain/next-path";
import { authRequestOf } from "#app/account-request";
import { describeProblem, problemFromAuthError, type AuthProblem } from "#app/auth-problem";
import { AuthCard } from "#app/components/auth-card";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { isAuthError } from "#server/auth/auth-error";
import { verifyEmailToken } from "#server/auth/email-links";
import { sessionCookie, tokensFromSession } from "#server/http/session-cookie";
import type { Route } from "./+types/auth-confirm";

const AFTER_SIGN_IN = "/dashboard";
/** The kinds of link our e-mails carry ("email" is Supabase's name for a magic link), and the page each gets. */
const LINK_PAGES = { signup: "signup", magiclink: "magiclink", email: "magiclink", recovery: "recovery" } as const;
type LinkType = keyof typeof LINK_PAGES;
/** Our tokens are 43 characters; the account services refuse anything past 256 anyway. */
const MAX_TOKEN_LENGTH = 256;
/** The page holds the link's token: never kept by a cache, shared or private. */
const NO_STORE = { "Cache-Control": "private, no-store" };

const isLinkType = (type: unknown): type is LinkType => typeof type === "string" && Object.hasOwn(LINK_PAGES, type);

/** The link's parameters when they could be one of ours; whether the token is good only the action finds out. */
function linkOf(values: { type: unknown; token: unknown; next: unknown }) {
  const { type, token } = values;
  if (!isLinkType(type) || typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    return null;
  }
  return { type, tokenHash: token, next: sameSitePath(values.next, "") || null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = loaderData && "link" in loaderData ? t("auth.confirm.readyMetaTitle") : t("auth.confirm.metaTitle");
  return privatePageMeta(matches, `${title} | ${t("app.name")}`);
}

/**
 * The links in our e-mails (sign-up, magic link, reset) open here (decision 007 §8). Opening the link
 * changes nothing: mail scanners that fetch every link must not spend it, and another person's link
 * must not sign anyone in just by being opened (login CSRF). The page only checks the link looks like
 * one of ours and asks the person to press a button; that form's POST does the work (the action).
 */
function loadPage({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const type = params.get("type");
  const link = linkOf({ type, token: params.get("token_hash"), next: params.get("next") });
  if (!link) return data(expired(type), { status: 400, headers: NO_STORE });
  return data({ link }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * The button's POST (covered by the same-origin check of decision 007 §5): the token is checked and
 * spent, the session cookie set, and the person sent on: a reset to /reset-password, the others to
 * `next` (a path on this site) or /dashboard. This works in any browser the mail is opened in, since
 * nothing had to be remembered where the flow began.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large") {
    return data({ problem: { kind: "formTooLarge" } as AuthProblem, isRecovery: false }, { status: 413 });
  }
  const link = form && linkOf({ type: form.get("type"), token: form.get("token_hash"), next: form.get("next") });
  if (!link) return data(expired(form?.get("type")), { status: 400 });
  try {
    const verified = await verifyEmailToken(context.db, context.config, authRequestOf(request, context), {
      tokenHash: link.tokenHash,
      type: link.type,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(context.config, tokensFromSession(verified.session)));
    if (verified.type === "recovery") return redirect("/reset-password", { headers });
    headers.append("Set-Cookie", flashCookie("signedIn"));
    return redirect(sameSitePath(link.next, AFTER_SIGN_IN), { headers });
  } catch (error) {
    if (!isAuthError(error)) throw error;
    return data(
      { problem: problemFromAuthError(error), isRecovery: link.type === "recovery" },
      { status: error.status },
    );
  }
}

function expired(type: unknown): { problem: AuthProblem; isRecovery: boolean } {
  return { problem: { kind: "linkExpired" }, isRecovery: type === "recovery" };
}

export default function AuthConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData ?? ("problem" in loaderData ? loaderData : null);
  if (failed) return <LinkProblem problem={failed.problem} isRecovery={failed.isRecovery} />;
  return "link" in loaderData ? <ContinueForm link={loaderData.link} /> : null;
}

/** What the person presses to use the link: its words say what will happen. */
function ContinueForm({ link }: { link: NonNullable<ReturnType<typeof linkOf>> }) {
  const { t } = useTranslation();
  const page = LINK_PAGES[link.type];
  return (
    <AuthCard title={t(`auth.confirm.${page}.title`)} description={t(`auth.confirm.${page}.description`)}>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="token_hash" value={link.tokenHash} />
        <input type="hidden" name="type" value={link.type} />
        {link.next && <input type="hidden" name="next" value={link.next} />}
        <SubmitButton className="w-full">{t(`auth.confirm.${page}.submit`)}</SubmitButton>
      </Form>
      <p className="text-sm text-muted-foreground">{t("auth.confirm.notYou")}</p>
    </AuthCard>
  );
}

/** A used, expired or mangled link: say so, and offer the way to a new one. */
function LinkProblem({ problem, isRecovery }: { problem: AuthProblem; isRecovery: boolean }) {
  const { t } = useTranslation();
  if (problem.kind === "formTooLarge") {
    const { title, message } = describeProblem(t, problem);
    return (
      <AuthCard title={title}>
        <p role="alert">{message}</p>
      </AuthCard>
    );
  }
  const detail = problem.kind === "linkExpired" ? null : describeProblem(t, problem).message;
  const links = [
    { to: "/signin", label: t("auth.confirm.newMagicLink") },
    { to: "/forgot-password", label: t("auth.confirm.newResetLink") },
  ];
  if (isRecovery) links.reverse();
  return (
    <AuthCard title={t("auth.confirm.title")} description={t("auth.confirm.description")}>
      {detail && <p role="alert">{detail}</p>}
      {links.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={buttonClasses(link === links[0] ? "primary" : "outline", "md", "w-full")}
        >
          {link.label}
        </Link>
      ))}
    </AuthCard>
  );
}

export async function loader(args: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(args.request), ["auth"], await loadPage(args));
}
