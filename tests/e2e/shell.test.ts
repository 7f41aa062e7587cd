import { describe, expect, it } from "vitest";
import frCore from "#app/i18n/locales/fr.json";
import frPages from "#app/i18n/locales/pages/fr.json";
import { expectCleanConsole, expectNoAxeViolations, connectBrowser, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

describe("the home page", () => {
  it("arrives server-rendered with seeded events, readable before any JavaScript runs", async () => {
    const page = await openPage({ javaScriptEnabled: false });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const titles = await page.locator("section[aria-labelledby=upcoming-title] ul h3").allTextContents();
    expect(titles).toHaveLength(8);
    expect(titles.every((title) => title.trim().length > 0)).toBe(true);
    // The sample's Upcoming Events include event pages and organizer links.
    expect(await page.locator('section[aria-labelledby=upcoming-title] ul a[href^="/events/"]').count()).toBe(8);
    expect(await page.locator('section[aria-labelledby=upcoming-title] ul a[href^="/users/"]').count()).toBe(8);
    await expect(page.title()).resolves.toContain("DMV Events");
  });

  it("hydrates without console errors and loads its sample images", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    const image = page.locator("section[aria-labelledby=upcoming-title] ul img").first();
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expectCleanConsole(page);
  });

  it("has no accessibility violations in light or dark theme", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await openPage({ colorScheme });
      await page.goto("/");
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        colorScheme === "dark",
      );
      await expectNoAxeViolations(page);
    }
  });
});

describe("the header", () => {
  it("offers the Events menu with its five destinations, then Create, Pricing and About (VIP once, in the menu)", async () => {
    const page = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const eventsButton = nav.getByRole("button", { name: "Events" });
    await eventsButton.click();
    await expect(eventsButton.getAttribute("aria-expanded")).resolves.toBe("true");
    const items = page.locator(`#${await eventsButton.getAttribute("aria-controls")}`).getByRole("link");
    expect(await items.allTextContents()).toEqual([
      "Browse All Events",
      "Featured Events",
      "VIP Events",
      "Categories",
      "Micro Events",
    ]);
    expect(await items.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/events",
      "/events/featured",
      "/vip-events",
      "/categories",
      "/micro-events",
    ]);
    // Keyboard: Tab reaches the items; Escape closes the panel and puts focus back on the button.
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Browse All Events");
    await page.keyboard.press("Escape");
    await expect(eventsButton.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(eventsButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    const links = nav.getByRole("link");
    expect(await links.evaluateAll((all) => all.map((link) => [link.textContent, link.getAttribute("href")]))).toEqual([
      ["Create", "/create"],
      ["Pricing", "/pricing"],
      ["About", "/about"],
    ]);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Find My Ticket" }).getAttribute("href")).resolves.toBe(
      "/find-my-ticket",
    );
    await expect(header.getByRole("link", { name: "Sign In" }).getAttribute("href")).resolves.toBe("/signin");
    await expect(header.getByRole("link", { name: "Sign Up" }).getAttribute("href")).resolves.toBe("/signup");
  });

  it("fits a 360 px phone without sideways scrolling", async () => {
    const page = await openPage({ viewport: { width: 360, height: 740 } });
    for (const path of ["/", "/events", "/events/1", "/micro-events", "/sponsors", "/api/docs"]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });

  it("moves into a side sheet below 768 px: 80% wide, at most 350 px, closing on a link choice", async () => {
    const page = await openPage({ viewport: { width: 375, height: 740 } });
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole("banner").getByRole("link", { name: "Find My Ticket" }).isVisible()).resolves.toBe(
      false,
    );

    const menuButton = page.getByRole("button", { name: "Open menu" });
    await expect(menuButton.getAttribute("aria-expanded")).resolves.toBe("false");
    await menuButton.click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await sheet.waitFor();
    await expect(menuButton.getAttribute("aria-expanded")).resolves.toBe("true");
    expect((await sheet.boundingBox())?.width).toBe(300);
    const otherLinks = sheet.getByRole("region", { name: "Other Links" });
    await expect(otherLinks.getByRole("link").allTextContents()).resolves.toEqual([
      "About",
      "Blog",
      "Community",
      "Resources",
      "Contact",
    ]);
    for (const name of [
      "Browse All Events",
      "Micro Events",
      "VIP Events",
      "Create",
      "Pricing",
      "Find My Ticket",
      "Sign In",
    ]) {
      await expect(sheet.getByRole("link", { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(sheet.getByRole("link", { name: /VIP/ }).count()).resolves.toBe(1);
    await expect(sheet.getByLabel("Language").isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "hidden" });
    await expect(
      page.getByRole("button", { name: "Open menu" }).evaluate((button) => button === document.activeElement),
    ).resolves.toBe(true);

    await page.getByRole("button", { name: "Open menu" }).click();
    await sheet.getByRole("link", { name: "Pricing" }).click();
    await sheet.waitFor({ state: "hidden" });
    await page.waitForURL(`${siteUrl}/pricing`);

    await page.setViewportSize({ width: 700, height: 740 });
    await page.getByRole("button", { name: "Open menu" }).click();
    expect((await page.getByRole("dialog", { name: "Menu" }).boundingBox())?.width).toBe(350);
  });
});

describe("slow navigations", () => {
  it("show the full-screen loading spinner after a moment, and remove it when the page arrives", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    // Hold the next page's data back long enough for the spinner to show.
    await page.route("**/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole("link", { name: /View all.*Upcoming Events/ }).click();
    const spinner = page.getByRole("status").filter({ hasText: "Loading…" });
    await spinner.waitFor({ state: "visible" });
    await expect.poll(() => spinner.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    await spinner.waitFor({ state: "detached" });
    await page.waitForURL(`${siteUrl}/events`);
  });
});

describe("the footer", () => {
  it("has the Discover, Organize and Company columns with the spec's links whose pages exist", async () => {
    const page = await openPage();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const column of ["Discover", "Organize", "Company"]) {
      await expect(footer.getByRole("navigation", { name: column }).isVisible()).resolves.toBe(true);
    }
    const hrefs = await footer.locator("nav a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.sort()).toEqual(
      [
        "/",
        "/events",
        "/events/featured",
        "/categories",
        "/event-types",
        "/blog",
        "/create",
        "/event-planning",
        "/dashboard",
        "/promote",
        "/promoters",
        "/resources",
        "/pricing",
        "/about",
        "/community",
        "/newsletter",
        "/privacy",
        "/terms",
        "/community-guidelines",
        "/sitemap",
        "/contact",
      ].sort(),
    );
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()} DMV Events`);
    await expect(footer.getByLabel("Language").inputValue()).resolves.toBe("en");
  });
});

describe("theme", () => {
  it("switches to dark at once, and a reload keeps it, rendered by the server", async () => {
    const page = await openPage({ colorScheme: "light" });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Theme/ }).click();
    await page.getByRole("button", { name: "Dark", exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expect
      .poll(() =>
        page
          .context()
          .cookies()
          .then((cookies) => cookies.find((c) => c.name === "theme")?.value),
      )
      .toBe("dark");

    const reloaded = await page.reload();
    expect(await reloaded?.text()).toMatch(/<html[^>]*class="dark"/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });

  it("follows the system setting when set to System", async () => {
    const page = await openPage({ colorScheme: "dark" });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Theme/ }).click();
    await page.getByRole("button", { name: "Light", exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await expect
      .poll(() => page.getByRole("button", { name: /^Theme/ }).getAttribute("aria-label"))
      .toBe("Theme: Light");
    await page.getByRole("button", { name: /^Theme/ }).click();
    await page.getByRole("button", { name: "System", exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
  });
});

describe("language", () => {
  it("switches to French from the footer, and a reload keeps it, rendered by the server", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByLabel("Language").selectOption("fr");
    await page.getByRole("contentinfo").getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await expect(page.getByRole("heading", { level: 2, name: "Événements à venir" }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fr");

    const reloaded = await page.reload();
    expect(await reloaded?.text()).toMatch(/<html lang="fr" dir="ltr"/);
    await expect(page.getByRole("contentinfo").getByLabel("Langue").inputValue()).resolves.toBe("fr");
  });

  it("brings a page's own messages with the page on a navigation in the browser, in the page's language", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByLabel("Language").selectOption("fr");
    await page.getByRole("contentinfo").getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    // The pricing and API docs pages' words are not among the messages every page downloads
    // (app/i18n/messages.ts): they come with each page's data.
    await page.getByRole("banner").getByRole("link", { name: frCore.nav.pricing, exact: true }).first().click();
    await page.waitForURL(`${siteUrl}/pricing`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(frPages.pricing.title);
    await expect(page.title()).resolves.toContain(frPages.pricing.metaTitle);
    await page.getByRole("contentinfo").getByRole("link", { name: frCore.footer.apiDocsLink }).click();
    await page.waitForURL(`${siteUrl}/api/docs`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(frPages.apiDocs.title);
    expect(await page.locator("main").textContent()).not.toMatch(/\b(apiDocs|pricing|promote)\.[a-zA-Z]/);
    expectCleanConsole(page);
  });

  it("renders Arabic right-to-left with the layout mirrored, and without accessibility violations", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await openPage({ viewport: { width: 1280, height: 800 }, colorScheme });
      await page.goto("/?lang=ar");
      await waitForHydration(page);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        "ar",
        "rtl",
      ]);
      // The logo starts the header: on the right in a right-to-left page.
      const logo = await page.getByRole("banner").getByRole("link").first().boundingBox();
      expect(logo!.x).toBeGreaterThan(640);
      await expectNoAxeViolations(page);
      expectCleanConsole(page);
    }
  });

  it("returns to the visitor's own language from a shared ?lang= page through a link, without errors", async () => {
    const page = await openPage();
    await page.goto("/events?lang=ar");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    // The logo links to "/" without ?lang=: the browser's language (English) applies again, titles included.
    await page.getByRole("banner").getByRole("link").first().click();
    await page.waitForURL(`${siteUrl}/`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("ltr");
    expect(await page.title()).toMatch(/DMV Events/);
    expect(await page.locator("h1").first().textContent()).toBe("Discover & Create Amazing Events");
    expectCleanConsole(page);
  });

  it("works before JavaScript: the language form posts and the server keeps the choice", async () => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Language").selectOption("am");
    await footer.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(`${siteUrl}/`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("am");
    expect(await page.locator("h1").textContent()).toMatch(/[\u1200-\u137F]/);
  });
});

describe("pages that do not exist", () => {
  it("answer 404 with the not-found page, in the visitor's language", async () => {
    const page = await openPage();
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("We couldn’t find that page");
    await expect(page.title()).resolves.toContain("Page not found");
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    // An address under a header link's own has no page: its not-found page marks no header link as current.
    const underPricing = await openPage({ viewport: { width: 1280, height: 800 } });
    expect((await underPricing.goto("/pricing/nothing"))?.status()).toBe(404);
    await waitForHydration(underPricing);
    await expect(underPricing.getByRole("banner").locator("[aria-current]").count()).resolves.toBe(0);

    const french = await openPage({ extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" } });
    expect((await french.goto("/nowhere"))?.status()).toBe(404);
    await expect(french.getByRole("heading", { level: 1 }).textContent()).resolves.not.toBe(
      "We couldn’t find that page",
    );
  });
});

describe("the server's answers to requests that are not page visits", () => {
  it("serves hashed assets with year-long immutable caching and other files briefly", async () => {
    const html = await (await fetch(`${siteUrl}/`)).text();
    const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    const stylesheet = html.match(/\/assets\/[\w.-]+\.css/)?.[0];
    for (const asset of [script, stylesheet]) {
      const response = await fetch(`${siteUrl}${asset}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const favicon = await fetch(`${siteUrl}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("rejects bad preference posts with 400 and stores nothing", async () => {
    const post = (body: BodyInit, contentType: string) =>
      fetch(`${siteUrl}/preferences`, {
        method: "POST",
        body,
        headers: { "Content-Type": contentType },
        redirect: "manual",
      });
    const answers = [
      await post("language=xx", "application/x-www-form-urlencoded"),
      await post("language=fr&redirectTo=//evil.example", "application/x-www-form-urlencoded"),
      await post("theme=neon", "application/x-www-form-urlencoded"),
      await post('{"language":', "application/json"),
      await post("--x\r\ngarbage", "multipart/form-data; boundary=x"),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    expect((await fetch(`${siteUrl}/preferences`)).status).toBe(405);
  });

  it("ignores malformed cookies, query strings and language headers instead of failing", async () => {
    const responses = await Promise.all([
      fetch(`${siteUrl}/`, { headers: { Cookie: "lang=%E0%A4%A; theme=%" } }),
      fetch(`${siteUrl}/?lang=%FF&lang[]=x`),
      fetch(`${siteUrl}/`, { headers: { "Accept-Language": "a".repeat(4000) } }),
      fetch(`${siteUrl}/%E0%A4%A`),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 404]);
  });
});
