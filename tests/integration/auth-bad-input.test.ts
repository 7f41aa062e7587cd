import { eq } from "drizzle-orm";
import { decodeProtectedHeader } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { type App } from "#server/app";
import { users } from "#server/db/schema";
import { countEmails } from "#tests/support/auth-mail";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { expectError, setUpAuthRequests, uniqueEmail } from "#tests/support/auth-requests";
import { testDatabaseKind } from "#tests/support/test-database";

// The wire-format reference's §9: hostile and malformed requests get a 4xx in Supabase's shape, never a 500.
// Forged tokens: auth-forged-tokens.test.ts; answers that could tell who has an account: auth-account-enumeration.test.ts.

const { context, send, sendJson, current } = setUpAuthRequests();
let app: App;
let person: TestSession;
beforeAll(() => {
  ({ app, person } = current());
});

describe(`bad input to /auth/v1 on the ${testDatabaseKind()} database`, () => {
  it("answers bad_json for every body that is not a JSON object", async () => {
    const bodies: BodyInit[] = [
      "",
      "null",
      "[]",
      '"str"',
      "42",
      "{",
      '{"email": "a@b.com"} trailing',
      "\ufeff{}",
      '{"a":\u0000}',
      new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      "[".repeat(200_000),
    ];
    for (const path of ["/signup", "/otp", "/recover", "/token?grant_type=password", "/verify"]) {
      for (const body of bodies) {
        await expectError(await send(path, { body }), 400, "bad_json");
      }
    }
  });

  it("refuses fields of the wrong type with validation_failed", async () => {
    const cases: [string, unknown][] = [
      ["/signup", { email: 123, password: "long-enough-passphrase" }],
      ["/signup", { email: [], password: "long-enough-passphrase" }],
      ["/signup", { email: {}, password: "long-enough-passphrase" }],
      ["/signup", { email: uniqueEmail("types"), password: {} }],
      ["/signup", { email: uniqueEmail("types"), password: "long-enough-passphrase", data: "x" }],
      ["/signup", { email: uniqueEmail("types"), password: "long-enough-passphrase", data: [1, 2] }],
      ["/otp", { email: uniqueEmail("types"), create_user: "false" }],
      ["/token?grant_type=refresh_token", { refresh_token: 123 }],
      ["/token?grant_type=password", { email: ["a@b.com"], password: "x" }],
      ["/verify", { type: "signup", token_hash: 5 }],
    ];
    for (const [path, body] of cases) {
      await expectError(await sendJson(path, body), 400, "validation_failed");
    }
  });

  it("accepts the nulls and extras auth-js really sends", async () => {
    const response = await sendJson("/signup", {
      email: uniqueEmail("extras"),
      password: "long-enough-passphrase",
      data: {},
      gotrue_meta_security: {},
      code_challenge: null,
      code_challenge_method: null,
    });
    expect(response.status).toBe(200);
  });

  it("keeps prototype-polluting keys as plain metadata and never lets data grant a role", async () => {
    const email = uniqueEmail("proto");
    const body = `{"email":"${email}","password":"long-enough-passphrase","__proto__":{"role":"service_role"},
      "data":{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"role":"admin","app_metadata":{"provider":"x"}}}`;
    const response = await send("/signup", { body });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(user.role).toBe("authenticated");
    expect(user.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(user.user_metadata.role).toBe("admin");
    const [row] = await context.handle.db.select().from(users).where(eq(users.email, email));
    expect(Object.getPrototypeOf(row!.userMetadata)).toBe(Object.prototype);
    expect(row!.appMetadata).toEqual({ provider: "email", providers: ["email"] });
  });

  it("refuses deeply nested, huge or oversized bodies quickly", async () => {
    const deep = `${'{"a":'.repeat(10_000)}"bottom"${"}".repeat(10_000)}`;
    const started = Date.now();
    const nested = await send("/signup", {
      body: `{"email":"${uniqueEmail("deep")}","password":"long-enough-passphrase","data":${deep}}`,
    });
    expect(nested.status).toBe(400);
    const manyKeys = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, 1]));
    const wide = await sendJson("/signup", {
      email: uniqueEmail("wide"),
      password: "long-enough-passphrase",
      data: manyKeys,
    });
    expect([400, 413]).toContain(wide.status);
    const huge = await send("/signup", { body: JSON.stringify({ email: "a@b.com", pad: "x".repeat(1_100_000) }) });
    const body = await expectError(huge, 413, "request_entity_too_large");
    expect(body.message).toBe("Request body too large (max 1048576 bytes)");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("refuses a 1 MB password at once, before any hashing", async () => {
    const password = "p".repeat(1_000_000);
    const started = Date.now();
    const signUp = await sendJson("/signup", { email: uniqueEmail("huge"), password });
    expect((await expectError(signUp, 400, "validation_failed")).message).toBe(
      "Password cannot be longer than 256 characters",
    );
    await expectError(
      await sendJson("/token?grant_type=password", { email: person.email, password }),
      400,
      "invalid_credentials",
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("never truncates a password: 72 identical characters and a different 73rd do not match", async () => {
    const email = uniqueEmail("trunc");
    const password = `${"A".repeat(72)}x`;
    await createTestSession(context.handle.db, context.server.config, { email, password });
    await expectError(
      await sendJson("/token?grant_type=password", { email, password: `${"A".repeat(72)}y` }),
      400,
      "invalid_credentials",
    );
    expect((await sendJson("/token?grant_type=password", { email, password })).status).toBe(200);
  });

  it("refuses e-mail addresses with line breaks, controls or Unicode look-alikes on every door", async () => {
    const addresses = [
      "a@b.com\r\nBcc: x@evil.com",
      " a@b.com",
      "a@b.com\n",
      "a\u0000@b.com",
      "\u0430dmin@example.com",
      "ａ@ｂ.com",
      "ad\u200bmin@example.com",
      "admin@exa\u202emple.com",
      "e\u0301@example.com",
      '"a b"@x.com',
      "user@localhost",
      `${"a".repeat(250)}@x.com`,
    ];
    for (const email of addresses) {
      for (const path of ["/signup", "/otp", "/recover"]) {
        const response = await sendJson(path, { email, password: "long-enough-passphrase" });
        await expectError(response, 400, "validation_failed");
      }
    }
    expect(await countEmails(context.handle.db, "a@b.com")).toBe(0);
  });

  it("accepts any capitalisation of an address as the same account", async () => {
    const response = await sendJson("/token?grant_type=password", {
      email: person.email.toUpperCase(),
      password: person.password,
    });
    expect(response.status).toBe(200);
  });
});

describe(`HTTP semantics of /auth/v1 on the ${testDatabaseKind()} database`, () => {
  it("answers wrong methods with JSON 405 and unknown paths with JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/token"],
      ["DELETE", "/signup"],
      ["PATCH", "/user"],
      ["GET", "/logout"],
    ]) {
      await expectError(await send(path!, { method: method! }), 405, "method_not_allowed");
    }
    expect((await send("/nowhere", { method: "GET" })).status).toBe(404);
  });

  it("reads grant_type from the query or a form body, and refuses a missing, unknown or repeated one", async () => {
    const form = await send("/token", {
      body: new URLSearchParams({ grant_type: "password", email: person.email, password: person.password }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(200);
    const missing = await expectError(
      await sendJson("/token", { email: person.email, password: person.password }),
      400,
      "invalid_credentials",
    );
    expect(missing.message).toBe("unsupported_grant_type");
    await expectError(await sendJson("/token?grant_type=client_credentials", {}), 400, "invalid_credentials");
    await expectError(
      await sendJson("/token?grant_type=password&grant_type=refresh_token", {
        email: person.email,
        password: person.password,
      }),
      400,
      "validation_failed",
    );
  });

  it("speaks both error shapes: 2024-01-01 with the version header, the legacy one without", async () => {
    const versioned = await sendJson("/token?grant_type=password", {
      email: person.email,
      password: "wrong-password-1",
    });
    expect(await versioned.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
    expect(versioned.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    const legacy = await app.request("/auth/v1/token?grant_type=password", {
      method: "POST",
      body: JSON.stringify({ email: person.email, password: "wrong-password-2" }),
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("answers CORS preflights for any origin, allowing the client's headers and exposing the API version", async () => {
    const response = await app.request("/auth/v1/token?grant_type=password", {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example.net",
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, x-client-info, x-supabase-api-version, content-type, authorization",
      },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const header of ["apikey", "x-client-info", "x-retry-count", "x-supabase-api-version", "authorization"]) {
      expect(allowed).toContain(header);
    }
    const actual = await app.request("/auth/v1/settings", { headers: { origin: "https://app.example.net" } });
    expect(actual.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("x-supabase-api-version");
  });

  it("publishes the public ES256 keys, cacheable for ten minutes, and never a private part", async () => {
    const response = await send("/.well-known/jwks.json", { method: "GET" });
    expect(response.headers.get("cache-control")).toBe("public, max-age=600");
    const { keys } = await response.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kty: "EC",
      crv: "P-256",
      alg: "ES256",
      use: "sig",
      kid: decodeProtectedHeader(person.session.access_token).kid,
    });
    expect(keys[0]).not.toHaveProperty("d");
    expect((await send("/health", { method: "GET" })).status).toBe(200);
  });

  it("refuses an unknown sign-out scope", async () => {
    const response = await send("/logout?scope=everyone", {
      headers: { authorization: `Bearer ${person.session.access_token}` },
    });
    expect((await expectError(response, 400, "validation_failed")).message).toBe('Unsupported logout scope "everyone"');
  });

  it("makes one account when two sign-ups for one address race", async () => {
    const email = uniqueEmail("race");
    const responses = await Promise.all(
      [0, 1].map(() => sendJson("/signup", { email, password: "long-enough-passphrase" })),
    );
    expect(responses.every((response) => response.status === 200 || response.status === 429)).toBe(true);
    expect(await context.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
