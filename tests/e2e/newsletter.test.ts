import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventSummary } from "#domain/event-summary";
import { renderDigestEmail } from "#server/mail/digest-email";
import { renderNewsletterConfirmationEmail } from "#server/mail/newsletter-email";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const SUBJECT = "Confirm your subscription to the DMV Events weekly digest";

/** The links of the confirmation e-mail to `address`, as the development mailbox lists them, once it has arrived. */
async function confirmationLinks(page: Page, address: string): Promise<string[]> {
  const message = page.getByRole("link", { name: SUBJECT });
  await expect
    .poll(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(address)}`);
      return message.count();
    })
    .toBe(1);
  await message.click();
  await page.waitForURL(/\/dev\/mailbox\/\d+$/);
  return page.getByRole("region", { name: "Links in this message" }).getByRole("link").allTextContents();
}

/** A link of the e-mail as a path on the site under test. */
function pathOf(links: string[], query: "confirm" | "unsubscribe"): string {
  const link = links.find((candidate) => candidate.includes(`/newsletter?${query}=`));
  if (!link) throw new Error(`No ${query} link in ${links.join(", ")}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe("the newsletter", () => {
  it("subscribes on /newsletter, confirms from the e-mailed link, and unsubscribes with the same e-mail's link", async () => {
    const address = `digest-${randomUUID().slice(0, 8)}@example.com`;
    const page = await openPage();
    await page.goto("/newsletter");
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(address);
    await page.getByLabel("Language of the digest").selectOption("en");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Check your inbox" }).count()).toBe(1);

    const links = await confirmationLinks(page, address);

    // The link opens a question; only the button confirms (mail scanners follow links).
    await page.goto(pathOf(links, "confirm"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Confirm your subscription");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("You are subscribed");

    await page.goto(pathOf(links, "unsubscribe"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Unsubscribe from the digest");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("You are unsubscribed");
    await expectNoAxeViolations(page);
    expectCleanConsole(page);

    // The confirmation link of an address that has since unsubscribed does not sign it up again (a 400,
    // which the browser logs).
    await page.goto(pathOf(links, "confirm"));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("This link does not work");
    expect(page.consoleErrors.every((error) => error.includes("status of 400"))).toBe(true);
  });

  it.each([
    ["light", ""],
    ["dark", ""],
    ["light", "?lang=ar"],
    ["dark", "?lang=ar"],
  ] as const)("has no accessibility violations on /newsletter in %s theme %s", async (colorScheme, query) => {
    const page = await openPage({ colorScheme });
    await page.goto(`/newsletter${query}`);
    await waitForHydration(page);
    if (query) await expect(page.locator("html").getAttribute("dir")).resolves.toBe("rtl");
    await expectNoAxeViolations(page);
    expectCleanConsole(page);
  });

  it.each(["ar", "am"] as const)(
    "writes the %s confirmation and digest e-mails with no accessibility violations",
    async (language) => {
      const confirmation = renderNewsletterConfirmationEmail(
        { to: "reader@example.com", language, link: `${siteUrl}/newsletter?confirm=abc` },
        siteUrl,
      );
      const event = (id: number, title: string, priceCents: number): EventSummary => ({
        id,
        title,
        startsAt: new Date("2026-12-05T23:00:00Z"),
        endsAt: new Date("2026-12-06T02:00:00Z"),
        timeZone: "America/New_York",
        language: "en",
        isPublic: true,
        isFeatured: false,
        isPromoted: false,
        venue: { name: "Union Market", city: "Washington" },
        category: { key: "music", name: "Music" },
        organizer: { id: randomUUID(), name: "Ada", reputationLevel: "elite" },
        image: null,
        ticketTypes: [{ priceCents, quantity: 100, sold: 10 }],
      });
      const digest = renderDigestEmail(
        {
          to: "reader@example.com",
          language,
          recipient: { subscriptionId: 1 },
          promoted: [event(1, "Jazz Night", 2_500)],
          upcoming: [event(2, "Open Studio", 0)],
        },
        `${siteUrl}/newsletter?unsubscribe=abc`,
        siteUrl,
      );
      for (const { html } of [confirmation, digest]) {
        const page = await openPage();
        await page.setContent(html);
        await expect(page.locator("html").getAttribute("dir")).resolves.toBe(language === "ar" ? "rtl" : "ltr");
        await expectNoAxeViolations(page);
      }
    },
  );
});
