import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInBrowser } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, waitForHydration } from "#tests/support/browser";

/**
 * The hearts on lists of event cards (search, a category page): a visitor's search page is the same for
 * everyone (public, cacheable, every heart empty); a signed-in person sees full hearts on the events they
 * saved, saves one from search with scripts (no reload) and one without (the form posts and comes back).
 */
const { openPage, siteUrl } = connectBrowser();

const SEARCH = "/events?category=music";

/** The titles of the event cards on the page, in order. */
const cardTitles = (page: Page) => page.locator("main article h3").allTextContents();
const heart = (page: Page, title: string) => page.getByRole("button", { name: `Save ${title}`, exact: true });

describe("hearts on lists of event cards", () => {
  it("are empty and shared for a visitor; show, and save, a signed-in person's events on search and a category page", async () => {
    // A visitor: public headers, every heart empty.
    const visitor = await fetch(`${siteUrl}${SEARCH}`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
    const html = await visitor.text();
    expect(html).toContain('aria-pressed="false"');
    expect(html).not.toContain('aria-pressed="true"');

    const page = await openPage();
    const { storageState } = await signUpInBrowser(page, "Saba Kebede");
    const response = await page.goto(SEARCH);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await waitForHydration(page);
    const [first, second, third] = await cardTitles(page);
    expect(third).toBeDefined();
    expect(await heart(page, first!).getAttribute("aria-pressed")).toBe("false");

    // With scripts: the heart fills in place, and stays full on a fresh load.
    await heart(page, first!).click();
    await expect.poll(() => heart(page, first!).getAttribute("aria-pressed")).toBe("true");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(SEARCH);
    await page.reload();
    await waitForHydration(page);
    expect(await heart(page, first!).getAttribute("aria-pressed")).toBe("true");
    expect(await heart(page, second!).getAttribute("aria-pressed")).toBe("false");

    // Without scripts: the form posts and the browser comes back to the same search.
    const noScript = await openPage({ storageState, javaScriptEnabled: false });
    await noScript.goto(SEARCH);
    await heart(noScript, second!).click();
    await noScript.waitForURL((url) => url.pathname + url.search === SEARCH);
    await heart(noScript, second!).waitFor();
    expect(await heart(noScript, second!).getAttribute("aria-pressed")).toBe("true");
    expect(await heart(noScript, first!).getAttribute("aria-pressed")).toBe("true");
    expect(await heart(noScript, third!).getAttribute("aria-pressed")).toBe("false");

    // The category page (reached from its tile) shows the same full hearts.
    await page.goto("/categories");
    await page
      .getByRole("link", { name: /^Music\b/ })
      .first()
      .click();
    await page.waitForURL(/\/categories\?category=\d+$/);
    await heart(page, first!).waitFor();
    expect(await heart(page, first!).getAttribute("aria-pressed")).toBe("true");
    expect(await heart(page, second!).getAttribute("aria-pressed")).toBe("true");
    expect(await heart(page, third!).getAttribute("aria-pressed")).toBe("false");
    expectCleanConsole(page);
  });
});
