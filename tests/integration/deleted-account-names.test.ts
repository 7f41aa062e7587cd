import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as peoplePage from "#app/routes/admin-people";
import * as personPage from "#app/routes/admin-person";
import * as eventPage from "#app/routes/event";
import * as ordersPage from "#app/routes/event-orders";
import * as salesCsv from "#app/routes/event-sales-csv";
import * as userPage from "#app/routes/user";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { events } from "#server/db/schema";
import type { Viewer } from "#server/http/app-env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { DELETED_BUYER_NAME, DELETED_ORGANIZER_NAME } from "#domain/deleted-account";
import { createFullAccount, setUpAccountApp } from "#tests/support/account-fixtures";
import { createTestSession } from "#tests/support/auth-session";
import { metaOf, textOf } from "#tests/support/page-render";
import { makeStaff } from "#tests/support/staff";

/*
 * A deleted account's name (decision 015) is stored as a stable English marker; every page shows it in
 * the reader's language: the organizer's own page and its head, the event page's organizer line, the
 * organizer's order and attendee lists and sales CSV, and the staff console's people pages.
 */

const setup = setUpAccountApp();
const db = () => setup.handle.db;

let ada: Awaited<ReturnType<typeof createFullAccount>>;
/** The organizer of the event Ada bought a ticket for. */
let seller: Viewer;
let staff: Viewer;

const viewerOf = (userId: string, isStaff: boolean): Viewer => ({
  userId,
  sessionId: randomUUID(),
  email: "someone@example.com",
  name: "X",
  profileImage: null,
  isStaff,
});

async function load(
  page: { loader: (args: never) => unknown },
  path: string,
  language: Language,
  viewer: Viewer | null,
  params: Record<string, string>,
) {
  const context = {
    db: db(),
    config: setup.config,
    viewer,
    cspNonce: "",
    requestId: randomUUID(),
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
  const url = `${setup.config.publicUrl}${path}${path.includes("?") ? "&" : "?"}lang=${language}`;
  const answer = (await page.loader({ request: new Request(url), params, context } as never)) as unknown;
  // A loader answers its data, or data(...) with headers.
  return (answer as { type?: string }).type === "DataWithResponseInit" ? (answer as { data: unknown }).data : answer;
}

/** The page's visible text in `language`, with every message of the language. */
async function pageText(page: { default: unknown }, path: string, language: Language, loaderData: unknown) {
  const messages = await loadMessages(language);
  const own = (loaderData as { pageMessages?: object }).pageMessages ?? {};
  const element = createElement(page.default as never, { loaderData, actionData: undefined, params: {} } as never);
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  return textOf(
    renderToStaticMarkup(
      createElement(
        TranslationProvider,
        { value: createTranslator(language, { ...messages, ...own } as never) },
        createElement(RouterProvider, { router }),
      ),
    ),
  );
}

beforeAll(async () => {
  ada = await createFullAccount(db(), setup.config);
  const [bought] = await db()
    .select({ organizerId: events.organizerId })
    .from(events)
    .where(eq(events.id, ada.coOrganizedEventId));
  seller = viewerOf(bought!.organizerId, false);
  const member = await createTestSession(db(), setup.config);
  await makeStaff(db(), member.userId);
  staff = viewerOf(member.userId, true);
  const response = await setup.app.request("/api/v1/me/delete", {
    method: "POST",
    body: JSON.stringify({ password: ada.password }),
    headers: { Authorization: `Bearer ${ada.session.access_token}`, "Content-Type": "application/json" },
  });
  expect(response.status).toBe(200);
});

describe("a deleted organizer's name", () => {
  it("is 'former organizer' in the reader's language on their page, in its title, and on their event's page", async () => {
    const path = `/users/${ada.userId}`;
    for (const [language, words] of [
      ["fr", "Ancien organisateur"],
      ["ar", "منظّم سابق"],
    ] as const) {
      const data = await load(userPage, path, language, null, { id: ada.userId });
      const text = await pageText(userPage, path, language, data);
      expect(text, language).toContain(words);
      expect(text, language).not.toContain(DELETED_ORGANIZER_NAME);
      if (language === "fr") expect(text, "nobody can follow a deleted account").not.toMatch(/Suivre|followShort/);
      const head = await metaOf(userPage as never, "routes/user", language, data);
      const title = head.find((descriptor) => "title" in descriptor) as { title: string };
      expect(title.title, language).toMatch(new RegExp(`^${words} \\| `));
    }
    const eventPath = `/events/${ada.pastEventId}`;
    const event = await load(eventPage, eventPath, "am", null, { id: String(ada.pastEventId) });
    const text = await pageText(eventPage, eventPath, "am", event);
    expect(text).toContain("የቀድሞ አዘጋጅ");
    expect(text).not.toContain(DELETED_ORGANIZER_NAME);
    // What search engines read names the organizer in the page's language too.
    const eventHead = await metaOf(eventPage as never, "routes/event", "am", event);
    const jsonLd = eventHead.find((descriptor) => "script:ld+json" in descriptor) as {
      "script:ld+json": { organizer: { name: string } };
    };
    expect(jsonLd["script:ld+json"].organizer.name).toBe("የቀድሞ አዘጋጅ");
    // The JSON API keeps the stable marker its description names.
    const answer = await setup.app.request(`/api/v1/events/${ada.pastEventId}`);
    expect(((await answer.json()) as { data: { organizer: { name: string } } }).data.organizer.name).toBe(
      DELETED_ORGANIZER_NAME,
    );
  });

  it("is translated in the staff console's people list and person page", async () => {
    const list = await load(peoplePage, `/admin/people?q=deleted-${ada.userId}`, "fr", staff, {});
    expect(await pageText(peoplePage, "/admin/people", "fr", list)).toContain("Ancien organisateur");
    const person = await load(personPage, `/admin/people/${ada.userId}`, "fr", staff, { id: ada.userId });
    const text = await pageText(personPage, `/admin/people/${ada.userId}`, "fr", person);
    expect(text).toContain("Ancien organisateur");
    expect(text).not.toContain(DELETED_ORGANIZER_NAME);
  });
});

describe("a deleted buyer's name", () => {
  it("is 'deleted account' in the organizer's language on their orders, attendees and sales CSV", async () => {
    const id = String(ada.coOrganizedEventId);
    for (const view of ["", "?view=attendees"]) {
      const path = `/events/${id}/orders${view}`;
      const data = await load(ordersPage, path, "fr", seller, { id });
      const text = await pageText(ordersPage, path, "fr", data);
      expect(text, view).toContain("Compte supprimé");
      expect(text, view).not.toContain(DELETED_BUYER_NAME);
    }
    const csv = (await load(salesCsv, `/events/${id}/sales.csv`, "ar", seller, { id })) as Response;
    const body = await csv.text();
    expect(body).toContain("حساب محذوف");
    expect(body).not.toContain(DELETED_BUYER_NAME);
  });
});
