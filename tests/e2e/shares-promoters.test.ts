import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmationLinkFromMailbox, newAddress, signUpInBrowser } from "#tests/support/browser-accounts";
import { connectBrowser, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

/** A free upcoming sample event (multiples of 10 are free); another guest registering there changes nothing for other journeys. */
const FREE_EVENT = 30;
/** A paid upcoming sample event, $15 tickets, organized by a sample organizer no other journey signs in as. */
const PAID_EVENT = 35;
const ORGANIZER_EMAIL = "youssef.haddad@example.com";
/** Sign-ups, the mailbox and a payment in one journey take longer than the default minute. */
const LONG_TEST_MS = 180_000;

const tickets = (page: Page) => page.locator("section#tickets");

/** Picks one ticket of the event's first type and completes the checkout as a guest (paying when it costs). */
async function buyOneAsGuest(page: Page, eventId: number, button: "Register" | "Get tickets") {
  await page.goto(`/events/${eventId}`);
  await waitForHydration(page);
  await tickets(page).locator("select").first().selectOption("1");
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByLabel("Full name").waitFor();
  await page.getByLabel("Full name").fill("Selam Guest");
  await page.getByLabel("Email").fill(newAddress("selam"));
  if (button === "Register") {
    await page.getByRole("button", { name: "Complete registration" }).click();
  } else {
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Month").fill("12");
    await page.getByLabel("Year").fill(String(new Date().getFullYear() + 3));
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
  }
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);
}

describe("share links", () => {
  it(
    "a visit through a signed-in person's share link and a purchase after it count in their dashboard",
    async () => {
      const sharerPage = await openPage({ permissions: ["clipboard-read", "clipboard-write"] });
      await signUpInBrowser(sharerPage, "Tigist Sharer");
      await sharerPage.goto(`/events/${FREE_EVENT}`);
      await waitForHydration(sharerPage);
      await sharerPage.getByRole("button", { name: "Copy link" }).click();
      await sharerPage.getByText("Link copied").first().waitFor();
      const shared = new URL(await sharerPage.evaluate(() => navigator.clipboard.readText()));
      expect(shared.pathname).toBe(`/events/${FREE_EVENT}`);
      expect(shared.searchParams.get("s")).toMatch(/^[A-Za-z0-9_-]{10}$/);

      // A friend opens the link: the visit is counted and the page comes without the code in its address.
      const friend = await openPage();
      await friend.goto(shared.pathname + shared.search);
      expect(new URL(friend.url()).search).toBe("");
      await buyOneAsGuest(friend, FREE_EVENT, "Register");

      await sharerPage.goto("/dashboard");
      const shares = sharerPage.locator("#my-shares");
      await shares.waitFor();
      await expect(shares.getByTestId("shares-shares").textContent()).resolves.toBe("1");
      await expect(shares.getByTestId("shares-visits").textContent()).resolves.toBe("1");
      await expect(shares.getByTestId("shares-referrals").textContent()).resolves.toBe("1");
    },
    LONG_TEST_MS,
  );
});

describe("promoters", () => {
  it(
    "an organizer opens a join code, a promoter joins, a ticket bought through their link is theirs with its commission",
    async () => {
      const organizer = await openPage();
      await organizer.goto("/signin");
      await waitForHydration(organizer);
      await organizer.getByLabel("Email").fill(ORGANIZER_EMAIL);
      await organizer.getByRole("button", { name: "Email me a magic link" }).click();
      await organizer.getByRole("status").filter({ hasText: "Check your email" }).waitFor();
      await organizer.goto(await confirmationLinkFromMailbox(organizer, ORGANIZER_EMAIL));
      await organizer.getByRole("button", { name: "Sign in", exact: true }).click();
      await organizer.waitForURL(/\/dashboard$/);
      await organizer.goto(`/events/${PAID_EVENT}/orders`);
      await organizer.getByRole("main").getByRole("link", { name: "Promoters" }).click();
      await organizer.waitForURL(new RegExp(`/events/${PAID_EVENT}/promoters$`));
      await organizer.getByRole("heading", { level: 1, name: "Promoters" }).waitFor();
      await waitForHydration(organizer);
      await organizer.getByLabel("Commission (%)").first().fill("10");
      await organizer.getByRole("button", { name: "Open the programme" }).click();
      await organizer.getByRole("status").filter({ hasText: "Join code saved." }).waitFor();
      const joinCode = (await organizer.getByTestId("join-code").textContent())!;
      await expectNoAxeViolations(organizer);

      const promoter = await openPage({ colorScheme: "dark" });
      await signUpInBrowser(promoter, "Abel Promoter");
      await promoter.goto("/promoters/dashboard?lang=ar");
      await waitForHydration(promoter);
      await promoter.getByLabel("رمز الانضمام").fill(joinCode);
      await promoter.getByRole("button", { name: "انضمام" }).click();
      await promoter.getByRole("status").filter({ hasText: "أصبحت الآن مروّجًا لهذه الفعالية" }).waitFor();
      const link = (await promoter.locator("table code").first().textContent())!;
      expect(link).toMatch(new RegExp(`/events/${PAID_EVENT}\\?ref=[A-Za-z0-9_-]{10}$`));
      await expectNoAxeViolations(promoter);

      const buyer = await openPage();
      const tracked = new URL(link);
      await buyer.goto(tracked.pathname + tracked.search);
      expect(new URL(buyer.url()).search).toBe("");
      await buyOneAsGuest(buyer, PAID_EVENT, "Get tickets");

      // $15.00 of ticket revenue at 10%: $1.50 owed, in both views and the CSV.
      await promoter.goto("/promoters/dashboard?lang=en");
      const mine = promoter.locator("table tbody tr").first();
      await mine.waitFor();
      await expect(mine.locator("td").allTextContents()).resolves.toEqual([
        link,
        "10%",
        "1",
        "1",
        "1",
        "$15.00",
        "$1.50",
      ]);
      await organizer.reload();
      const row = organizer.locator("table tbody tr", { hasText: "Abel Promoter" });
      await expect(row.locator("td").allTextContents()).resolves.toEqual([
        link,
        "10%",
        "1",
        "1",
        "1",
        "$15.00",
        "$1.50",
      ]);
      const csv = await (await organizer.request.get(`/events/${PAID_EVENT}/promoters.csv`)).text();
      expect(csv).toContain(`Abel Promoter,active,${link},10,1,1,1,15.00,1.50`);
    },
    LONG_TEST_MS,
  );

  it("/promoters explains the programme and passes axe in light, dark and Arabic", async () => {
    for (const [language, colorScheme] of [
      ["en", "light"],
      ["en", "dark"],
      ["ar", "light"],
    ] as const) {
      const page = await openPage({ colorScheme });
      expect((await page.goto(`/promoters?lang=${language}`))?.status()).toBe(200);
      await waitForHydration(page);
      if (language === "en") {
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
          "Promote events, earn a commission",
        );
        // The sample promoters who chose to be listed, by tickets this month.
        await expect(page.getByRole("heading", { name: "Top promoters this month" }).isVisible()).resolves.toBe(true);
        await expect(page.getByRole("link", { name: "Layla Mansour" }).isVisible()).resolves.toBe(true);
      }
      await expectNoAxeViolations(page);
    }
  });
});
