import { describe, expect, it } from "vitest";
import { SAMPLE_PLANNER_EMAIL } from "#server/db/seed/sample-event-plans";
import { connectBrowser, expectAccessiblePages, expectCleanConsole, waitForHydration } from "#tests/support/browser";
import { createEventFromPlan, expectTimelineAsICalendar } from "#tests/support/event-plan-browser";
import { signInWithMagicLink } from "#tests/support/staff-browser";

// A signed-in organizer's saved plan (the sample one): tick a task without JavaScript, download the
// timeline, make the draft event from the plan; and the plans pages pass axe in light and dark, en and ar.

const { openPage, siteUrl } = connectBrowser();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

describe("saved event plans", () => {
  it("ticks a task without scripts, exports the timeline and turns the plan into a filled draft event", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await signInWithMagicLink(page, SAMPLE_PLANNER_EMAIL);
    await page.getByRole("link", { name: "My event plans" }).click();
    await page.waitForURL(`${siteUrl}/dashboard/plans`);
    const planLink = page.getByRole("link", { name: "DMV Community Tech Summit" });
    await planLink.waitFor();
    const planPath = (await planLink.getAttribute("href"))!;
    const state = await page.context().storageState();

    // Without JavaScript: the plain form ticks the first open task and the page says so.
    const plain = await openPage({ viewport: PHONE, javaScriptEnabled: false, storageState: state });
    await plain.goto(planPath);
    const open = plain.locator("li[data-task]", { has: plain.getByRole("button", { name: "Mark done" }) }).first();
    const key = (await open.getAttribute("data-task"))!;
    await open.getByRole("button", { name: "Mark done" }).click();
    await plain.getByRole("status").filter({ hasText: "Task marked done." }).waitFor();
    const row = plain.locator(`li[data-task="${key}"]`);
    await expect(row.getByRole("button", { name: "Mark not done" }).count()).resolves.toBe(1);

    // The timeline: one all-day entry per task, as iCalendar; then the draft event made from the plan.
    await page.goto(planPath);
    await waitForHydration(page);
    await expectTimelineAsICalendar(page);
    await createEventFromPlan(page, "DMV Community Tech Summit");
    expectCleanConsole(page);
    expectCleanConsole(plain);

    for (const colorScheme of ["light", "dark"] as const) {
      for (const [language, viewport] of [
        ["en", DESKTOP],
        ["ar", PHONE],
      ] as const) {
        const axePage = await openPage({ viewport, colorScheme, storageState: state });
        if (colorScheme === "dark") {
          await axePage.context().addCookies([{ name: "theme", value: "dark", url: siteUrl }]);
        }
        await expectAccessiblePages(axePage, ["/dashboard/plans", planPath], language);
      }
    }
  });
});
