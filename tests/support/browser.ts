import axe from "axe-core";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { Language } from "#domain/language";

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
 * Waits until nothing on the page is moving: a toast arriving, leaving or restacking, or colours
 * easing into a theme just switched. Mid-transition text is half transparent or half-way between two
 * colours, which axe reads as too little contrast. Endless animations (a spinner) do not count.
 */
export async function settleAnimations(page: Page) {
  // Styles that depend on a media feature just emulated (a colour scheme) are computed afresh only
  // for the next frame; until then an element can report the old colour on the new background.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect
    .poll(() =>
      page.evaluate(() => {
        const moving = document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity,
          );
        const toastsInFlight = document.querySelectorAll(
          "[data-sonner-toast][data-removed=true], [data-sonner-toast][data-mounted=false]",
        );
        return moving.length + toastsInFlight.length;
      }),
    )
    .toBe(0);
}

/** Waits until an error toast from an earlier step has timed out and left. */
export async function waitOutErrorToasts(page: Page) {
  await expect.poll(() => page.locator("[data-sonner-toast][data-type=error]").count()).toBe(0);
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Tells axe that no font on the page is an icon font (our icons are SVG). Without this, axe's guess
 * for icon ligatures (draw the first letter alone, then the whole text, and compare) takes Arabic
 * words for icons, since joined Arabic letters change shape and run right to left. Once the first
 * three texts it meets in a font family look like icons, it stops checking the contrast of every text
 * in that family: at 1366 px in Arabic it checked 30 of a page's 84 texts. The guess is kept per font
 * family in axe's cache until the run ends, so three plain-text answers recorded before the run settle
 * it for every family the page uses.
 */
async function declareNoIconFonts(page: Page) {
  await page.evaluate(() => {
    const families = new Set(
      Array.from(document.querySelectorAll("body, body *"), (element) => getComputedStyle(element).fontFamily),
    );
    const cache = (window as unknown as { axe: { _cache: { set(key: string, value: unknown): void } } }).axe
      ._cache;
    cache.set("fonts", Object.fromEntries([...families].map((family) => [family, { occurrences: 3, numLigatures: 0 }])));
  });
}

/**
 * Zero axe violations (WCAG 2.1 AA and best practices) on what the page shows now, once nothing moves.
 * axe runs straight in the page rather than through `@axe-core/playwright`, whose builder opens a blank
 * page per check and cost 0.7–1 s each time. Frames are not entered (`exclude` can leave them out of
 * the page's own check): the one frame the site has, the mailbox's sandboxed e-mail, is checked on a
 * page of its own.
 */
export async function expectNoAxeViolations(page: Page, { exclude }: { exclude?: string } = {}) {
  await settleAnimations(page);
  // Colours are judged as they end up: a colour transition that starts after a theme switch (under load,
  // later than the frames settleAnimations waits) would otherwise be measured half-way.
  const stillness = await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.evaluate(axe.source);
  await declareNoIconFonts(page);
  // Sections below the first screen are drawn only as they come near it (`defer-rendering` in app.css):
  // draw them all, so that axe checks them as a visitor scrolling down sees them.
  await page.evaluate(() => {
    for (const section of document.querySelectorAll<HTMLElement>(".defer-rendering")) {
      section.style.contentVisibility = "visible";
    }
  });
  const violations = await page.evaluate(
    ({ tags, exclude }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(exclude ? { exclude: [[exclude]] } : document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
          iframes: false,
        })
        .then((results) =>
          results.violations.map(
            (violation) =>
              `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          ),
        ),
    { tags: AXE_TAGS, exclude },
  );
  await page.evaluate(() => {
    for (const section of document.querySelectorAll<HTMLElement>(".defer-rendering"))
      section.style.contentVisibility = "";
  });
  await stillness.evaluate((style) => (style as Element).remove());
  expect(violations, violations.join("; ")).toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * What every page of ours owes in each language: it answers 200, runs in the language's direction, shows
 * nothing wider than the screen and has no axe violations. Opens each path in `page`, in turn.
 */
export async function expectAccessiblePages(page: Page, paths: readonly string[], language: Language) {
  const width = page.viewportSize()!.width;
  for (const path of paths) {
    const answer = await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`);
    expect(answer?.status(), path).toBe(200);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dir), path).toBe(language === "ar" ? "rtl" : "ltr");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
  }
}
