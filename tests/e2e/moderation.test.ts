import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/language";
import { MODERATION_EMAIL_WORDS } from "#server/mail/moderation-email";
import type { StorageState } from "#tests/support/browser-accounts";
import { signInAsSampleStaff } from "#tests/support/staff-browser";
import { connectBrowser, expectAccessiblePages, expectCleanConsole, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const REASON = "Tickets are sold off-site by wire transfer, which our community guidelines forbid.";

let staffState: StorageState | null = null;

/**
 * A page signed in as the staff member: by magic link the first time, then with that session (a second
 * link within the minute would be refused).
 */
async function openStaffPage(viewport: { width: number; height: number }): Promise<Page & { consoleErrors: string[] }> {
  if (staffState) return openPage({ viewport, storageState: staffState });
  const page = await openPage({ viewport });
  staffState = await signInAsSampleStaff(page);
  return page;
}

/** Where a visitor (no cookies: answers may come from the response cache) still finds the event. */
async function whereVisitorsSee(page: Page, event: { id: number; title: string }): Promise<string[]> {
  const found: string[] = [];
  const link = `a[href="/events/${event.id}"]`;
  await page.goto(`/events?q=${encodeURIComponent(event.title)}`);
  if ((await page.locator(`main ${link}`).count()) > 0) found.push("/events search");
  await page.goto("/");
  if ((await page.locator(`main ${link}`).count()) > 0) found.push("home page");
  const list = (await (await page.request.get("/api/v1/events?sort=date&limit=100")).json()) as {
    data: { id: number }[];
  };
  if (list.data.some((item) => item.id === event.id)) found.push("/api/v1/events");
  if ((await page.request.get(`/api/v1/events/${event.id}`)).status() === 200) found.push("/api/v1/events/{id}");
  const address = new RegExp(`/events/${event.id}(?![0-9])`);
  if (address.test(await (await page.request.get("/sitemaps/events-1.xml")).text())) found.push("sitemap");
  if (address.test(await (await page.request.get("/events.ics")).text())) found.push("/events.ics");
  if ((await page.request.get(`/events/${event.id}`)).status() === 200) found.push("event page");
  return found;
}

const EVERYWHERE = [
  "/events search",
  "home page",
  "/api/v1/events",
  "/api/v1/events/{id}",
  "sitemap",
  "/events.ics",
  "event page",
];

/** While the event is hidden: gone for visitors everywhere, shown to staff with the reason, organizers e-mailed. */
async function whileHidden(staff: Page, event: { id: number; title: string }) {
  // Gone, at once, from everything a visitor reaches; staff still see its page, with the reason.
  const stranger = await openPage({ viewport: DESKTOP });
  expect(await whereVisitorsSee(stranger, event)).toEqual([]);
  await staff.goto(`/events/${event.id}`);
  await expect(staff.getByRole("status").filter({ hasText: "This event is hidden" }).textContent()).resolves.toContain(
    REASON,
  );
  // The organizer (and any co-organizer) is told, in their own language, with the reason.
  const subjects = LANGUAGES.map((language) =>
    MODERATION_EMAIL_WORDS[language].hiddenSubject.replace("{{event}}", event.title),
  );
  const told = stranger.getByRole("link").filter({ hasText: new RegExp(subjects.map(escapeRegExp).join("|")) });
  await expect
    .poll(async () => {
      await stranger.goto("/dev/mailbox");
      return told.count();
    })
    .toBeGreaterThan(0);
  await told.first().click();
  await expect(stranger.locator("main pre").textContent()).resolves.toContain(REASON);
  expectCleanConsole(stranger);
}

describe("moderation", () => {
  it("a visitor reports an event, staff hide it with a reason (gone everywhere, organizer e-mailed) and restore it", async () => {
    const visitor = await openPage({ viewport: DESKTOP });
    const soonest = (await (await visitor.request.get("/api/v1/events?sort=date&limit=1")).json()) as {
      data: { id: number; title: string }[];
    };
    const event = soonest.data[0]!;
    expect(await whereVisitorsSee(visitor, event)).toEqual(EVERYWHERE);

    // The visitor reports it from its page.
    await visitor.goto(`/events/${event.id}`);
    await waitForHydration(visitor);
    await visitor.getByRole("link", { name: "Report this event" }).click();
    await visitor.waitForURL(new RegExp(`/events/${event.id}/report$`));
    await visitor.getByRole("radio", { name: "Scam or fraud" }).check();
    await visitor.getByLabel("Details (optional)").fill("The organizer asks for payment by wire transfer.");
    await visitor.getByRole("button", { name: "Send report" }).click();
    await visitor.getByRole("status").filter({ hasText: "Thank you, we received your report" }).first().waitFor();

    // Staff find it in the queue, open it and hide it with a reason.
    const staff = await openStaffPage(DESKTOP);
    await staff.goto("/admin/reports?status=open");
    await waitForHydration(staff);
    const item = staff.locator("li", { has: staff.getByRole("heading", { name: event.title }) });
    await expect(item.getByText("Scam or fraud × 1").count()).resolves.toBe(1);
    await item.getByRole("link", { name: "Open", exact: true }).click();
    await staff.waitForURL(new RegExp(`/admin/events/${event.id}/moderation$`));
    await waitForHydration(staff);
    // The URL changes before the moderation page is drawn: wait for the report's words.
    await staff.getByText("The organizer asks for payment by wire transfer.").waitFor();
    await staff.getByLabel(/Why hide it\?/).fill(REASON);
    await staff.getByRole("button", { name: "Hide event" }).click();
    await staff.getByRole("status").filter({ hasText: "The event is hidden" }).waitFor();
    try {
      await whileHidden(staff, event);
    } finally {
      // Restored whatever happened above: the journeys after this one share the site.
      await staff.goto(`/admin/events/${event.id}/moderation`);
      await waitForHydration(staff);
      await staff.getByRole("button", { name: "Restore event" }).click();
      await staff.getByRole("status").filter({ hasText: "The event is visible again" }).waitFor();
    }
    // Once the page has read the event again: its history shows both actions.
    await expect
      .poll(() => staff.getByRole("region", { name: "Moderation history" }).getByRole("listitem").allTextContents())
      .toEqual([expect.stringContaining("Restored"), expect.stringContaining(REASON)]);
    const stranger = await openPage({ viewport: DESKTOP });
    expect(await whereVisitorsSee(stranger, event)).toEqual(EVERYWHERE);
    for (const page of [visitor, staff, stranger]) expectCleanConsole(page);
  });

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "the report form and the console pages have no axe violations in %s, light and dark",
    async (language, viewport) => {
      const staff = await openStaffPage(viewport);
      const eventId = (
        (await (await staff.request.get("/api/v1/events?sort=date&limit=1")).json()) as { data: { id: number }[] }
      ).data[0]!.id;
      for (const colorScheme of ["light", "dark"] as const) {
        await staff.emulateMedia({ colorScheme });
        await expectAccessiblePages(
          staff,
          [`/events/${eventId}/report`, "/admin/reports", `/admin/events/${eventId}/moderation`],
          language,
        );
      }
      expectCleanConsole(staff);
    },
  );
});
