import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsSampleStaff, signInWithMagicLink } from "#tests/support/staff-browser";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

/**
 * The staff console's first two sections (issue 18): a staff member (the sample site's
 * admin@example.com, signed in by magic link as sample people do) opens it from the account menu,
 * reads the figures, features an event and reorders the Major Events, and sees both on the home page;
 * a signed-in organizer who is not staff gets 404. What it changes it puts back, for the other journeys.
 */
const { openPage, siteUrl } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const homeTitles = async (page: Page, section: "featured" | "major") => {
  await page.goto("/");
  return page.locator(`section[aria-labelledby=${section}-title] h3`).allTextContents();
};

describe("the staff console", () => {
  it("shows staff the figures, features an event and orders the Major Events; others get 404", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await signInAsSampleStaff(page);

    // From the account menu.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("link", { name: "Staff console" }).click();
    await page.waitForURL(`${siteUrl}/admin`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Overview");
    await expect(page.title()).resolves.toBe("Overview | Staff console | DMV Events");

    // Seven charts, each an image named by its figure, with its numbers in a table; totals as the API gives them.
    const { data } = (await (await page.request.get("/api/v1/staff/figures")).json()) as {
      data: { weeks: string[]; figures: { key: string; total: number }[] };
    };
    const total = (key: string) => data.figures.find((figure) => figure.key === key)!.total;
    const chart = (name: string) =>
      page.locator("figure", { has: page.getByRole("img", { name: `${name} per week` }) });
    await expect(chart("Published events").locator("[data-total]").textContent()).resolves.toBe(
      total("publishedEvents").toLocaleString("en-US"),
    );
    await expect(chart("Revenue").locator("[data-total]").textContent()).resolves.toBe(
      (total("revenueCents") / 100).toLocaleString("en-US", { style: "currency", currency: "USD" }),
    );
    await expect(page.getByRole("img", { name: /^\S.* per week$/ }).count()).resolves.toBe(7);
    await expect(chart("People").getByRole("img").getAttribute("aria-describedby")).resolves.toBeTruthy();
    await chart("People").getByText("People: the numbers by week").click();
    await expect(chart("People").getByRole("row").count()).resolves.toBe(13);
    expect(await page.getByRole("table", { name: "People per week, from the oldest week" }).isVisible()).toBe(true);

    // Feature the soonest upcoming event that is not featured: it shows in Featured Events and on the home page.
    const { data: upcoming } = (await (await page.request.get("/api/v1/events?sort=date&limit=20")).json()) as {
      data: { id: number; title: string; isFeatured: boolean }[];
    };
    const target = upcoming.find((event) => !event.isFeatured)!;
    expect(await homeTitles(page, "featured")).not.toContain(target.title);
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Events" }).click();
    await page.waitForURL(`${siteUrl}/admin/events`);
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search events" }).fill(String(target.id));
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/admin\/events\?q=/);
    await page.getByRole("button", { name: `Feature “${target.title}”` }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe(`“${target.title}” is now featured.`);
    expect(await page.getByRole("link", { name: `Moderate “${target.title}”` }).getAttribute("href")).toBe(
      `/admin/events/${target.id}/moderation`,
    );
    expect(await homeTitles(page, "featured")).toContain(target.title);
    await page.goto("/events/featured");
    expect(await page.locator("main h3").allTextContents()).toContain(target.title);

    // Reorder the Major Events: the third first. The home page follows at once.
    const before = await homeTitles(page, "major");
    expect(before).toHaveLength(3);
    await page.goto("/admin/events");
    await waitForHydration(page);
    const place = (position: number) => page.getByRole("group", { name: `Place ${position}` }).getByLabel("Event");
    const ids = await Promise.all([1, 2, 3].map((position) => place(position).inputValue()));
    const reordered = [ids[2]!, ids[0]!, ids[1]!];
    for (const [index, id] of reordered.entries()) await place(index + 1).selectOption(id);
    await page.getByRole("button", { name: "Save the Major Events" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("The Major Events are saved: the home page shows them now.");
    expect(await homeTitles(page, "major")).toEqual([before[2], before[0], before[1]]);

    // A mistake is explained, and changes nothing.
    await page.goto("/admin/events");
    await waitForHydration(page);
    await place(2).selectOption(reordered[0]!);
    await page.getByRole("button", { name: "Save the Major Events" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Choose three different events.");
    // The refusal is a 422, which the browser logs; nothing else was.
    expect(page.consoleErrors).toEqual([expect.stringContaining("422")]);
    page.consoleErrors.length = 0;
    expect(await homeTitles(page, "major")).toEqual([before[2], before[0], before[1]]);

    // Put back: the original order, and the event no longer featured.
    await page.goto("/admin/events");
    await waitForHydration(page);
    for (const [index, id] of ids.entries()) await place(index + 1).selectOption(id);
    await page.getByRole("button", { name: "Save the Major Events" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The Major Events are saved");
    await page.goto(`/admin/events?q=${target.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: `Stop featuring “${target.title}”` }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe(`“${target.title}” is no longer featured.`);
    expect(await homeTitles(page, "major")).toEqual(before);
    expectCleanConsole(page);

    // A signed-in organizer who is not staff: no menu entry, and 404 for the console's pages.
    const organizer = await openPage({ viewport: DESKTOP });
    await signInWithMagicLink(organizer, "hanna.bekele@example.com");
    for (const path of ["/admin", "/admin/events"]) {
      const answer = await organizer.goto(path);
      expect(answer?.status(), path).toBe(404);
    }
    await organizer.goto("/dashboard");
    await waitForHydration(organizer);
    await organizer.getByRole("button", { name: "Account menu" }).click();
    expect(await organizer.getByRole("link", { name: "Staff console" }).count()).toBe(0);
  }, 180_000);

  it("has no axe violations on its pages, light and dark, English and Arabic, desktop and phone", async () => {
    const signer = await openPage();
    await signInAsSampleStaff(signer);
    const storageState = await signer.context().storageState();
    for (const [language, colorScheme, viewport] of [
      ["en", "light", DESKTOP],
      ["ar", "dark", PHONE],
      ["en", "dark", PHONE],
      ["ar", "light", DESKTOP],
    ] as const) {
      const page = await openPage({ colorScheme, viewport, storageState });
      for (const path of ["/admin", "/admin/events"]) {
        await page.goto(`${path}?lang=${language}`);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} ${language} ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page);
      }
      expectCleanConsole(page);
    }
  }, 120_000);
});
