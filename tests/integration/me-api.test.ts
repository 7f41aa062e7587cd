import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { listOperations, type JsonSchema, type OpenApiDocument } from "#server/api/openapi-document-shape";
import { sessionCookie, tokensFromSession } from "#server/http/session-cookie";
import { listRecommendations } from "#server/services/recommendations";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { testDatabaseKind } from "#tests/support/test-database";

const seeded = setUpSeededApp();
const BASE = "/api/v1/me";
let ada: TestSession;
let ben: TestSession;
let document: OpenApiDocument;

beforeAll(async () => {
  ada = await createTestSession(seeded.handle.db, seeded.config);
  ben = await createTestSession(seeded.handle.db, seeded.config);
  document = await (await seeded.app.request("/api/v1/openapi.json")).json();
});

function as(person: TestSession, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...init.headers, Authorization: `Bearer ${person.session.access_token}` } };
}

function postInterest(person: TestSession, body: string) {
  return seeded.app.request(
    `${BASE}/interests`,
    as(person, { method: "POST", body, headers: { "Content-Type": "application/json" } }),
  );
}

/** Checks an answer against what the OpenAPI document says the operation returns. */
function expectDocumented(operationId: string, status: string, body: unknown) {
  const found = listOperations(document).find(({ operation }) => operation.operationId === operationId);
  const schema = found?.operation.responses[status]?.content?.["application/json"].schema;
  if (!schema) throw new Error(`${operationId} documents no body for ${status}`);
  const toDefs = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
  const validator = z.fromJSONSchema({ ...toDefs(schema), $defs: toDefs(document.components.schemas) } as never);
  const result = validator.safeParse(body);
  expect(result.success ? [] : result.error.issues, `${operationId} ${status}`).toEqual([]);
}

const keys = (body: { data: { key: string }[] }) => body.data.map((interest) => interest.key);

describe(`/api/v1/me on the ${testDatabaseKind()} database`, () => {
  it("answers 401 'Must be logged in' in the one error shape without a session, or with a bad token", async () => {
    const attempts: [string, RequestInit][] = [
      ["/interests", {}],
      ["/interests", { method: "POST", body: '{"interest":"music"}', headers: { "Content-Type": "application/json" } }],
      ["/interests/music", { method: "DELETE" }],
      ["/recommendations", {}],
      ["/recommendations", { headers: { Authorization: "Bearer not-a-token" } }],
      ["/interests", { headers: { Authorization: `Bearer ${ada.session.access_token.slice(0, -4)}AAAA` } }],
    ];
    for (const [path, init] of attempts) {
      const response = await seeded.app.request(`${BASE}${path}`, init);
      expect(response.status, path).toBe(401);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "unauthenticated", message: "Must be logged in" });
      expect(body.error.requestId).toEqual(expect.any(String));
    }
  });

  it("saves, lists and removes interests for the bearer of an access token, never cached", async () => {
    const empty = await seeded.app.request(`${BASE}/interests`, as(ada));
    expect(empty.status).toBe(200);
    expect(empty.headers.get("cache-control")).toBe("private, no-store");
    expect(await empty.json()).toEqual({ data: [] });

    const saved = await postInterest(ada, '{"interest":"technology"}');
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toBe("private, no-store");
    await postInterest(ada, '{"interest":"music"}');
    const again = await (await postInterest(ada, '{"interest":"music"}')).json();
    expect(again).toEqual({
      data: [
        { key: "music", name: "Music" },
        { key: "technology", name: "Technology" },
      ],
    });
    expectDocumented("saveMyInterest", "200", again);

    const listed = await (await seeded.app.request(`${BASE}/interests`, as(ada))).json();
    expect(listed).toEqual(again);
    expectDocumented("listMyInterests", "200", listed);

    const removed = await seeded.app.request(`${BASE}/interests/technology`, as(ada, { method: "DELETE" }));
    expect(removed.status).toBe(200);
    const afterRemoval = await removed.json();
    expect(keys(afterRemoval)).toEqual(["music"]);
    expectDocumented("removeMyInterest", "200", afterRemoval);
    // Removing what is not saved changes nothing.
    const twice = await seeded.app.request(`${BASE}/interests/technology`, as(ada, { method: "DELETE" }));
    expect(keys(await twice.json())).toEqual(["music"]);
  });

  it("keeps each person's interests their own", async () => {
    await postInterest(ben, '{"interest":"sports"}');
    await seeded.app.request(`${BASE}/interests/music`, as(ben, { method: "DELETE" }));
    expect(keys(await (await seeded.app.request(`${BASE}/interests`, as(ben))).json())).toEqual(["sports"]);
    expect(keys(await (await seeded.app.request(`${BASE}/interests`, as(ada))).json())).toEqual(["music"]);
  });

  it("refuses unknown interests and malformed bodies with 400 in the one error shape", async () => {
    const bodies = [
      '{"interest":"opera"}',
      '{"interest":"Music"}',
      '{"interest":["music"]}',
      '{"interest":"music","userId":"someone-else"}',
      '{"__proto__":{"interest":"music"}}',
      "{}",
      "[]",
      "null",
      "interest=music",
      "",
    ];
    for (const body of bodies) {
      const response = await postInterest(ada, body);
      expect(response.status, body).toBe(400);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const answer = await response.json();
      expect(answer.error.code, body).toBe("invalid");
      expectDocumented("saveMyInterest", "400", answer);
    }
    for (const key of ["opera", "MUSIC", "%00", "music%20"]) {
      const response = await seeded.app.request(`${BASE}/interests/${key}`, as(ada, { method: "DELETE" }));
      expect(response.status, key).toBe(400);
      expect((await response.json()).error).toMatchObject({
        code: "invalid",
        fields: { interest: expect.any(String) },
      });
    }
    expect(keys(await (await seeded.app.request(`${BASE}/interests`, as(ada))).json())).toEqual(["music"]);
  });

  it("recommends upcoming events matching the saved interests, as the service does, and follows changes", async () => {
    const response = await seeded.app.request(`${BASE}/recommendations`, as(ada));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expectDocumented("listMyRecommendations", "200", body);
    const musicIds = body.data.map((event: { id: number }) => event.id);
    expect(musicIds.length).toBeGreaterThan(0);
    expect(body.data.every((event: { category: { name: string } }) => event.category.name === "Music")).toBe(true);
    const expected = await listRecommendations(seeded.handle.db, { userId: ada.userId }, new Date());
    expect(musicIds).toEqual(expected.map((event) => event.id));

    await seeded.app.request(`${BASE}/interests/music`, as(ada, { method: "DELETE" }));
    expect(await (await seeded.app.request(`${BASE}/recommendations`, as(ada))).json()).toEqual({ data: [] });
    await postInterest(ada, '{"interest":"food-drink"}');
    const food = await (await seeded.app.request(`${BASE}/recommendations`, as(ada))).json();
    expect(food.data.length).toBeGreaterThan(0);
    expect(food.data.every((event: { category: { name: string } }) => event.category.name === "Food & Drink")).toBe(
      true,
    );
  });

  it("works with the session cookie too, and refuses a change from another site (CSRF)", async () => {
    const cookie = sessionCookie(seeded.config, tokensFromSession(ben.session)).split(";")[0]!;
    const read = await seeded.app.request(`${BASE}/interests`, { headers: { Cookie: cookie } });
    expect(keys(await read.json())).toEqual(["sports"]);
    const post = (origin: string) =>
      seeded.app.request(`${BASE}/interests`, {
        method: "POST",
        body: '{"interest":"film"}',
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
      });
    expect((await post("https://evil.example")).status).toBe(403);
    expect(keys(await (await post(new URL(seeded.config.publicUrl).origin)).json())).toEqual(["sports", "film"]);
  });
});
