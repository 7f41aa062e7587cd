import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as signInPage from "#app/routes/sign-in";
import { createApp } from "#server/app";
import { verifyEmailToken } from "#server/auth/email-links";
import { signInWithPassword } from "#server/auth/sign-in";
import { signUp } from "#server/auth/sign-up";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { countEmails, latestEmailLink } from "#tests/support/auth-mail";
import { createTestSession, testAuthRequest } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * "Send the confirmation e-mail again" on the sign-in page (issue 15): one e-mail to an unconfirmed
 * account, none to anyone else, the same answer for every address, and the one-a-minute throttle.
 */
const config = readConfig({ NODE_ENV: "test", AUTH_EMAILS_PER_HOUR: "1000" });
const SITE = config.publicUrl;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

function context(): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: null,
    clientAddress: testAuthRequest().ip,
    payments: createSandboxProvider(),
  };
}

/** Posts the sign-in form as a browser without JavaScript does, and returns the action's answer. */
async function postSignIn(fields: Record<string, string>): Promise<{ status: number; data: Record<string, unknown> }> {
  const request = new Request(`${SITE}/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
    body: new URLSearchParams(fields),
  });
  const result = (await signInPage.action({ request, context: context(), params: {} } as never)) as unknown as {
    data: Record<string, unknown>;
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

const newAddress = () => `waiting-${randomUUID().slice(0, 8)}@example.com`;

/** Signs an address up as the sign-up page does, two minutes ago, so its e-mail throttle has passed. */
async function signedUpTwoMinutesAgo(email: string, password: string) {
  const now = new Date(Date.now() - 2 * 60_000);
  await signUp(handle.db, config, testAuthRequest({ now }), {
    email,
    password,
    data: { name: "Waiting Person" },
    redirectTo: `${SITE}/dashboard`,
    confirmUrl: `${SITE}/auth/confirm`,
  });
}

describe(`sending the sign-up confirmation again, on the ${testDatabaseKind()} database`, () => {
  it("is offered when a password sign-in meets an unconfirmed address, and sends that account a working link", async () => {
    const email = newAddress();
    const password = "a-long-enough-password-15";
    await signedUpTwoMinutesAgo(email, password);
    expect(await countEmails(handle.db, email, "signup")).toBe(1);

    const refused = await postSignIn({ intent: "password", email, password });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ problem: { kind: "emailNotConfirmed" }, offerConfirmationResend: true });

    const firstLink = new URL(await latestEmailLink(handle.db, email, "signup"));
    const resent = await postSignIn({ intent: "resend", email, next: "/events" });
    expect(resent).toEqual({ status: 200, data: { confirmationResent: true, values: { email } } });
    expect(await countEmails(handle.db, email, "signup")).toBe(2);

    // The new link replaces the first, confirms the account and signs in; the password chosen at
    // sign-up works from then on.
    await expect(
      verifyEmailToken(handle.db, config, testAuthRequest(), {
        tokenHash: firstLink.searchParams.get("token_hash")!,
        type: "signup",
      }),
    ).rejects.toMatchObject({ code: "otp_expired" });
    const link = new URL(await latestEmailLink(handle.db, email, "signup"));
    expect(link.pathname).toBe("/auth/confirm");
    expect(link.searchParams.get("next")).toBe("/events");
    await verifyEmailToken(handle.db, config, testAuthRequest(), {
      tokenHash: link.searchParams.get("token_hash")!,
      type: "signup",
    });
    const session = await signInWithPassword(handle.db, config, testAuthRequest(), { email, password });
    expect(session.user.email).toBe(email);
  });

  it("answers unknown and confirmed addresses in the same words, and e-mails neither", async () => {
    const unknown = newAddress();
    const confirmed = await createTestSession(handle.db, config);
    const waiting = newAddress();
    await signedUpTwoMinutesAgo(waiting, "another-long-password-15");
    const before = await countEmails(handle.db, confirmed.email);

    const answers = await Promise.all(
      [unknown, confirmed.email, waiting].map((email) => postSignIn({ intent: "resend", email })),
    );
    for (const [index, email] of [unknown, confirmed.email, waiting].entries()) {
      expect(answers[index]).toEqual({ status: 200, data: { confirmationResent: true, values: { email } } });
    }
    expect(await countEmails(handle.db, unknown)).toBe(0);
    expect(await countEmails(handle.db, confirmed.email)).toBe(before);
    expect(await countEmails(handle.db, waiting, "signup")).toBe(2);
  });

  it("sends at most one e-mail a minute to an address, known or not, and keeps the button for later", async () => {
    for (const isKnown of [true, false]) {
      const email = newAddress();
      if (isKnown) await signedUpTwoMinutesAgo(email, "a-third-long-password-15");
      const sent = await countEmails(handle.db, email);
      expect((await postSignIn({ intent: "resend", email })).status).toBe(200);
      const again = await postSignIn({ intent: "resend", email });
      expect(again.status).toBe(429);
      expect(again.data).toMatchObject({ problem: { kind: "retryAfter" }, offerConfirmationResend: true });
      expect(await countEmails(handle.db, email)).toBe(sent + (isKnown ? 1 : 0));
    }
  });

  it("asks for the address when none was sent", async () => {
    const answer = await postSignIn({ intent: "resend", email: "" });
    expect(answer).toMatchObject({ status: 400, data: { problem: { kind: "emailRequired" } } });
  });
});

describe(`POST /auth/v1/resend on the ${testDatabaseKind()} database`, () => {
  it("speaks Supabase's wire format: {} for a sign-up resend, 400 for types it does not know", async () => {
    const app = createApp({ db: handle.db, config, logger: createLogger(config) });
    const email = newAddress();
    await signedUpTwoMinutesAgo(email, "a-fourth-long-password-15");
    const post = (body: unknown) =>
      app.request("/auth/v1/resend", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
        body: JSON.stringify(body),
      });

    const resent = await post({ type: "signup", email });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({});
    expect(await countEmails(handle.db, email, "signup")).toBe(2);

    const unknown = await post({ type: "signup", email: newAddress() });
    expect([unknown.status, await unknown.json()]).toEqual([200, {}]);
    for (const body of [{ type: "reset", email }, { type: "signup" }, { type: "sms", phone: "+15550100" }]) {
      const refused = await post(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "validation_failed" });
    }
  });
});
