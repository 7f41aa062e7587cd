import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

/**
 * One connection to the shared browser per test file. Pages collect console errors and uncaught
 * exceptions; `expectCleanConsole` fails the test if any appeared.
 */
export function connectBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.connect(inject("browserEndpoint"));
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  return {
    siteUrl: inject("siteUrl"),
    async openPage(options: BrowserContextOptions = {}): Promise<Page & { consoleErrors: string[] }> {
      const context = await browser.newContext({ baseURL: inject("siteUrl"), ...options });
      contexts.push(context);
      const page = (await context.newPage()) as Page & { consoleErrors: string[] };
      page.consoleErrors = [];
      page.on("console", (message) => {
        // A 404 page load is expected where a test asks for one; the browser logs it as an error.
        if (message.type() === "error" && !message.text().includes("404")) page.consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => page.consoleErrors.push(error.message));
      return page;
    },
  };
}

export function expectCleanConsole(page: { consoleErrors: string[] }) {
  expect(page.consoleErrors).toEqual([]);
}

/**
 * Waits until no notice is arriving or leaving: a toast mid-transition is half transparent, which axe
 * reads as too little contrast. `withoutErrors` also waits out an error toast from an earlier step.
 * Costs nothing when no toast is on the page.
 */
export async function settleToasts(page: Page, { withoutErrors = false } = {}) {
  if ((await page.locator("[data-sonner-toast]").count()) === 0) return;
  const moving = page.locator("[data-sonner-toast][data-removed=true], [data-sonner-toast][data-mounted=false]");
  await expect.poll(() => moving.count()).toBe(0);
  if (withoutErrors) {
    await expect.poll(() => page.locator("[data-sonner-toast][data-type=error]").count()).toBe(0);
  }
  // Sonner's enter transition lasts 400 ms.
  await page.waitForTimeout(450);
}

/** Zero axe violations (WCAG 2.1 AA and best practices) on what the page shows now, toasts at rest. */
export async function expectNoAxeViolations(page: Page) {
  await settleToasts(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
