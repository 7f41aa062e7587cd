import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { connectBrowser, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

/** Where a piece of a text node is drawn, from the left edge of the page. */
async function leftOf(element: Locator, piece: string): Promise<number> {
  return element.evaluate((node, wanted) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const at = text.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + wanted.length);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, piece);
}

describe("user content in an Arabic page", () => {
  it("keeps an address's number before its street and a venue's '9:30' before 'Club'", async () => {
    const page = await openPage({ viewport: { width: 1366, height: 900 } });
    // Jazz Nights at the Wharf, at The Anthem, 901 Wharf St SW (sample data).
    await page.goto("/events/1?lang=ar");
    const address = page.locator("main address").first();
    await expect(address.textContent()).resolves.toContain("901 Wharf St SW, Washington, DC 20024");
    // Left to right as written: without a direction of its own, the Arabic line put 901 at the far end.
    expect(await leftOf(address, "901")).toBeLessThan(await leftOf(address, "Wharf"));
    expect(await leftOf(address, "Washington")).toBeLessThan(await leftOf(address, "20024"));

    // Brunch & Beats at the 9:30 Club: its card on the list of events and its event page.
    await page.goto("/events?lang=ar&q=Brunch");
    const venueLine = page.locator("article li", { hasText: "9:30 Club" }).first();
    expect(await leftOf(venueLine, "9:30")).toBeLessThan(await leftOf(venueLine, "Club"));
    await page.goto("/events/17?lang=ar");
    const venue = page.locator("main dd bdi", { hasText: "9:30 Club" });
    expect(await leftOf(venue, "9:30")).toBeLessThan(await leftOf(venue, "Club"));

    // The Latin title and address line up with the Arabic page's text, on the right of their column.
    for (const element of [page.locator("main h1"), page.locator("main address").first()]) {
      const { textRight, boxRight } = await element.evaluate((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return { textRight: range.getBoundingClientRect().right, boxRight: node.getBoundingClientRect().right };
      });
      expect(boxRight - textRight).toBeLessThan(2);
    }
  });

  it("clamps a Latin card title with its ellipsis at the title's own end, on the right", async () => {
    const page = await openPage({ viewport: { width: 1366, height: 900 } });
    await page.goto("/events?lang=ar&q=Mindful");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    // 'Mindful Mornings: Sound Bath & Meditation at Strathmore' takes more than the card's two lines.
    const title = page.locator("article h3", { hasText: "Mindful Mornings" }).first();
    const style = await title.evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        dir: element.getAttribute("dir"),
        direction: computed.direction,
        textOverflow: computed.textOverflow,
        clamp: computed.webkitLineClamp,
        clipped: element.scrollHeight > element.clientHeight,
      };
    });
    // The clamping element itself takes the title's direction: its ellipsis comes at the end of the
    // English words (right), not at the Arabic page's end (left), where it would cut the title's start.
    expect(style).toEqual({ dir: "auto", direction: "ltr", textOverflow: "ellipsis", clamp: "2", clipped: true });
  });

  it("has no axe violations on an Arabic event page, light and dark, with the header's language choice open", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await openPage({ viewport: { width: 1366, height: 900 }, colorScheme });
      await page.goto("/events/17?lang=ar");
      await waitForHydration(page);
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^اللغة/ })
        .click();
      await page.getByRole("banner").getByRole("button", { name: "تطبيق" }).waitFor();
      await expectNoAxeViolations(page);
    }
  });
});

describe("the accessibility check on Arabic and Amharic pages", () => {
  it("finds faint text however many words in the same font come before it", async () => {
    const page = await openPage({ viewport: { width: 1366, height: 900 } });
    for (const [lang, dir, words, faint] of [
      ["ar", "rtl", ["الفعاليات", "الأسعار", "المدونة"], "سياسة الخصوصية"],
      ["am", "ltr", ["ዝግጅቶች", "ዋጋዎች", "ብሎግ"], "የግላዊነት መመሪያ"],
    ] as const) {
      // Three readable words, then one too faint to read (#aaa on white is 2.3:1): axe used to take
      // the first three for icon-font ligatures and then skip every text in that font.
      await page.setContent(
        `<html lang="${lang}" dir="${dir}"><head><title>t</title></head><body><main>` +
          `<h1>${words[0]}</h1><p>${words[1]}</p><p>${words[2]}</p>` +
          `<p style="color: #aaa">${faint}</p></main></body></html>`,
      );
      await expect(expectNoAxeViolations(page)).rejects.toThrow(/^color-contrast: [^;]*$/);
    }
  });
});
