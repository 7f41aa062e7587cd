import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbedded } from "#server/db/client";
import { readConfig } from "#server/env";
import { createTestSession } from "#tests/support/auth-session";
import { newAddress } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, waitForHydration } from "#tests/support/browser";
import { startHttpsProxy, type HttpsProxy } from "#tests/support/https-proxy";
import { insertOrderWithTickets } from "#tests/support/issued-tickets";
import { freePort } from "#tests/support/postgres-server";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { placePaidOrder } from "#tests/support/paid-orders";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * The site as production runs it: behind a TLS-terminating proxy (issue 16 point 1 and acceptance).
 * The browser speaks HTTPS to the proxy, which reaches the site over plain HTTP at its own address and
 * says the rest in X-Forwarded-*; the site runs with TRUST_PROXY=true and PUBLIC_URL the proxy's
 * address. Each kind of form, posted with scripts (React Router's fetch) and without (a plain form
 * post): sign-up, sign-in, checkout, event editing, check-in and a refund. Every cookie is Secure and
 * every answer carries HSTS.
 */
const { openPage } = connectBrowser();

const ORGANIZER = { name: "Mekdes Alemu", email: "mekdes.proxy@example.com", password: "Behind-the-proxy-2031" };
const BUYERS = { scripted: "Liya Haile", plain: "Yonas Tesfaye" } as const;
const DAY = 24 * 60 * 60 * 1000;

let site: SiteServer;
let proxy: HttpsProxy;
let dataDir: string;
let eventId: number;
let freeTicketTypeId: number;
const codes = { scripted: "", plain: "" };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-proxy-"));
  const database = await openEmbedded({ dir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test" });
    const organizer = await createTestSession(database.db, config, {
      ...ORGANIZER,
      data: { full_name: ORGANIZER.name },
    });
    const event = await insertEventWithTicketTypes(database.db, {
      organizerId: organizer.userId,
      title: "Rooftop Jazz behind the Proxy",
      startsAt: new Date(Date.now() + DAY),
      ticketTypes: [
        { name: "General Admission", priceCents: 0, quantity: 50 },
        { name: "Balcony", priceCents: 25_00, quantity: 10 },
      ],
    });
    eventId = event.eventId;
    freeTicketTypeId = event.ticketTypeIds[0]!;
    const issued = await insertOrderWithTickets(database.db, event, { count: 2, buyerName: "Sara Bekele" });
    codes.scripted = issued.codes[0]!;
    codes.plain = issued.codes[1]!;
    for (const name of Object.values(BUYERS)) {
      await placePaidOrder(database.db, {
        eventId,
        ticketTypeId: event.ticketTypeIds[1]!,
        buyer: { name, email: newAddress(name) },
      });
    }
  } finally {
    await database.close();
  }
  // The proxy's address must be known to the site (PUBLIC_URL) before either listens.
  const proxyPort = await freePort();
  site = await startSiteServer({
    dataDir,
    env: { SEED_SAMPLE_DATA: "false", TRUST_PROXY: "true", PUBLIC_URL: `https://127.0.0.1:${proxyPort}` },
  });
  proxy = await startHttpsProxy({ target: site.url, port: proxyPort });
});

afterAll(async () => {
  await proxy?.close();
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
});

type Mode = keyof typeof BUYERS;

async function openThroughProxy(mode: Mode) {
  return openPage({ baseURL: proxy.url, ignoreHTTPSErrors: true, javaScriptEnabled: mode === "scripted" });
}

/** Opens `path` and, with scripts, waits until the page runs them: their forms post through React Router. */
async function visit(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  expect(response?.headers()["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
  if (mode === "scripted") await waitForHydration(page);
}

const mainText = (page: Page) => page.locator("main").innerText();

describe("the site behind an HTTPS-terminating proxy", () => {
  for (const mode of ["scripted", "plain"] as const) {
    it(`takes every kind of form ${mode === "scripted" ? "with scripts" : "without scripts"}, over HTTPS with Secure cookies`, async () => {
      // Sign-up.
      const newcomer = await openThroughProxy(mode);
      await visit(newcomer, mode, "/signup");
      await newcomer.getByLabel("Full name").fill("Hanna Girma");
      await newcomer.getByLabel("Email").fill(newAddress("Hanna Girma"));
      await newcomer.getByLabel("Password", { exact: true }).fill("Signed-up-through-2031");
      await newcomer.getByRole("button", { name: "Create account" }).click();
      await newcomer.waitForURL(/\/signup-success$/);

      // Checkout of a free ticket, as a visitor.
      await visit(newcomer, mode, `/events/${eventId}/checkout?qty.${freeTicketTypeId}=1`);
      await newcomer.getByLabel("Full name").fill("Hanna Girma");
      await newcomer.getByLabel("Email").fill(newAddress("Hanna Girma"));
      await newcomer.getByRole("button", { name: "Complete registration" }).click();
      await newcomer.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);

      // Sign-in, on the way to the door's check-in page.
      const organizer = await openThroughProxy(mode);
      await visit(organizer, mode, `/events/${eventId}/check-in`);
      await organizer.waitForURL(/\/signin\?next=/);
      if (mode === "scripted") await waitForHydration(organizer);
      await organizer.getByLabel("Email").fill(ORGANIZER.email);
      await organizer.getByLabel("Password", { exact: true }).fill(ORGANIZER.password);
      await organizer.getByRole("button", { name: "Sign In", exact: true }).click();
      await organizer.waitForURL((url) => url.pathname === `/events/${eventId}/check-in`);

      // Check-in.
      if (mode === "scripted") await waitForHydration(organizer);
      await organizer.getByLabel("Ticket code").fill(codes[mode]);
      await organizer.getByRole("button", { name: "Check in", exact: true }).click();
      await expect.poll(() => mainText(organizer)).toContain("Checked in");

      // Event editing.
      await visit(organizer, mode, `/events/${eventId}/edit`);
      await organizer.getByLabel("Title", { exact: true }).fill(`Rooftop Jazz behind the Proxy (${mode})`);
      await organizer.getByRole("button", { name: "Save changes" }).click();
      await organizer.waitForURL(/\/edit\?saved=changes$/);

      // A refund.
      const buyer = BUYERS[mode];
      await visit(organizer, mode, `/events/${eventId}/orders`);
      await organizer.getByRole("link", { name: `Refund the order of ${buyer}` }).click();
      await organizer.getByRole("button", { name: "Refund the order" }).click();
      await organizer.waitForURL(/refunded=/);
      await expect.poll(() => mainText(organizer)).toContain(`to ${buyer}.`);

      // The language and theme, as the footer's and the header's forms store them.
      const stored = await organizer.request.post("/preferences", {
        form: { language: "en", theme: "dark" },
        headers: { Origin: proxy.url },
      });
      expect(stored.ok()).toBe(true);

      const cookies = [...(await newcomer.context().cookies()), ...(await organizer.context().cookies())];
      expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(["session", "lang", "theme"]));
      for (const cookie of cookies) expect(cookie, cookie.name).toMatchObject({ secure: true });
      expectCleanConsole(newcomer);
      expectCleanConsole(organizer);
    });
  }
});
