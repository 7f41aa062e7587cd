import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signUpInBrowser, type StorageState } from "#tests/support/browser-accounts";
import { signInAsSampleStaff } from "#tests/support/staff-browser";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

/**
 * Sponsors in the staff console: staff create one with a logo; an organizer chooses it for their event,
 * where it waits for approval (not shown); staff approve it and it shows on the event's page. Then the
 * console's sponsor pages' accessibility.
 */
const { openPage } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const DAY_MS = 24 * 60 * 60 * 1000;
const SPONSOR = `Tidal Basin Kayaks ${Date.now().toString(36)}`;
const TITLE = "Kayak Night on the Potomac";

let staffState: StorageState;
let sponsorPath: string;

function logoBytes() {
  return sharp({ create: { width: 500, height: 250, channels: 4, background: { r: 0, g: 110, b: 180, alpha: 1 } } })
    .png()
    .toBuffer();
}

const sponsorsOfEventPage = (page: Page) =>
  page
    .locator("section[aria-labelledby=sponsors-heading] img")
    .evaluateAll((images) => images.map((image) => image.getAttribute("alt") ?? ""));

describe("sponsors in the staff console", () => {
  it("staff create a sponsor with a logo; an organizer's choice waits for approval; once approved it shows", async () => {
    const staffPage = await openPage({ viewport: DESKTOP });
    staffState = await signInAsSampleStaff(staffPage);

    await staffPage.goto("/admin/sponsors/new");
    await waitForHydration(staffPage);
    await staffPage.getByLabel("Name", { exact: true }).fill(SPONSOR);
    await staffPage.getByLabel("Tier", { exact: true }).selectOption("gold");
    await staffPage.getByLabel("Website", { exact: true }).fill("https://kayaks.example.org");
    await staffPage.getByLabel("Industry", { exact: true }).fill("Outdoor recreation");
    await staffPage.getByLabel("Public contact e-mail", { exact: true }).fill("paddle@kayaks.example.org");
    await staffPage
      .getByLabel("Description", { exact: true })
      .fill("Kayak rentals and night paddles on the Tidal Basin.");
    // An SVG is refused with a clear reason, and nothing is created.
    await staffPage.getByLabel("Logo", { exact: true }).setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await staffPage.getByRole("button", { name: "Create sponsor" }).click();
    await expect
      .poll(() => staffPage.getByRole("alert").filter({ hasText: "Nothing was saved" }).textContent())
      .toContain("The logo must be a JPEG, PNG, WebP, GIF or AVIF picture (SVG is not accepted).");
    await staffPage
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoBytes() });
    await staffPage.getByRole("button", { name: "Create sponsor" }).click();
    await staffPage.waitForURL(/\/admin\/sponsors\/\d+\?created=1$/);
    sponsorPath = new URL(staffPage.url()).pathname;
    await staffPage.getByRole("status").filter({ hasText: "The sponsor was created." }).waitFor();
    const logo = await staffPage.getByRole("img", { name: "Current logo" }).getAttribute("src");
    expect(logo).toMatch(/^\/uploads\/sponsors\/[0-9a-f]+-320\.webp$/);
    expect((await staffPage.request.get(logo!)).headers()["content-type"]).toBe("image/webp");

    // An organizer chooses it for a new event: pending, and not on the event's page.
    const organizerPage = await openPage({ viewport: DESKTOP });
    await signUpInBrowser(organizerPage, "Yared Tesfaye");
    await organizerPage.goto("/create");
    await waitForHydration(organizerPage);
    await organizerPage.getByLabel("Title", { exact: true }).fill(TITLE);
    await organizerPage.getByLabel("Description", { exact: true }).fill("Paddle under the lanterns of the Wharf.");
    await organizerPage.getByLabel("Category", { exact: true }).selectOption({ label: "Sports" });
    await organizerPage
      .getByLabel("Starts", { exact: true })
      .fill(`${new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10)}T19:00`);
    await organizerPage.getByLabel("Search venues", { exact: true }).fill("Anthem");
    await organizerPage.getByRole("radio", { name: /The Anthem/ }).check();
    const ticket = organizerPage.getByRole("group", { name: "Ticket type 1", exact: true });
    await ticket.getByLabel("Name", { exact: true }).fill("Single kayak");
    await ticket.getByLabel("Price (USD)", { exact: true }).fill("30");
    await ticket.getByLabel("Quantity", { exact: true }).fill("20");
    await organizerPage.getByRole("checkbox", { name: SPONSOR }).check();
    await organizerPage.getByRole("button", { name: "Publish", exact: true }).click();
    await organizerPage.waitForURL(/\/events\/\d+$/);
    const eventPath = new URL(organizerPage.url()).pathname;
    expect(await sponsorsOfEventPage(organizerPage)).not.toContain(SPONSOR);
    await organizerPage.goto(`${eventPath}/edit`);
    expect(await organizerPage.getByText(SPONSOR).locator("..").textContent()).toContain(
      "(awaiting the sponsor's approval)",
    );

    // Staff see it waiting on the sponsor's page and approve it: it shows on the event's page at once.
    await staffPage.goto(sponsorPath);
    await waitForHydration(staffPage);
    expect(await staffPage.getByText("Waiting for approval: 1").isVisible()).toBe(true);
    await staffPage.getByRole("button", { name: `Approve the sponsorship of ${TITLE}` }).click();
    await expect.poll(() => staffPage.getByRole("status").filter({ hasText: "Approved:" }).isVisible()).toBe(true);
    await organizerPage.goto(eventPath);
    expect(await sponsorsOfEventPage(organizerPage)).toContain(SPONSOR);
    // The refused SVG was answered 422 (content that cannot be taken), as the form's refusals are.
    expectCleanConsole({ consoleErrors: staffPage.consoleErrors.filter((error) => !error.includes("status of 422")) });
    expectCleanConsole(organizerPage);
  }, 150_000);

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "the list and the sponsor's page have no axe violations in %s, light and dark, at %o",
    async (language, viewport) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport, storageState: staffState });
        for (const path of ["/admin/sponsors", sponsorPath]) {
          expect((await page.goto(`${path}?lang=${language}`))?.status()).toBe(200);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await expectNoAxeViolations(page);
        }
      }
    },
  );
});
