import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#domain/language";
import { sitePathOf } from "#domain/redirect-target";
import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { flowStates, identities, oneTimeTokens, profiles, users } from "#server/db/schema";
import { enqueueJob } from "#server/services/enqueue-job";
import { enqueueEmail } from "#server/services/outbox";
import { AuthError } from "./auth-error";
import { asksForDigest, createProfileForNewAccount, typedName } from "./new-profile";
import type { AuthRequest } from "./auth-request";
import { parsePkce, redirectTargetFor, requireEmail, requireUserData } from "./inputs";
import { countEmailSent, limitEmailRequest } from "./limits";
import { issueOtpCode } from "./otp-codes";
import { FLOW_STATE_LIFETIME_MS } from "./pkce";
import { hashToken, randomToken } from "./secrets";
import { startSession, type AuthenticationMethod, type SessionJson } from "./sessions";
import { loadKeyRing } from "./signing-keys";
import { newEmailIdentityData, type IdentityRow, type UserRow } from "./user-json";

export type LinkKind = "signup" | "magiclink" | "recovery";

/** Decision 007 §8 and the issue's bar: magic links and resets live 15 minutes, sign-up confirmations a day. */
export const LINK_LIFETIME_MS: Record<LinkKind, number> = {
  signup: 24 * 3600 * 1000,
  magiclink: 15 * 60 * 1000,
  recovery: 15 * 60 * 1000,
};

export const SESSION_METHOD: Record<LinkKind, AuthenticationMethod> = {
  signup: "email/signup",
  magiclink: "magiclink",
  recovery: "recovery",
};

export interface LinkOptions {
  redirectTo: string;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
  /** The web's own confirmation page (decision 007 §8); absent for `/auth/v1` clients. */
  confirmUrl?: string;
}

/** What a sign-up link applies to the account when it is followed (and only then). */
export interface PendingSignUp {
  passwordHash: string;
  userMetadata: Record<string, unknown>;
}

/**
 * Issues a single-use link for `user` in the caller's transaction and queues the e-mail that
 * carries it. Only the newest magic link or reset works: requesting another retires the previous
 * one. For `/auth/v1` clients the e-mail also carries a six-digit code, Supabase's `{{ .Token }}`, for
 * `verifyOtp`; the site's own pages take no codes, so their e-mails show none. Sign-up links are different: each carries the password and data of its own sign-up
 * (`pending`), so several may be out at once, and the first one followed retires the others.
 */
export async function sendLink(
  tx: Database,
  config: Pick<Config, "publicUrl">,
  request: Pick<AuthRequest, "now" | "language">,
  user: { id: string; email: string },
  kind: LinkKind,
  options: LinkOptions,
  pending?: PendingSignUp,
): Promise<void> {
  const pkce = parsePkce(options.codeChallenge, options.codeChallengeMethod);
  const token = randomToken();
  if (kind !== "signup") {
    await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, kind)));
  }
  const [link] = await tx
    .insert(oneTimeTokens)
    .values({
      userId: user.id,
      kind,
      tokenHash: hashToken(token),
      redirectTo: options.redirectTo,
      codeChallenge: pkce?.challenge ?? null,
      codeChallengeMethod: pkce?.method ?? null,
      pendingPasswordHash: pending?.passwordHash ?? null,
      pendingUserMetadata: pending?.userMetadata ?? null,
      expiresAt: new Date(request.now.getTime() + LINK_LIFETIME_MS[kind]),
      createdAt: request.now,
    })
    .returning({ id: oneTimeTokens.id });
  const code = options.confirmUrl
    ? undefined
    : await issueOtpCode(tx, { userId: user.id, kind, oneTimeTokenId: link!.id, now: request.now });
  await enqueueEmail(tx, {
    kind,
    to: user.email,
    language: await emailLanguageOf(tx, user.id, request.language),
    link: linkUrl(config, token, kind, options),
    ...(code ? { code } : {}),
  });
}

/**
 * The language of an e-mail to an account: the one saved in its profile (the dashboard's preferred
 * language, as the digest and promotion e-mails use), else `fallback`, the language of the request.
 */
export async function emailLanguageOf(
  db: Pick<Database, "select">,
  userId: string,
  fallback: Language,
): Promise<Language> {
  const [profile] = await db
    .select({ language: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return profile?.language ?? fallback;
}

function linkUrl(config: Pick<Config, "publicUrl">, token: string, kind: LinkKind, options: LinkOptions): string {
  if (options.confirmUrl) {
    const url = new URL(options.confirmUrl);
    url.searchParams.set("token_hash", token);
    url.searchParams.set("type", kind);
    url.searchParams.set("next", sitePathOf(options.redirectTo, config.publicUrl));
    return url.href;
  }
  const url = new URL(`${config.publicUrl}/auth/v1/verify`);
  url.searchParams.set("token", token);
  url.searchParams.set("type", kind);
  url.searchParams.set("redirect_to", options.redirectTo);
  return url.href;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return user;
}

/** The user with `email` and their identities, in one query (sign-in is a hot path). */
export async function findAccountByEmail(
  db: Database,
  email: string,
): Promise<{ user: UserRow; identities: IdentityRow[] } | undefined> {
  const rows = await db
    .select({ user: users, identity: identities })
    .from(users)
    .leftJoin(identities, eq(identities.userId, users.id))
    .where(sql`lower(${users.email}) = ${email}`);
  if (rows.length === 0) return undefined;
  return { user: rows[0]!.user, identities: rows.flatMap((row) => (row.identity ? [row.identity] : [])) };
}

export interface MagicLinkInput {
  email: string;
  redirectTo?: string | null;
  /** Make an account for an unknown address (Supabase's `create_user`, true by default). */
  createUser: boolean;
  data?: Record<string, unknown> | null;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
  confirmUrl?: string;
}

/**
 * Sends a sign-in link. Answers the same whether or not the address has an account, except that
 * `createUser: false` (supabase-js's `shouldCreateUser: false`) for an unknown address answers as
 * Supabase does, 422 otp_disabled, which apps built for it show as "no account with this address".
 * That tells whether an address has an account, so it comes after the same throttles as every other
 * e-mail request (limitEmailRequest); the site's own pages always let the link make an account.
 */
export async function requestMagicLink(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: MagicLinkInput,
): Promise<void> {
  const email = requireEmail(input.email);
  const data = requireUserData(input.data);
  parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const options = { ...linkOptionsOf(config, input) };
  await limitEmailRequest(db, config, request, email, "sign-up");
  await db.transaction(async (tx) => {
    let user: { id: string; email: string } | undefined = await findUserByEmail(tx, email);
    if (!user && !input.createUser) throw new AuthError(422, "otp_disabled", "Signups not allowed for otp");
    user ??= await createEmailUser(tx, email, null, data, request.now, request.language);
    if (isBanned(user as UserRow, request.now)) return;
    await sendLink(tx, config, request, user, "magiclink", options);
    await countEmailSent(tx, "sign-up", request.now);
  });
}

export interface RecoveryInput {
  email: string;
  redirectTo?: string | null;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
  confirmUrl?: string;
}

/** The job that looks an address up and e-mails a reset link if it has an account (see requestPasswordRecovery). */
export const SEND_RECOVERY_LINK_JOB = "send_recovery_link";

/**
 * Asks for a password-reset link. Unknown addresses get the same answer and no e-mail, in the same
 * time: the request only checks its limits and queues a job, the same for every address, and the
 * jobs worker looks the address up and sends the link (runRecoveryLinkJob). Looking it up here made
 * known addresses answer measurably slower (24 ms against 14 ms on PostgreSQL).
 */
export async function requestPasswordRecovery(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: RecoveryInput,
): Promise<void> {
  const email = requireEmail(input.email, "Password recovery requires an email");
  parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const options = linkOptionsOf(config, input);
  await limitEmailRequest(db, config, request, email, "account");
  const payload: z.infer<typeof recoveryJobSchema> = {
    email,
    language: request.language,
    siteUrl: config.publicUrl,
    ...options,
    codeChallenge: options.codeChallenge ?? null,
    codeChallengeMethod: options.codeChallengeMethod ?? null,
  };
  await enqueueJob(db, SEND_RECOVERY_LINK_JOB, payload);
}

const recoveryJobSchema = z.object({
  email: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  /** PUBLIC_URL when the link was asked for, which the link is built on. */
  siteUrl: z.string(),
  redirectTo: z.string(),
  codeChallenge: z.string().max(128).nullable(),
  codeChallengeMethod: z.string().max(20).nullable(),
  confirmUrl: z.string().optional(),
});

/** The recovery job: an account that exists and is not banned gets its reset link; others nothing. */
export async function runRecoveryLinkJob(db: Database, payload: unknown, now: Date): Promise<void> {
  const { email, language, siteUrl, ...options } = recoveryJobSchema.parse(payload);
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || isBanned(user, now)) return;
    await sendLink(tx, { publicUrl: siteUrl }, { now, language }, user, "recovery", options);
    await countEmailSent(tx, "account", now);
  });
}

export function linkOptionsOf(
  config: Config,
  input: {
    redirectTo?: string | null;
    codeChallenge?: string | null;
    codeChallengeMethod?: string | null;
    confirmUrl?: string;
  },
): LinkOptions {
  return {
    redirectTo: redirectTargetFor(config, input.redirectTo),
    codeChallenge: input.codeChallenge ?? null,
    codeChallengeMethod: input.codeChallengeMethod ?? null,
    ...(input.confirmUrl ? { confirmUrl: input.confirmUrl } : {}),
  };
}

export function isBanned(user: Pick<UserRow, "bannedUntil">, now: Date): boolean {
  return user.bannedUntil !== null && user.bannedUntil > now;
}

/**
 * A new account that signs in by e-mail: unconfirmed until a link from its inbox is followed. `ids`,
 * when given, are the account's and its e-mail identity's ids (sign-up makes them before it knows
 * whether the address is taken: see signedUpUserJson); otherwise the database makes them.
 */
export async function createEmailUser(
  tx: Database,
  email: string,
  passwordHash: string | null,
  data: Record<string, unknown>,
  now: Date,
  language: Language = DEFAULT_LANGUAGE,
  ids?: { userId: string; identityId: string },
): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({
      ...(ids ? { id: ids.userId } : {}),
      email,
      passwordHash,
      userMetadata: data,
      appMetadata: { provider: "email", providers: ["email"] },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(identities).values({
    ...(ids ? { id: ids.identityId } : {}),
    userId: user!.id,
    provider: "email",
    providerId: user!.id,
    identityData: newEmailIdentityData(user!.id, email),
    createdAt: now,
    updatedAt: now,
  });
  await createProfileForNewAccount(tx, user!, language, now);
  return user!;
}

/**
 * Deletes every sign-up link of an account, once its address is confirmed (by a link or a provider):
 * each carries the password of its own sign-up, and only the first one followed may apply.
 */
export async function retireSignUpLinks(tx: Database, userId: string): Promise<void> {
  await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, "signup")));
}

/** The verification types a link or POST /verify may name; `email` stands for sign-up or magic link. */
export const VERIFY_TYPES = ["signup", "magiclink", "recovery", "email", "invite", "email_change"] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

const linkExpired = () => new AuthError(403, "otp_expired", "Email link is invalid or has expired");

export interface ConsumedLink {
  user: UserRow;
  kind: LinkKind;
  redirectTo: string;
  codeChallenge: string | null;
  codeChallengeMethod: "s256" | "plain" | null;
}

/**
 * Spends a link token inside the caller's transaction: deleted as it is read, so two clicks racing
 * on one link cannot both win (see applyLink for what it does).
 */
async function consumeLink(tx: Database, token: unknown, type: unknown, now: Date): Promise<ConsumedLink> {
  const kinds = linkKindsOf(type);
  if (typeof token !== "string" || token.length === 0 || token.length > 256) throw linkExpired();
  const [row] = await tx
    .delete(oneTimeTokens)
    .where(eq(oneTimeTokens.tokenHash, hashToken(token)))
    .returning();
  if (!row || !kinds.includes(row.kind) || row.expiresAt <= now) throw linkExpired();
  return applyLink(tx, row, now);
}

/**
 * The kinds of link a verification type may spend: `email` stands for a sign-up or a magic link (as
 * in Supabase); `invite` and `email_change` are never sent here, so none.
 */
export function linkKindsOf(type: unknown): readonly LinkKind[] {
  if (typeof type !== "string" || !(VERIFY_TYPES as readonly string[]).includes(type)) {
    throw new AuthError(400, "validation_failed", "Unsupported verification type");
  }
  if (type === "email") return ["signup", "magiclink"];
  return type === "signup" || type === "magiclink" || type === "recovery" ? [type] : [];
}

/**
 * Spends the link with id `linkId` (and so the code e-mailed with it) inside the caller's
 * transaction, as following it would; undefined when it is gone (spent by a racing request).
 */
export async function consumeLinkById(tx: Database, linkId: string, now: Date): Promise<ConsumedLink | undefined> {
  const [row] = await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.id, linkId)).returning();
  return row ? applyLink(tx, row, now) : undefined;
}

/** What a spent link does to its account: confirms the address, which the click proves the person reads. */
async function applyLink(tx: Database, row: typeof oneTimeTokens.$inferSelect, now: Date): Promise<ConsumedLink> {
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw linkExpired();
  if (isBanned(user, now)) throw new AuthError(403, "user_banned", "User is banned");
  let confirmed: UserRow = user;
  if (!user.emailConfirmedAt) {
    // Someone may have signed this address up with a password of their own before its owner used a
    // link to get in (pre-account takeover). A sign-up link brings the password and data typed at
    // its own sign-up; any other link leaves the account without a password.
    // When the address was signed up more than once, the owner cannot tell whose confirmation mail
    // this is: the link then confirms the address and signs in, but brings no password (one can be
    // set with "Forgot password"), so a stranger's password never survives.
    const isContested =
      row.kind === "signup" &&
      (
        await tx
          .select({ id: oneTimeTokens.id })
          .from(oneTimeTokens)
          .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, "signup")))
          .limit(1)
      ).length > 0;
    const isSignUp = row.kind === "signup" && !isContested;
    const metadata = (isSignUp && row.pendingUserMetadata) || user.userMetadata;
    const [updated] = await tx
      .update(users)
      .set({
        emailConfirmedAt: now,
        userMetadata: { ...metadata, email_verified: true },
        // A sign-up link issued before links carried their password keeps the account's.
        ...(isSignUp
          ? row.pendingPasswordHash
            ? { passwordHash: row.pendingPasswordHash }
            : {}
          : { passwordHash: null }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    confirmed = updated!;
    const nameTyped = isSignUp && row.pendingUserMetadata ? typedName(row.pendingUserMetadata) : null;
    if (nameTyped) {
      await tx.update(profiles).set({ name: nameTyped, updatedAt: now }).where(eq(profiles.userId, user.id));
    }
    // The weekly digest starts only if they asked for it at sign-up (its box unticked by default).
    if (isSignUp && row.pendingUserMetadata && asksForDigest(row.pendingUserMetadata)) {
      await tx.update(profiles).set({ receivesDigest: true, updatedAt: now }).where(eq(profiles.userId, user.id));
    }
    await tx
      .update(identities)
      .set({ identityData: sql`${identities.identityData} || '{"email_verified": true}'::jsonb`, updatedAt: now })
      .where(and(eq(identities.userId, user.id), eq(identities.provider, "email")));
  }
  // The address is confirmed now: the other sign-up links (other passwords) must not work any more.
  await retireSignUpLinks(tx, user.id);
  return {
    user: confirmed,
    kind: row.kind,
    redirectTo: row.redirectTo,
    codeChallenge: row.codeChallenge,
    codeChallengeMethod: row.codeChallengeMethod,
  };
}

export interface VerifiedLink {
  session: SessionJson;
  type: LinkKind;
  redirectTo: string;
}

/**
 * Verifies a link token and signs its owner in: POST /verify `{type, token_hash}` and the web's
 * /auth/confirm page. A used, expired or unknown token answers 403 otp_expired.
 */
export async function verifyEmailToken(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: { tokenHash: string; type: string },
): Promise<VerifiedLink> {
  const ring = await loadKeyRing(db);
  return db.transaction(async (tx) => {
    const link = await consumeLink(tx, input.tokenHash, input.type, request.now);
    const session = await startSession(tx, ring, config, request, link.user, SESSION_METHOD[link.kind]);
    return { session, type: link.kind, redirectTo: link.redirectTo };
  });
}

/**
 * GET /verify, the link in an e-mail: answers with where to send the browser (303). Implicit clients
 * get the session in the fragment, PKCE clients `?code=`, failures Supabase's error parameters.
 */
export async function verifyEmailLink(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: { token: string | undefined; type: string | undefined; redirectTo: string | undefined },
): Promise<string> {
  const ring = await loadKeyRing(db);
  try {
    return await db.transaction(async (tx) => {
      const link = await consumeLink(tx, input.token, input.type, request.now);
      if (link.codeChallenge) {
        const authCode = randomUUID();
        await tx.insert(flowStates).values({
          userId: link.user.id,
          provider: link.kind === "recovery" ? "recovery" : "email",
          authenticationMethod: SESSION_METHOD[link.kind],
          codeChallenge: link.codeChallenge,
          codeChallengeMethod: link.codeChallengeMethod,
          authCodeHash: hashToken(authCode),
          redirectTo: link.redirectTo,
          expiresAt: new Date(request.now.getTime() + FLOW_STATE_LIFETIME_MS),
          createdAt: request.now,
        });
        return withQuery(link.redirectTo, { code: authCode });
      }
      const session = await startSession(tx, ring, config, request, link.user, SESSION_METHOD[link.kind]);
      return withFragment(link.redirectTo, sessionFragment(session, link.kind));
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return errorRedirect(redirectTargetFor(config, input.redirectTo), error, "access_denied");
  }
}

/** The fragment Supabase puts tokens in after a link or a provider (wire-format reference §5). */
export function sessionFragment(session: SessionJson, type?: string): Record<string, string> {
  return {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: "",
    token_type: "bearer",
    ...(type ? { type } : {}),
  };
}

/** Errors travel in the query and in the fragment, so implicit and PKCE clients both see them. */
export function errorRedirect(target: string, error: AuthError, oauthError: string): string {
  const params = { error: oauthError, error_code: error.code, error_description: error.message };
  return withFragment(withQuery(target, params), { ...params, sb: "" });
}

export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.href;
}
