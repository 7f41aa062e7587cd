import { randomUUID } from "node:crypto";
import { beforeAll, expect } from "vitest";
import { createApp, type App } from "#server/app";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "./auth-session";
import { setUpAuthServer } from "./auth-server";

/**
 * The auth server of the hostile-input suites (auth-bad-input, auth-forged-tokens, auth-account-enumeration):
 * the app behind a trusted proxy with e-mail limits out of the way, one signed-in person, and `send`, which
 * posts to /auth/v1 from a new client address each time so per-address limits stay out of the way too.
 */
export function setUpAuthRequests() {
  const context = setUpAuthServer({ AUTH_EMAILS_PER_HOUR: "10000", TRUST_PROXY: "true" });
  const state: { app?: App; person?: TestSession } = {};
  beforeAll(async () => {
    state.app = createApp({
      db: context.handle.db,
      config: context.server.config,
      logger: createLogger(context.server.config),
    });
    state.person = await createTestSession(context.handle.db, context.server.config);
  });

  let clientNumber = 0;
  function send(
    path: string,
    init: { method?: string; body?: BodyInit | null; headers?: Record<string, string> } = {},
  ) {
    clientNumber += 1;
    return state.app!.request(`/auth/v1${path}`, {
      method: init.method ?? "POST",
      body: init.body ?? null,
      headers: {
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
        "x-forwarded-for": `198.51.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
        ...init.headers,
      },
    });
  }
  const sendJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send(path, { body: JSON.stringify(body), headers });

  return {
    context,
    site: () => context.server.baseUrl,
    send,
    sendJson,
    /** The app and the signed-in person, once the suite's beforeAll has run. */
    current: () => ({ app: state.app!, person: state.person! }),
  };
}

/** Asserts an error in Supabase's shape: the status, the code in a header and in the body, and a message. */
export async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("x-sb-error-code")).toBe(code);
  const body = await response.json();
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  return body as { code: string; message: string };
}

export const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
