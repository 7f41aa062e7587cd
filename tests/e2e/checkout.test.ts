import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAddress, signUpInBrowser, type StorageState } from "#tests/support/browser-accounts";
import { connectBrowser, expectNoAxeViolations, waitOutErrorToasts, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

type TestPage = Awaited<ReturnType<typeof openPage>>;

/** Sample events: 10, 20 and 30 are free and upcoming (multiples of 10 are free); 1 is paid and upcoming. */
const FREE_EVENTS = { journey: 10, cancel: 20, withoutScripts: 30 } as const;
const PAID_EVENT = 1;
/** Typed without spaces, so the page's test-mode notice (which shows it grouped) is not mistaken for an echo. */
const DECLINED_CARD = "4000000000000002";
const PAID_CARD = "4242 4242 4242 4242";
/** Sign-up, the mailbox and a payment in one journey take longer than the default minute. */
const LONG_TEST_MS = 150_000;

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();
const ticketsSection = (page: Page) => page.locator("section#tickets");

/** A new account, signed up through the site's form and confirmed from the mailbox. */
async function signedInState(name: string, email: string): Promise<StorageState> {
  const { storageState } = await signUpInBrowser(await openPage(), name, email);
  return storageState;
}

/** How many tickets of the event's first type the page says are left ("149 left"). */
async function ticketsLeft(page: Page, eventId: number): Promise<number> {
  await page.goto(`/events/${eventId}`);
  const text = await ticketsSection(page)
    .getByText(/^\d+ left$/)
    .first()
    .textContent();
  return Number(text!.replace(/\D/g, ""));
}

/** Picks `quantity` of the event's first ticket type on its page and opens the checkout. */
async function pickTickets(page: TestPage, eventId: number, quantity: number, button: "Register" | "Get tickets") {
  await page.goto(`/events/${eventId}`);
  await waitForHydration(page);
  await ticketsSection(page).locator("select").first().selectOption(String(quantity));
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.waitForURL(new RegExp(`/events/${eventId}/checkout\\?qty\\.\\d+=${quantity}`));
  // The address changes before the client-side navigation renders the checkout.
  await page.getByLabel("Full name").waitFor();
}

/** Registers a guest for a free event through the picker and checkout; returns the order page's path. */
async function registerAsGuest(page: TestPage, eventId: number, buyer: { name: string; email: string }) {
  await pickTickets(page, eventId, 1, "Register");
  await page.getByLabel("Full name").fill(buyer.name);
  await page.getByLabel("Email").fill(buyer.email);
  await page.getByRole("button", { name: "Complete registration" }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);
  return pathOf(page);
}

/** Places a paid order for one ticket of the paid event as a guest; returns the checkout's and pay page's paths. */
async function holdPaidTicket(page: TestPage): Promise<{ checkoutPath: string; payPath: string }> {
  await pickTickets(page, PAID_EVENT, 1, "Get tickets");
  const checkoutPath = pathOf(page);
  await page.getByLabel("Full name").fill("Dawit Tesfaye");
  await page.getByLabel("Email").fill(newAddress("dawit"));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}\/pay\?key=/);
  return { checkoutPath, payPath: pathOf(page) };
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function payWith(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Month").fill("12");
  await page.getByLabel("Year").fill(String(new Date().getFullYear() + 3));
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

describe("registering for a free event", () => {
  it("takes a guest from the picker to tickets with QR codes, and e-mails the confirmation", async () => {
    const page = await openPage();
    const buyer = { name: "Meron Alemu", email: newAddress("meron") };
    await pickTickets(page, FREE_EVENTS.journey, 2, "Register");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Register");
    const lines = page.locator("table tbody tr");
    expect(await lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain("Free Registration");
    expect(await page.getByText("Your tickets will be sent to this address.").isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("");

    // The browser's own checks pass; ours refuses, and keeps what was typed.
    await page.getByLabel("Full name").fill(buyer.name);
    await page.getByLabel("Email").fill("meron@localhost");
    await page.getByRole("button", { name: "Complete registration" }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("Please enter a valid email address.");
    expect(await page.getByLabel("Full name").inputValue()).toBe(buyer.name);
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

    // A slow answer: the button says it is sending, and clicking it again meanwhile sends nothing more.
    await page.getByLabel("Email").fill(buyer.email);
    let orderPosts = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/checkout\.data/, async (route) => {
      if (route.request().method() === "POST") {
        orderPosts += 1;
        await answered;
      }
      await route.continue();
    });
    const submit = page.getByRole("button", { name: "Complete registration" });
    await submit.click();
    await expect.poll(() => submit.getAttribute("aria-busy")).toBe("true");
    expect(await submit.isDisabled()).toBe(true);
    await submit.click({ force: true });
    expect(await page.locator("[aria-live=polite]").filter({ hasText: "Sending…" }).count()).toBe(1);
    answer();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}$/);
    expect(orderPosts).toBe(1);
    await expect.poll(() => visible(page, "You're registered")).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Your order");
    expect(await visible(page, "Confirmed")).toBe(true);
    const tickets = page.getByRole("article");
    expect(await tickets.count()).toBe(2);
    expect(await tickets.first().locator("svg path").count()).toBe(1);
    expect(await page.getByRole("img", { name: /^QR code of ticket [0-9A-Z]{5}-/ }).count()).toBe(2);
    expect(await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(
      `/events/${FREE_EVENTS.journey}/calendar.ics`,
    );

    // The key in the address stays on this site and out of every cache.
    const response = await page.request.get(page.url());
    expect(response.headers()["referrer-policy"]).toBe("no-referrer");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    // Without the key, or with another, the order does not exist.
    const orderPath = new URL(page.url()).pathname;
    expect((await page.request.get(orderPath)).status()).toBe(404);
    expect((await page.request.get(`${orderPath}?key=${"x".repeat(43)}`)).status()).toBe(404);

    const messages = page.locator("section[aria-labelledby=mailbox-messages] ol > li");
    await expect
      .poll(async () => {
        await page.goto(`/dev/mailbox?to=${encodeURIComponent(buyer.email)}`);
        return messages.count();
      })
      .toBe(1);
    // The refused address came back as 422, which the browser reports; nothing else went wrong.
    expect(page.consoleErrors).toEqual([
      "Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
    ]);
  });

  it("gives a seat back when the registration is cancelled", async () => {
    const page = await openPage();
    const before = await ticketsLeft(page, FREE_EVENTS.cancel);
    const orderPath = await registerAsGuest(page, FREE_EVENTS.cancel, {
      name: "Yonas Haile",
      email: newAddress("yonas"),
    });
    // The event page may be a few seconds old (the response cache): wait for it to catch up.
    const other = await openPage();
    await expect.poll(() => ticketsLeft(other, FREE_EVENTS.cancel)).toBe(before - 1);

    await page.goto(orderPath);
    await waitForHydration(page);
    await page.getByText("Cancel registration", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
    await expect.poll(() => visible(page, "Your registration was cancelled.")).toBe(true);
    expect(await visible(page, "Cancelled")).toBe(true);
    expect(await page.getByText("Void", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Cancel registration", { exact: true }).count()).toBe(0);
    await expect.poll(() => ticketsLeft(other, FREE_EVENTS.cancel)).toBe(before);
  });

  it("works before JavaScript loads: picker, checkout and the order page are plain forms", async () => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto(`/events/${FREE_EVENTS.withoutScripts}`);
    await ticketsSection(page).locator("select").first().selectOption("1");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.waitForURL(/\/checkout\?qty\.\d+=1$/);
    const checkoutPath = pathOf(page);
    await page.getByLabel("Full name").fill("Tigist Bekele");
    await page.getByLabel("Email").fill(newAddress("tigist"));
    await page.getByRole("button", { name: "Complete registration" }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);
    expect(await page.getByRole("article").count()).toBe(1);

    // Eleven tickets in a hand-made address: refused with a clear message, nothing to order.
    await page.goto(checkoutPath.replace(/=1$/, "=11"));
    expect(await page.getByRole("alert").textContent()).toContain("You can order at most 10 tickets at a time.");
    expect(await page.getByRole("button", { name: "Complete registration" }).count()).toBe(0);
  });
});

describe("the event page's ticket picker", () => {
  it("offers each type up to 10 or what is left, shows the total, and the waitlist where sold out", async () => {
    const page = await openPage();
    await page.goto(`/events/${PAID_EVENT}`);
    await waitForHydration(page);
    const selects = ticketsSection(page).locator("select");
    expect(await selects.count()).toBeGreaterThan(0);
    const options = await selects.first().locator("option").allTextContents();
    expect(options[0]).toBe("0");
    expect(options.length).toBeLessThanOrEqual(11);
    await selects.first().selectOption("2");
    const total = ticketsSection(page).locator("output");
    await expect.poll(() => total.textContent()).toMatch(/^\$\d+\.\d\d$/);
    expect(await total.textContent()).not.toBe("$0.00");
    await selects.first().selectOption("0");
    await page.getByRole("button", { name: "Get tickets", exact: true }).click();
    // Nothing chosen: said at once, and the page stays.
    await expect.poll(() => ticketsSection(page).getByText("Choose at least one ticket.").isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/events/${PAID_EVENT}`);

    // Sample event 34 is sold out: no quantities, a waitlist per type.
    await page.goto("/events/34");
    await waitForHydration(page);
    expect(await ticketsSection(page).locator("select").count()).toBe(0);
    expect(await ticketsSection(page).getByRole("button", { name: "Join the waitlist" }).count()).toBe(2);
    expect(await page.getByRole("button", { name: "Get tickets", exact: true }).count()).toBe(0);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
    }

    // Sample event 16 is over: the types are listed, nothing to pick.
    await page.goto("/events/16");
    expect(await ticketsSection(page).locator("select").count()).toBe(0);
    expect(await ticketsSection(page).getByRole("button").count()).toBe(0);
  });
});

describe("buying a paid ticket", () => {
  it(
    "goes from the picker to a prefilled checkout, a countdown, a declined card that releases the hold, then a paid order",
    async () => {
      const email = newAddress("selam");
      const page = await openPage({ storageState: await signedInState("Selam Bekele", email) });
      await pickTickets(page, PAID_EVENT, 1, "Get tickets");
      expect(await page.getByLabel("Full name").inputValue()).toBe("Selam Bekele");
      expect(await page.getByLabel("Email").inputValue()).toBe(email);
      expect(await page.getByText(/held for 10 minutes/).isVisible()).toBe(true);
      await page.getByRole("button", { name: "Continue to payment" }).click();

      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\/pay\?key=/);
      await waitForHydration(page);
      const timer = page.getByRole("timer", { name: "Time left to pay" });
      expect(await timer.textContent()).toMatch(/^(10:00|9:[0-5]\d)$/);
      // It counts down in the page, second by second.
      const shown = await timer.textContent();
      await expect.poll(() => timer.textContent(), { timeout: 3_000 }).not.toBe(shown);
      expect(await page.getByText("Test mode: no money is taken.").isVisible()).toBe(true);
      expect(await page.getByLabel("Card number").getAttribute("autocomplete")).toBe("cc-number");
      expect(await page.getByLabel("Card number").getAttribute("inputmode")).toBe("numeric");
      expect(await page.getByLabel("Security code (CVC)").getAttribute("autocomplete")).toBe("cc-csc");

      await payWith(page, DECLINED_CARD);
      const alert = page.getByRole("alert").filter({ hasText: "Payment declined" });
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(await alert.textContent()).toContain("Your card was declined. Try another card, or contact your bank.");
      // A declined card ends the hold: the tickets went back on sale, and the card is gone from the page.
      expect(await alert.textContent()).toContain("the tickets you held went back on sale");
      expect(await page.getByLabel("Card number").count()).toBe(0);
      expect(await page.content()).not.toContain(DECLINED_CARD);

      // Another card: the tickets chosen again, then paid.
      await page.getByRole("link", { name: "Back to the event" }).click();
      await page.waitForURL(new RegExp(`/events/${PAID_EVENT}`));
      await pickTickets(page, PAID_EVENT, 1, "Get tickets");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\/pay\?key=/);
      await waitForHydration(page);
      await payWith(page, PAID_CARD);
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);
      await expect.poll(() => visible(page, "Payment received")).toBe(true);
      expect(await visible(page, "Confirmed")).toBe(true);
      expect(await visible(page, "Visa ending in 4242")).toBe(true);
      expect(await page.getByRole("article").count()).toBe(1);
      // The declined attempt came back as 402, which the browser reports; nothing else went wrong.
      expect(page.consoleErrors).toEqual([
        "Failed to load resource: the server responded with a status of 402 (Payment Required)",
      ]);
    },
    LONG_TEST_MS,
  );

  it("counts the hold down, speaks only at each minute, and says when the tickets were released", async () => {
    const page = await openPage();
    await page.clock.install();
    const { payPath } = await holdPaidTicket(page);
    await waitForHydration(page);
    const timer = page.getByRole("timer", { name: "Time left to pay" });
    const spoken = page.locator("p[aria-live=polite][aria-atomic=true]");
    expect(await spoken.textContent()).toBe("");

    await page.clock.fastForward("00:30");
    await expect.poll(() => timer.textContent()).toMatch(/^9:[2-3]\d$/);
    expect(await spoken.textContent()).toBe("");
    await page.clock.fastForward("00:31");
    await expect.poll(() => spoken.textContent()).toBe("9 minutes left to pay.");
    await page.clock.fastForward("00:10");
    expect(await spoken.textContent()).toBe("9 minutes left to pay.");

    await page.clock.fastForward("09:00");
    await expect.poll(() => spoken.textContent()).toBe("Time is up: your tickets were released.");
    expect(await visible(page, "Your hold has expired")).toBe(true);
    expect(await page.getByLabel("Card number").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Back to the event" }).getAttribute("href")).toBe(
      `/events/${PAID_EVENT}#tickets`,
    );
    expect(payPath).toMatch(/\/pay\?key=/);
  });

  it("releases the held tickets when the buyer cancels on the pay page", async () => {
    const page = await openPage();
    await holdPaidTicket(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.waitForURL(new RegExp(`/events/${PAID_EVENT}$`));
    await expect.poll(() => visible(page, "Your order was cancelled and the tickets released.")).toBe(true);
  });
});

describe("the checkout pages in Arabic", () => {
  it("lay out the checkout and pay pages right to left", async () => {
    const page = await openPage();
    const { checkoutPath, payPath } = await holdPaidTicket(page);
    for (const path of [`${checkoutPath}&lang=ar`, `${payPath}&lang=ar`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBeLessThan(500);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");
    }
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("أكمل الدفع");
    expect(await page.getByRole("timer").isVisible()).toBe(true);
    // The card number reads left to right inside the right-to-left page.
    expect(await page.getByLabel("رقم البطاقة").getAttribute("dir")).toBe("ltr");
  });
});

describe("the checkout pages' accessibility", () => {
  it.each(["light", "dark"] as const)(
    "has no axe violations on the checkout, pay and order pages (%s theme)",
    async (colorScheme) => {
      const page = await openPage({ colorScheme });
      // The checkout, then with a refused field.
      await pickTickets(page, PAID_EVENT, 2, "Get tickets");
      await expectNoAxeViolations(page);
      await page.getByLabel("Full name").fill("Hanna Girma");
      await page.getByLabel("Email").fill("hanna@localhost");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect.poll(() => page.getByRole("alert").count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);

      // The pay page, then with a declined card.
      await page.getByLabel("Email").fill(newAddress("hanna"));
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.waitForURL(/\/pay\?key=/);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await payWith(page, DECLINED_CARD);
      await expect.poll(() => page.getByRole("alert").count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);

      // The order page with its tickets (a new order: the declined one released its hold), and an order
      // page of a free registration.
      await pickTickets(page, PAID_EVENT, 2, "Get tickets");
      await page.getByLabel("Full name").fill("Hanna Girma");
      await page.getByLabel("Email").fill(newAddress("hanna"));
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.waitForURL(/\/pay\?key=/);
      await waitForHydration(page);
      await payWith(page, PAID_CARD);
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=/);
      await waitForHydration(page);
      await waitOutErrorToasts(page);
      await expectNoAxeViolations(page);
      await registerAsGuest(page, FREE_EVENTS.journey, { name: "Hanna Girma", email: newAddress("hanna") });
      await waitForHydration(page);
      await page.getByText("Cancel registration", { exact: true }).click();
      await expectNoAxeViolations(page);

      // The event page's picker with a quantity chosen.
      await page.goto(`/events/${PAID_EVENT}`);
      await waitForHydration(page);
      await ticketsSection(page).locator("select").first().selectOption("2");
      await expectNoAxeViolations(page);
    },
    LONG_TEST_MS,
  );

  it("answers a checkout form far over any real form's size with 413, not a 500", async () => {
    const response = await fetch(`${siteUrl}/events/${PAID_EVENT}/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteUrl },
      body: `qty.1=1&name=A&email=a%40example.com&padding=${"x".repeat(2 * 1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("What was sent is far larger than this form accepts.");
  });
});
