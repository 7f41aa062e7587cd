import { describe, expect, it } from "vitest";
import { signInAsSampleStaff } from "#tests/support/staff-browser";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SAMPLE_POST = "/blog/winter-in-the-dmv-events-roundup";

describe("the blog", () => {
  it("is written and published by staff in the console, then shows on /blog, in the feed and in the sitemap", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await signInAsSampleStaff(page);

    await page.goto("/admin/blog");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Blog posts");
    // The sample post scheduled for later says so.
    await expect(
      page.locator('tr[data-post="organizer-spotlight-addis-dmv-cultural-collective"]').textContent(),
    ).resolves.toContain("Scheduled for");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "New post" }).click();
    await page.waitForURL(/\/admin\/blog\/new$/);
    await waitForHydration(page);
    const title = `Jazz on U Street, night ${Date.now() % 100_000}`;
    // An empty title is refused with its reason, and nothing is saved.
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("The post was not saved");
    await expect(page.getByText("Please fill in this field.").first().isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Summary").fill("Where to hear live jazz on a weeknight this winter.");
    await page.getByLabel("Text (Markdown)").fill("## Early sets\n\nMost clubs start at **7 pm**.");
    await page.getByLabel("Tags").fill("music, roundup");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview" }).locator("strong").textContent()).resolves.toBe("7 pm");
    await page.getByRole("button", { name: "Create draft" }).click();
    await page.waitForURL(/\/admin\/blog\/\d+\?done=saved$/);
    // The address changes before the new page is drawn: wait for what it says.
    await page.getByText("This post is a draft: only staff can see it.").waitFor();
    await expectNoAxeViolations(page);
    const slug = await page.getByLabel("Address (slug)").inputValue();
    expect(slug).toMatch(/^jazz-on-u-street-night-\d+$/);
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Publish now" }).click();
    await page.waitForURL(/\?done=published$/);
    await page.getByRole("status").filter({ hasText: "Published." }).waitFor();

    // A French version is added, then removed after confirming: French is "not yet written" again.
    const languages = page.getByRole("region", { name: "Languages" });
    await languages.locator("#version-title").fill("Du jazz sur U Street");
    await languages.locator("#version-summary").fill("Où écouter du jazz en semaine cet hiver.");
    await languages.locator("#version-body").fill("Les clubs commencent vers 19 h.");
    await languages.getByRole("button", { name: "Save this language" }).click();
    await page.waitForURL(/\?done=languageSaved&language=fr#languages$/);
    await page.getByRole("status").filter({ hasText: "Language saved." }).waitFor();
    await languages.getByText("Remove this language").click();
    await languages.getByRole("button", { name: "Remove the French version" }).click();
    await page.waitForURL(/\?done=languageRemoved&language=fr#languages$/);
    await page.getByRole("status").filter({ hasText: "Language removed." }).waitFor();
    await expect(languages.getByRole("link", { name: "French · not yet written" }).count()).resolves.toBe(1);
    await expect(languages.getByText("Remove this language").count()).resolves.toBe(0);

    await page.goto("/blog");
    // Newest first: the post just published leads the list.
    await expect(page.locator("main h3").first().textContent()).resolves.toBe(title);
    await page.getByRole("link", { name: title }).click();
    await page.waitForURL(`**/blog/${slug}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await expect(page.getByRole("heading", { name: "Early sets" }).isVisible()).resolves.toBe(true);

    const rss = await page.request.get("/blog/rss.xml");
    expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(await rss.text()).toMatch(new RegExp(`<link>https?://[^<]+/blog/${slug}</link>`));
    const sitemap = await (await page.request.get("/sitemaps/pages.xml")).text();
    expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+/blog/${slug}</loc><lastmod>`));
    // The one error the browser logs is the 422 of the refused empty title, as meant.
    expect(page.consoleErrors.filter((message) => !message.includes("status of 422"))).toEqual([]);
  });

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "has no axe violations on the list and a post in %s, light and dark, at %o",
    async (language, viewport) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport });
        for (const path of ["/blog", SAMPLE_POST]) {
          expect((await page.goto(`${path}?lang=${language}`))?.status()).toBe(200);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await expectNoAxeViolations(page);
        }
        expectCleanConsole(page);
      }
    },
  );
});
