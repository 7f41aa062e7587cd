import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import {
  bodyVariants,
  isObject,
  nonJsonBodies,
  oversizedMetadata,
  serialize,
  type Value,
} from "#tests/support/malformed-values";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/*
 * The bad-input bar (quality-bars.md) for the Supabase-compatible /auth/v1: each endpoint's well-formed
 * body, changed one place at a time (NUL characters and oversized metadata in every field among them),
 * and bodies that are no JSON at all. Every answer is below 500, and every refusal is in Supabase's error
 * shape ({code, error_code, msg}), which its client reads.
 */

const CONCURRENCY = 8;
const config = readConfig({ NODE_ENV: "test" });
let handle: DatabaseHandle;
let app: App;
let me: TestSession;
let total = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  me = await createTestSession(handle.db, config, { data: { name: "Malformed Tester" } });
});
afterAll(() => handle?.close());

interface Endpoint {
  method: "POST" | "PUT";
  path: string;
  base: Value;
  signedIn?: boolean;
}

const ENDPOINTS = (): Endpoint[] => [
  {
    method: "POST",
    path: "/signup",
    base: { email: "new-person@example.com", password: "Tibeb-garbled-71", data: { name: "Abebe" } },
  },
  { method: "POST", path: "/otp", base: { email: me.email, create_user: false, data: { name: "Abebe" } } },
  { method: "POST", path: "/token?grant_type=password", base: { email: me.email, password: "not-the-password" } },
  { method: "POST", path: "/token?grant_type=refresh_token", base: { refresh_token: "a".repeat(43) } },
  { method: "POST", path: "/verify", base: { type: "signup", token_hash: "b".repeat(43) } },
  { method: "POST", path: "/verify", base: { type: "email", email: me.email, token: "123456" } },
  { method: "POST", path: "/recover", base: { email: me.email } },
  { method: "POST", path: "/resend", base: { type: "signup", email: me.email } },
  { method: "PUT", path: "/user", base: { data: { name: "Abebe", city: "Arlington" } }, signedIn: true },
];

interface Probe {
  endpoint: Endpoint;
  label: string;
  contentType?: string;
  body: string | Uint8Array<ArrayBuffer>;
}

function probesOf(endpoint: Endpoint): Probe[] {
  const json = "application/json";
  return [
    ...bodyVariants(endpoint.base).map(({ label, text }) => ({ endpoint, label, contentType: json, body: text })),
    ...nonJsonBodies(serialize(endpoint.base)).map(({ label, contentType, body }) => ({
      endpoint,
      label,
      ...(contentType ? { contentType } : {}),
      body,
    })),
    {
      endpoint,
      label: "12 KB of metadata",
      contentType: json,
      body: serialize({ ...(endpoint.base as object), data: oversizedMetadata(12 * 1024) }),
    },
  ];
}

/** Why an answer breaks the bar, or null: below 500, and every refusal in Supabase's error shape. */
function problemOf(status: number, text: string): string | null {
  if (status >= 500) return "server error";
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "a body that is not JSON";
  }
  if (!isObject(body)) return "not an object";
  if (body.code !== status) return `code ${JSON.stringify(body.code)} with status ${status}`;
  if (typeof body.error_code !== "string" || !body.error_code) return "no error_code";
  if (typeof body.msg !== "string" || !body.msg) return "no msg";
  return null;
}

describe(`malformed requests to /auth/v1 on the ${testDatabaseKind()} database`, () => {
  it("never answer 500, and refuse in Supabase's error shape", { timeout: 240_000 }, async () => {
    const probes = ENDPOINTS().flatMap(probesOf);
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const { endpoint, label, contentType, body } = probes[next++]!;
        const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
        if (endpoint.signedIn) headers.Authorization = `Bearer ${me.session.access_token}`;
        const response = await app.request(`/auth/v1${endpoint.path}`, { method: endpoint.method, headers, body });
        const text = await response.text();
        total++;
        const problem = problemOf(response.status, text);
        if (problem) failures.push(`${endpoint.method} ${endpoint.path} (${label}): ${problem}: ${text.slice(0, 160)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 20)).toEqual([]);
    expect(total).toBeGreaterThan(1_000);
  });
});
