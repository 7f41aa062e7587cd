import { describe, expect, it } from "vitest";
import { signUpInBrowser } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const matches = "[data-testid=matchmaker-match]";

describe("the Event Matchmaker", () => {
  it("matches events with reasons for a visitor, who signs in, saves the answers and gets Recommended For You", async () => {
    // A fresh account, signed up in a browser of its own.
    const account = await signUpInBrowser(await openPage(), "Selam Tesfaye");

    // Bad answers (nothing liked, a distance without a place): errors, and no results (a 400, which the
    // console reports: this page is not the journey's).
    const refused = await openPage({ viewport: DESKTOP });
    await refused.goto("/event-matchmaker");
    await waitForHydration(refused);
    await refused.getByRole("radio", { name: "Within 10 miles" }).check();
    await refused.getByRole("button", { name: "Find my events" }).click();
    const problems = refused.getByRole("alert").filter({ hasText: "Please check your answers" });
    await problems.waitFor();
    await expect(problems.textContent()).resolves.toContain("Choose at least one thing you like.");
    await expect(problems.textContent()).resolves.toContain("To search within a distance, choose a place");
    expect(await refused.locator(matches).count()).toBe(0);

    const page = await openPage({ viewport: DESKTOP });
    await page.goto("/event-matchmaker");
    await waitForHydration(page);

    await page.getByRole("checkbox", { name: "Music" }).check();
    await page.getByRole("radio", { name: "Any time" }).check();
    await page.getByRole("radio", { name: "Any price" }).check();
    await page.getByRole("radio", { name: "Any distance" }).check();
    await page.getByRole("button", { name: "Find my events" }).click();
    await page.waitForURL(/\/event-matchmaker\?category=music&when=any&budget=any&miles=any/);
    await page.getByRole("heading", { name: "Your matches" }).waitFor();
    const cards = page.locator(matches);
    expect(await cards.count()).toBeGreaterThan(0);
    const reasons = await page.locator(`${matches} > p`).allTextContents();
    expect(reasons).toHaveLength(await cards.count());
    for (const reason of reasons) expect(reason).toMatch(/^Why it matches: Music$/);
    for (const card of await cards.locator("article").allTextContents()) expect(card).not.toContain("SOLD OUT");

    // Signed out: a link to sign in that comes back to these answers.
    const answers = "?category=music&when=any&budget=any&miles=any&company=alone";
    const signIn = page.getByRole("link", { name: "Sign in to save" });
    expect(await signIn.getAttribute("href")).toBe(`/signin?next=${encodeURIComponent(`/event-matchmaker${answers}`)}`);
    await signIn.click();
    await page.waitForURL(/\/signin\?next=/);
    await waitForHydration(page);
    await page.locator("#sign-in-email").fill(account.email);
    await page.locator("#sign-in-password").fill(account.password);
    await page.locator("button[name=intent][value=password]").click();
    await page.waitForURL((url) => url.pathname === "/event-matchmaker" && url.search === answers);
    await page.getByRole("button", { name: "Save my answers" }).waitFor();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Save my answers" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Your answers are saved, and the categories you chose are now among your interests." })
      .waitFor();

    // Home: Music is among the interests, and Recommended For You shows events.
    await page.goto("/");
    await waitForHydration(page);
    const music = page.locator("section#interests").getByRole("button", { name: "Music", exact: true });
    expect(await music.getAttribute("aria-pressed")).toBe("true");
    const because = page.locator("section[aria-labelledby=recommended-title] [data-testid=recommendation-reason]");
    await because.first().waitFor();
    await expect(because.first().textContent()).resolves.toContain("Because you like Music");

    // The page without answers in the address shows the saved ones again.
    await page.goto("/event-matchmaker");
    await page.getByText("These are the answers you saved.", { exact: false }).waitFor();
    expect(await page.getByRole("checkbox", { name: "Music" }).isChecked()).toBe(true);
    expect(await page.locator(matches).count()).toBeGreaterThan(0);
    expectCleanConsole(page);
  });

  it.each([
    ["en", PHONE],
    ["ar", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "has no axe violations in %s, light and dark, at %o, and nothing wider than the screen",
    async (language, viewport) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport });
        // Results and an error at once: the page with the most on it.
        await page.goto(
          `/event-matchmaker?category=music&category=arts&when=any&budget=30&miles=any&near=arlington&company=friends&lang=${language}`,
        );
        await waitForHydration(page);
        await page.locator(matches).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page);
        await page.goto(`/event-matchmaker?when=any&miles=3&lang=${language}`);
        await page.locator("fieldset#matchmaker-categories [id$=-error]").waitFor();
        await expectNoAxeViolations(page);
      }
    },
  );
});
