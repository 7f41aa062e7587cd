import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { authSessions, jobs, profiles, users } from "#server/db/schema";
import { readConfig } from "#server/env";
import { authenticateAccessToken } from "#server/auth/access-tokens";
import { AuthError } from "#server/auth/auth-error";
import { requestMagicLink, requestPasswordRecovery, verifyEmailToken } from "#server/auth/email-links";
import { refreshSession, signOut } from "#server/auth/sessions";
import { signInWithPassword } from "#server/auth/sign-in";
import { signUp } from "#server/auth/sign-up";
import { updateUser } from "#server/auth/user-update";
import { createTestSession, testAuthRequest } from "#tests/support/auth-session";
import { latestEmailLink } from "#tests/support/auth-mail";
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
    const user = await signUp(handle.db, config, { ...testAuthRequest(), language: "fr" }, {
      email,
      password: "marmalade-kayak-9",
      data: { name: "  Amina Tesfaye " },
    });
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ name: "Amina Tesfaye", preferredLanguage: "fr" });

    await requestMagicLink(handle.db, config, testAuthRequest(), { email: "no-name@example.com", createUser: true });
    const [created] = await handle.db.select().from(users).where(eq(users.email, "no-name@example.com"));
    const [unnamed] = await handle.db.select().from(profiles).where(eq(profiles.userId, created!.id));
    expect(unnamed?.name).toBe("no-name");
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

  it("locks an account's password sign-in for a while after 10 wrong passwords, even with the right one", async () => {
    const now = new Date("2030-02-01T10:00:00Z");
    const { email, password } = await createTestSession(handle.db, config);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const error = await rejection(
        signInWithPassword(handle.db, config, testAuthRequest({ now }), { email, password: `wrong-${attempt}` }),
      );
      expect(error.code).toBe("invalid_credentials");
    }
    const locked = await rejection(
      signInWithPassword(handle.db, config, testAuthRequest({ now }), { email, password }),
    );
    expect([locked.status, locked.code]).toEqual([429, "over_request_rate_limit"]);
    const later = testAuthRequest({ now: new Date(now.getTime() + 16 * 60_000) });
    expect((await signInWithPassword(handle.db, config, later, { email, password })).user.email).toBe(email);
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
