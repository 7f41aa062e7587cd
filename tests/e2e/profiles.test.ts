import { describe, expect, it } from "vitest";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

describe("people and sponsors", () => {
  it("an event card's organizer link opens their public profile, which never shows an e-mail address", async () => {
    const page = await openPage();
    await page.goto("/events");
    await waitForHydration(page);
    await page
      .locator("section[aria-labelledby=results-heading] article")
      .first()
      .getByRole("link", { name: /^By / })
      .click();
    await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBeTruthy();
    expect(await page.content()).not.toMatch(/@example\.(com|org)/);
    // The organizer's events and standing are on the same page (/organizers/{id} leads here).
    await expect.poll(() => page.getByRole("heading", { name: "Upcoming events" }).count()).toBe(1);
    await expect(page.locator("main").textContent()).resolves.toMatch(/organizer · Reputation score \d+ of 100/);
    expectCleanConsole(page);
  });

  it("lists sponsors by tier and shows one with the events it supports", async () => {
    const page = await openPage();
    await page.goto("/sponsors");
    expect(await page.locator("main h2").allTextContents()).toEqual([
      "Gold sponsors",
      "Silver sponsors",
      "Bronze sponsors",
    ]);
    await page.locator("main li a").first().click();
    await page.waitForURL(/\/sponsors\/\d+$/);
    await expect(page.getByRole("link", { name: "Visit website" }).getAttribute("href")).resolves.toMatch(
      /^https:\/\//,
    );
  });

  it("answer 404 for people and sponsors that do not exist", async () => {
    const page = await openPage();
    for (const path of [
      "/users/not-a-user",
      "/organizers/00000000-0000-4000-8000-000000000000",
      "/sponsors/99999",
      "/sponsors/x",
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });

  it("have no accessibility violations in light and dark theme and in Arabic", async () => {
    const page = await openPage();
    await page.goto("/sponsors");
    const sponsorPath = await page.locator("main li a").first().getAttribute("href");
    await page.goto("/events/1");
    const userPath = (await page.getByRole("link", { name: "View organizer profile" }).getAttribute("href"))!;
    // The old organizer address leads to the same profile.
    const organizerPath = userPath.replace("/users/", "/organizers/");
    for (const [colorScheme, path] of [
      ["light", organizerPath],
      ["dark", userPath],
      ["dark", "/sponsors"],
      ["light", `${sponsorPath}?lang=ar`],
      ["light", `${organizerPath}?lang=ar`],
    ] as const) {
      const visit = await openPage({ colorScheme });
      await visit.goto(path);
      await waitForHydration(visit);
      await expectNoAxeViolations(visit);
    }
  });
});
