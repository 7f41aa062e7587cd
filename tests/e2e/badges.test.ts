import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbedded } from "#server/db/client";
import { readConfig } from "#server/env";
import { createTestSession } from "#tests/support/auth-session";
import { connectBrowser, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { reviews } from "#server/db/schema";
import { insertOrderWithTickets } from "#tests/support/issued-tickets";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Earning badges from real activity, on a site of its own: a new account registers for a free event,
 * its organizer checks the ticket in at the door, and the jobs worker awards First Timer (the attendee)
 * and Event Creator (the organizer, whose published event it is). The profile and the dashboard show them.
 */
const { openPage } = connectBrowser();

const ORGANIZER = { name: "Mekdes Alemu", email: "mekdes.badges@example.com", password: "Door-keeper-2031" };
const ATTENDEE = { name: "Selam Worku", email: "selam.badges@example.com", password: "First-event-2031" };

let site: SiteServer;
let dataDir: string;
let eventId: number;
let attendeeId: string;
let organizerId: string;
/** Past events the attendee held a ticket for: reviewed already, all but the last. */
const pastEventIds: number[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-badges-"));
  const database = await openEmbedded({ dir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test" });
    organizerId = (await createTestSession(database.db, config, { ...ORGANIZER, data: { full_name: ORGANIZER.name } }))
      .userId;
    attendeeId = (await createTestSession(database.db, config, { ...ATTENDEE, data: { full_name: ATTENDEE.name } }))
      .userId;
    // Under way: registration is open and the door too.
    ({ eventId } = await insertEventWithTicketTypes(database.db, {
      organizerId,
      title: "Badge Night at the Wharf",
      startsAt: new Date(Date.now() - 30 * 60_000),
      ticketTypes: [{ name: "Free Registration", priceCents: 0, quantity: 50 }],
    }));
    // Five evenings of last month the attendee held a ticket for, four of them reviewed already.
    for (let week = 1; week <= 5; week++) {
      const past = await insertEventWithTicketTypes(database.db, {
        organizerId,
        title: `Wharf Evening ${week}`,
        startsAt: new Date(Date.now() - week * 7 * 24 * 60 * 60_000),
        ticketTypes: [{ name: "Free Registration", priceCents: 0, quantity: 50 }],
      });
      await insertOrderWithTickets(database.db, past, { userId: attendeeId, buyerEmail: ATTENDEE.email });
      pastEventIds.push(past.eventId);
    }
    await database.db
      .insert(reviews)
      .values(pastEventIds.slice(0, 4).map((id) => ({ eventId: id, authorId: attendeeId, rating: 4 })));
  } finally {
    await database.close();
  }
  site = await startSiteServer({ dataDir, env: { SEED_SAMPLE_DATA: "false" } });
});

afterAll(async () => {
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
});

async function signIn(page: Page, person: { email: string; password: string }) {
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The badges a person holds, as the public API tells them (the worker awards them moments after). */
async function badgesOf(page: Page, userId: string): Promise<string[]> {
  const answer = await page.request.get(`/api/v1/users/${userId}/badges`, { headers: { "Cache-Control": "no-cache" } });
  return ((await answer.json()) as { data: { key: string }[] }).data.map((badge) => badge.key);
}

describe("earning badges", () => {
  it("a first check-in earns First Timer, shown on the profile and the dashboard with progress toward Event Explorer", async () => {
    // The attendee registers for the free event, signed in.
    const attendee = await openPage({ baseURL: site.url });
    await attendee.goto(`/signin?next=${encodeURIComponent(`/events/${eventId}`)}`);
    await waitForHydration(attendee);
    await signIn(attendee, ATTENDEE);
    await attendee.waitForURL((url) => url.pathname === `/events/${eventId}`);
    await waitForHydration(attendee);
    await attendee.locator("section#tickets select").first().selectOption("1");
    await attendee.getByRole("button", { name: "Register", exact: true }).click();
    await attendee.waitForURL(/\/checkout\?/);
    // Signed in: the name and address are filled in already.
    await attendee.getByLabel("Full name").waitFor();
    expect(await attendee.getByLabel("Email").inputValue()).toBe(ATTENDEE.email);
    await attendee.getByRole("button", { name: "Complete registration" }).click();
    await attendee.waitForURL(/\/orders\/[0-9a-f-]{36}/);
    const orderId = /\/orders\/([0-9a-f-]{36})/.exec(attendee.url())![1]!;
    const order = (await (await attendee.request.get(`/api/v1/orders/${orderId}`)).json()) as {
      data: { tickets: { code: string }[] };
    };
    const code = order.data.tickets[0]!.code;
    expect(await badgesOf(attendee, attendeeId)).toEqual([]);

    // The organizer checks the ticket in at the door.
    const door = await openPage({ baseURL: site.url });
    await door.goto(`/events/${eventId}/check-in`);
    await door.waitForURL(/\/signin\?next=/);
    await waitForHydration(door);
    await signIn(door, ORGANIZER);
    await door.waitForURL((url) => url.pathname === `/events/${eventId}/check-in`);
    await door.getByLabel("Ticket code").fill(code);
    await door.getByRole("button", { name: "Check in", exact: true }).click();
    await expect.poll(() => door.locator("[aria-live=assertive]").textContent()).toContain("Checked in");

    // The jobs worker awards the badges: First Timer to the attendee, Event Creator to the organizer.
    await expect.poll(() => badgesOf(attendee, attendeeId), { timeout: 15_000 }).toEqual(["first_timer"]);
    await expect.poll(() => badgesOf(door, organizerId), { timeout: 15_000 }).toContain("event_creator");

    // Anyone sees them on the public profiles.
    await attendee.goto(`/users/${attendeeId}`);
    const profileBadges = attendee.getByRole("region", { name: "Badges" });
    await profileBadges.waitFor();
    expect(await profileBadges.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^First Timer.*Level: Bronze.*Checked in at a first event\.$/),
    ]);
    await door.goto(`/users/${organizerId}`);
    await door.getByRole("region", { name: "Badges" }).waitFor();
    expect(await door.getByRole("region", { name: "Badges" }).textContent()).toContain("Event Creator");

    // The dashboard: the badge held, and the next ones with the progress toward them.
    await attendee.goto("/dashboard#badges");
    const mine = attendee.getByRole("region", { name: "My badges" });
    await mine.waitFor();
    expect(await mine.getByRole("region", { name: "Earned" }).textContent()).toContain("First Timer");
    const next = mine.getByRole("region", { name: "Next badges" });
    expect(await next.getByRole("listitem").filter({ hasText: "Event Explorer" }).textContent()).toContain(
      "Events attended: 1 of 5",
    );
    // Nothing broke; the event page's resources from outside hosts cannot load on this site of its own.
    expect(attendee.consoleErrors.filter((error) => !error.includes("ERR_NAME_NOT_RESOLVED"))).toEqual([]);
  });

  it("a fifth review earns Helpful Reviewer, shown on the profile", async () => {
    const reviewer = await openPage({ baseURL: site.url });
    const lastEvening = pastEventIds.at(-1)!;
    await reviewer.goto(`/signin?next=${encodeURIComponent(`/events/${lastEvening}`)}`);
    await waitForHydration(reviewer);
    await signIn(reviewer, ATTENDEE);
    await reviewer.waitForURL((url) => url.pathname === `/events/${lastEvening}`);
    await waitForHydration(reviewer);
    expect(await badgesOf(reviewer, attendeeId)).not.toContain("helpful_reviewer");
    const form = reviewer.getByRole("form", { name: "Review this event" });
    await form.waitFor();
    await form.getByRole("radio", { name: "5 out of 5" }).check();
    await form.getByRole("button", { name: "Publish review" }).click();
    await reviewer.getByRole("form", { name: "Your review" }).waitFor();

    await expect.poll(() => badgesOf(reviewer, attendeeId), { timeout: 15_000 }).toContain("helpful_reviewer");
    await reviewer.goto(`/users/${attendeeId}`);
    const profileBadges = reviewer.getByRole("region", { name: "Badges" });
    await profileBadges.waitFor();
    expect(await profileBadges.textContent()).toContain("Helpful Reviewer");
  });

  it("has no axe violations on the dashboard's badges, light and dark, and in Arabic", async () => {
    for (const [colorScheme, query] of [
      ["light", ""],
      ["dark", ""],
      ["light", "?lang=ar"],
    ] as const) {
      const page = await openPage({ baseURL: site.url, colorScheme });
      await page.goto(`/signin?next=${encodeURIComponent(`/dashboard${query}`)}`);
      await waitForHydration(page);
      await signIn(page, ATTENDEE);
      await page.waitForURL((url) => url.pathname === "/dashboard");
      // Opened afresh, without the sign-in toast (the site-wide toast's colours are not this section's).
      await page.reload();
      await page.locator("#badges").waitFor();
      if (query) expect(await page.locator("#badges h2").textContent()).toBe("شاراتي");
      await expectNoAxeViolations(page);
    }
  });
});
