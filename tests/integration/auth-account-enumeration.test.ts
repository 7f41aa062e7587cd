import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { type App } from "#server/app";
import { users } from "#server/db/schema";
import { latestEmailLink } from "#tests/support/auth-mail";
import { createTestSession } from "#tests/support/auth-session";
import { expectError, setUpAuthRequests, uniqueEmail } from "#tests/support/auth-requests";
import { testDatabaseKind } from "#tests/support/test-database";

// The wire-format reference's §9: no answer of /auth/v1 tells whether an address has an account.

const { context, sendJson, current } = setUpAuthRequests();
let app: App;
beforeAll(() => {
  ({ app } = current());
});

describe(`no answer tells whether an address has an account, on the ${testDatabaseKind()} database`, () => {
  /** Every key in its order, every value's type and every list's length, nested: all a client can compare. */
  const shapeOf = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shapeOf);
    if (value !== null && typeof value === "object") {
      return Object.entries(value).map(([key, item]) => [key, shapeOf(item)]);
    }
    return typeof value;
  };
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const forgetAddressLimits = () =>
    context.handle.db.execute(sql`delete from rate_limit_hits where key like 'emails:address:%'`);
  const signUpAnswer = async (email: string, data: Record<string, unknown>) => {
    const response = await sendJson("/signup", { email, password: "long-enough-passphrase", data });
    // Every header and its value, but for the two every answer has its own of.
    const headers = [...response.headers].map(([name, value]) =>
      name === "date" || name === "x-request-id" ? [name] : [name, value],
    );
    return { status: response.status, headers, user: await response.json() };
  };

  it("answers a sign-up for a new, an unconfirmed and a confirmed address alike, with a new user each time", async () => {
    // Addresses of one length, so even the answers' lengths may be compared.
    const taken = await createTestSession(context.handle.db, context.server.config, { email: uniqueEmail("taken") });
    const unconfirmed = uniqueEmail("again");
    await sendJson("/signup", { email: unconfirmed, password: "the-first-passphrase" });
    const [account] = await context.handle.db.select().from(users).where(eq(users.email, unconfirmed));
    await forgetAddressLimits();

    const data = { name: "Someone", newsletter: true };
    const before = Date.now();
    const answers = {
      fresh: await signUpAnswer(uniqueEmail("fresh"), data),
      unconfirmed: await signUpAnswer(unconfirmed, data),
      confirmed: await signUpAnswer(taken.email, data),
    };
    const after = Date.now();
    for (const { status, headers, user } of Object.values(answers)) {
      expect(status).toBe(200);
      expect(headers).toEqual(answers.fresh.headers);
      expect(shapeOf(user)).toEqual(shapeOf(answers.fresh.user));
      // A new, unconfirmed user of this moment, with one e-mail identity and what this caller sent.
      expect(user.id).toMatch(UUID_V4);
      expect(user.identities[0].identity_id).toMatch(UUID_V4);
      expect(user).toEqual({
        id: user.id,
        aud: "authenticated",
        role: "authenticated",
        email: user.email,
        phone: "",
        confirmation_sent_at: user.created_at,
        app_metadata: { provider: "email", providers: ["email"] },
        user_metadata: data,
        identities: [
          {
            identity_id: user.identities[0].identity_id,
            id: user.id,
            user_id: user.id,
            identity_data: { sub: user.id, email: user.email, email_verified: false, phone_verified: false },
            provider: "email",
            email: user.email,
            created_at: user.created_at,
            updated_at: user.created_at,
          },
        ],
        created_at: user.created_at,
        updated_at: user.created_at,
        is_anonymous: false,
      });
      expect(Date.parse(user.created_at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(user.created_at)).toBeLessThanOrEqual(after);
    }
    expect(answers.unconfirmed.user.id).not.toBe(account!.id);
    expect(answers.confirmed.user.id).not.toBe(taken.userId);

    // Signed up once more, the unconfirmed address answers yet another new user, not a repeat.
    await forgetAddressLimits();
    const again = await signUpAnswer(unconfirmed, data);
    expect(shapeOf(again.user)).toEqual(shapeOf(answers.fresh.user));
    expect(new Set([account!.id, answers.unconfirmed.user.id, again.user.id]).size).toBe(3);

    // The e-mailed link still confirms the real account and signs its owner in.
    const link = new URL(await latestEmailLink(context.handle.db, unconfirmed, "signup"));
    const landed = await app.request(`${link.pathname}${link.search}`);
    expect(landed.status).toBe(303);
    const fragment = new URLSearchParams(new URL(landed.headers.get("location")!).hash.slice(1));
    expect(decodeJwt(fragment.get("access_token")!).sub).toBe(account!.id);
    const [confirmed] = await context.handle.db.select().from(users).where(eq(users.email, unconfirmed));
    expect(confirmed!.emailConfirmedAt).not.toBeNull();
    expect(await context.handle.db.select().from(users).where(eq(users.email, unconfirmed))).toHaveLength(1);
  });

  it("takes about as long to answer a sign-up for a new, an unconfirmed and a confirmed address", async () => {
    const timeOf = async (email: string) => {
      const started = performance.now();
      expect((await sendJson("/signup", { email, password: "long-enough-passphrase" })).status).toBe(200);
      return performance.now() - started;
    };
    const times = { fresh: [] as number[], unconfirmed: [] as number[], confirmed: [] as number[] };
    for (let round = 0; round < 6; round += 1) {
      const { email } = await createTestSession(context.handle.db, context.server.config);
      const unconfirmed = uniqueEmail("timing");
      await sendJson("/signup", { email: unconfirmed, password: "the-first-passphrase" });
      await forgetAddressLimits();
      times.fresh.push(await timeOf(uniqueEmail("timing")));
      times.unconfirmed.push(await timeOf(unconfirmed));
      times.confirmed.push(await timeOf(email));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // All three hash the password and queue an e-mail; only a new address also writes its account
    // (about 60% as long for a taken one on the embedded database). Skipping the hash for a taken
    // address would answer it several times faster.
    for (const known of [median(times.unconfirmed), median(times.confirmed)]) {
      expect(known).toBeGreaterThan(median(times.fresh) * 0.35);
      expect(known).toBeLessThan(median(times.fresh) * 3);
    }
  });

  it("takes about as long to refuse an unknown address as a wrong password", async () => {
    const timeOf = async (email: string) => {
      const started = performance.now();
      await expectError(
        await sendJson("/token?grant_type=password", { email, password: "wrong-password-x" }),
        400,
        "invalid_credentials",
      );
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const { email } = await createTestSession(context.handle.db, context.server.config);
      known.push(await timeOf(email));
      unknown.push(await timeOf(uniqueEmail("timing")));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Both verify an Argon2 hash; without the dummy hash the unknown address would answer in ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});
