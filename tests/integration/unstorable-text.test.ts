import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as signUpPage from "#app/routes/sign-up";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { users } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { testAuthRequest } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * PostgreSQL stores no NUL character. Text carrying one is refused with a 400 wherever it comes in (JSON
 * bodies of the API and of /auth/v1, their form bodies, the site's forms), and nothing is written:
 * before, a NUL in sign-up `data` failed the insert with a 500, and the log line held the password hash.
 */
const config = readConfig({ NODE_ENV: "test", AUTH_EMAILS_PER_HOUR: "1000" });
let handle: DatabaseHandle;
let app: App;
const logged: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  const logger = createLogger({ ...config, mode: "production" }, { write: (line) => void logged.push(line) });
  app = createApp({ db: handle.db, config, logger });
});
afterAll(() => handle?.close());

async function accountsWith(email: string): Promise<number> {
  const [row] = await handle.db.select({ count: count() }).from(users).where(eq(users.email, email));
  return row!.count;
}

const newAddress = () => `nul-${randomUUID().slice(0, 8)}@example.com`;
const jsonPost = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Forwarded-For": testAuthRequest().ip },
  body: JSON.stringify(body),
});

describe(`text with a NUL character, on the ${testDatabaseKind()} database`, () => {
  it("is refused in sign-up data with Supabase's 400, no account made and nothing secret logged", async () => {
    const email = newAddress();
    const response = await app.request(
      "/auth/v1/signup",
      jsonPost({ email, password: "Tibeb-nul-check-71", data: { name: "Abebe\u0000Bikila" } }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: "validation_failed" });
    expect(await accountsWith(email)).toBe(0);
    expect(logged.join("\n")).not.toMatch(/argon2|"level":50/);
  });

  it("is refused in a key, in the password grant's form body, and in the address itself", async () => {
    const keyed = await app.request(
      "/auth/v1/signup",
      jsonPost({ email: newAddress(), password: "Tibeb-nul-check-71", data: { "na\u0000me": "Abebe" } }),
    );
    expect(keyed.status).toBe(400);
    const form = await app.request("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "a\u0000@example.com", password: "whatever-it-is" }),
    });
    expect(form.status).toBe(400);
    const address = await app.request("/auth/v1/otp", jsonPost({ email: "nul\u0000@example.com" }));
    expect(address.status).toBe(400);
  });

  it("is refused in the API's JSON bodies with the one error shape", async () => {
    const response = await app.request("/api/v1/ticket-lookup", jsonPost({ email: "abebe\u0000@example.com" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("invalid");
    expect(body.error.message).toMatch(/NUL/);
  });

  it("is refused in the site's forms with the form's own translated problem, no account made", async () => {
    const email = newAddress();
    const request = new Request(`${config.publicUrl}/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: config.publicUrl },
      body: new URLSearchParams({ name: "Abebe\u0000", email, password: "Tibeb-nul-check-71" }),
    });
    const context: AppLoadContext = {
      db: handle.db,
      config,
      cspNonce: "",
      requestId: randomUUID(),
      viewer: null,
      clientAddress: testAuthRequest().ip,
      payments: createSandboxProvider(),
    };
    const result = (await signUpPage.action({ request, context, params: {} } as never)) as unknown as {
      data: { problem: { kind: string } };
      init: { status?: number } | null;
    };
    expect(result.init?.status).toBe(400);
    expect(result.data.problem.kind).toBe("unexpected");
    expect(await accountsWith(email)).toBe(0);
  });
});
