import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { parseEmailAddress } from "#domain/email-address";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import type { Config, OAuthProviderConfig, OAuthProviderName } from "#server/env";
import { flowStates, identities, users } from "#server/db/schema";
import { AuthError } from "./auth-error";
import { createProfileForNewAccount } from "./new-profile";
import type { AuthRequest } from "./auth-request";
import {
  errorRedirect,
  findUserByEmail,
  isBanned,
  retireSignUpLinks,
  sessionFragment,
  withFragment,
  withQuery,
} from "./email-links";
import { parsePkce, redirectTargetFor } from "./inputs";
import { FLOW_STATE_LIFETIME_MS, s256 } from "./pkce";
import { hashToken, isUuid, randomToken } from "./secrets";
import { startSession } from "./sessions";
import { loadKeyRing } from "./signing-keys";
import { isUniqueViolation } from "./unique-violation";
import type { UserRow } from "./user-json";

const PROVIDERS: readonly OAuthProviderName[] = ["google", "facebook"];

/** What each provider is asked for by default, and the parameters Supabase sends it (issue 4 item 1). */
const PROVIDER_DEFAULTS: Record<OAuthProviderName, { scopes: string[]; params: Record<string, string> }> = {
  google: { scopes: ["email", "profile"], params: { access_type: "offline", prompt: "select_account" } },
  facebook: { scopes: ["email"], params: { display: "popup" } },
};

/** Parameters a caller may not pass through to the provider: they would take over our side of the flow. */
const RESERVED_PARAMS = new Set([
  "client_id",
  "client_secret",
  "redirect_uri",
  "response_type",
  "state",
  "code_challenge",
  "code_challenge_method",
  "code_verifier",
  "provider",
  "redirect_to",
  "scopes",
]);
const MAX_EXTRA_PARAMS = 20;
const MAX_PARAM_LENGTH = 500;
const PROVIDER_TIMEOUT_MS = 10_000;

export interface StartOAuthInput {
  provider: string;
  redirectTo?: string | null;
  /** Extra scopes, comma- or space-separated, added to the defaults. */
  scopes?: string | null;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
  /** Other query parameters of /authorize, forwarded to the provider (login_hint, hd, prompt...). */
  extraParams?: Record<string, string>;
}

/** GET /authorize: remembers the flow (its id is the OAuth `state`) and answers the provider's URL. */
export async function startOAuth(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: StartOAuthInput,
): Promise<string> {
  const provider = enabledProvider(config, input.provider);
  const settings = config.auth.providers[provider]!;
  const pkce = parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const extra = Object.entries(input.extraParams ?? {}).filter(([key]) => !RESERVED_PARAMS.has(key.toLowerCase()));
  const scopes = (input.scopes ?? "").split(/[\s,]+/).filter(Boolean);
  if (
    extra.length > MAX_EXTRA_PARAMS ||
    extra.some(([key, value]) => key.length > MAX_PARAM_LENGTH || value.length > MAX_PARAM_LENGTH) ||
    (input.scopes ?? "").length > MAX_PARAM_LENGTH
  ) {
    throw new AuthError(400, "validation_failed", "Too many or too long parameters for the provider");
  }
  // We are a PKCE client of the provider too: a stolen callback code is useless without this verifier.
  const providerVerifier = randomToken();
  const [flow] = await db
    .insert(flowStates)
    .values({
      provider,
      authenticationMethod: "oauth",
      codeChallenge: pkce?.challenge ?? null,
      codeChallengeMethod: pkce?.method ?? null,
      providerCodeVerifier: providerVerifier,
      redirectTo: redirectTargetFor(config, input.redirectTo),
      expiresAt: new Date(request.now.getTime() + FLOW_STATE_LIFETIME_MS),
      createdAt: request.now,
    })
    .returning({ id: flowStates.id });
  const defaults = PROVIDER_DEFAULTS[provider];
  const url = new URL(settings.authorizeUrl);
  const params: Record<string, string> = {
    ...defaults.params,
    ...Object.fromEntries(extra),
    client_id: settings.clientId,
    redirect_uri: callbackUrl(config),
    response_type: "code",
    scope: [...new Set([...defaults.scopes, ...scopes])].join(provider === "facebook" ? "," : " "),
    state: flow!.id,
    code_challenge: s256(providerVerifier),
    code_challenge_method: "S256",
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** The name of a configured provider, or Supabase's exact refusal (the sign-in page keys a toast on it). */
function enabledProvider(config: Config, name: string): OAuthProviderName {
  const provider = PROVIDERS.find((candidate) => candidate === name);
  if (!provider) {
    throw new AuthError(
      400,
      "validation_failed",
      `Unsupported provider: Provider ${name.slice(0, 40)} could not be found`,
    );
  }
  if (!config.auth.providers[provider]) {
    throw new AuthError(400, "validation_failed", "Unsupported provider: provider is not enabled");
  }
  return provider;
}

export function callbackUrl(config: Config): string {
  return `${config.publicUrl}/auth/v1/callback`;
}

export interface FinishOAuthInput {
  state: string | undefined;
  code: string | undefined;
  /** What the provider says went wrong (the person cancelled, for instance). */
  error?: string | undefined;
  errorDescription?: string | undefined;
}

interface ProviderProfile {
  subject: string;
  email: string;
  isEmailVerified: boolean;
  name: string | null;
  picture: string | null;
  providerToken: string;
  providerRefreshToken: string | null;
}

/**
 * GET|POST /callback: the provider sends the browser back here. Answers where to send it next: the
 * app with a session (fragment) or a PKCE code, or the app with Supabase's error parameters.
 */
export async function finishOAuth(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: FinishOAuthInput,
): Promise<string> {
  const site = redirectTargetFor(config, null);
  if (!isUuid(input.state)) {
    return errorRedirect(
      site,
      new AuthError(400, "bad_oauth_state", "OAuth state parameter missing"),
      "invalid_request",
    );
  }
  const [found] = await db
    .select()
    .from(flowStates)
    .where(
      and(
        eq(flowStates.id, input.state),
        isNotNull(flowStates.providerCodeVerifier),
        sql`${flowStates.provider} in ('google', 'facebook')`,
      ),
    );
  // Claiming the state clears its verifier; of two callbacks racing with one state only one wins.
  const claimed = found
    ? await db
        .update(flowStates)
        .set({ providerCodeVerifier: null })
        .where(and(eq(flowStates.id, found.id), eq(flowStates.providerCodeVerifier, found.providerCodeVerifier!)))
        .returning({ id: flowStates.id })
    : [];
  const flow = claimed.length === 1 ? found : undefined;
  if (!flow || flow.expiresAt <= request.now) {
    if (flow) await db.delete(flowStates).where(eq(flowStates.id, flow.id));
    return errorRedirect(
      site,
      new AuthError(400, "bad_oauth_state", "OAuth state not found or expired"),
      "invalid_request",
    );
  }
  const fail = async (error: AuthError, oauthError: string) => {
    await db.delete(flowStates).where(eq(flowStates.id, flow.id));
    return errorRedirect(flow.redirectTo, error, oauthError);
  };
  if (input.error) {
    const description = (input.errorDescription ?? input.error).slice(0, 300);
    return fail(new AuthError(403, "access_denied", description), input.error.slice(0, 60));
  }
  if (!input.code || input.code.length > 2048) {
    return fail(
      new AuthError(400, "bad_oauth_callback", "OAuth callback with missing authorization code"),
      "invalid_request",
    );
  }
  const provider = flow.provider as OAuthProviderName;
  const settings = config.auth.providers[provider];
  if (!settings)
    return fail(
      new AuthError(400, "validation_failed", "Unsupported provider: provider is not enabled"),
      "invalid_request",
    );
  let profile: ProviderProfile;
  try {
    profile = await fetchProfile(provider, settings, config, input.code, flow.providerCodeVerifier ?? "");
  } catch {
    return fail(new AuthError(500, "unexpected_failure", "Unable to exchange external code"), "server_error");
  }
  const email = parseEmailAddress(profile.email);
  if (!email.ok || !profile.isEmailVerified) {
    return fail(
      new AuthError(
        403,
        "provider_email_needs_verification",
        `Your ${provider} account has no verified e-mail address`,
      ),
      "access_denied",
    );
  }
  const ring = await loadKeyRing(db);
  const complete = () =>
    db.transaction(async (tx) => {
      const user = await findOrLinkUser(tx, provider, profile, email.email, request.now, request.language);
      if (isBanned(user, request.now)) {
        await tx.delete(flowStates).where(eq(flowStates.id, flow.id));
        return errorRedirect(flow.redirectTo, new AuthError(403, "user_banned", "User is banned"), "access_denied");
      }
      if (flow.codeChallenge) {
        const authCode = randomUUID();
        await tx
          .update(flowStates)
          .set({
            userId: user.id,
            authCodeHash: hashToken(authCode),
            expiresAt: new Date(request.now.getTime() + FLOW_STATE_LIFETIME_MS),
          })
          .where(eq(flowStates.id, flow.id));
        return withQuery(flow.redirectTo, { code: authCode });
      }
      await tx.delete(flowStates).where(eq(flowStates.id, flow.id));
      const session = await startSession(tx, ring, config, request, user, "oauth");
      return withFragment(flow.redirectTo, {
        ...sessionFragment(session),
        provider_token: profile.providerToken,
        ...(profile.providerRefreshToken ? { provider_refresh_token: profile.providerRefreshToken } : {}),
      });
    });
  try {
    return await complete();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Two first sign-ins for one new address (or identity) at once: the one that lost the race to
  // insert it finds the other's account now, and signs in to it.
  try {
    return await complete();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return fail(new AuthError(500, "unexpected_failure", "Unable to save the account; try again"), "server_error");
  }
}

/**
 * The account for a provider identity: the one already linked to it; else the account with the same
 * address, since the provider vouches for it; else a new, confirmed account. Linking to an account
 * nobody has confirmed yet clears its password and other identities: whoever signed the address up
 * before its owner (pre-account takeover) loses that way in.
 */
async function findOrLinkUser(
  tx: Database,
  provider: OAuthProviderName,
  profile: ProviderProfile,
  email: string,
  now: Date,
  language: Language,
): Promise<UserRow> {
  const identityData = {
    sub: profile.subject,
    email,
    email_verified: true,
    ...(profile.name ? { name: profile.name, full_name: profile.name } : {}),
    ...(profile.picture ? { avatar_url: profile.picture, picture: profile.picture } : {}),
    provider_id: profile.subject,
  };
  const [linked] = await tx
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.providerId, profile.subject)));
  if (linked) {
    await tx
      .update(identities)
      .set({ identityData, lastSignInAt: now, updatedAt: now })
      .where(and(eq(identities.provider, provider), eq(identities.providerId, profile.subject)));
    return linked.user;
  }
  let user = await findUserByEmail(tx, email);
  if (user && !user.emailConfirmedAt) {
    await tx.delete(identities).where(eq(identities.userId, user.id));
    // Links of earlier sign-ups carry passwords of their own: none may set one on this account now.
    await retireSignUpLinks(tx, user.id);
    [user] = await tx
      .update(users)
      .set({
        passwordHash: null,
        emailConfirmedAt: now,
        userMetadata: { ...identityData },
        appMetadata: { provider, providers: [provider] },
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
  } else if (user) {
    const providers = Array.isArray(user.appMetadata.providers) ? (user.appMetadata.providers as string[]) : [];
    [user] = await tx
      .update(users)
      .set({ appMetadata: { ...user.appMetadata, providers: [...new Set([...providers, provider])] }, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
  } else {
    [user] = await tx
      .insert(users)
      .values({
        email,
        emailConfirmedAt: now,
        userMetadata: { ...identityData },
        appMetadata: { provider, providers: [provider] },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await createProfileForNewAccount(tx, user!, language, now);
  }
  await tx.insert(identities).values({
    userId: user!.id,
    provider,
    providerId: profile.subject,
    identityData,
    lastSignInAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return user!;
}

async function fetchProfile(
  provider: OAuthProviderName,
  settings: OAuthProviderConfig,
  config: Config,
  code: string,
  verifier: string,
): Promise<ProviderProfile> {
  const tokenResponse = await fetch(settings.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: callbackUrl(config),
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code_verifier: verifier,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!tokenResponse.ok) throw new Error(`token endpoint answered ${tokenResponse.status}`);
  const tokens = (await tokenResponse.json()) as { access_token?: unknown; refresh_token?: unknown };
  if (typeof tokens.access_token !== "string") throw new Error("no access token from the provider");
  const profileUrl = new URL(settings.profileUrl);
  if (provider === "facebook") profileUrl.searchParams.set("fields", "id,email,first_name,last_name,name,picture");
  const profileResponse = await fetch(profileUrl, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!profileResponse.ok) throw new Error(`profile endpoint answered ${profileResponse.status}`);
  const profile = (await profileResponse.json()) as Record<string, unknown>;
  const subject = provider === "google" ? profile.sub : profile.id;
  if (typeof subject !== "string" && typeof subject !== "number") throw new Error("no subject in the profile");
  const picture =
    provider === "google" ? profile.picture : (profile.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
  return {
    subject: String(subject),
    email: typeof profile.email === "string" ? profile.email : "",
    // Facebook only returns addresses it has confirmed; Google says so per address.
    isEmailVerified:
      provider === "facebook" ? true : profile.email_verified === true || profile.email_verified === "true",
    name: typeof profile.name === "string" ? profile.name.slice(0, 200) : null,
    picture: typeof picture === "string" ? picture.slice(0, 2000) : null,
    providerToken: tokens.access_token,
    providerRefreshToken: typeof tokens.refresh_token === "string" ? tokens.refresh_token : null,
  };
}
