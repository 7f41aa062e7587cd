import { AuthApiError, AuthWeakPasswordError, GoTrueClient } from "@supabase/auth-js";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authSessions, jobs, otpCodes, refreshTokens, users } from "#server/db/schema";
import { requestMagicLink } from "#server/auth/email-links";
import { SEND_EMAIL_JOB, type EmailKind } from "#server/services/outbox";
import { listenAuthServer } from "#tests/support/auth-server";
import { countEmails, latestEmailLink, runRecoveryLookups } from "#tests/support/auth-mail";
import { createTestSession, testAuthRequest } from "#tests/support/auth-session";
import { setUpAuthServer } from "#tests/support/auth-server";
import { testDatabaseKind } from "#tests/support/test-database";

// The pinned real client (package.json) against our server over HTTP: if auth-js accepts these
// answers, so will every app built on supabase-js.
const context = setUpAuthServer({ AUTH_EMAILS_PER_HOUR: "1000" });

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function newClient(flowType: "implicit" | "pkce" = "implicit", url = `${context.server.baseUrl}/auth/v1`) {
  return new GoTrueClient({
    url,
    storage: memoryStorage(),
    storageKey: `test-${Math.random()}`,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    flowType,
  });
}

let counter = 0;
const uniqueEmail = (name: string) => `${name}-${(counter += 1)}-${Date.now()}@example.com`;
const PASSWORD = "velvet-harbor-lantern-7";

/** Follows an e-mailed link as a browser would and returns where it lands (the 303's Location). */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

/** The six-digit code of the newest queued e-mail of `kind` to `address`. */
async function latestEmailCode(address: string, kind: EmailKind): Promise<string> {
  await runRecoveryLookups(context.handle.db);
  const [job] = await context.handle.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, SEND_EMAIL_JOB),
        sql`${jobs.payload}->>'to' = ${address}`,
        sql`${jobs.payload}->>'kind' = ${kind}`,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  const code = job?.payload.code;
  if (typeof code !== "string") throw new Error(`No ${kind} e-mail with a code to ${address} was queued.`);
  return code;
}

/** Another six-digit code than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1));
}

/** An account made without e-mail, for tests whose own flow then e-mails the address (one e-mail a minute). */
async function confirmedAccount(email: string, password = PASSWORD) {
  await createTestSession(context.handle.db, context.server.config, { email, password });
}

async function signedUpAndConfirmed(client: GoTrueClient, email: string, password = PASSWORD) {
  const { error } = await client.signUp({ email, password });
  expect(error).toBeNull();
  const landed = await follow(await latestEmailLink(context.handle.db, email, "signup"));
  const tokens = fragmentOf(landed);
  const { data, error: sessionError } = await client.setSession({
    access_token: tokens.get("access_token")!,
    refresh_token: tokens.get("refresh_token")!,
  });
  expect(sessionError).toBeNull();
  return data.session!;
}

describe(`@supabase/auth-js against our /auth/v1 on the ${testDatabaseKind()} database`, () => {
  it("signs up without a session, e-mails a confirmation link, and the link signs in on the redirect page", async () => {
    const client = newClient();
    const email = uniqueEmail("signup");
    const { data, error } = await client.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: "Ada" }, emailRedirectTo: `${context.server.baseUrl}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { name: "Ada" },
      identities: [{ provider: "email" }],
      confirmation_sent_at: expect.any(String),
    });
    expect(data.user!.email_confirmed_at).toBeUndefined();

    const link = new URL(await latestEmailLink(context.handle.db, email, "signup"));
    expect(`${link.origin}${link.pathname}`).toBe(`${context.server.baseUrl}/auth/v1/verify`);
    const landed = await follow(link.href);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${context.server.baseUrl}/welcome`);
    const tokens = fragmentOf(landed);
    expect(tokens.get("type")).toBe("signup");
    expect(tokens.get("token_type")).toBe("bearer");
    expect(Number(tokens.get("expires_in"))).toBe(3600);

    const { data: session } = await client.setSession({
      access_token: tokens.get("access_token")!,
      refresh_token: tokens.get("refresh_token")!,
    });
    expect(session.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
    const { data: fetched, error: userError } = await client.getUser();
    expect(userError).toBeNull();
    expect(fetched.user!.email).toBe(email);
  });

  it("refuses to sign in before the address is confirmed, but only once the password matched", async () => {
    const client = newClient();
    const email = uniqueEmail("unconfirmed");
    await client.signUp({ email, password: PASSWORD });
    const wrong = await client.signInWithPassword({ email, password: "not-the-password-1" });
    expect(wrong.error).toMatchObject({ code: "invalid_credentials", status: 400 });
    const right = await client.signInWithPassword({ email, password: PASSWORD });
    expect(right.error).toMatchObject({ code: "email_not_confirmed", message: "Email not confirmed", status: 400 });
  });

  it("signs in with a password, and answers invalid_credentials for a wrong password or an unknown address", async () => {
    const client = newClient();
    const email = uniqueEmail("signin");
    await signedUpAndConfirmed(newClient(), email);

    for (const attempt of [
      { email, password: "wrong-password-here" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const { data, error } = await client.signInWithPassword(attempt);
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ code: "invalid_credentials", message: "Invalid login credentials", status: 400 });
      expect(data.session).toBeNull();
    }

    const { data, error } = await client.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email } });
    expect(data.session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect((await client.getSession()).data.session!.access_token).toBe(data.session!.access_token);
    const claims = await client.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data!.claims).toMatchObject({ email, aud: "authenticated", role: "authenticated" });
  });

  it("answers a sign-up for a taken address as for a new one, and tells only the owner, by e-mail", async () => {
    const email = uniqueEmail("taken");
    await confirmedAccount(email);
    const { data, error } = await newClient().signUp({
      email,
      password: "another-good-password-2",
      options: { data: { name: "Ada" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    // What apps read to say "already registered" (empty identities) looks like any new user's.
    expect(data.user).toMatchObject({ email, user_metadata: { name: "Ada" }, identities: [{ provider: "email" }] });
    expect(data.user!.identities![0]!.user_id).toBe(data.user!.id);
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(await countEmails(context.handle.db, email, "signup")).toBe(0);
    expect(await countEmails(context.handle.db, email, "account_exists")).toBe(1);
  });

  it("refuses weak passwords with weak_password and its reasons", async () => {
    const client = newClient();
    const short = await client.signUp({ email: uniqueEmail("weak"), password: "x7!kQ" });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error).toMatchObject({
      code: "weak_password",
      status: 422,
      reasons: ["length"],
      message: "Password should be at least 8 characters.",
    });
    const common = await client.signUp({ email: uniqueEmail("weak"), password: "Password123" });
    expect(common.error).toMatchObject({ code: "weak_password", reasons: ["pwned"] });
  });

  it("refreshes the session with a new refresh token, and the old one reused later revokes the session", async () => {
    const client = newClient();
    const first = await signedUpAndConfirmed(client, uniqueEmail("refresh"));
    const second = (await client.refreshSession()).data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = (await client.refreshSession()).data.session!;
    expect(third.refresh_token).not.toBe(second.refresh_token);
    expect((await client.getUser()).data.user!.email).toBe(first.user.email);

    // Past Supabase's 10-second grace for tabs refreshing together.
    await context.handle.db.update(refreshTokens).set({ updatedAt: sql`now() - interval '1 minute'` });
    const replay = await newClient().refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error).toMatchObject({
      code: "refresh_token_already_used",
      message: "Invalid Refresh Token: Already Used",
      status: 400,
    });
    const after = await newClient().refreshSession({ refresh_token: third.refresh_token });
    expect(after.error).toMatchObject({ code: "refresh_token_not_found" });
    const user = await newClient().getUser(third.access_token);
    expect(user.error).toMatchObject({ name: "AuthSessionMissingError" });
  });

  it("tolerates the immediate parent of the live refresh token (the answer got lost)", async () => {
    const client = newClient();
    await signedUpAndConfirmed(client, uniqueEmail("parent"));
    const parent = (await client.refreshSession()).data.session!;
    const live = (await client.refreshSession()).data.session!;
    await context.handle.db.update(refreshTokens).set({ updatedAt: sql`now() - interval '1 minute'` });
    const again = await newClient().refreshSession({ refresh_token: parent.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session!.user.id).toBe(live.user.id);
  });

  it("signs out, after which the old access token answers session_not_found and the session is gone", async () => {
    const client = newClient();
    const session = await signedUpAndConfirmed(client, uniqueEmail("signout"));
    expect((await client.signOut()).error).toBeNull();
    expect((await client.getSession()).data.session).toBeNull();
    const response = await fetch(`${context.server.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${session.access_token}`, "x-supabase-api-version": "2024-01-01" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
    const viaClient = await newClient().getUser(session.access_token);
    expect(viaClient.error).toMatchObject({ name: "AuthSessionMissingError" });
    expect((await newClient().refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
  });

  it("signs out other sessions only with scope others", async () => {
    const email = uniqueEmail("others");
    await signedUpAndConfirmed(newClient(), email);
    const phone = newClient();
    const laptop = newClient();
    await phone.signInWithPassword({ email, password: PASSWORD });
    await laptop.signInWithPassword({ email, password: PASSWORD });
    expect((await laptop.signOut({ scope: "others" })).error).toBeNull();
    expect((await laptop.getUser()).error).toBeNull();
    expect((await phone.getUser()).error).toMatchObject({ name: "AuthSessionMissingError" });
  });

  it("signs in with a magic link through the PKCE flow", async () => {
    const email = uniqueEmail("magic");
    await confirmedAccount(email);
    const client = newClient("pkce");
    const { data, error } = await client.signInWithOtp({
      email,
      options: { emailRedirectTo: `${context.server.baseUrl}/after-link`, shouldCreateUser: false },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const landed = await follow(await latestEmailLink(context.handle.db, email, "magiclink"));
    expect(landed.pathname).toBe("/after-link");
    const code = landed.searchParams.get("code")!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const exchanged = await client.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session!.user.email).toBe(email);
    const reused = await newClient("pkce").exchangeCodeForSession(code);
    expect(reused.error).not.toBeNull();
  });

  it("creates an account from a magic link to a new address, which the link confirms", async () => {
    const email = uniqueEmail("new-magic");
    const client = newClient();
    expect((await client.signInWithOtp({ email })).error).toBeNull();
    const tokens = fragmentOf(await follow(await latestEmailLink(context.handle.db, email, "magiclink")));
    expect(tokens.get("type")).toBe("magiclink");
    const { data } = await client.setSession({
      access_token: tokens.get("access_token")!,
      refresh_token: tokens.get("refresh_token")!,
    });
    expect(data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
  });

  it("resets a forgotten password: the recovery link signs in and the new password needs no current one", async () => {
    const email = uniqueEmail("recover");
    await confirmedAccount(email);
    const client = newClient();
    const { data, error } = await client.resetPasswordForEmail(email, {
      redirectTo: `${context.server.baseUrl}/reset-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const landed = await follow(await latestEmailLink(context.handle.db, email, "recovery"));
    expect(landed.pathname).toBe("/reset-password");
    const tokens = fragmentOf(landed);
    expect(tokens.get("type")).toBe("recovery");
    await client.setSession({ access_token: tokens.get("access_token")!, refresh_token: tokens.get("refresh_token")! });
    const updated = await client.updateUser({ password: "a-brand-new-passphrase" });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.email).toBe(email);

    expect((await newClient().signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: "invalid_credentials",
    });
    expect((await newClient().signInWithPassword({ email, password: "a-brand-new-passphrase" })).error).toBeNull();
  });

  it("asks for the current password to change it in an ordinary session, and updates metadata", async () => {
    const client = newClient();
    await signedUpAndConfirmed(client, uniqueEmail("change"));
    const missing = await client.updateUser({ password: "yet-another-passphrase" });
    expect(missing.error).toMatchObject({ code: "current_password_required", status: 400 });
    const changed = await client.updateUser({ password: "yet-another-passphrase", current_password: PASSWORD });
    expect(changed.error).toBeNull();
    const withData = await client.updateUser({ data: { name: "Grace", city: "Arlington" } });
    expect(withData.data.user!.user_metadata).toMatchObject({ name: "Grace", city: "Arlington" });
    const removed = await client.updateUser({ data: { city: null } });
    expect(removed.data.user!.user_metadata).not.toHaveProperty("city");
  });

  it("answers the same empty success for a recovery request to an unknown address", async () => {
    const { data, error } = await newClient().resetPasswordForEmail(uniqueEmail("ghost"));
    expect(error).toBeNull();
    expect(data).toEqual({});
  });

  it("limits e-mails to one a minute per address with Supabase's code and wording", async () => {
    const email = uniqueEmail("window");
    const client = newClient();
    expect((await client.resetPasswordForEmail(email)).error).toBeNull();
    const { error } = await client.resetPasswordForEmail(email);
    expect(error).toMatchObject({ code: "over_email_send_rate_limit", status: 429 });
    expect(error!.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });

  it("answers 'email rate limit exceeded' once the hourly e-mail budget is spent", async () => {
    expect((await newClient().signInWithOtp({ email: uniqueEmail("budget") })).error).toBeNull();
    const strict = await listenAuthServer(context.handle, { AUTH_EMAILS_PER_HOUR: "1" });
    try {
      const client = newClient("implicit", `${strict.baseUrl}/auth/v1`);
      const { error } = await client.signInWithOtp({ email: uniqueEmail("budget") });
      expect(error).toMatchObject({
        code: "over_email_send_rate_limit",
        message: "email rate limit exceeded",
        status: 429,
      });
    } finally {
      await strict.close();
    }
  });

  it("signs in with the six-digit code of a magic-link e-mail, once, which spends the link too", async () => {
    const email = uniqueEmail("otp-code");
    await confirmedAccount(email);
    const client = newClient();
    expect((await client.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const code = await latestEmailCode(email, "magiclink");
    expect(code).toMatch(/^\d{6}$/);
    // Codes are stored hashed: the table never holds the digits.
    const stored = await context.handle.db.select().from(otpCodes);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash) && row.codeHash !== code)).toBe(true);

    const wrong = await client.verifyOtp({ email, token: wrongCode(code), type: "magiclink" });
    expect(wrong.error).toMatchObject({ code: "otp_expired", message: "Token has expired or is invalid", status: 403 });
    const other = await client.verifyOtp({ email: uniqueEmail("nobody"), token: code, type: "magiclink" });
    expect(other.error).toMatchObject({ code: "otp_expired", status: 403 });

    const { data, error } = await client.verifyOtp({ email: email.toUpperCase(), token: code, type: "magiclink" });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: "bearer", user: { email } });
    expect((await client.getUser()).data.user!.email).toBe(email);

    const again = await newClient().verifyOtp({ email, token: code, type: "magiclink" });
    expect(again.error).toMatchObject({ code: "otp_expired", status: 403 });
    const link = fragmentOf(await follow(await latestEmailLink(context.handle.db, email, "magiclink")));
    expect(link.get("error_code")).toBe("otp_expired");
  });

  it("confirms a sign-up with its e-mail's code (type signup, or email for a new magic-link account)", async () => {
    const email = uniqueEmail("otp-signup");
    expect((await newClient().signUp({ email, password: PASSWORD })).error).toBeNull();
    const client = newClient();
    const verified = await client.verifyOtp({ email, token: await latestEmailCode(email, "signup"), type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
    // The password typed at sign-up came with the code, as it comes with the link.
    expect((await newClient().signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const newcomer = uniqueEmail("otp-email");
    expect((await newClient().signInWithOtp({ email: newcomer })).error).toBeNull();
    const byEmail = await newClient().verifyOtp({
      email: newcomer,
      token: await latestEmailCode(newcomer, "magiclink"),
      type: "email",
    });
    expect(byEmail.error).toBeNull();
    expect(byEmail.data.user).toMatchObject({ email: newcomer, email_confirmed_at: expect.any(String) });
  });

  it("resets a password with the recovery e-mail's code, and a code of one type is not another's", async () => {
    const email = uniqueEmail("otp-recovery");
    await confirmedAccount(email);
    expect((await newClient().resetPasswordForEmail(email)).error).toBeNull();
    const code = await latestEmailCode(email, "recovery");
    const client = newClient();
    expect((await client.verifyOtp({ email, token: code, type: "magiclink" })).error).toMatchObject({
      code: "otp_expired",
    });
    expect((await client.verifyOtp({ email, token: code, type: "recovery" })).error).toBeNull();
    expect((await client.updateUser({ password: "a-recovered-passphrase" })).error).toBeNull();
    expect((await newClient().signInWithPassword({ email, password: "a-recovered-passphrase" })).error).toBeNull();
  });

  it("refuses an expired code, and after five wrong codes for an address refuses even the right one", async () => {
    // Failures are counted in 15-minute windows: keep all of this test's tries in one.
    const intoWindow = Date.now() % (15 * 60_000);
    if (intoWindow > 15 * 60_000 - 10_000)
      await new Promise((resolve) => setTimeout(resolve, 15 * 60_000 - intoWindow));
    const email = uniqueEmail("otp-limits");
    await confirmedAccount(email);
    const client = newClient();
    await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const code = await latestEmailCode(email, "magiclink");
    const [user] = await context.handle.db.select().from(users).where(eq(users.email, email));
    await context.handle.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.userId, user!.id));
    expect((await client.verifyOtp({ email, token: code, type: "magiclink" })).error).toMatchObject({
      code: "otp_expired",
    });
    await context.handle.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() + interval '10 minutes'` })
      .where(eq(otpCodes.userId, user!.id));

    // The expired try above was the first failure.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const { error } = await client.verifyOtp({ email, token: wrongCode(code), type: "magiclink" });
      expect(error).toMatchObject({ code: "otp_expired" });
    }
    const right = await client.verifyOtp({ email, token: code, type: "magiclink" });
    expect(right.error).toMatchObject({ code: "over_request_rate_limit", status: 429 });
  });

  it("lets only one of two requests racing with one code in", async () => {
    const email = uniqueEmail("otp-race");
    await confirmedAccount(email);
    await newClient().signInWithOtp({ email, options: { shouldCreateUser: false } });
    const token = await latestEmailCode(email, "magiclink");
    const answers = await Promise.all([0, 1].map(() => newClient().verifyOtp({ email, token, type: "magiclink" })));
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    expect(answers.find((answer) => answer.error)!.error).toMatchObject({ code: "otp_expired" });
  });

  it("puts no code in the site's own e-mails, whose pages take none", async () => {
    const email = uniqueEmail("web-link");
    await confirmedAccount(email);
    await requestMagicLink(context.handle.db, context.server.config, testAuthRequest(), {
      email,
      createUser: false,
      confirmUrl: `${context.server.baseUrl}/auth/confirm`,
    });
    expect(await latestEmailLink(context.handle.db, email, "magiclink")).toContain("/auth/confirm?");
    await expect(latestEmailCode(email, "magiclink")).rejects.toThrow("No magiclink e-mail with a code");
  });

  it("answers otp_disabled to a magic link for an unknown address that may not sign up", async () => {
    const email = uniqueEmail("otp-unknown");
    const { data, error } = await newClient().signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toMatchObject({ code: "otp_disabled", message: "Signups not allowed for otp", status: 422 });
    expect(data).toEqual({ user: null, session: null });
    expect(await countEmails(context.handle.db, email)).toBe(0);
    expect(await context.handle.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("answers anonymous_provider_disabled to an anonymous sign-in", async () => {
    const { data, error } = await newClient().signInAnonymously({ options: { data: { guest: true } } });
    expect(error).toMatchObject({
      code: "anonymous_provider_disabled",
      message: "Anonymous sign-ins are disabled",
      status: 422,
    });
    expect(data).toEqual({ user: null, session: null });
  });

  it("reauthenticates by an e-mailed nonce, which changes the password without the current one, once", async () => {
    const email = uniqueEmail("reauth");
    await confirmedAccount(email);
    const client = newClient();
    expect((await client.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const sent = await client.reauthenticate();
    expect(sent).toEqual({ data: { user: null, session: null }, error: null });
    const nonce = await latestEmailCode(email, "reauthentication");
    expect(nonce).toMatch(/^\d{6}$/);

    const wrong = await client.updateUser({ password: "a-reauthenticated-passphrase", nonce: wrongCode(nonce) });
    expect(wrong.error).toMatchObject({
      code: "reauthentication_not_valid",
      message: "Nonce has expired or is invalid",
      status: 422,
    });
    const changed = await client.updateUser({ password: "a-reauthenticated-passphrase", nonce });
    expect(changed.error).toBeNull();
    expect(
      (await newClient().signInWithPassword({ email, password: "a-reauthenticated-passphrase" })).error,
    ).toBeNull();
    const reused = await client.updateUser({ password: "yet-another-new-passphrase", nonce });
    expect(reused.error).toMatchObject({ code: "reauthentication_not_valid", status: 422 });

    const signedOut = await newClient().reauthenticate();
    expect(signedOut.error).toMatchObject({ name: "AuthSessionMissingError" });
  });

  it("answers reauthentication_needed to a new password in a session older than a day, until it has a nonce", async () => {
    const email = uniqueEmail("reauth-old");
    await confirmedAccount(email);
    const client = newClient();
    const { data } = await client.signInWithPassword({ email, password: PASSWORD });
    await context.handle.db
      .update(authSessions)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(authSessions.userId, data.user!.id));
    const refused = await client.updateUser({ password: "an-old-session-passphrase" });
    expect(refused.error).toMatchObject({
      code: "reauthentication_needed",
      message: "Password update requires reauthentication",
      status: 400,
    });
    expect((await client.reauthenticate()).error).toBeNull();
    const nonce = await latestEmailCode(email, "reauthentication");
    expect((await client.updateUser({ password: "an-old-session-passphrase", nonce })).error).toBeNull();
  });

  it("builds the provider URL, and a provider without credentials answers that it is not enabled", async () => {
    const client = newClient();
    const { data } = await client.signInWithOAuth({ provider: "google", options: { skipBrowserRedirect: true } });
    const response = await fetch(data.url!, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-sb-error-code")).toBe("validation_failed");
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Unsupported provider: provider is not enabled",
    });
    const settings = await (await fetch(`${context.server.baseUrl}/auth/v1/settings`)).json();
    expect(settings.external).toMatchObject({ email: true, google: false, facebook: false });
  });
});
