import { randomUUID } from "node:crypto";
import type { AppLoadContext, UNSAFE_DataWithResponseInit } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as eventsPage from "#app/routes/events";
import * as eventsFeedRoute from "#app/routes/events-feed";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * Days that do not exist ("2026-13-45", 30 February) in the searches of /events and its calendar feed:
 * refused with 400, never rolled over into another month. (The API's list: events-api.test.ts.)
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const IMPOSSIBLE = ["date=custom&from=2026-13-45", "date=custom&from=2026-02-30", "date=custom&to=2026-11-31"];
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
    clientAddress: "192.0.2.1",
    payments: createSandboxProvider(),
  };
}

describe(`impossible days in a search on the ${testDatabaseKind()} database`, () => {
  it("make the /events page answer 400 with its message for a search it cannot run", async () => {
    for (const query of IMPOSSIBLE) {
      const request = new Request(`${SITE}/events?${query}`);
      const answer = (await eventsPage.loader({
        request,
        params: {},
        context: context(),
      } as never)) as UNSAFE_DataWithResponseInit<{ invalid: boolean }>;
      expect(answer.init?.status, query).toBe(400);
      expect(answer.data.invalid, query).toBe(true);
    }
    // A day that exists is searched.
    const request = new Request(`${SITE}/events?date=custom&from=2028-02-29`);
    const answer = (await eventsPage.loader({ request, params: {}, context: context() } as never)) as {
      invalid: boolean;
    };
    expect(answer.invalid).toBe(false);
  });

  it("make the calendar feed answer 400 naming the field", async () => {
    for (const query of IMPOSSIBLE) {
      const request = new Request(`${SITE}/events.ics?${query}`);
      const response = (await eventsFeedRoute.loader({ request, params: {}, context: context() } as never)) as Response;
      expect(response.status, query).toBe(400);
      expect(await response.text()).toMatch(/^Not a valid events filter: (from|to)\.$/m);
    }
  });
});
