import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Steps of the saved-plan journey that two browser suites share: on a saved plan's page (signed in as its
 * owner), its timeline downloads as iCalendar with one all-day entry per task, and "Create event from plan"
 * opens the new draft's edit page filled from the plan.
 */
export async function expectTimelineAsICalendar(page: Page): Promise<void> {
  const tasks = await page.locator("li[data-task]").count();
  expect(tasks).toBeGreaterThan(5);
  const href = (await page.getByRole("link", { name: "Timeline for your calendar (.ics)" }).getAttribute("href"))!;
  const answer = await page.request.get(href);
  expect(answer.headers()["content-type"]).toMatch(/^text\/calendar/);
  const lines = (await answer.text())
    .replace(/\r\n[ \t]/g, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(tasks);
  expect(lines.filter((line) => /^DTSTART;VALUE=DATE:\d{8}$/.test(line))).toHaveLength(tasks);
}

export async function createEventFromPlan(page: Page, title: string): Promise<void> {
  const planPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Create event from plan" }).click();
  await page.waitForURL(/\/events\/\d+\/edit$/);
  const titleField = page.locator('input[name="title"]');
  await titleField.waitFor();
  await expect(titleField.inputValue()).resolves.toBe(title);
  await expect(page.locator('input[name="startsAt"]').inputValue()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}T09:00$/);
  await expect(page.locator('input[name="ticketTypes.0.name"]').inputValue()).resolves.toBe("Early bird");
  await expect(page.locator('input[name="ticketTypes.1.name"]').inputValue()).resolves.toBe("General admission");
  // Back on the plan, the event is there to open, and the site's own task ticked itself.
  await page.goto(planPath);
  await page.getByRole("link", { name: "Open the event" }).waitFor();
  await expect(page.getByText("Done on DMV Events").count()).resolves.toBeGreaterThan(0);
}
