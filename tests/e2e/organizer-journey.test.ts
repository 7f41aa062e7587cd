import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpInBrowser, type BrowserAccount, type StorageState } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";

/**
 * The organizer's whole journey, on a site of its own with the sample data and the development clock:
 * sign up → create an event with a picture and two ticket types → publish → find it by searching and
 * open its page → another person buys a ticket with the sandbox card → the organizer sees the sale and
 * downloads the CSV → promotes the event with the sandbox card → it is featured on the home page and
 * first in a matching search with the Promoted label → once the clock passes the promotion's end, it no
 * longer is. Then the promotion pages' accessibility, and the sample promotions in their placements.
 */
const { openPage } = connectBrowser();

const DAY_MS = 24 * 60 * 60 * 1000;
/** A word in no sample event, so the search below matches only the organizer's two events. */
const SEARCH_WORD = "lantern";
const TITLE = "Anacostia Lantern Jazz Walk";
const SOONER_TITLE = "Anacostia Lantern Blues Matinee";
/** Sign-ups, two forms, two payments and a wait for the jobs worker. */
const JOURNEY_MS = 180_000;

let site: SiteServer;
/** Left by the journey for the accessibility checks: the organizer's session and their campaign's page. */
let organizerState: StorageState;
let campaignPath: string;

beforeAll(async () => {
  site = await startSiteServer({
    env: { NODE_ENV: "test", DEV_CLOCK: "true", DEV_MAILBOX: "true", MAP_TILE_URL: "none" },
  });
});

afterAll(async () => {
  await site?.stop();
  if (site) removeDataDir(site.dataDir);
});

/** `days` from now at 19:00, as the form's local date and time field takes it. */
function localDateTimeInDays(days: number): string {
  return `${new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)}T19:00`;
}

/** A small 4:3 picture: the server crops it to 16:9 and re-encodes it. */
function pictureBytes(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 30 } } })
    .png()
    .toBuffer();
}

const ticketField = (page: Page, row: number, label: string) =>
  page.getByRole("group", { name: `Ticket type ${row}`, exact: true }).getByLabel(label, { exact: true });

/** The titles of the search's results, in their order, and whether the first carries the Promoted label. */
async function searchResults(page: Page) {
  await page.goto(`/events?q=${SEARCH_WORD}`);
  await waitForHydration(page);
  const results = page.locator("section[aria-labelledby=results-heading] article");
  return {
    titles: await results.locator("h3").allTextContents(),
    isFirstPromoted: ((await results.first().textContent()) ?? "").includes("Promoted"),
  };
}

const featuredTitles = async (page: Page) => {
  await page.goto("/");
  await waitForHydration(page);
  return page.locator("section[aria-labelledby=featured-title] h3").allTextContents();
};

/** An event made through the API with the organizer's session: the sooner one the search puts first by date. */
async function publishSoonerEvent(page: Page): Promise<void> {
  const startsAt = new Date(Date.now() + 10 * DAY_MS);
  const response = await page.request.post("/api/v1/my/events", {
    headers: { Origin: site.url },
    data: {
      title: SOONER_TITLE,
      description: "Blues by lantern light.",
      categoryId: 1,
      language: "en",
      timeZone: "America/New_York",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      venue: { id: 1 },
      ticketTypes: [{ name: "General admission", priceCents: 1500, quantity: 50 }],
      publish: true,
    },
  });
  expect(response.status()).toBe(201);
}

describe("an organizer's journey", () => {
  it(
    "creates, publishes, sells, exports and promotes an event, whose promotion ends by itself",
    async () => {
      const organizerPage = await openPage({ baseURL: site.url });
      await signUpInBrowser(organizerPage, "Tsion Bekele");
      await publishSoonerEvent(organizerPage);

      // Create the event through the form: a venue found by searching, a picture, two ticket types.
      await organizerPage.goto("/create");
      await waitForHydration(organizerPage);
      await organizerPage.getByLabel("Title", { exact: true }).fill(TITLE);
      await organizerPage
        .getByLabel("Description", { exact: true })
        .fill("A walk along the river with **live jazz** at every lantern.");
      await organizerPage.getByLabel("Category", { exact: true }).selectOption({ label: "Music" });
      await organizerPage.getByLabel("Starts", { exact: true }).fill(localDateTimeInDays(30));
      await organizerPage.getByLabel("Search venues", { exact: true }).fill("Anthem");
      await organizerPage.getByRole("radio", { name: /The Anthem/ }).check();
      await organizerPage
        .getByLabel("File", { exact: true })
        .first()
        .setInputFiles({ name: "lanterns.png", mimeType: "image/png", buffer: await pictureBytes() });
      await organizerPage.getByLabel("Alt text", { exact: true }).first().fill("Paper lanterns over the river at dusk");
      await ticketField(organizerPage, 1, "Name").fill("General admission");
      await ticketField(organizerPage, 1, "Price (USD)").fill("25");
      await ticketField(organizerPage, 1, "Quantity").fill("100");
      await organizerPage.getByRole("button", { name: "Add a ticket type" }).click();
      await ticketField(organizerPage, 2, "Name").fill("Lantern carrier");
      await ticketField(organizerPage, 2, "Price (USD)").fill("60");
      await ticketField(organizerPage, 2, "Quantity").fill("12");
      await organizerPage.getByRole("button", { name: "Publish", exact: true }).click();
      await organizerPage.waitForURL(/\/events\/\d+$/);
      const eventPath = new URL(organizerPage.url()).pathname;
      await organizerPage.getByRole("heading", { level: 1, name: TITLE }).waitFor();

      // Anyone finds it by searching, after the sooner event, and opens its page.
      const buyerPage = await openPage({ baseURL: site.url });
      const beforePromotion = await searchResults(buyerPage);
      expect(beforePromotion.titles).toEqual([SOONER_TITLE, TITLE]);
      expect(beforePromotion.isFirstPromoted).toBe(false);
      await buyerPage.locator("section[aria-labelledby=results-heading]").getByRole("link", { name: TITLE }).click();
      await buyerPage.waitForURL((url) => url.pathname === eventPath);
      expect(await buyerPage.locator("img[alt='Paper lanterns over the river at dusk']").count()).toBeGreaterThan(0);

      // Another person signs up and buys a General admission ticket with the sandbox card.
      const buyer: BrowserAccount = await signUpInBrowser(buyerPage, "Yonatan Girma");
      await buyerPage.goto(eventPath);
      await waitForHydration(buyerPage);
      await buyerPage.locator("section#tickets select").first().selectOption("1");
      await buyerPage.getByRole("button", { name: "Get tickets", exact: true }).click();
      await buyerPage.getByLabel("Full name").waitFor();
      expect(await buyerPage.getByLabel("Email").inputValue()).toBe(buyer.email);
      await buyerPage.getByRole("button", { name: "Continue to payment" }).click();
      await buyerPage.waitForURL(/\/orders\/[0-9a-f-]{36}\/pay/);
      await waitForHydration(buyerPage);
      await buyerPage.getByLabel("Card number").fill("4242 4242 4242 4242");
      await buyerPage.getByLabel("Month").fill("12");
      await buyerPage.getByLabel("Year").fill(String(new Date().getUTCFullYear() + 2));
      await buyerPage.getByLabel("Security code (CVC)").fill("123");
      await buyerPage.getByRole("button", { name: /^Pay \$/ }).click();
      await buyerPage.waitForURL(/\/orders\/[0-9a-f-]{36}(\?|$)/);
      await expect.poll(() => buyerPage.getByText("Payment received").first().isVisible()).toBe(true);

      // The organizer sees the sale from the dashboard, and downloads it.
      await organizerPage.goto("/dashboard");
      await waitForHydration(organizerPage);
      const myEvent = organizerPage.getByRole("article", { name: TITLE });
      expect(await myEvent.textContent()).toContain("1 / 112");
      await myEvent.getByRole("link", { name: "Orders and sales" }).click();
      await organizerPage.waitForURL((url) => url.pathname === `${eventPath}/orders`);
      const orders = organizerPage.getByRole("region", { name: /^Orders for/ });
      await expect.poll(() => orders.getByText(buyer.name).first().isVisible()).toBe(true);
      await organizerPage.getByRole("link", { name: "Attendees", exact: true }).click();
      const attendees = organizerPage.getByRole("region", { name: /^Attendees of/ });
      await expect.poll(() => attendees.getByText(buyer.email).first().isVisible()).toBe(true);
      const [download] = await Promise.all([
        organizerPage.waitForEvent("download"),
        organizerPage.getByRole("link", { name: "Download sales as CSV" }).click(),
      ]);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const csvLines = Buffer.concat(chunks).toString("utf8").trim().split("\r\n");
      expect(csvLines).toHaveLength(2);
      expect(csvLines[1]).toContain(buyer.email);
      expect(csvLines[1]).toContain("General admission");

      // The organizer promotes it on the home page, in search and with the social kit for three days.
      await organizerPage.goto("/dashboard");
      await organizerPage.getByRole("article", { name: TITLE }).getByRole("link", { name: "Promote" }).click();
      await organizerPage.waitForURL(/\/promote\?event=\d+$/);
      await waitForHydration(organizerPage);
      await organizerPage.getByLabel("Feature on the home page").check();
      await organizerPage.getByLabel("Priority in search results").check();
      await organizerPage.getByLabel("Social media kit").check();
      await organizerPage.getByLabel("Duration in days").fill("3");
      // No budget to type: the quoted total is what is paid.
      expect(await organizerPage.getByLabel(/Budget/).count()).toBe(0);
      // The rate card: $25 a day on the home page, $15 a day in search, and the social kit once ($19).
      await expect.poll(() => organizerPage.getByTestId("promote-total").textContent()).toBe("$139.00");
      await organizerPage.getByLabel("Card number").fill("4242 4242 4242 4242");
      await organizerPage.getByLabel("Month").fill("12");
      await organizerPage.getByLabel("Year").fill(String(new Date().getUTCFullYear() + 2));
      await organizerPage.getByLabel("Security code (CVC)").fill("123");
      await organizerPage.getByRole("button", { name: "Pay $139.00 and promote" }).click();
      await organizerPage.waitForURL(/\/promote\/[0-9a-f-]{36}\?paid=1$/);
      campaignPath = new URL(organizerPage.url()).pathname;
      organizerState = await organizerPage.context().storageState();
      expect(await organizerPage.getByRole("status").first().textContent()).toContain("Payment received");
      expect(await organizerPage.locator("header").getByText("Active", { exact: true }).count()).toBe(1);
      const shareImage = organizerPage.getByRole("img", { name: `Share picture for ${TITLE}` });
      await expect.poll(() => shareImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);

      // Featured on the home page, first in the matching search with the Promoted label.
      expect(await featuredTitles(buyerPage)).toContain(TITLE);
      const promoted = await searchResults(buyerPage);
      expect(promoted.titles).toEqual([TITLE, SOONER_TITLE]);
      expect(promoted.isFirstPromoted).toBe(true);

      // Four days later (the development clock) the jobs worker has ended the promotion.
      const moved = await fetch(`${site.url}/dev/clock`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ days: 4 }),
      });
      expect(moved.status).toBe(200);
      await expect
        .poll(
          async () => {
            await organizerPage.goto(campaignPath);
            return organizerPage.locator("header").getByText("Ended", { exact: true }).count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      expect(await featuredTitles(buyerPage)).not.toContain(TITLE);
      const ended = await searchResults(buyerPage);
      expect(ended.titles).toEqual([SOONER_TITLE, TITLE]);
      expect(await buyerPage.locator("section[aria-labelledby=results-heading]").textContent()).not.toContain(
        "Promoted",
      );
      expectCleanConsole(organizerPage);
      expectCleanConsole(buyerPage);
    },
    JOURNEY_MS,
  );

  it("has no accessibility violations on the promote, campaign and pricing pages, light, dark and in Arabic", async () => {
    for (const [colorScheme, language] of [
      ["light", "en"],
      ["dark", "en"],
      ["light", "ar"],
    ] as const) {
      const page = await openPage({ baseURL: site.url, colorScheme, storageState: organizerState });
      for (const target of ["/promote", campaignPath, "/pricing"]) {
        await page.goto(`${target}?lang=${language}`);
        await waitForHydration(page);
        expect(await page.locator("html").getAttribute("dir")).toBe(language === "ar" ? "rtl" : "ltr");
        await expectNoAxeViolations(page);
      }
      expectCleanConsole(page);
    }
  });

  it("shows the sample promotions in the category placement and in an event page's sidebar", async () => {
    // The shared site, seeded with the sample data: its category ad is for a music event (category 1),
    // its sidebar ad for event 1, shown beside other events.
    const page = await openPage();
    await page.goto("/categories?category=1");
    await waitForHydration(page);
    expect(await page.getByRole("heading", { name: "An Ethio-jazz night at the Birchmere" }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.goto("/events/2");
    await waitForHydration(page);
    expect(await page.locator("aside").getByRole("heading", { name: "Jazz Nights at the Wharf" }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expectCleanConsole(page);
  });
});
