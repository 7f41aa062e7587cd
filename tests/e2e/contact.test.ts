import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsSampleStaff } from "#tests/support/staff-browser";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { newAddress } from "#tests/support/browser-accounts";

const { openPage } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** The spam trap refuses posts made within two seconds of the page: people take longer. */
const FILL_TIME_MS = 2_200;

/** The newest message to `address` whose subject contains `subject`, opened; fails when none arrives. */
async function openMail(page: Page, address: string, subject: string) {
  const message = page.locator("section[aria-labelledby=mailbox-messages] ol > li a", { hasText: subject }).first();
  await expect
    .poll(
      async () => {
        await page.goto(`/dev/mailbox?to=${encodeURIComponent(address)}`);
        return message.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await message.click();
  await page.waitForURL(/\/dev\/mailbox\/\d+$/);
}

describe("the contact desk", () => {
  it("takes a visitor's message on /contact, staff answer it in the console, and the answer reaches the visitor", async () => {
    const visitor = await openPage({ viewport: DESKTOP });
    const loadedAt = Date.now();
    expect((await visitor.goto("/contact"))?.status()).toBe(200);
    await waitForHydration(visitor);
    await expect(visitor.title()).resolves.toBe("Contact us | DMV Events");
    const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? "") as {
      "@type": string;
    };
    expect(jsonLd["@type"]).toBe("ContactPage");
    // The footer links here again.
    expect(await visitor.getByRole("contentinfo").getByRole("link", { name: "Contact" }).getAttribute("href")).toBe(
      "/contact",
    );

    const email = newAddress("Hana");
    await visitor.getByLabel("Your name").fill("Hana Tesfaye");
    await visitor.getByLabel("Your e-mail address").fill(email);
    await visitor.getByLabel("Topic").selectOption({ label: "Report a problem" });
    await visitor.getByLabel("Message", { exact: true }).fill("The map on the festival page shows the wrong entrance.");
    await visitor.waitForTimeout(Math.max(0, FILL_TIME_MS - (Date.now() - loadedAt)));
    await visitor.getByRole("button", { name: "Send message" }).click();
    const thanks = visitor.getByRole("status").filter({ hasText: "Thank you, your message is on its way" });
    await thanks.waitFor();
    const reference = (await visitor.getByTestId("contact-reference").textContent())!;
    expect(reference).toMatch(/^DMV-[2-9A-Z]{8}$/);
    await openMail(visitor, email, `We received your message (${reference})`);

    const staff = await openPage({ viewport: DESKTOP });
    await signInAsSampleStaff(staff);
    await staff.goto(`/admin/messages?q=${reference}`);
    await staff.getByRole("link", { name: reference }).click();
    await staff.waitForURL(/\/admin\/messages\/\d+$/);
    await staff.getByText("The map on the festival page shows the wrong entrance.").waitFor();
    await staff.getByLabel("Your answer").fill("Thank you! We asked the organizer to fix the entrance on the map.");
    await staff.getByRole("button", { name: "Send answer" }).click();
    await staff.getByRole("status").filter({ hasText: "Your answer was sent." }).waitFor();
    // The thread, loaded again after the answer, shows it under the visitor's message.
    await staff
      .getByRole("listitem")
      .filter({ hasText: "Thank you! We asked the organizer to fix the entrance" })
      .waitFor();

    await openMail(visitor, email, `Re: your message [${reference}]`);
    await expect(
      visitor.getByText("Thank you! We asked the organizer to fix the entrance on the map.").first().isVisible(),
    ).resolves.toBe(true);
    expectCleanConsole(visitor);
    expectCleanConsole(staff);
  });

  it("leads from an event page to its organizer's form, which names the event and never the organizer's address", async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto("/events/1");
    await page.getByRole("link", { name: "Contact the organizer" }).click();
    await page.waitForURL(/\/events\/1\/contact$/);
    // The address changes before the new page is drawn.
    await page.getByRole("heading", { level: 1, name: "Contact the organizer" }).waitFor();
    expect(await page.locator("main").textContent()).not.toContain("@");
  });

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "has no axe violations on /contact and an organizer's form in %s, light and dark, at %o",
    async (language, viewport) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport });
        for (const path of ["/contact", "/events/1/contact"]) {
          await page.goto(`${path}?lang=${language}`);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await expectNoAxeViolations(page);
        }
      }
    },
  );
});
