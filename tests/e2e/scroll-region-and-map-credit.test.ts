import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();
const PHONE = { width: 390, height: 844 };

/** Tabs forward until `target` has focus (at most 60 presses); false when it never gets it. */
async function tabTo(page: Page, target: Locator): Promise<boolean> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return true;
    await page.keyboard.press("Tab");
  }
  return false;
}

/** WCAG's contrast ratio of two `rgb(…)` colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const channel = Number(part) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe("the pricing page's rate card on a phone", () => {
  it("can be reached and scrolled by keyboard, with a visible focus, in every language and theme", async () => {
    for (const [language, colorScheme, name] of [
      ["en", "light", "Promotion types and their prices"],
      ["fr", "dark", "Types de promotion et leurs prix"],
      ["ar", "light", "أنواع الترويج وأسعارها"],
      ["am", "dark", "የማስተዋወቂያ ዓይነቶች እና ዋጋቸው"],
    ] as const) {
      const page = await openPage({ viewport: PHONE, colorScheme });
      await page.goto(`/pricing?lang=${language}`);
      await waitForHydration(page);
      const card = page.getByRole("region", { name, exact: true });
      expect(await card.count(), language).toBe(1);
      expect(await tabTo(page, card), language).toBe(true);
      const outline = await card.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline, language).not.toBe("none");
      // The arrow keys scroll what the phone cannot show beside the names.
      const scrollable = await card.evaluate((element) => element.scrollWidth > element.clientWidth);
      if (scrollable) {
        const before = await card.evaluate((element) => element.scrollLeft);
        await page.keyboard.press(language === "ar" ? "ArrowLeft" : "ArrowRight");
        await expect.poll(() => card.evaluate((element) => element.scrollLeft)).not.toBe(before);
      }
      await expectNoAxeViolations(page);
      expectCleanConsole(page);
    }
  });
});

describe("the map's credit to its tile provider", () => {
  it("is readable and its link underlined in both themes", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await openPage({ colorScheme, viewport: { width: 1280, height: 900 } });
      await page.goto("/micro-events");
      await waitForHydration(page);
      const map = page.getByRole("region", { name: "Map of micro events" });
      await map.scrollIntoViewIfNeeded();
      const credit = map.locator(".leaflet-control-attribution");
      await expect.poll(() => credit.count()).toBe(1);
      const link = credit.locator("a").first();
      const style = await link.evaluate((element) => {
        const box = getComputedStyle(element.closest(".leaflet-control-attribution")!);
        const own = getComputedStyle(element);
        return {
          color: own.color,
          underline: own.textDecorationLine,
          background: box.backgroundColor,
          text: box.color,
        };
      });
      // An opaque box: what is behind it (tiles of any colour) cannot lower the contrast.
      expect(style.background, colorScheme).toMatch(/^rgb\(/);
      expect(contrast(style.color, style.background), colorScheme).toBeGreaterThanOrEqual(4.5);
      expect(contrast(style.text, style.background), colorScheme).toBeGreaterThanOrEqual(4.5);
      expect(style.underline, colorScheme).toContain("underline");
      expectCleanConsole(page);
    }
  });
});
