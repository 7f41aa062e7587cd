import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbedded } from "#server/db/client";
import { notifications, profiles } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Saving and following, on a site of its own with the development clock: a visitor's heart leads to
 * sign-in and back, saved; Follow on the event page; the organizer publishes a draft (API) → the
 * follower has a bell notification at once and, once the daily batch has run (a day later on the dev
 * clock), an e-mail in /dev/mailbox; the dashboard lists the saved event and the organizer followed.
 */
const { openPage } = connectBrowser();

const FOLLOWER = { name: "Hana Girma", email: "hana.saves@example.com", password: "Saved-hearts-2031" };
const ORGANIZER = { name: "Selam Tesfaye", email: "selam.follows@example.com", password: "Follow-desk-2031" };
const SAVED_EVENT = "Ethio-Jazz on the Wharf";
const NEW_EVENT = "Coffee Ceremony Evening";
const SUBJECT = "New events from organizers you follow";

let site: SiteServer;
let dataDir: string;
let organizer: TestSession;
let savedEventId: number;
let draftId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-saves-"));
  const database = await openEmbedded({ dir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test" });
    await createTestSession(database.db, config, { ...FOLLOWER, data: { full_name: FOLLOWER.name } });
    organizer = await createTestSession(database.db, config, { ...ORGANIZER, data: { full_name: ORGANIZER.name } });
    await database.db.update(profiles).set({ name: ORGANIZER.name }).where(eq(profiles.userId, organizer.userId));
    const ticketTypes = [{ name: "General", priceCents: 0, quantity: 80 }];
    savedEventId = (
      await insertEventWithTicketTypes(database.db, { organizerId: organizer.userId, title: SAVED_EVENT, ticketTypes })
    ).eventId;
    draftId = (
      await insertEventWithTicketTypes(database.db, {
        organizerId: organizer.userId,
        title: NEW_EVENT,
        status: "draft",
        ticketTypes,
      })
    ).eventId;
  } finally {
    await database.close();
  }
  site = await startSiteServer({
    dataDir,
    env: { NODE_ENV: "test", SEED_SAMPLE_DATA: "false", DEV_MAILBOX: "true", DEV_CLOCK: "true", MAP_TILE_URL: "none" },
  });
});

afterAll(async () => {
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
});

describe("saving events and following organizers", () => {
  it("saves from a signed-out heart after sign-in, follows, and hears of the organizer's new event", async () => {
    const page = await openPage({ baseURL: site.url });
    await page.goto(`/events/${savedEventId}`);
    await waitForHydration(page);
    const heart = page.getByRole("button", { name: `Save ${SAVED_EVENT}` });
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByText("0 followers").count()).toBe(1);
    await heart.click();
    await page.waitForURL(/\/signin\?next=/);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(FOLLOWER.email);
    await page.getByLabel("Password", { exact: true }).fill(FOLLOWER.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/events/${savedEventId}`);
    await waitForHydration(page);
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");

    // Follow, without leaving the page.
    const follow = page.getByRole("button", { name: `Follow ${ORGANIZER.name}` });
    await follow.click();
    await expect.poll(() => follow.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByText("1 follower", { exact: true }).count()).toBe(1);
    expect(await follow.textContent()).toContain("Following");
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: `Follow ${ORGANIZER.name}` }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    // The organizer publishes their draft; a day later the daily batch has e-mailed the follower.
    const signedIn = await fetch(`${site.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ORGANIZER.email, password: ORGANIZER.password }),
    });
    const { access_token: token } = (await signedIn.json()) as { access_token: string };
    const published = await fetch(`${site.url}/api/v1/my/events/${draftId}/publish`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(published.status).toBe(200);
    const moved = await fetch(`${site.url}/dev/clock`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ days: 1 }),
    });
    expect(moved.status).toBe(200);
    const mailbox = await openPage({ baseURL: site.url });
    await expect
      .poll(
        async () => {
          await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(FOLLOWER.email)}`);
          return mailbox.getByRole("link", { name: SUBJECT }).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await mailbox.getByRole("link", { name: SUBJECT }).click();
    await mailbox.waitForURL(/\/dev\/mailbox\/\d+$/);
    await mailbox.getByText(NEW_EVENT).first().waitFor();
    const links = await mailbox
      .getByRole("region", { name: "Links in this message" })
      .getByRole("link")
      .allTextContents();
    expect(links.some((link) => link.includes("/unfollow?token="))).toBe(true);

    // The dashboard: the saved event under Saved, the organizer and their events under Following.
    await page.goto("/dashboard");
    await waitForHydration(page);
    const saved = page.getByRole("region", { name: "Saved events" });
    await saved.getByRole("link", { name: SAVED_EVENT }).waitFor();
    const following = page.getByRole("region", { name: "Following" });
    expect(await following.getByRole("link", { name: ORGANIZER.name, exact: true }).count()).toBe(1);
    expect(await following.getByRole("link", { name: NEW_EVENT }).count()).toBe(1);
    expectCleanConsole(page);
  });

  it("has no axe violations on the dashboard's Saved and Following, light and dark, and in Arabic", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const language of ["en", "ar"] as const) {
        const page = await openPage({ baseURL: site.url, colorScheme });
        await page.goto("/signin?next=/dashboard");
        await waitForHydration(page);
        await page.getByLabel("Email").fill(FOLLOWER.email);
        await page.getByLabel("Password", { exact: true }).fill(FOLLOWER.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard");
        await page.goto(`/dashboard?lang=${language}`);
        await waitForHydration(page);
        await page.locator("#saved").waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
        await expectNoAxeViolations(page);
      }
    }
  });

  it("put the new event in the follower's bell when it was published", async () => {
    await site.stop();
    const database = await openEmbedded({ dir: path.join(dataDir, "db") });
    try {
      const rows = await database.db
        .select({ data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.kind, "followed_event")));
      expect(rows.map((row) => row.data)).toEqual([
        { eventId: draftId, eventTitle: NEW_EVENT, organizerName: ORGANIZER.name },
      ]);
    } finally {
      await database.close();
    }
  });
});
