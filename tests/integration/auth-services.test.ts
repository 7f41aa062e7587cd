import { hash as hashWithArgon2 } from "@node-rs/argon2";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MIGRATIONS_DIR, type DatabaseHandle } from "#server/db/client";
import { authSessions, jobs, profiles, users } from "#server/db/schema";
import { readConfig } from "#server/env";
import { authenticateAccessToken } from "#server/auth/access-tokens";
import { AuthError } from "#server/auth/auth-error";
import { requestMagicLink, requestPasswordRecovery, verifyEmailToken } from "#server/auth/email-links";
import { refreshSession, signOut } from "#server/auth/sessions";
import { signInWithPassword } from "#server/auth/sign-in";
import { signUp } from "#server/auth/sign-up";
import { updateUser } from "#server/auth/user-update";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createMailboxMailer, type Mailer } from "#server/mail/mailer";
import { SEND_EMAIL_JOB } from "#server/services/outbox";
import { EMAIL_MESSAGES, type RenderedEmail } from "#server/mail/render-email";
import { createTestSession, testAuthRequest } from "#tests/support/auth-session";
import { latestEmailLink, runRecoveryLookups } from "#tests/support/auth-mail";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

const config = readConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", AUTH_EMAILS_PER_HOUR: "1000" });
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe(`the account services on the ${testDatabaseKind()} database`, () => {
  it("gives tests a signed-in, confirmed person whose access token authenticates", async () => {
    const { userId, session, email } = await createTestSession(handle.db, config);
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { id: userId, email } });
    const authenticated = await authenticateAccessToken(handle.db, config, session.access_token, new Date());
    expect(authenticated.user.id).toBe(userId);
    expect(authenticated.user.email_confirmed_at).toEqual(expect.any(String));
  });

  it("gives a new account a profile named as typed, in the language it signed up in", async () => {
    const email = "profile-at-signup@example.com";
    const user = await signUp(
      handle.db,
      config,
      { ...testAuthRequest(), language: "fr" },
      {
        email,
        password: "marmalade-kayak-9",
        data: { name: "  Amina Tesfaye " },
      },
    );
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ name: "Amina Tesfaye", preferredLanguage: "fr" });

    // Without a name (a magic link to a new address): the word for "Member", never part of the address.
    for (const [language, word] of [
      ["en", "Member"],
      ["am", "አባል"],
    ] as const) {
      const email = `no-name-${language}@example.com`;
      await requestMagicLink(handle.db, config, testAuthRequest({ language }), { email, createUser: true });
      const [created] = await handle.db.select().from(users).where(eq(users.email, email));
      const [unnamed] = await handle.db.select().from(profiles).where(eq(profiles.userId, created!.id));
      expect(unnamed?.name).toBe(word);
    }
  });

  it("renames accounts that were named after their address (migration 0009), and nobody else", async () => {
    const named = await createTestSession(handle.db, config, { email: "grace.hopper@example.com" });
    const chosen = await createTestSession(handle.db, config, { email: "ada@example.com" });
    await handle.db
      .update(profiles)
      .set({ name: "grace.hopper", preferredLanguage: "fr" })
      .where(eq(profiles.userId, named.userId));
    await handle.db.update(profiles).set({ name: "Ada Lovelace" }).where(eq(profiles.userId, chosen.userId));
    const migration = readFileSync(path.join(MIGRATIONS_DIR, "0009_auth_member_names.sql"), "utf8");
    await handle.db.execute(sql.raw(migration));
    const nameOf = async (userId: string) =>
      (await handle.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, userId)))[0]!.name;
    expect(await nameOf(named.userId)).toBe("Membre");
    expect(await nameOf(chosen.userId)).toBe("Ada Lovelace");
  });

  it("replaces a password hash made with older Argon2 parameters at the next sign-in, and it keeps working", async () => {
    const { userId, email, password } = await createTestSession(handle.db, config);
    const olderHash = await hashWithArgon2(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await handle.db.update(users).set({ passwordHash: olderHash }).where(eq(users.id, userId));

    const session = await signInWithPassword(handle.db, config, testAuthRequest(), { email, password });
    expect(session.user.id).toBe(userId);
    const [after] = await handle.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    await expect(signInWithPassword(handle.db, config, testAuthRequest(), { email, password })).resolves.toMatchObject({
      user: { id: userId },
    });
  });

  it("signs up, confirms through the e-mailed web link, and lands where the person was going", async () => {
    const email = "web-signup@example.com";
    const user = await signUp(handle.db, config, testAuthRequest(), {
      email,
      password: "marmalade-kayak-9",
      data: { name: "Web Person" },
      redirectTo: "http://localhost:3000/dashboard",
      confirmUrl: "http://localhost:3000/auth/confirm",
    });
    expect(user).toMatchObject({ email, user_metadata: { name: "Web Person" }, identities: [{ provider: "email" }] });
    const link = new URL(await latestEmailLink(handle.db, email, "signup"));
    expect(link.origin + link.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("next")).toBe("/dashboard");
    const verified = await verifyEmailToken(handle.db, config, testAuthRequest(), {
      tokenHash: link.searchParams.get("token_hash")!,
      type: "signup",
    });
    expect(verified).toMatchObject({ type: "signup", redirectTo: "http://localhost:3000/dashboard" });
    expect(verified.session.user.email_confirmed_at).toEqual(expect.any(String));
    const again = await rejection(
      verifyEmailToken(handle.db, config, testAuthRequest(), {
        tokenHash: link.searchParams.get("token_hash")!,
        type: "signup",
      }),
    );
    expect([again.status, again.code]).toEqual([403, "otp_expired"]);
  });

  it("allows one e-mail per address a minute, known or not, and says how long to wait", async () => {
    const now = new Date("2030-01-01T10:00:05Z");
    const { email } = await createTestSession(handle.db, config);
    for (const address of [email, "nobody-here@example.com"]) {
      await requestPasswordRecovery(handle.db, config, testAuthRequest({ now }), { email: address });
      const error = await rejection(
        requestPasswordRecovery(handle.db, config, testAuthRequest({ now: new Date(now.getTime() + 15_000) }), {
          email: address,
        }),
      );
      expect([error.status, error.code, error.message]).toEqual([
        429,
        "over_email_send_rate_limit",
        "For security purposes, you can only request this after 40 seconds.",
      ]);
      await requestPasswordRecovery(handle.db, config, testAuthRequest({ now: new Date(now.getTime() + 61_000) }), {
        email: address,
      });
    }
  });

  it("expires magic links after 15 minutes", async () => {
    const now = new Date();
    const { email } = await createTestSession(handle.db, config);
    await requestMagicLink(handle.db, config, testAuthRequest({ now }), { email, createUser: false });
    const token = new URL(await latestEmailLink(handle.db, email, "magiclink")).searchParams.get("token")!;
    const late = testAuthRequest({ now: new Date(now.getTime() + 15 * 60_000 + 1000) });
    const error = await rejection(verifyEmailToken(handle.db, config, late, { tokenHash: token, type: "magiclink" }));
    expect(error.code).toBe("otp_expired");
    const inTime = testAuthRequest({ now: new Date(now.getTime() + 14 * 60_000) });
    const verified = await verifyEmailToken(handle.db, config, inTime, { tokenHash: token, type: "magiclink" });
    expect(verified.session.user.email).toBe(email);
  });

  it("locks password sign-in for one client after 10 wrong passwords, not the owner elsewhere, until the window ends", async () => {
    const now = new Date("2030-02-01T10:00:00Z");
    const { email, password } = await createTestSession(handle.db, config);
    const stranger = testAuthRequest({ now });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const error = await rejection(
        signInWithPassword(handle.db, config, stranger, { email, password: `wrong-${attempt}` }),
      );
      expect(error.code).toBe("invalid_credentials");
    }
    const locked = await rejection(signInWithPassword(handle.db, config, stranger, { email, password }));
    expect([locked.status, locked.code]).toEqual([429, "over_request_rate_limit"]);
    // The owner, from their own address, is not locked out by the stranger's guesses.
    const owner = testAuthRequest({ now });
    expect((await signInWithPassword(handle.db, config, owner, { email, password })).user.email).toBe(email);
    const later = testAuthRequest({ now: new Date(now.getTime() + 16 * 60_000), ip: stranger.ip });
    expect((await signInWithPassword(handle.db, config, later, { email, password })).user.email).toBe(email);
    // Right passwords are not failures: the owner signs in as often as they like.
    for (let signIn = 0; signIn < 12; signIn += 1) {
      expect((await signInWithPassword(handle.db, config, owner, { email, password })).user.email).toBe(email);
    }
  });

  it("confirms a twice signed-up address with no password at all, whichever link is followed", async () => {
    // The owner cannot tell whose confirmation mail is whose, so neither sign-up's password survives:
    // the link confirms the address and signs in, and a password is then set with "Forgot password".
    for (const followed of ["first", "second"] as const) {
      const email = `signed-up-twice-${followed}@example.com`;
      const start = new Date();
      const signUpAs = (password: string, name: string, now: Date) =>
        signUp(handle.db, config, testAuthRequest({ now }), { email, password, data: { name } });
      const owner = await signUpAs("owners-own-password-1", "Owner", start);
      const firstToken = new URL(await latestEmailLink(handle.db, email, "signup")).searchParams.get("token")!;
      // Somebody else signs the same address up again a minute later, with a password of their own.
      const other = await signUpAs("strangers-password-2", "Stranger", new Date(start.getTime() + 61_000));
      // Its answer is a new user's, as for any address: nothing says the address was signed up before.
      expect(other.user_metadata).toEqual({ name: "Stranger" });
      expect(other.id).not.toBe(owner.id);
      const secondToken = new URL(await latestEmailLink(handle.db, email, "signup")).searchParams.get("token")!;
      expect(secondToken).not.toBe(firstToken);
      const [pending] = await handle.db.select().from(users).where(eq(users.email, email));
      expect(pending!.userMetadata).toEqual({ name: "Owner" });

      const [used, unused] = followed === "first" ? [firstToken, secondToken] : [secondToken, firstToken];
      const verified = await verifyEmailToken(handle.db, config, testAuthRequest(), {
        tokenHash: used,
        type: "signup",
      });
      expect(verified.session.user.id).toBe(owner.id);
      for (const password of ["owners-own-password-1", "strangers-password-2"]) {
        const refused = await rejection(signInWithPassword(handle.db, config, testAuthRequest(), { email, password }));
        expect(refused.code).toBe("invalid_credentials");
      }
      // The address is confirmed: the other link no longer works at all.
      const stale = await rejection(
        verifyEmailToken(handle.db, config, testAuthRequest(), { tokenHash: unused, type: "signup" }),
      );
      expect([stale.status, stale.code]).toEqual([403, "otp_expired"]);
    }
  });

  it("e-mails the owner of a confirmed account, in their saved language, when someone signs its address up", async () => {
    const own = await openTestDatabase();
    try {
      const { userId, email, password } = await createTestSession(own.db, config);
      await own.db.update(profiles).set({ preferredLanguage: "am" }).where(eq(profiles.userId, userId));
      // Early in a minute, as the per-address limit counts by the minute.
      const now = new Date("2030-04-01T10:00:05Z");
      const answer = await signUp(own.db, config, testAuthRequest({ now, language: "fr" }), {
        email,
        password: "strangers-password-2",
        data: { name: "Stranger" },
      });
      expect(answer.id).not.toBe(userId);
      const queued = await own.db.select().from(jobs);
      expect(queued.map((job) => job.payload)).toEqual([{ kind: "account_exists", to: email, language: "am" }]);

      const mailer: Mailer & { sent: RenderedEmail[] } = {
        sent: [],
        deliver: async (message) => void mailer.sent.push(message),
        close: () => {},
      };
      const handlers = createJobHandlers({ db: own.db, mailer, siteUrl: config.publicUrl });
      const logger = pino({ level: "silent" });
      await runDueJobs(own.db, { handlers, logger }, new Date(Date.now() + 5_000));
      const [sent] = mailer.sent;
      const words = EMAIL_MESSAGES.am.account_exists;
      expect(sent).toMatchObject({ to: email, language: "am", subject: words.subject });
      expect(sent!.text).toContain(words.intro.replace("{{email}}", email));
      expect(sent!.text).toContain(`${words.action}:\n${config.publicUrl}/signin`);
      expect(sent!.text).toContain(`${config.publicUrl}/forgot-password`);
      expect(sent!.html).toContain(`href="${config.publicUrl}/forgot-password"`);

      // Nothing about the account changed: its password still signs in, the stranger's does not.
      const stranger = await rejection(
        signInWithPassword(own.db, config, testAuthRequest(), { email, password: "strangers-password-2" }),
      );
      expect(stranger.code).toBe("invalid_credentials");
      expect((await signInWithPassword(own.db, config, testAuthRequest(), { email, password })).user.id).toBe(userId);

      // Like every account e-mail, at most one a minute to the address, and a new address alike.
      const newcomer = "newcomer-within-a-minute@example.com";
      await signUp(own.db, config, testAuthRequest({ now }), { email: newcomer, password: "marmalade-kayak-9" });
      for (const address of [email, newcomer]) {
        const tooSoon = await rejection(
          signUp(own.db, config, testAuthRequest({ now: new Date(now.getTime() + 15_000) }), {
            email: address,
            password: "strangers-password-2",
          }),
        );
        expect([tooSoon.status, tooSoon.code, tooSoon.message]).toEqual([
          429,
          "over_email_send_rate_limit",
          "For security purposes, you can only request this after 40 seconds.",
        ]);
      }
      expect(await own.db.select().from(jobs)).toHaveLength(2);
    } finally {
      await own.close();
    }
  });

  it("writes account e-mails in the language saved in the profile, else in the request's", async () => {
    const { userId, email, password } = await createTestSession(handle.db, config);
    await handle.db.update(profiles).set({ preferredLanguage: "ar" }).where(eq(profiles.userId, userId));
    const start = new Date("2030-03-01T10:00:00Z");
    const inFrench = (minutes: number) =>
      testAuthRequest({ now: new Date(start.getTime() + minutes * 61_000), language: "fr" });
    await requestPasswordRecovery(handle.db, config, inFrench(0), { email });
    await runRecoveryLookups(handle.db);
    await requestMagicLink(handle.db, config, inFrench(1), { email, createUser: false });
    const session = await signInWithPassword(handle.db, config, testAuthRequest(), { email, password });
    const actor = {
      userId,
      sessionId: (await authenticateAccessToken(handle.db, config, session.access_token, new Date())).sessionId,
    };
    await updateUser(handle.db, config, inFrench(2), actor, {
      password: "brand-new-secret-2",
      currentPassword: password,
    });
    // A new address has no saved language yet: the one it signed up in.
    const newcomer = `newcomer-${userId.slice(0, 8)}@example.com`;
    await signUp(handle.db, config, inFrench(3), { email: newcomer, password: "marmalade-kayak-9" });

    const languages = async (to: string) =>
      (await handle.db.select().from(jobs).orderBy(jobs.id))
        .filter((job) => job.payload.to === to)
        .map((job) => [job.payload.kind, job.payload.language]);
    expect(await languages(email)).toEqual([
      ["recovery", "ar"],
      ["magiclink", "ar"],
      ["password_changed", "ar"],
    ]);
    expect(await languages(newcomer)).toEqual([["signup", "fr"]]);
  });

  it("gives each of five parallel refreshes with one token a token that works later; an old reuse still revokes", async () => {
    const start = new Date(Date.now() - 60_000);
    const { session } = await createTestSession(handle.db, config, { now: start });
    const together = await Promise.all(
      Array.from({ length: 5 }, () =>
        refreshSession(handle.db, config, testAuthRequest({ now: start }), { refreshToken: session.refresh_token }),
      ),
    );
    const tokens = together.map((renewed) => renewed.refresh_token);
    expect(new Set(tokens).size).toBe(5);
    // Whichever of them a tab kept, it works a minute later, long past the 10 s grace.
    const later = new Date(start.getTime() + 60_000);
    for (const refreshToken of tokens) {
      const renewed = await refreshSession(handle.db, config, testAuthRequest({ now: later }), { refreshToken });
      expect(renewed.user.id).toBe(session.user.id);
    }
    // The first token, spent a minute ago and the parent of no live token, is a copy: the session ends.
    const reused = await rejection(
      refreshSession(handle.db, config, testAuthRequest({ now: new Date(later.getTime() + 20_000) }), {
        refreshToken: session.refresh_token,
      }),
    );
    expect(reused.code).toBe("refresh_token_already_used");
    const ended = await rejection(
      refreshSession(handle.db, config, testAuthRequest({ now: later }), { refreshToken: tokens[0]! }),
    );
    expect(ended.code).toBe("refresh_token_not_found");
  });

  it("recovers from a failed reload of the signing keys instead of failing every later request", async () => {
    const failures = { left: 0 };
    const flaky = new Proxy(handle.db, {
      get(target, property) {
        if (property === "select" && failures.left > 0) {
          failures.left -= 1;
          throw new Error("connection lost");
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { session } = await createTestSession(flaky, config);
    const [head] = session.access_token.split(".");
    const header = JSON.parse(Buffer.from(head!, "base64url").toString()) as Record<string, unknown>;
    const strangeKid = `${Buffer.from(JSON.stringify({ ...header, kid: "not-a-key-of-ours" })).toString("base64url")}.${session.access_token.split(".").slice(1).join(".")}`;
    const realNow = Date.now.bind(Date);
    // Past the 30 s in which an unknown kid does not make us look again.
    const clock = vi.spyOn(Date, "now").mockImplementation(() => realNow() + 60_000);
    try {
      failures.left = 1;
      const refused = await rejection(authenticateAccessToken(flaky, config, strangeKid, new Date()));
      expect(refused.code).toBe("bad_jwt");
      expect(failures.left).toBe(0);
      const authenticated = await authenticateAccessToken(flaky, config, session.access_token, new Date());
      expect(authenticated.user.id).toBe(session.user.id);
    } finally {
      clock.mockRestore();
    }
  });

  it("drops a sent or failed e-mail's link from its job, and never writes the link into last_error or the log", async () => {
    const own = await openTestDatabase();
    try {
      const { email } = await createTestSession(own.db, config);
      const lines: string[] = [];
      const logger = pino({ level: "info", base: undefined }, { write: (line: string) => void lines.push(line) });
      const refusing: Mailer = {
        deliver: async (message) => Promise.reject(new Error(`550 message refused: ${message.text}`)),
        close: () => {},
      };
      const now = new Date();
      await requestPasswordRecovery(own.db, config, testAuthRequest({ now }), { email });
      const link = await latestEmailLink(own.db, email, "recovery");
      const token = new URL(link).searchParams.get("token")!;
      await own.db.update(jobs).set({ maxAttempts: 1 });
      const handlers = (mailer: Mailer) => createJobHandlers({ db: own.db, mailer, siteUrl: config.publicUrl });
      // Jobs are due from when they were queued (the database's clock): run them a little later.
      const runAt = new Date(Date.now() + 5_000);
      expect((await runDueJobs(own.db, { handlers: handlers(refusing), logger }, runAt))[0]?.outcome).toBe("failed");
      const [failed] = await own.db.select().from(jobs).where(eq(jobs.kind, SEND_EMAIL_JOB));
      expect(failed!.payload).toEqual({ kind: "recovery", to: email, language: "en" });
      expect(failed!.lastError).toContain("550 message refused");
      expect(failed!.lastError).not.toContain(token);
      expect(lines.join("\n")).toContain("550 message refused");
      expect(lines.join("\n")).not.toContain(token);

      const later = new Date(now.getTime() + 61_000);
      await requestPasswordRecovery(own.db, config, testAuthRequest({ now: later }), { email });
      const outcomes = await runDueJobs(
        own.db,
        { handlers: handlers(createMailboxMailer(own.db)), logger },
        new Date(Date.now() + 5_000),
      );
      // The recovery job looks the address up and queues the e-mail, which is then sent.
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["done", "done"]);
      const rows = await own.db.select().from(jobs);
      expect(rows.every((row) => !("link" in row.payload))).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("ends idle sessions after 7 days and every session after 30", async () => {
    const start = new Date();
    const { session } = await createTestSession(handle.db, config, { now: start });
    const idle = await rejection(
      refreshSession(handle.db, config, testAuthRequest({ now: new Date(start.getTime() + 8 * 86_400_000) }), {
        refreshToken: session.refresh_token,
      }),
    );
    expect([idle.code, idle.message]).toEqual([
      "session_expired",
      "Invalid Refresh Token: Session Expired (Inactivity)",
    ]);

    let current = (await createTestSession(handle.db, config, { now: start })).session;
    for (let day = 6; day <= 30; day += 6) {
      const request = testAuthRequest({ now: new Date(start.getTime() + day * 86_400_000) });
      if (day < 30) current = await refreshSession(handle.db, config, request, { refreshToken: current.refresh_token });
      else {
        const ended = await rejection(
          refreshSession(handle.db, config, request, { refreshToken: current.refresh_token }),
        );
        expect(ended.message).toBe("Invalid Refresh Token: Session Expired");
      }
    }
  });

  it("changes a password with the current one, signs out other sessions and queues a notice", async () => {
    const first = await createTestSession(handle.db, config);
    const other = await signInWithPassword(handle.db, config, testAuthRequest(), first);
    const actor = {
      userId: first.userId,
      sessionId: (await authenticateAccessToken(handle.db, config, first.session.access_token, new Date())).sessionId,
    };
    const missing = await rejection(
      updateUser(handle.db, config, testAuthRequest(), actor, { password: "brand-new-secret-1" }),
    );
    expect(missing.code).toBe("current_password_required");
    const wrong = await rejection(
      updateUser(handle.db, config, testAuthRequest(), actor, {
        password: "brand-new-secret-1",
        currentPassword: "nope-nope-nope",
      }),
    );
    expect(wrong.code).toBe("current_password_invalid");
    const same = await rejection(
      updateUser(handle.db, config, testAuthRequest(), actor, {
        password: first.password,
        currentPassword: first.password,
      }),
    );
    expect(same.code).toBe("same_password");
    await updateUser(handle.db, config, testAuthRequest(), actor, {
      password: "brand-new-secret-1",
      currentPassword: first.password,
    });
    const signedOut = await rejection(authenticateAccessToken(handle.db, config, other.access_token, new Date()));
    expect(signedOut.code).toBe("session_not_found");
    await authenticateAccessToken(handle.db, config, first.session.access_token, new Date());
    const notices = await handle.db.select().from(jobs);
    expect(notices.some((job) => job.payload.kind === "password_changed" && job.payload.to === first.email)).toBe(true);
  });

  it("signs out this session, the others, or all of them", async () => {
    const person = await createTestSession(handle.db, config);
    const second = await signInWithPassword(handle.db, config, testAuthRequest(), person);
    const third = await signInWithPassword(handle.db, config, testAuthRequest(), person);
    const sessionOf = async (token: string) =>
      (await authenticateAccessToken(handle.db, config, token, new Date())).sessionId;
    await signOut(handle.db, { userId: person.userId, sessionId: await sessionOf(third.access_token) }, "local");
    await expect(authenticateAccessToken(handle.db, config, third.access_token, new Date())).rejects.toThrow(AuthError);
    await signOut(handle.db, { userId: person.userId, sessionId: await sessionOf(second.access_token) }, "others");
    await expect(authenticateAccessToken(handle.db, config, person.session.access_token, new Date())).rejects.toThrow(
      AuthError,
    );
    await authenticateAccessToken(handle.db, config, second.access_token, new Date());
    await signOut(handle.db, { userId: person.userId, sessionId: await sessionOf(second.access_token) }, "global");
    const left = await handle.db.select().from(authSessions).where(eq(authSessions.userId, person.userId));
    expect(left).toEqual([]);
  });

  it("keeps the first e-mail address's case-insensitive account unique", async () => {
    await createTestSession(handle.db, config, { email: "Mixed.Case@Example.com" });
    const rows = await handle.db.select().from(users).where(eq(users.email, "mixed.case@example.com"));
    expect(rows).toHaveLength(1);
  });
});
