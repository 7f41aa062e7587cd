import { redirect, type AppLoadContext } from "react-router";
import { sameSitePath } from "#domain/next-path";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { AuthRequest } from "#server/auth/auth-request";

/** Browsers send a few hundred characters at most; more is noise we need not store. */
const MAX_USER_AGENT_LENGTH = 512;

/**
 * Who is asking, as the account services want it (server/auth/auth-request.ts builds the same for
 * /auth/v1): the client's address for throttles, and the page's language for any e-mail sent.
 */
export function authRequestOf(request: Request, context: AppLoadContext): AuthRequest {
  return {
    ip: context.clientAddress,
    userAgent: request.headers.get("User-Agent")?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    now: new Date(),
    language: negotiateLanguage(request),
  };
}

/** Links in e-mails open the site's own confirmation page (decision 007 §8). */
export function confirmUrlOf(context: AppLoadContext): string {
  return `${context.config.publicUrl}/auth/confirm`;
}

/** An absolute address on this site for a path, as the services' redirect allow-list expects. */
export function siteAddressOf(context: AppLoadContext, path: string): string {
  return `${context.config.publicUrl}${path}`;
}

/**
 * The loader of a page for signed-out people (sign in, sign up): someone already signed in goes on to
 * where they were going (`next`, a same-site path) or `fallback`; others get `next` to carry along.
 */
export function nextForSignedOutPage(request: Request, context: AppLoadContext, fallback: string) {
  const next = new URL(request.url).searchParams.get("next");
  if (context.viewer) throw redirect(sameSitePath(next, fallback));
  return { next: sameSitePath(next, "") || null };
}
