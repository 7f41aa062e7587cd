import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orderTotalCents } from "#domain/order";
import { signUpInBrowser, type StorageState } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

type TestPage = Awaited<ReturnType<typeof openPage>>;

/** A new person, signed up and confirmed through the site: their browser state, to open pages as them. */
async function signedInState(name: string): Promise<StorageState> {
  const page = await openPage();
  const { storageState } = await signUpInBrowser(page, name);
  return storageState;
}

let sharedState: Promise<StorageState> | null = null;
/** One account for the tests that only look (axe); the others make their own, as they change it. */
function lookingAccount(): Promise<StorageState> {
  sharedState ??= signedInState("Meron Alemu");
  return sharedState;
}

const recommendedSection = (page: Page) => page.locator("section[aria-labelledby=recommended-title]");
const interestButton = (page: Page, name: string) =>
  page.locator("section#interests").getByRole("button", { name, exact: true });

/** The titles the home page shows under Recommended For You, once they have arrived. */
async function recommendedTitles(page: Page): Promise<string[]> {
  return recommendedSection(page).locator("article h3").allTextContents();
}

/** What the API recommends to the same person (same cookie). */
async function apiRecommendedTitles(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/v1/me/recommendations");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { title: string }[] }).data.map((event) => event.title);
}

describe("interests and recommendations on the home page", () => {
  it("for a visitor are read-only: clicking an interest changes nothing and sends nothing", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    const picker = page.locator("section#interests");
    expect(await picker.getByRole("link", { name: "Sign Up" }).isVisible()).toBe(true);
    expect(await picker.getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    expect(await picker.getByRole("button", { name: "Music" }).count()).toBe(0);
    expect(await recommendedSection(page).count()).toBe(0);

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request.url());
    });
    const before = await picker.innerHTML();
    await picker.getByText("Music", { exact: true }).click();
    await picker.getByText("Technology", { exact: true }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/$/);
    expect(posts).toEqual([]);
    expect(await picker.innerHTML()).toBe(before);
    expectCleanConsole(page);
  });

  it("for a signed-in person saves and removes interests at once, and Recommended For You follows", async () => {
    const page = await openPage({ storageState: await signedInState("Dawit Haile") });
    await page.goto("/");
    await waitForHydration(page);
    const section = recommendedSection(page);
    await expect
      .poll(() => section.getByText("Select some interests to see personalized recommendations").isVisible())
      .toBe(true);
    expect(await section.getByRole("link", { name: "Discover Interests" }).getAttribute("href")).toBe("/#interests");

    const music = interestButton(page, "Music");
    expect(await music.getAttribute("aria-pressed")).toBe("false");
    // Shown as saved at once, before the server has answered: the save is held until the button shows it.
    let answerSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (answerSave = resolve));
    await page.route("**/*", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await saveHeld;
      return route.continue();
    });
    await music.click();
    await expect.poll(() => music.getAttribute("aria-pressed")).toBe("true");
    answerSave();
    await expect.poll(() => recommendedTitles(page)).not.toEqual([]);
    const musicTitles = await recommendedTitles(page);
    expect(musicTitles.length).toBeLessThanOrEqual(6);
    // Every card as wide as its grid column, whatever the length of its title.
    const widths = await section
      .locator("[data-testid=recommendations] > li")
      .evaluateAll((items) =>
        items.map((item) => [
          item.getBoundingClientRect().width,
          item.querySelector("article")!.getBoundingClientRect().width,
        ]),
      );
    for (const [column, card] of widths) expect(card).toBeCloseTo(column!, 0);
    expect(new Set(widths.map(([column]) => Math.round(column!))).size).toBe(1);
    expect(musicTitles).toEqual(await apiRecommendedTitles(page));
    // Each card says why it was chosen, and the API gives the same reason.
    const reasons = await section.getByTestId("recommendation-reason").allTextContents();
    expect(reasons).toHaveLength(musicTitles.length);
    for (const reason of reasons) expect(reason).toMatch(/^Because you like Music( · [^·]+){0,2}$/);
    const answer = (await (await page.request.get("/api/v1/me/recommendations")).json()) as {
      data: { reasons: { kind: string; category?: string }[] }[];
    };
    for (const event of answer.data) expect(event.reasons[0]).toEqual({ kind: "interest", category: "music" });
    for (const category of await section
      .locator("article")
      .evaluateAll((cards) => cards.map((card) => card.textContent)))
      expect(category).toContain("Music");

    await interestButton(page, "Food & Drink").click();
    await expect.poll(() => recommendedTitles(page)).not.toEqual(musicTitles);
    expect(await recommendedTitles(page)).toEqual(await apiRecommendedTitles(page));

    // Saved for good: a new page shows them, and removing them empties the list again.
    await page.reload();
    await waitForHydration(page);
    expect(await interestButton(page, "Music").getAttribute("aria-pressed")).toBe("true");
    expect(await interestButton(page, "Food & Drink").getAttribute("aria-pressed")).toBe("true");
    await interestButton(page, "Music").click();
    await interestButton(page, "Food & Drink").click();
    await expect
      .poll(() => section.getByText("Select some interests to see personalized recommendations").isVisible())
      .toBe(true);
    expect(await apiRecommendedTitles(page)).toEqual([]);
    expectCleanConsole(page);
  });

  it("saves an interest with the plain form before JavaScript has loaded", async () => {
    const page = await openPage({ storageState: await signedInState("Liya Tadesse"), javaScriptEnabled: false });
    await page.goto("/");
    await interestButton(page, "Technology").click();
    await page.waitForLoadState("load");
    expect(await interestButton(page, "Technology").getAttribute("aria-pressed")).toBe("true");
    const saved = await page.request.get("/api/v1/me/interests");
    expect(((await saved.json()) as { data: { key: string }[] }).data.map((interest) => interest.key)).toEqual([
      "technology",
    ]);
  });
});

describe("the dashboard", () => {
  it("sends a visitor to sign in, and back to the dashboard afterwards", async () => {
    const page = await openPage();
    await page.goto("/dashboard");
    await page.waitForURL(/\/signin\?next=%2Fdashboard$/);
    await page.goto("/dashboard/profile");
    await page.waitForURL(/\/signin\?next=%2Fdashboard%2Fprofile$/);
  });

  it("edits the profile with a picture, and the public profile shows it without the e-mail address", async () => {
    const page = await openPage({ storageState: await signedInState("Hirut Desta") });
    await page.goto("/dashboard");
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    const email = (await page.getByText(/^Signed in as /).textContent())!.replace("Signed in as ", "");
    expect(await page.getByText("You have no tickets yet. Tickets you buy will appear here.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Create an event" }).getAttribute("href")).toBe("/create");

    // The profile is the dashboard's second tab, a page of its own.
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(/\/dashboard\/profile$/);
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("Hirut Desta Bekele");
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#1e7a46" } })
      .withMetadata({ exif: { IFD0: { Model: "Hidden Camera" } } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Profile picture").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByLabel("About you").fill("I organize coffee ceremonies in Silver Spring.");
    await page.getByLabel("Organization").fill("Habesha Coffee Collective");
    await page.getByLabel("Location").fill("Silver Spring, MD");
    await page.getByLabel("Preferred language").selectOption("am");
    await page.getByLabel("GitHub").fill("https://github.com/hirut");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Your profile was saved." }).isVisible())
      .toBe(true);
    expect(await page.getByLabel("Preferred language").inputValue()).toBe("am");
    const picture = page.getByRole("img", { name: "Your current profile picture" });
    expect(await picture.getAttribute("src")).toMatch(/^\/uploads\/profiles\/[0-9a-f-]+\/[0-9a-f]+-192\.webp$/);

    await page.getByRole("link", { name: "View your public profile" }).click();
    await page.waitForURL(/\/users\/[0-9a-f-]+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Hirut Desta Bekele");
    const main = page.locator("main");
    expect(await main.getByText("I organize coffee ceremonies in Silver Spring.").isVisible()).toBe(true);
    expect(await main.getByText(/Habesha Coffee Collective/).isVisible()).toBe(true);
    expect(await main.getByText(/Silver Spring, MD/).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: "GitHub" }).getAttribute("href")).toBe("https://github.com/hirut");
    const shown = main.locator("header img");
    await expect
      .poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(192);
    expect(await main.textContent()).not.toContain(email);
    const stored = await page.request.get((await shown.getAttribute("src"))!);
    expect(stored.headers()["content-type"]).toBe("image/webp");
    expect((await stored.body()).includes(Buffer.from("Hidden Camera"))).toBe(false);
    expectCleanConsole(page);

    // Last, as the browser logs the refusal's 400: a file that only claims to be a picture is refused,
    // nothing changes, and what was typed stays.
    await page.goto("/dashboard/profile");
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("Someone Else");
    await page.getByLabel("Profile picture").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("not really a picture"),
    });
    await page.getByRole("button", { name: "Save profile" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "not a picture we can use" });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Someone Else");
    expect(await page.getByLabel("Profile picture").getAttribute("aria-invalid")).toBe("true");
    await page.goto("/dashboard/profile");
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Hirut Desta Bekele");
  });
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** The sandbox's card that always pays. */
const SANDBOX_CARD = {
  number: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
};

/** Waits until the streamed parts of the page (recommendations) have arrived: no "Loading..." status left. */
async function waitForStreamedParts(page: Page) {
  await expect
    .poll(() =>
      page
        .getByRole("status")
        .filter({ hasText: /\.\.\.$/ })
        .count(),
    )
    .toBe(0);
}

describe("the dashboard of an organizer with sales and promotions", () => {
  it("shows My Events with status, sales and revenue and My Promotions by state, without accessibility violations", async () => {
    const page = await openPage();
    await signUpInBrowser(page, "Rahel Tsegaye");
    const origin = new URL(page.url()).origin;
    const title = `Silver Spring Coffee Ceremony ${randomUUID().slice(0, 6)}`;
    const startsAt = new Date(Date.now() + 20 * DAY_MS);
    const created = await page.request.post("/api/v1/my/events", {
      headers: { Origin: origin },
      data: {
        title,
        description: "A traditional **buna** ceremony with live krar music.",
        categoryId: 1,
        language: "en",
        timeZone: "America/New_York",
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
        venue: { id: 1 },
        ticketTypes: [
          { name: "General admission", priceCents: 30_00, quantity: 40 },
          { name: "Children", priceCents: 0, quantity: 20 },
        ],
        publish: true,
      },
    });
    expect(created.status()).toBe(201);
    const event = ((await created.json()) as { data: { id: number; ticketTypes: { id: number }[] } }).data;

    // A guest buys two tickets with the sandbox card; another holds one without paying, which is not sold.
    const guest = await page.context().browser()!.newContext({ baseURL: origin });
    const order = (quantity: number, payment?: object) =>
      guest.request.post("/api/v1/orders", {
        data: {
          eventId: event.id,
          items: [{ ticketTypeId: event.ticketTypes[0]!.id, quantity }],
          buyer: { name: "Mahlet Guest", email: `mahlet-${randomUUID().slice(0, 8)}@example.com` },
          ...(payment ? { payment } : {}),
        },
      });
    const bought = await order(2, { card: SANDBOX_CARD });
    expect(bought.status()).toBe(201);
    expect(((await bought.json()) as { data: { status: string } }).data.status).toBe("confirmed");
    expect((await order(1)).status()).toBe(201);
    await guest.close();

    // Two promotions paid with the sandbox card: the social media kit from now, and again in a week.
    const promote = (from?: Date) =>
      page.request.post("/api/v1/promotions", {
        headers: { Origin: origin },
        data: {
          eventId: event.id,
          types: ["social"],
          days: 3,
          budgetCents: 500_00,
          ...(from ? { startsAt: from.toISOString() } : {}),
          payment: { card: SANDBOX_CARD },
        },
      });
    expect((await promote()).status()).toBe(201);
    expect((await promote(new Date(Date.now() + 7 * DAY_MS))).status()).toBe(201);

    await page.goto("/dashboard");
    await waitForHydration(page);
    const myEvent = page.getByRole("article", { name: title });
    const eventText = await myEvent.textContent();
    expect(eventText).toContain("Published");
    expect(eventText).toContain("2 / 60");
    expect(eventText).toContain(`$${(orderTotalCents([{ quantity: 2, unitPriceCents: 30_00 }]) / 100).toFixed(2)}`);
    const promotions = page.getByRole("region", { name: "My Promotions" });
    expect(await promotions.getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Scheduled", "Active"]);
    for (const state of ["Scheduled", "Active"]) {
      const group = promotions.getByRole("region", { name: state });
      expect(await group.getByRole("listitem").count()).toBe(1);
      expect(await group.getByRole("link", { name: title }).getAttribute("href")).toMatch(/^\/promote\/[0-9a-f-]{36}$/);
      // Its badge says where it stands, and what it buys is listed.
      expect(await group.getByRole("listitem").getByText(state, { exact: true }).count()).toBe(1);
      expect(await group.getByRole("listitem").textContent()).toContain("Social media kit");
    }

    for (const [colorScheme, language] of [
      ["light", "en"],
      ["dark", "en"],
      ["light", "ar"],
    ] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/dashboard?lang=${language}`);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("dir")).toBe(language === "ar" ? "rtl" : "ltr");
      await waitForStreamedParts(page);
      expect(await page.getByRole("article", { name: title }).count()).toBe(1);
      expect(await page.locator("#my-promotions li").count()).toBe(2);
      await expectNoAxeViolations(page);
    }
    expectCleanConsole(page);
  }, 150_000);
});

describe("accessibility of the signed-in pages", () => {
  // One test each: axe takes several seconds on a long page.
  it.each([
    ["light", "/dashboard"],
    ["dark", "/dashboard"],
    ["light", "/dashboard?lang=ar"],
    ["light", "/dashboard/profile"],
    ["dark", "/dashboard/profile?lang=ar"],
    ["light", "/"],
    ["dark", "/"],
    ["dark", "/?lang=ar"],
  ] as const)("finds no violations in %s theme at %s", async (colorScheme, path) => {
    const page: TestPage = await openPage({ colorScheme, storageState: await lookingAccount() });
    await page.goto(path);
    await waitForHydration(page);
    // Everything the person sees, the streamed recommendations included.
    await waitForStreamedParts(page);
    await expectNoAxeViolations(page);
  });
});
