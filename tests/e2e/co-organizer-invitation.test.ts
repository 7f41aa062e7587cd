import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app";
import { openEmbedded } from "#server/db/client";
import { events } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession } from "#tests/support/auth-session";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { invitationLinksTo } from "#tests/support/co-organizer-invitations";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * The page an invitation to co-organize opens (issue 16 point 4), as the invited person sees it before
 * signing in: who invites them to what, until when, and how to accept; in four languages, both themes.
 */
const { openPage } = connectBrowser();
const DAY = 24 * 60 * 60 * 1000;
const INVITED = "dawit.invited@example.org";
let site: SiteServer;
let dataDir: string;
let invitationPath: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-invitation-"));
  const database = await openEmbedded({ dir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test" });
    const organizer = await createTestSession(database.db, config, { data: { full_name: "Selam Organizer" } });
    // An event of the test's own gives the database a category and a venue to refer to.
    const existing = await insertEventWithTicketTypes(database.db, {
      ticketTypes: [{ name: "Entry", priceCents: 0, quantity: 1 }],
    });
    const [place] = await database.db
      .select({ categoryId: events.categoryId, venueId: events.venueId })
      .from(events)
      .where(eq(events.id, existing.eventId));
    const startsAt = new Date(Date.now() + 20 * DAY);
    // Named as a co-organizer the way organizers do it: in the event's form (here its API).
    const app = createApp({ db: database.db, config, logger: createLogger(config) });
    const created = await app.request("/api/v1/my/events", {
      method: "POST",
      headers: { Authorization: `Bearer ${organizer.session.access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "Ethio-Jazz Night",
        description: "Live music.",
        categoryId: place!.categoryId,
        language: "en",
        isPublic: true,
        timeZone: "America/New_York",
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
        venue: { id: place!.venueId },
        ticketTypes: [{ name: "General admission", priceCents: 2000, quantity: 100 }],
        sponsorIds: [],
        coOrganizerEmails: [INVITED],
        publish: true,
      }),
    });
    expect(created.status).toBe(201);
    const [link] = await invitationLinksTo(database.db, INVITED);
    invitationPath = new URL(link!).pathname;
  } finally {
    await database.close();
  }
  site = await startSiteServer({ dataDir, env: { SEED_SAMPLE_DATA: "false" } });
});

afterAll(async () => {
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
});

describe("an invitation to co-organize", () => {
  it("tells a visitor who invites them to what, and asks them to sign in with the invited address", async () => {
    const page = await openPage({ baseURL: site.url });
    await page.goto(invitationPath);
    await waitForHydration(page);
    const main = await page.locator("main").innerText();
    expect(main).toContain("Selam Organizer");
    expect(main).toContain("Ethio-Jazz Night");
    expect(main).toContain(INVITED);
    expect(await page.getByRole("link", { name: "Sign in" }).count()).toBeGreaterThan(0);
    expectCleanConsole(page);
  });

  it.each([
    ["light", "en"],
    ["dark", "fr"],
    ["light", "ar"],
    ["dark", "am"],
  ] as const)("has no accessibility violations in %s theme in %s", async (colorScheme, language) => {
    const page = await openPage({ baseURL: site.url, colorScheme, viewport: { width: 390, height: 844 } });
    await page.goto(`${invitationPath}?lang=${language}`);
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("dir")).toBe(language === "ar" ? "rtl" : "ltr");
    await expectNoAxeViolations(page);
  });
});
