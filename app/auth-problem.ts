import type { TFunction } from "#app/i18n/translator";

/**
 * What went wrong in an account form, as the page shows it. Actions turn the account services'
 * errors (Supabase's codes and messages, decision 007 §1) into one of these; the page translates it
 * with the title and message of spec §8.
 */
export type AuthProblemKind =
  | "emailLimit"
  | "accountExists"
  | "providerNotConfigured"
  | "magicLinkEmailRequired"
  | "invalidCredentials"
  | "emailNotConfirmed"
  | "emailRequired"
  | "invalidEmail"
  | "passwordRequired"
  | "nameRequired"
  | "weakPassword"
  | "passwordTooLong"
  | "samePassword"
  | "retryAfter"
  | "requestLimit"
  | "linkExpired"
  | "sessionExpired"
  | "providerFailed"
  | "userBanned"
  | "unexpected"
  /** The form's body was far over the size any of our account forms sends (refused unread). */
  | "formTooLarge"
  /** A code this page has no words for: the service's own message is shown (spec §8, "any other error"). */
  | "other";

export interface AuthProblem {
  kind: AuthProblemKind;
  /** The field the problem is about, so the page can mark it and point to the message. */
  field?: "email" | "password" | "name";
  /** weak_password's reasons (length, characters, pwned). */
  reasons?: string[];
  /** How long to wait before asking for another e-mail. */
  seconds?: number;
  /** The service's own message, for `other`. */
  message?: string;
}

/** The parts of an account-service error (server/auth/auth-error.ts) that decide what the page says. */
export interface AuthErrorLike {
  status: number;
  code: string;
  message: string;
  /** weak_password carries `{ weak_password: { reasons } }` here. */
  extra?: Record<string, unknown>;
}

// Spec §8 picks three titles by the message's words; the rest go by Supabase's error codes.
export function problemFromAuthError(error: AuthErrorLike): AuthProblem {
  const { code, message } = error;
  if (message.includes("email rate limit exceeded")) return { kind: "emailLimit", field: "email" };
  if (code === "user_already_exists" || message.includes("User already registered")) {
    return { kind: "accountExists", field: "email" };
  }
  if (message.includes("provider is not enabled")) return { kind: "providerNotConfigured" };
  switch (code) {
    case "invalid_credentials":
      return { kind: "invalidCredentials", field: "password" };
    case "email_not_confirmed":
      return { kind: "emailNotConfirmed", field: "email" };
    case "weak_password":
      return { kind: "weakPassword", field: "password", reasons: weakPasswordReasons(error.extra) };
    case "same_password":
      return { kind: "samePassword", field: "password" };
    case "over_email_send_rate_limit": {
      const seconds = /after (\d+) seconds?/.exec(message)?.[1];
      return seconds ? { kind: "retryAfter", field: "email", seconds: Number(seconds) } : { kind: "emailLimit" };
    }
    case "over_request_rate_limit":
      return { kind: "requestLimit" };
    case "otp_expired":
      return { kind: "linkExpired" };
    case "session_not_found":
    case "session_expired":
    case "refresh_token_not_found":
    case "refresh_token_already_used":
    case "user_not_found":
    case "bad_jwt":
      return { kind: "sessionExpired" };
    case "flow_state_not_found":
    case "flow_state_expired":
    case "bad_code_verifier":
    case "bad_oauth_state":
    case "bad_oauth_callback":
    case "flow_state_already_used":
      return { kind: "providerFailed" };
    case "user_banned":
      return { kind: "userBanned" };
    case "validation_failed":
    case "email_address_invalid":
      return validationProblem(message);
  }
  if (error.status >= 500) return { kind: "unexpected" };
  return { kind: "other", message };
}

/**
 * What a provider sign-in that came back with `?error=…&error_code=…&error_description=…` shows. Anyone
 * can write those parameters into a link to our page, so their words are never shown: a code we know
 * gets its translated problem, anything else the general "did not complete" one.
 */
export function problemFromProviderError(params: URLSearchParams): AuthProblem {
  const code = params.get("error_code") ?? params.get("error") ?? "";
  const message = params.get("error_description") ?? "";
  const problem = problemFromAuthError({ status: 400, code, message });
  return problem.kind === "other" ? { kind: "providerFailed" } : problem;
}

function weakPasswordReasons(extra: Record<string, unknown> | undefined): string[] {
  const reasons = (extra?.weak_password as { reasons?: unknown } | undefined)?.reasons;
  return Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === "string") : [];
}

function validationProblem(message: string): AuthProblem {
  if (/email address is required|Password recovery requires an email|missing email/i.test(message)) {
    return { kind: "emailRequired", field: "email" };
  }
  if (/email/i.test(message) && /invalid|validate|too long/i.test(message))
    return { kind: "invalidEmail", field: "email" };
  if (/longer than|too long/i.test(message)) return { kind: "passwordTooLong", field: "password" };
  if (/password/i.test(message)) return { kind: "passwordRequired", field: "password" };
  return { kind: "other", message };
}

const TITLED: Partial<Record<AuthProblemKind, string>> = {
  emailLimit: "auth.error.emailLimit",
  accountExists: "auth.error.accountExists",
  providerNotConfigured: "auth.error.providerNotConfigured",
  magicLinkEmailRequired: "auth.error.magicLinkEmailRequired",
};

const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: "auth.error.weakPasswordLength",
  pwned: "auth.error.weakPasswordCommon",
  characters: "auth.error.weakPasswordCharacters",
};

/** The title and message a problem shows with, in the page's language. */
export function describeProblem(t: TFunction, problem: AuthProblem): { title: string; message: string } {
  const titled = TITLED[problem.kind];
  if (titled) return { title: t(`${titled}.title`), message: t(`${titled}.message`) };
  const title = t("auth.error.title");
  switch (problem.kind) {
    case "other":
      return { title, message: problem.message || t("auth.error.unexpected") };
    case "weakPassword": {
      const reasons = (problem.reasons ?? []).flatMap((reason) => {
        const key = WEAK_PASSWORD_REASONS[reason];
        return key ? [t(key)] : [];
      });
      return { title, message: reasons.length > 0 ? reasons.join(" ") : t("auth.error.weakPassword") };
    }
    case "retryAfter":
      return { title, message: t("auth.error.retryAfter", { seconds: problem.seconds }) };
    default:
      return { title, message: t(`auth.error.${problem.kind}`) };
  }
}
