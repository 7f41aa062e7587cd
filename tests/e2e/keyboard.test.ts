import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAddress } from "#tests/support/browser-accounts";
import { connectBrowser, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

/** Sample events: 10 is free and upcoming (multiples of 10 are free); 1 is paid and upcoming. */
const FREE_EVENT = { id: 10, search: "Potluck" };
const PAID_EVENT = { id: 1, search: "Jazz Nights" };
const DESKTOP = { width: 1366, height: 900 };
/** Two whole journeys with the keyboard take longer than the default minute. */
const LONG_TEST_MS = 120_000;

/** What has focus, and whether it shows it: an outline (style not none, width above 0) or a box shadow. */
interface Focused {
  tag: string;
  id: string;
  href: string | null;
  name: string;
  type: string | null;
  indicated: boolean;
  /** For the failure message. */
  style: string;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    // A link stretched over a card (its ::after covers it) draws the ring around the card.
    const cover = getComputedStyle(element, "::after");
    const ringed = (of: CSSStyleDeclaration) =>
      (of.outlineStyle !== "none" && Number.parseFloat(of.outlineWidth) > 0) || of.boxShadow !== "none";
    return {
      tag: element.tagName,
      id: element.id,
      href: element.getAttribute("href"),
      name: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim(),
      type: element.getAttribute("type"),
      indicated: ringed(style) || (cover.content !== "none" && ringed(cover)),
      style: `outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}`,
    };
  });
}

/**
 * Presses Tab until `wanted` has focus; every element met on the way must show its focus. No clicks:
 * this is how someone with the keyboard alone moves through the page.
 */
async function tabTo(page: Page, wanted: (element: Focused) => boolean, limit = 120): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    const element = await focused(page);
    expect(
      element.indicated,
      `no visible focus on ${element.tag}#${element.id} "${element.name}" (${element.style})`,
    ).toBe(true);
    if (wanted(element)) return;
  }
  throw new Error(`no wanted element within ${limit} Tabs`);
}

/** After a navigation in the browser: focus is on the new page's main heading, which shows it. */
async function expectFocusOnHeading(page: Page): Promise<void> {
  await expect.poll(async () => (await focused(page)).tag).toBe("H1");
  const heading = await focused(page);
  expect(heading.indicated).toBe(true);
  expect(heading.name).toBe((await page.locator("main h1").first().textContent())?.trim());
}

/** From the home page's search to the event's page, by keyboard. */
async function searchAndOpen(page: Page, event: { id: number; search: string }): Promise<void> {
  await page.goto("/");
  await waitForHydration(page);
  await tabTo(page, (element) => element.id === "hero-search");
  await page.keyboard.type(event.search);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/events\?q=/);
  await expectFocusOnHeading(page);
  await tabTo(page, (element) => element.href === `/events/${event.id}`);
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/events/${event.id}$`));
  await expectFocusOnHeading(page);
}

/** Picks one ticket of the first type with the arrow key, then the picker's button. */
async function pickOneTicket(page: Page, button: string): Promise<void> {
  await tabTo(page, (element) => element.tag === "SELECT" && element.id.includes("-"));
  await page.keyboard.press("ArrowDown");
  await tabTo(page, (element) => element.tag === "BUTTON" && element.name === button);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/checkout\?/);
  await expectFocusOnHeading(page);
}

async function typeInto(page: Page, id: string, text: string): Promise<void> {
  await tabTo(page, (element) => element.id === id);
  await page.keyboard.type(text);
}

describe("the keyboard alone", () => {
  it(
    "registers for a free event: home, search, event, ticket, confirmation, focus shown and on each new heading",
    async () => {
      const page = await openPage({ viewport: DESKTOP });
      await searchAndOpen(page, FREE_EVENT);
      await pickOneTicket(page, "Register");
      await typeInto(page, "checkout-name", "Selam Bekele");
      await typeInto(page, "checkout-email", newAddress("keyboard-free"));
      await tabTo(page, (element) => element.name === "Complete registration");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);
      await expectFocusOnHeading(page);
    },
    LONG_TEST_MS,
  );

  it(
    "buys a paid ticket with the card 4242 4242 4242 4242, focus on each new page's heading",
    async () => {
      const page = await openPage({ viewport: DESKTOP });
      await searchAndOpen(page, PAID_EVENT);
      await pickOneTicket(page, "Get tickets");
      await typeInto(page, "checkout-name", "Dawit Tesfaye");
      await typeInto(page, "checkout-email", newAddress("keyboard-paid"));
      await tabTo(page, (element) => element.name === "Continue to payment");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\/pay\?key=/);
      await expectFocusOnHeading(page);
      await typeInto(page, "pay-card-number", "4242 4242 4242 4242");
      await typeInto(page, "pay-card-exp-month", "12");
      await typeInto(page, "pay-card-exp-year", String(new Date().getFullYear() + 3));
      await typeInto(page, "pay-card-cvc", "123");
      await tabTo(page, (element) => element.tag === "BUTTON" && element.name.startsWith("Pay"));
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);
      await expectFocusOnHeading(page);
      await expect(page.locator("main").textContent()).resolves.toContain("4242");
    },
    LONG_TEST_MS,
  );

  it("changes the language only on Apply, and leaves focus on the language list", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await page.goto("/");
    await waitForHydration(page);
    await tabTo(page, (element) => element.name === "Language: English");
    await page.keyboard.press("Enter");
    await tabTo(page, (element) => element.tag === "SELECT");
    // Going down the list changes nothing: no reload, no new language, focus stays.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)).toBe("ar");
    await tabTo(page, (element) => element.name === "Apply");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ar");
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    // Back on the list, now in Arabic, where the choice was made.
    await expect.poll(async () => (await focused(page)).tag).toBe("SELECT");
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)).toBe("ar");
    expect((await focused(page)).indicated).toBe(true);
  });

  it("hears a sign-in error once: the form's alert speaks, its toast is only seen", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await page.goto("/signin");
    await waitForHydration(page);
    await typeInto(page, "sign-in-email", newAddress("nobody"));
    await typeInto(page, "sign-in-password", "not the password");
    await page.keyboard.press("Enter");
    const title = (await page.getByRole("alert").locator("p").first().textContent())!;
    await expect.poll(() => page.locator("[data-sonner-toast]").getByText(title).count()).toBe(1);
    // What live regions (alerts, statuses, the toasts' region) say, leaving out what is hidden from them.
    const spoken = await page.evaluate(() =>
      [...document.querySelectorAll("[role=alert], [role=status], [aria-live]:not([aria-live=off])")].map((region) => {
        const copy = region.cloneNode(true) as HTMLElement;
        for (const hidden of copy.querySelectorAll("[aria-hidden=true]")) hidden.remove();
        return copy.textContent ?? "";
      }),
    );
    expect(spoken.filter((text) => text.includes(title))).toHaveLength(1);
  });
});
