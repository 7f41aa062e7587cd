import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInBrowser } from "#tests/support/browser-accounts";
import { connectBrowser, expectAccessiblePages, expectCleanConsole, waitForHydration } from "#tests/support/browser";
import { createEventFromPlan, expectTimelineAsICalendar } from "#tests/support/event-plan-browser";

const { openPage, siteUrl } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A day `days` after today in Washington, as the date field takes it. */
function dayFromNow(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const EVENT_DAY = dayFromNow(91);
const CONFERENCE = `eventType=conference&attendance=150&date=${EVENT_DAY}&budget=&setting=indoor&language=en&area=va&title=Arlington+Data+Summit&description=`;

const ticketField = (page: Page, row: number, label: string) =>
  page.getByRole("group", { name: `Ticket type ${row}`, exact: true }).getByLabel(label, { exact: true });

describe("the planning tools", () => {
  it("plan a 150-person conference in Arlington three months out, save it, tick a task, export the timeline and make the event", async () => {
    const account = await signUpInBrowser(await openPage(), "Paula Planner");

    const page = await openPage({ viewport: DESKTOP });
    await page.goto("/event-planning");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Plan an event" }).click();
    await page.waitForURL(`${siteUrl}/event-planning/planner`);
    await page.getByLabel("Type of event").waitFor();
    await page.getByLabel("Type of event").selectOption({ label: "Conference" });
    await page.getByLabel("Expected guests").fill("150");
    await page.getByLabel("Date of the event").fill(EVENT_DAY);
    await page.getByLabel("Where").selectOption({ label: "Virginia" });
    await page.getByLabel("Name of the event (optional)").fill("Arlington Data Summit");
    await page.getByRole("button", { name: "Make my plan" }).click();

    // The answers land in the address; the plan shows tasks with due dates and venue suggestions.
    await page.waitForURL(/\/event-planning\/planner\?.*attendance=150/);
    const timeline = page.getByRole("region", { name: "Timeline" });
    await timeline.waitFor();
    const dueDates = await timeline
      .locator("time")
      .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));
    expect(dueDates.length).toBeGreaterThan(5);
    for (const day of dueDates) expect(day <= EVENT_DAY).toBe(true);
    await expect(
      timeline
        .getByText(/^Due [A-Z][a-z]+ \d{1,2}, \d{4}$/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(timeline.getByText("Virginia ABC", { exact: false }).first().isVisible()).resolves.toBe(true);
    const venues = page.getByRole("region", { name: "Venues to consider" });
    expect(
      await venues
        .getByRole("listitem")
        .filter({ has: page.locator("p.font-semibold") })
        .count(),
    ).toBeGreaterThan(0);

    // Signed out: sign in from the plan, come back to the same plan, and save it.
    const planUrl = page.url();
    await page.getByRole("link", { name: "Sign in to save this plan" }).click();
    await page.waitForURL(/\/signin\?next=/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(planUrl);
    const save = page.getByRole("button", { name: "Save this plan" });
    await save.waitFor();
    await save.click();
    await page.waitForURL(/\/dashboard\/plans\/\d+$/);
    const heading = page.getByRole("heading", { level: 1, name: "Arlington Data Summit" });
    await heading.waitFor();
    await waitForHydration(page);

    // The saved plan: tick a task, download its timeline, and turn it into a filled draft event.
    const task = page.locator("li[data-task]", { has: page.getByRole("button", { name: "Mark done" }) }).first();
    const key = (await task.getAttribute("data-task"))!;
    await task.getByRole("button", { name: "Mark done" }).click();
    await page.locator(`li[data-task="${key}"]`).getByRole("button", { name: "Mark not done" }).waitFor();
    await expectTimelineAsICalendar(page);
    await createEventFromPlan(page, "Arlington Data Summit");
    expectCleanConsole(page);
  });

  it("the budgeting tool's break-even price fills the ticket types of a new event", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await signUpInBrowser(page, "Bea Budget");
    await page.goto(`/event-planning/budget?${CONFERENCE}`);
    await waitForHydration(page);
    // A per-guest line follows the attendance: catering at $40 a guest.
    await page.locator("#line-catering-amount").fill("40");
    await page.locator("#line-catering-basis").selectOption({ label: "Per guest" });
    await page.getByRole("button", { name: "Update the budget" }).click();
    await page.waitForURL(/catering\.amount=40/);
    const price = page.getByRole("region", { name: "Price my tickets" });
    await price.waitFor();
    const breakEven = await page
      .locator("dt", { hasText: "Break-even ticket price" })
      .locator("xpath=following-sibling::dd[1]")
      .textContent();
    expect(breakEven).toMatch(/^\$\d+\.\d{2}$/);
    const lines = await price.getByRole("list", { name: "Ticket types" }).getByRole("listitem").allTextContents();
    const parsed = lines.map((line) => line.match(/^(.+): \$([\d,]+\.\d{2}) × ([\d,]+)$/)!.slice(1));
    expect(parsed.map(([name]) => name)).toEqual(["Early bird", "General admission"]);

    await price.getByRole("link", { name: "Price my tickets" }).click();
    await page.waitForURL(/\/create\?/);
    await ticketField(page, 1, "Name").waitFor();
    for (const [index, [name, dollars, quantity]] of parsed.entries()) {
      await expect(ticketField(page, index + 1, "Name").inputValue()).resolves.toBe(name);
      expect(Number(await ticketField(page, index + 1, "Price (USD)").inputValue())).toBe(
        Number(dollars!.replace(",", "")),
      );
      await expect(ticketField(page, index + 1, "Quantity").inputValue()).resolves.toBe(quantity!.replace(",", ""));
    }
    await expect(page.getByLabel("Title", { exact: true }).inputValue()).resolves.toBe("Arlington Data Summit");
    await expect(page.getByLabel("Starts", { exact: true }).inputValue()).resolves.toBe(`${EVENT_DAY}T09:00`);
    expectCleanConsole(page);
  });

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "have no axe violations in %s, light and dark, at %o, nothing wider than the screen",
    async (language, viewport) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport });
        await expectAccessiblePages(
          page,
          [
            "/event-planning",
            `/event-planning/planner?${CONFERENCE}`,
            `/event-planning/budget?${CONFERENCE}`,
            "/event-planning/planner?eventType=rodeo&attendance=many&date=2020-01-01",
          ],
          language,
        );
      }
    },
  );
});
