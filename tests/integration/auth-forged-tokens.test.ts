import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { flowStates } from "#server/db/schema";
import { latestEmailLink } from "#tests/support/auth-mail";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { expectError, setUpAuthRequests, uniqueEmail } from "#tests/support/auth-requests";
import { testDatabaseKind } from "#tests/support/test-database";

// The wire-format reference's §9: forged, tampered and replayed tokens are refused in Supabase's shape, never a 500.

const { context, site, send, sendJson, current } = setUpAuthRequests();
let person: TestSession;
beforeAll(() => {
  ({ person } = current());
});

describe(`forged and replayed tokens on the ${testDatabaseKind()} database`, () => {
  async function getUser(token: string, scheme = "Bearer ") {
    return send("/user", { method: "GET", headers: { authorization: `${scheme}${token}` } });
  }

  it("refuses forged, tampered, expired and misdirected access tokens with bad_jwt", async () => {
    const valid = person.session.access_token;
    const header = decodeProtectedHeader(valid);
    const claims = decodeJwt(valid);
    const jwks = await (await send("/.well-known/jwks.json", { method: "GET" })).json();
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const [head, , signature] = valid.split(".");
    const { privateKey: strangerKey } = await generateKeyPair("ES256", { extractable: true });
    const signWith = (payload: Record<string, unknown>, key = strangerKey, extraHeader: Record<string, unknown> = {}) =>
      new SignJWT(payload).setProtectedHeader({ alg: "ES256", kid: header.kid!, ...extraHeader }).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const forgeries = [
      `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`,
      `${encode({ alg: "none", kid: header.kid })}.${encode({ ...claims, sub: randomUUID() })}.`,
      await new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", kid: header.kid! })
        .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0]))),
      `${head}.${encode({ ...claims, role: "service_role" })}.${signature}`,
      await signWith(claims),
      await signWith(claims, strangerKey, { jku: "https://evil.example/jwks.json", jwk: await exportJWK(strangerKey) }),
      await signWith({ ...claims, exp: now - 10 }),
      "not.a.jwt",
      "x",
    ];
    for (const token of forgeries) {
      await expectError(await getUser(token), 403, "bad_jwt");
    }
  });

  it("checks expiry, audience, issuer and the session claim of tokens signed with our own key", async () => {
    const { loadKeyRing } = await import("#server/auth/signing-keys");
    const ring = await loadKeyRing(context.handle.db);
    const claims = decodeJwt(person.session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: "ES256", kid: ring.signing.kid }).sign(ring.signing.privateKey);
    const expired = await sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    expect((await expectError(await getUser(expired), 403, "bad_jwt")).message).toBe(
      "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
    );
    for (const payload of [
      { ...claims, aud: "anon" },
      { ...claims, iss: "https://elsewhere.example/auth/v1" },
      { ...claims, iat: now + 3600, exp: now + 7200 },
      { ...claims, sub: "not-a-uuid" },
      { ...claims, session_id: undefined },
      { ...claims, session_id: "'; drop table users; --" },
    ]) {
      await expectError(await getUser(await sign(payload)), 403, "bad_jwt");
    }
    const otherSession = await sign({ ...claims, session_id: randomUUID() });
    await expectError(await getUser(otherSession), 403, "session_not_found");
  });

  it("reads bearer tokens as Supabase does: any case, one space, nothing after", async () => {
    expect((await getUser(person.session.access_token, "bearer ")).status).toBe(200);
    await expectError(await getUser(person.session.access_token, "Bearer  "), 401, "no_authorization");
    await expectError(await getUser(`${person.session.access_token} extra`), 401, "no_authorization");
    await expectError(await send("/user", { method: "GET" }), 401, "no_authorization");
    await expectError(await getUser(person.session.access_token, "Basic "), 401, "no_authorization");
  });

  it("gives every one of several parallel refreshes with one token a working session, without errors", async () => {
    const { session } = await createTestSession(context.handle.db, context.server.config);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendJson("/token?grant_type=refresh_token", { refresh_token: session.refresh_token }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const latest = (await Promise.all(responses.map((response) => response.json()))).at(-1);
    expect((await getUser(latest.access_token)).status).toBe(200);
  });

  it("refuses malformed, unknown and signed-out refresh tokens", async () => {
    for (const token of ["short", "x".repeat(43), "é".repeat(43), "a".repeat(10_000)]) {
      await expectError(
        await sendJson("/token?grant_type=refresh_token", { refresh_token: token }),
        400,
        "refresh_token_not_found",
      );
    }
    const { session } = await createTestSession(context.handle.db, context.server.config);
    const logout = await send("/logout", { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(logout.status).toBe(204);
    await expectError(
      await sendJson("/token?grant_type=refresh_token", { refresh_token: session.refresh_token }),
      400,
      "refresh_token_not_found",
    );
  });

  it("lets an e-mailed link be used once; a second click, a wrong type or a made-up token lands on an error", async () => {
    const { email } = await createTestSession(context.handle.db, context.server.config);
    expect((await sendJson(`/recover?redirect_to=${encodeURIComponent(`${site()}/reset`)}`, { email })).status).toBe(
      200,
    );
    const link = new URL(await latestEmailLink(context.handle.db, email, "recovery"));
    const asMagicLink = new URL(link);
    asMagicLink.searchParams.set("type", "magiclink");
    const wrongType = await send(`${asMagicLink.pathname.replace("/auth/v1", "")}${asMagicLink.search}`, {
      method: "GET",
    });
    expect(wrongType.status).toBe(303);
    expect(wrongType.headers.get("location")).toContain("error_code=otp_expired");

    const first = await send(`/verify${link.search}`, { method: "GET" });
    expect(first.status).toBe(303);
    expect(new URL(first.headers.get("location")!).hash).toContain("access_token=");
    const second = await send(`/verify${link.search}`, { method: "GET" });
    const landed = new URL(second.headers.get("location")!);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${site()}/reset`);
    expect(Object.fromEntries(new URLSearchParams(landed.hash.slice(1)))).toEqual({
      error: "access_denied",
      error_code: "otp_expired",
      error_description: "Email link is invalid or has expired",
      sb: "",
    });
    for (const query of [
      "?token=made-up&type=signup",
      "?type=signup",
      "?token=x&type=bogus",
      "?token=x&type=signup&redirect_to=https://evil.com",
    ]) {
      const response = await send(`/verify${query}`, { method: "GET" });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin).toBe(site());
      expect(location.hash).toContain("error=access_denied");
    }
    await expectError(
      await sendJson("/verify", { type: "recovery", token_hash: link.searchParams.get("token") }),
      403,
      "otp_expired",
    );
  });

  it("refuses a PKCE exchange with the wrong verifier, a reused code, an expired code and bad challenges", async () => {
    const { email } = await createTestSession(context.handle.db, context.server.config);
    const verifier = "v".repeat(64);
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const otp = await sendJson("/otp", {
      email,
      create_user: false,
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    expect(otp.status).toBe(200);
    const link = new URL(await latestEmailLink(context.handle.db, email, "magiclink"));
    const landed = new URL((await send(`/verify${link.search}`, { method: "GET" })).headers.get("location")!);
    const code = landed.searchParams.get("code")!;
    await expectError(
      await sendJson("/token?grant_type=pkce", { auth_code: code, code_verifier: "w".repeat(64) }),
      400,
      "bad_code_verifier",
    );
    expect((await sendJson("/token?grant_type=pkce", { auth_code: code, code_verifier: verifier })).status).toBe(200);
    await expectError(
      await sendJson("/token?grant_type=pkce", { auth_code: code, code_verifier: verifier }),
      404,
      "flow_state_not_found",
    );
    await expectError(
      await sendJson("/token?grant_type=pkce", { auth_code: "", code_verifier: verifier }),
      400,
      "validation_failed",
    );

    const second = await createTestSession(context.handle.db, context.server.config);
    await sendJson("/otp", {
      email: second.email,
      create_user: false,
      code_challenge: challenge,
      code_challenge_method: "s256",
    });
    const secondLink = new URL(await latestEmailLink(context.handle.db, second.email, "magiclink"));
    const secondCode = new URL(
      (await send(`/verify${secondLink.search}`, { method: "GET" })).headers.get("location")!,
    ).searchParams.get("code")!;
    await context.handle.db.update(flowStates).set({ expiresAt: sql`now() - interval '1 second'` });
    await expectError(
      await sendJson("/token?grant_type=pkce", { auth_code: secondCode, code_verifier: verifier }),
      422,
      "flow_state_expired",
    );

    for (const [codeChallenge, method] of [
      ["c".repeat(42), "s256"],
      ["c".repeat(129), "s256"],
      [`${"c".repeat(42)}!`, "s256"],
      [challenge, "md5"],
      [challenge, null],
    ]) {
      const response = await sendJson("/otp", {
        email: uniqueEmail("pkce"),
        code_challenge: codeChallenge,
        code_challenge_method: method,
      });
      await expectError(response, 400, "validation_failed");
    }
  });

  it("puts only allowed redirect targets in e-mailed links, whatever the Host header says", async () => {
    const attacks = [
      "https://evil.com",
      "//evil.com",
      `${site()}.evil.com`,
      `${site().replace("http://", "http://user@")}`,
      "https://evil.com\\@127.0.0.1",
      "javascript:alert(1)",
      "data:text/html,hi",
      "http://2130706433",
    ];
    for (const target of attacks) {
      const { email } = await createTestSession(context.handle.db, context.server.config);
      const response = await send(`/recover?redirect_to=${encodeURIComponent(target)}`, {
        body: JSON.stringify({ email }),
        headers: { host: "evil.com", "x-forwarded-host": "evil.com" },
      });
      expect(response.status).toBe(200);
      const link = new URL(await latestEmailLink(context.handle.db, email, "recovery"));
      expect(link.origin).toBe(site());
      expect(link.searchParams.get("redirect_to"), target).toBe(`${site()}/`);
    }
  });
});
