import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GoTrueClient } from "@supabase/auth-js";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import { flowStates, identities, oneTimeTokens, users } from "#server/db/schema";
import type { Config } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession } from "#tests/support/auth-session";
import { listenAuthServer, setUpAuthServer, type ListeningAuthServer } from "#tests/support/auth-server";
import { testDatabaseKind } from "#tests/support/test-database";

interface FakeProfile {
  sub?: string;
  id?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A tiny OAuth provider on 127.0.0.1: /authorize hands out a code bound to the PKCE challenge we
 * sent, /token checks the verifier and the client secret, /userinfo returns the profile the test set.
 */
function startFakeProvider() {
  const codes = new Map<string, { challenge: string; profile: FakeProfile }>();
  const tokens = new Map<string, FakeProfile>();
  const state = { nextProfile: {} as FakeProfile, tokenRequests: 0 };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url!, "http://provider");
    let body = "";
    for await (const chunk of request) body += chunk;
    const reply = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (url.pathname === "/authorize") {
      const code = randomUUID();
      codes.set(code, { challenge: url.searchParams.get("code_challenge")!, profile: state.nextProfile });
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state")!);
      response.writeHead(302, { location: back.href });
      response.end();
    } else if (url.pathname === "/token") {
      state.tokenRequests += 1;
      const form = new URLSearchParams(body);
      const issued = codes.get(form.get("code") ?? "");
      const verifierHash = createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest("base64url");
      if (!issued || form.get("client_secret") !== "test-secret" || verifierHash !== issued.challenge) {
        return reply(400, { error: "invalid_grant" });
      }
      codes.delete(form.get("code")!);
      const accessToken = randomUUID();
      tokens.set(accessToken, issued.profile);
      reply(200, { access_token: accessToken, refresh_token: "provider-refresh", token_type: "Bearer" });
    } else if (url.pathname === "/userinfo") {
      const profile = tokens.get((request.headers.authorization ?? "").replace("Bearer ", ""));
      return profile ? reply(200, profile) : reply(401, { error: "invalid_token" });
    } else reply(404, {});
  });
  return {
    state,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const provider = startFakeProvider();
const context = setUpAuthServer({ AUTH_EMAILS_PER_HOUR: "1000" });
let app: App;
let config: Config;
let withGoogle: ListeningAuthServer;

beforeAll(async () => {
  const providerUrl = await provider.start();
  const endpoints = (profilePath: string) => ({
    clientId: "test-client",
    clientSecret: "test-secret",
    authorizeUrl: `${providerUrl}/authorize`,
    tokenUrl: `${providerUrl}/token`,
    profileUrl: `${providerUrl}${profilePath}`,
  });
  config = {
    ...context.server.config,
    auth: {
      ...context.server.config.auth,
      providers: { google: endpoints("/userinfo"), facebook: endpoints("/userinfo") },
    },
  };
  app = createApp({ db: context.handle.db, config, logger: createLogger(config) });
  withGoogle = await listenAuthServer(context.handle, {
    GOOGLE_CLIENT_ID: "test-client",
    GOOGLE_CLIENT_SECRET: "test-secret",
  });
  Object.assign(withGoogle.config.auth.providers, { google: endpoints("/userinfo") });
});
afterAll(async () => {
  await withGoogle?.close();
  await provider.stop();
});

/** Plays the browser: our /authorize, the provider's consent page, then our /callback. */
async function signInThroughProvider(query: string, profile: FakeProfile): Promise<URL> {
  provider.state.nextProfile = profile;
  const authorize = await app.request(`/auth/v1/authorize?${query}`);
  expect(authorize.status).toBe(302);
  const consent = await fetch(authorize.headers.get("location")!, { redirect: "manual" });
  const callback = new URL(consent.headers.get("location")!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${config.publicUrl}/auth/v1/callback`);
  const landed = await app.request(`/auth/v1/callback${callback.search}`);
  expect(landed.status).toBe(302);
  return new URL(landed.headers.get("location")!);
}

const googleProfile = (email: string): FakeProfile => ({
  sub: `g-${randomUUID()}`,
  email,
  email_verified: true,
  name: "Grace Hopper",
});

describe(`signing in with a provider on the ${testDatabaseKind()} database`, () => {
  it("sends Google the scopes and options of the issue, a state and our own PKCE challenge, and strips overrides", async () => {
    const response = await app.request(
      `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${config.publicUrl}/dashboard`)}&scopes=openid&login_hint=ada%40example.com&redirect_uri=https://evil.com&client_id=evil&state=forged`,
    );
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get("location")!);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: "test-client",
      redirect_uri: `${config.publicUrl}/auth/v1/callback`,
      response_type: "code",
      scope: "email profile openid",
      access_type: "offline",
      prompt: "select_account",
      login_hint: "ada@example.com",
      code_challenge_method: "S256",
    });
    expect(params.state).toMatch(/^[0-9a-f-]{36}$/);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const facebook = new URL((await app.request("/auth/v1/authorize?provider=facebook")).headers.get("location")!);
    expect(facebook.searchParams.get("display")).toBe("popup");
    expect(facebook.searchParams.get("scope")).toBe("email");
  });

  it("refuses providers that are unknown, spelled otherwise, or not configured", async () => {
    for (const name of ["GOOGLE", "twitter", ""]) {
      const response = await app.request(`/auth/v1/authorize?provider=${name}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error_code).toBe("validation_failed");
    }
    const unconfigured = context.server.config;
    const bare = createApp({ db: context.handle.db, config: unconfigured, logger: createLogger(unconfigured) });
    const response = await bare.request("/auth/v1/authorize?provider=facebook");
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Unsupported provider: provider is not enabled",
    });
  });

  it("creates a confirmed account for a new Google user and returns the session in the fragment", async () => {
    const email = `oauth-${randomUUID().slice(0, 8)}@example.com`;
    const landed = await signInThroughProvider(
      `provider=google&redirect_to=${encodeURIComponent(`${config.publicUrl}/dashboard`)}`,
      googleProfile(email),
    );
    expect(`${landed.origin}${landed.pathname}`).toBe(`${config.publicUrl}/dashboard`);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get("provider_token")).toEqual(expect.any(String));
    expect(fragment.get("provider_refresh_token")).toBe("provider-refresh");
    const user = await app.request("/auth/v1/user", {
      headers: { authorization: `Bearer ${fragment.get("access_token")}` },
    });
    expect(await user.json()).toMatchObject({
      email,
      email_confirmed_at: expect.any(String),
      app_metadata: { provider: "google", providers: ["google"] },
      user_metadata: { name: "Grace Hopper" },
      identities: [{ provider: "google" }],
    });
  });

  it("links a verified Google address to the existing account instead of making a second one", async () => {
    const existing = await createTestSession(context.handle.db, context.server.config);
    const landed = await signInThroughProvider("provider=google", googleProfile(existing.email));
    const token = new URLSearchParams(landed.hash.slice(1)).get("access_token");
    const user = await (await app.request("/auth/v1/user", { headers: { authorization: `Bearer ${token}` } })).json();
    expect(user.id).toBe(existing.userId);
    expect(user.app_metadata.providers).toEqual(["email", "google"]);
    expect(user.identities.map((identity: { provider: string }) => identity.provider).sort()).toEqual([
      "email",
      "google",
    ]);
  });

  it("takes over an unconfirmed pre-registration of the address: its password stops working", async () => {
    const email = `squatted-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await app.request("/auth/v1/signup", {
      method: "POST",
      body: JSON.stringify({ email, password: "squatter-password-1" }),
    });
    expect(signUp.status).toBe(200);
    await signInThroughProvider("provider=google", googleProfile(email));
    const [row] = await context.handle.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toBeNull();
    const kinds = await context.handle.db.select().from(identities).where(eq(identities.userId, row!.id));
    expect(kinds.map((identity) => identity.provider)).toEqual(["google"]);
    // The squatter's sign-up link, which would set their password, is gone with it.
    const links = await context.handle.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, row!.id));
    expect(links).toEqual([]);
  });

  it("signs both in, to one account, when two first sign-ins for one new address arrive at once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = `together-${randomUUID().slice(0, 8)}@example.com`;
      const profile = googleProfile(email);
      const callbacks: string[] = [];
      for (let tab = 0; tab < 2; tab += 1) {
        provider.state.nextProfile = profile;
        const authorize = await app.request("/auth/v1/authorize?provider=google");
        const consent = await fetch(authorize.headers.get("location")!, { redirect: "manual" });
        callbacks.push(new URL(consent.headers.get("location")!).search);
      }
      const landed = await Promise.all(callbacks.map((search) => app.request(`/auth/v1/callback${search}`)));
      expect(landed.map((response) => response.status)).toEqual([302, 302]);
      for (const response of landed) {
        const fragment = new URLSearchParams(new URL(response.headers.get("location")!).hash.slice(1));
        expect(fragment.get("error_code")).toBeNull();
        expect(fragment.get("access_token")).toEqual(expect.any(String));
      }
      expect(await context.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    }
  });

  it("refuses a provider account whose address is not verified", async () => {
    const landed = await signInThroughProvider("provider=google", {
      sub: `g-${randomUUID()}`,
      email: "unverified@example.com",
      email_verified: false,
    });
    expect(landed.searchParams.get("error_code")).toBe("provider_email_needs_verification");
    expect(landed.searchParams.get("error")).toBe("access_denied");
  });

  it("answers bad_oauth_state for a forged, unknown, expired or replayed state, never a 500", async () => {
    for (const state of ["", "forged", randomUUID(), "'; drop table flow_states; --"]) {
      const response = await app.request(`/auth/v1/callback?code=abc&state=${encodeURIComponent(state)}`);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin).toBe(config.publicUrl);
      expect(location.searchParams.get("error_code")).toBe("bad_oauth_state");
      expect(new URLSearchParams(location.hash.slice(1)).get("error_code")).toBe("bad_oauth_state");
    }
    provider.state.nextProfile = googleProfile(`replay-${randomUUID().slice(0, 8)}@example.com`);
    const authorize = await app.request("/auth/v1/authorize?provider=google");
    const callback = new URL(
      (await fetch(authorize.headers.get("location")!, { redirect: "manual" })).headers.get("location")!,
    );
    const first = new URL((await app.request(`/auth/v1/callback${callback.search}`)).headers.get("location")!);
    expect(first.hash).toContain("access_token=");
    const replay = new URL((await app.request(`/auth/v1/callback${callback.search}`)).headers.get("location")!);
    expect(replay.searchParams.get("error_code")).toBe("bad_oauth_state");

    const stale = await app.request("/auth/v1/authorize?provider=google");
    const staleState = new URL(stale.headers.get("location")!).searchParams.get("state")!;
    await context.handle.db
      .update(flowStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(flowStates.id, staleState));
    const expired = new URL(
      (await app.request(`/auth/v1/callback?code=x&state=${staleState}`)).headers.get("location")!,
    );
    expect(expired.searchParams.get("error_code")).toBe("bad_oauth_state");
  });

  it("passes on the provider's refusal and a callback without a code to the app", async () => {
    const target = `${config.publicUrl}/signin`;
    const cancelled = await app.request(`/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(target)}`);
    const state = new URL(cancelled.headers.get("location")!).searchParams.get("state")!;
    const back = new URL(
      (
        await app.request(`/auth/v1/callback?state=${state}&error=access_denied&error_description=User+cancelled`)
      ).headers.get("location")!,
    );
    expect(`${back.origin}${back.pathname}`).toBe(target);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("error_description")).toBe("User cancelled");

    const noCode = await app.request("/auth/v1/authorize?provider=google");
    const noCodeState = new URL(noCode.headers.get("location")!).searchParams.get("state")!;
    const missing = new URL((await app.request(`/auth/v1/callback?state=${noCodeState}`)).headers.get("location")!);
    expect(missing.searchParams.get("error")).toBe("invalid_request");
  });

  it("completes the PKCE flow of auth-js: signInWithOAuth, provider, callback code, exchangeCodeForSession", async () => {
    const items = new Map<string, string>();
    const client = new GoTrueClient({
      url: `${withGoogle.baseUrl}/auth/v1`,
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      },
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: "pkce",
    });
    const email = `pkce-oauth-${randomUUID().slice(0, 8)}@example.com`;
    provider.state.nextProfile = googleProfile(email);
    const { data } = await client.signInWithOAuth({
      provider: "google",
      options: { skipBrowserRedirect: true, redirectTo: `${withGoogle.baseUrl}/dashboard` },
    });
    const toProvider = await fetch(data.url!, { redirect: "manual" });
    const consent = await fetch(toProvider.headers.get("location")!, { redirect: "manual" });
    const back = await fetch(consent.headers.get("location")!, { redirect: "manual" });
    const landed = new URL(back.headers.get("location")!);
    expect(landed.pathname).toBe("/dashboard");
    const { data: exchanged, error } = await client.exchangeCodeForSession(landed.searchParams.get("code")!);
    expect(error).toBeNull();
    expect(exchanged.user!.email).toBe(email);
  });
});
