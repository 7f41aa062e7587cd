import { randomUUID } from "node:crypto";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInBrowser } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const PHONE_CONTEXT: BrowserContextOptions = { viewport: PHONE, isMobile: true, hasTouch: true };

/** Whether the element's whole box is on the first screen, scrolled nowhere. */
async function isWithinFirstScreen(locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height;
}

/** axe on what the page shows now in the light theme, then on the page opened afresh in the dark one. */
async function expectNoAxeViolationsInBothThemes(page: Page) {
  await page.emulateMedia({ colorScheme: "light" });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

describe("/events on a phone", () => {
  it("shows the first result on the first screen, filters in a sheet, and a chip per filter that takes it off", async () => {
    const page = await openPage(PHONE_CONTEXT);
    await page.goto("/events");
    await waitForHydration(page);
    expect(await isWithinFirstScreen(page.locator("#results article").first())).toBe(true);
    // The filters are behind the button, not on the page.
    expect(await page.getByLabel("Category").isVisible()).toBe(false);

    await page.getByRole("button", { name: "Filters" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await sheet.getByLabel("Category").selectOption("music");
    await sheet.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/[?&]category=music(&|$)/);
    await expect.poll(() => sheet.isVisible()).toBe(false);

    const chip = page.getByRole("link", { name: "Remove filter: Music" });
    expect(await chip.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Filters (1)" }).isVisible()).toBe(true);
    const categories = await page
      .locator("#results article")
      .evaluateAll((cards) => cards.map((card) => card.querySelector("p")!.textContent));
    expect(categories.length).toBeGreaterThan(0);
    expect(new Set(categories)).toEqual(new Set(["Music"]));
    expect(await isWithinFirstScreen(page.locator("#results article").first())).toBe(true);
    await expectNoAxeViolationsInBothThemes(page);

    await chip.click();
    await page.waitForURL((url) => !url.searchParams.has("category"));
    await expect.poll(() => page.getByRole("link", { name: /^Remove filter/ }).count()).toBe(0);
    expectCleanConsole(page);
  });

  it("without scripts, has the filter form below the results and chips that still work", async () => {
    const page = await openPage({ ...PHONE_CONTEXT, javaScriptEnabled: false });
    await page.goto("/events?category=music&vip=1");
    expect(await isWithinFirstScreen(page.locator("#results article, #results .border-dashed").first())).toBe(true);
    const filtersLink = page.getByRole("link", { name: "Filters (2)" });
    expect(await filtersLink.getAttribute("href")).toBe("#search-filters");
    const form = page.locator("form#search-filters");
    expect((await form.boundingBox())!.y).toBeGreaterThan((await page.locator("#results").boundingBox())!.y);
    await page.getByRole("link", { name: "Remove filter: VIP events only" }).click();
    await page.waitForURL((url) => !url.searchParams.has("vip") && url.searchParams.get("category") === "music");
  });
});

describe("the dashboard on a phone", () => {
  it("opens on My Tickets, with the profile on a tab of its own", async () => {
    const page = await openPage(PHONE_CONTEXT);
    const account = await signUpInBrowser(page, "Selam Worku");
    // A free ticket, registered while signed in.
    let free: { eventId: number; ticketTypeId: number } | undefined;
    for (let id = 10; !free && id <= 400; id += 10) {
      const answer = await page.request.get(`/api/v1/events/${id}`);
      if (!answer.ok()) continue;
      const { data } = (await answer.json()) as {
        data: { startsAt: string; ticketTypes: { id: number; priceCents: number; available: number }[] };
      };
      const type = data.ticketTypes.find((one) => one.priceCents === 0 && one.available > 0);
      if (type && new Date(data.startsAt).getTime() > Date.now()) free = { eventId: id, ticketTypeId: type.id };
    }
    const order = await page.request.post("/api/v1/orders", {
      headers: { "Idempotency-Key": randomUUID(), Origin: siteUrl },
      data: {
        eventId: free!.eventId,
        items: [{ ticketTypeId: free!.ticketTypeId, quantity: 1 }],
        buyer: { name: account.name, email: account.email },
      },
    });
    expect(order.status()).toBe(201);

    await page.goto("/dashboard");
    await waitForHydration(page);
    const firstSection = page.locator("main section").first();
    expect(await firstSection.getAttribute("id")).toBe("tickets");
    expect(await isWithinFirstScreen(page.getByRole("heading", { name: "My tickets", level: 2 }))).toBe(true);
    expect(await page.getByRole("img", { name: /^QR code of ticket / }).count()).toBe(1);
    expect(await page.getByLabel("Name", { exact: true }).count()).toBe(0);
    await expectNoAxeViolationsInBothThemes(page);

    await page.getByRole("link", { name: "Profile", exact: true }).click();
    await page.waitForURL(/\/dashboard\/profile$/);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Selam Worku");
    await expectNoAxeViolationsInBothThemes(page);
    expectCleanConsole(page);
  }, 90_000);
});

describe("/pricing on a phone", () => {
  it("shows every price on the screen, none pushed off to the side", async () => {
    const page = await openPage(PHONE_CONTEXT);
    await page.goto("/pricing");
    await waitForHydration(page);
    const rates = page.getByTestId("rate");
    expect(await rates.count()).toBe(4);
    for (const rate of await rates.all()) {
      expect(await rate.textContent()).toMatch(/\$\d+\.\d{2}/);
      const box = (await rate.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await expectNoAxeViolationsInBothThemes(page);
  });
});

describe("the home page on a phone", () => {
  it.each(["en", "ar"] as const)(
    "puts each list in a row swiped sideways, walked with Tab (%s)",
    async (language) => {
      const page = await openPage(PHONE_CONTEXT);
      await page.goto(`/?lang=${language}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      const row = page.locator("section[aria-labelledby=upcoming-title] ul").first();
      const sizes = await row.evaluate((list) => ({ scrollWidth: list.scrollWidth, clientWidth: list.clientWidth }));
      expect(sizes.scrollWidth).toBeGreaterThan(2 * sizes.clientWidth);
      // Cards side by side: the second starts level with the first.
      const [first, second] = await row.locator(":scope > li").all();
      expect((await second!.boundingBox())!.y).toBe((await first!.boundingBox())!.y);

      // Tab from the first card's title to the third card's: the row scrolls it into view.
      const titles = row.locator("article h3 a");
      await titles.first().focus();
      const thirdTitle = await titles.nth(2).textContent();
      for (let press = 0; press < 10; press++) {
        if ((await page.evaluate(() => document.activeElement?.textContent)) === thirdTitle) break;
        await page.keyboard.press("Tab");
      }
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(thirdTitle);
      await expect.poll(() => row.evaluate((list) => Math.abs(list.scrollLeft))).toBeGreaterThan(0);
      await expect.poll(() => isWithinFirstScreenHorizontally(row.locator(":scope > li").nth(2))).toBe(true);
      if (language === "ar") {
        // Right to left: the row starts at the right and scrolls leftwards.
        expect(await row.evaluate((list) => list.scrollLeft)).toBeLessThan(0);
        const firstBox = (await first!.boundingBox())!;
        expect(firstBox.x).toBeGreaterThan((await second!.boundingBox())!.x);
      }
      await expectNoAxeViolationsInBothThemes(page);
      expectCleanConsole(page);
    },
    60_000,
  );
});

/** Whether the element is wholly between the screen's left and right edges. */
async function isWithinFirstScreenHorizontally(locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  return box.x >= -1 && box.x + box.width <= PHONE.width + 1;
}
