import { z } from "zod";

// What the account pages' forms post. Only the shape is checked here: the account services judge the
// address and the password themselves, so the page and the /auth/v1 API refuse the same things with
// the same words. Lengths are capped so a huge post costs nothing.

const email = z.string().trim().max(320).default("");
// Passwords are kept exactly as typed: never trimmed.
const password = z.string().max(1024).default("");
const next = z.string().max(2000).optional();

/**
 * /signin: one form, four ways in (password, an e-mailed link, or a provider), and `resend`, which
 * asks for the sign-up confirmation again when the address is not confirmed yet.
 */
export const signInFormSchema = z.object({
  intent: z.enum(["password", "magiclink", "google", "facebook", "resend"]).default("password"),
  email,
  password,
  next,
});
export type SignInForm = z.infer<typeof signInFormSchema>;

/** /signup */
export const signUpFormSchema = z.object({
  name: z.string().trim().max(100).default(""),
  email,
  password,
  /** The weekly digest's box, sent only when ticked: the digest is off until the person says yes. */
  digest: z.literal("on").optional(),
});

/** /forgot-password */
export const passwordRecoveryFormSchema = z.object({ email });

/** /reset-password */
export const newPasswordFormSchema = z.object({ password });

/** The providers a person can sign in with on the web (spec §7). */
export const OAUTH_PROVIDERS = ["google", "facebook"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The `intent` values of the sign-in form that start a provider's flow. */
export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === "string" && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}
