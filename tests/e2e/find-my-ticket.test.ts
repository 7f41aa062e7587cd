import { randomUUID } from "node:crypto";
import jsQR from "jsqr";
import type { APIRequestContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { formatTicketCode } from "#domain/ticket-code";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();
const LONG_TEST_MS = 120_000;
const SENT = "If this address has orders, we've e-mailed a link to them.";

interface FreeTicketType {
  eventId: number;
  eventTitle: string;
  ticketTypeId: number;
}

let freeTicketType: Promise<FreeTicketType> | null = null;
/** A published, upcoming sample event with a free ticket type on sale (every tenth sample event has one). */
function findFreeTicketType(request: APIRequestContext): Promise<FreeTicketType> {
  freeTicketType ??= (async () => {
    for (let id = 10; id <= 400; id += 10) {
      const response = await request.get(`/api/v1/events/${id}`);
      if (!response.ok()) continue;
      const { data } = (await response.json()) as {
        data: {
          title: string;
          startsAt: string;
          status: string;
          ticketTypes: { id: number; priceCents: number; available: number }[];
        };
      };
      const free = data.ticketTypes.find((type) => type.priceCents === 0 && type.available >= 10);
      if (free && data.status === "published" && new Date(data.startsAt).getTime() > Date.now() + 86_400_000) {
        return { eventId: id, eventTitle: data.title, ticketTypeId: free.id };
      }
    }
    throw new Error("No sample event with free tickets");
  })();
  return freeTicketType;
}

/**
 * A free registration placed through the API (as a guest, or as whoever `request`'s cookies sign in:
 * then from the site's own origin, as its pages would send it).
 */
async function register(request: APIRequestContext, buyer: { name: string; email: string }, quantity: number) {
  const free = await findFreeTicketType(request);
  const response = await request.post("/api/v1/orders", {
    headers: { "Idempotency-Key": randomUUID(), Origin: siteUrl },
    data: { eventId: free.eventId, items: [{ ticketTypeId: free.ticketTypeId, quantity }], buyer },
  });
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { id: string; status: string } };
  expect(data.status).toBe("confirmed");
  return { orderId: data.id, ...free };
}

/** The newest e-mail to `email` with `subject`, opened in the development mailbox (waits for the jobs worker). */
async function openMail(page: Page, email: string, subject: string | RegExp): Promise<void> {
  const message = page.locator("section[aria-labelledby=mailbox-messages] ol > li a", { hasText: subject });
  await expect
    .poll(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      return message.count();
    })
    .toBeGreaterThan(0);
  await message.first().click();
  await page.waitForURL(/\/dev\/mailbox\/\d+$/);
}

async function lookupLinkPath(page: Page, email: string, subject = "Your DMV Events tickets"): Promise<string> {
  await openMail(page, email, subject);
  const href = await page
    .locator("section[aria-labelledby=mailbox-links] a", { hasText: "/find-my-ticket/open?token=" })
    .first()
    .getAttribute("href");
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

/** The page's own form (the header has forms too). */
const lookupForm = (page: Page) => page.locator("form[method=post]", { has: page.locator("input[name=email]") });

async function askForLink(page: Page, email: string, path = "/find-my-ticket") {
  await page.goto(path);
  await waitForHydration(page);
  await page.locator("input[name=email]").fill(email);
  await lookupForm(page).locator("button[type=submit]").click();
  await expect.poll(() => page.getByRole("status").first().textContent()).toBeTruthy();
}

/** The code a phone would read from a QR code shown on the page (a screenshot of it, decoded). */
async function scanQr(page: Page, label: string): Promise<string | null> {
  const png = await page.getByRole("img", { name: label }).screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

async function expectNoAxeViolationsInBothThemes(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("Find My Ticket", () => {
  it(
    "takes a guest from the form to the e-mailed link to their tickets with scannable QR codes",
    async () => {
      const page = await openPage();
      const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
      const { eventTitle } = await register(page.request, { name: "Selam Guest", email }, 2);

      // The confirmation e-mail lists the tickets with their QR pictures and carries the event as event.ics.
      await openMail(page, email, `Your tickets for ${eventTitle}`);
      const attachments = page.locator("section[aria-labelledby=mailbox-attachments] a");
      await expect.poll(() => attachments.allTextContents()).toContain("event.ics");
      expect(await attachments.count()).toBe(3);
      const ics = await page.request.get((await attachments.last().getAttribute("href"))!);
      expect(ics.headers()["content-type"]).toMatch(/^text\/calendar/);
      expect(await ics.text()).toContain(`SUMMARY:${eventTitle.replace(/[,;]/g, (c) => `\\${c}`)}`);
      const mailHtml = await page.locator("iframe").getAttribute("srcdoc");
      expect(mailHtml?.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);

      await askForLink(page, email);
      expect(await page.getByRole("status").first().textContent()).toContain(SENT);
      await expectNoAxeViolationsInBothThemes(page);

      const link = await lookupLinkPath(page, email);
      await page.goto(link);
      await waitForHydration(page);
      // Opening the link changes nothing: the button spends it.
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Your tickets are ready");
      await page.getByRole("button", { name: "Show my tickets" }).click();
      await page.waitForURL(/\/find-my-ticket\/open$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your orders");
      expect(await page.getByRole("heading", { level: 2, name: eventTitle }).count()).toBe(1);

      const codes = await page.locator("article p.font-mono").allTextContents();
      expect(codes).toHaveLength(2);
      for (const code of codes) {
        expect(code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
        expect(formatTicketCode((await scanQr(page, `QR code of ticket ${code}`)) ?? "")).toBe(code);
      }
      await expectNoAxeViolationsInBothThemes(page);

      // The order's own page opens from here, with an access token of its own.
      await page.getByRole("button", { name: "View order" }).click();
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}$/);

      // The link worked once: in another browser it no longer does.
      const stranger = await openPage();
      await stranger.goto(link);
      await stranger.getByRole("button", { name: "Show my tickets" }).click();
      await expect
        .poll(() => stranger.getByRole("heading", { level: 1 }).textContent())
        .toBe("This link no longer works");
      expect(await stranger.getByRole("link", { name: "Get a new link" }).getAttribute("href")).toBe("/find-my-ticket");
      expectCleanConsole(page);
    },
    LONG_TEST_MS,
  );

  it("gives an unknown address the same sentence, and refuses a malformed one clearly", async () => {
    const page = await openPage();
    await askForLink(page, `nobody-${randomUUID().slice(0, 8)}@example.com`);
    expect(await page.getByRole("status").first().textContent()).toContain(SENT);

    await page.locator("input[name=email]").fill("not an address");
    // Past the browser's own check, as a script-less or hand-made request would be.
    await lookupForm(page).evaluate((form) => form.setAttribute("novalidate", ""));
    await lookupForm(page).locator("button[type=submit]").click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Enter a valid e-mail address");
    expect(await page.locator("input[name=email]").getAttribute("aria-invalid")).toBe("true");
    // (No console check: the browser logs the intended 400 answer as an error.)
  });

  it(
    "works in Arabic, right to left, down to the e-mail",
    async () => {
      const page = await openPage();
      // The language a visitor chose, as the language menu keeps it for the server.
      await page.context().addCookies([{ name: "lang", value: "ar", url: siteUrl }]);
      const email = `arabic-${randomUUID().slice(0, 8)}@example.com`;
      await register(page.request, { name: "Youssef", email }, 1);
      await askForLink(page, email, "/find-my-ticket?lang=ar");
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("اعثر على تذاكري");
      expect(await page.getByRole("status").first().textContent()).toContain("إذا كانت لهذا العنوان طلبات");
      await expectNoAxeViolations(page);

      const link = await lookupLinkPath(page, email, "تذاكرك على DMV Events");
      await page.goto(`${link}&lang=ar`);
      await page.getByRole("button", { name: "عرض تذاكري" }).click();
      await page.waitForURL(/\/find-my-ticket\/open$/);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("طلباتك");
      // The code reads left to right inside the right-to-left page.
      expect(await page.locator("article p.font-mono").first().getAttribute("dir")).toBe("ltr");
      await expectNoAxeViolationsInBothThemes(page);
    },
    LONG_TEST_MS,
  );
});

describe("My Tickets on the dashboard", () => {
  it(
    "shows a signed-in buyer's tickets with QR codes, including a guest order made with their address",
    async () => {
      const page = await openPage();
      const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto("/signup");
      await waitForHydration(page);
      await page.getByLabel("Full name").fill("Hirut Buyer");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(`Tickets-${randomUUID().slice(0, 6)}-52`);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL(/\/signup-success$/);
      await openMail(page, email, /Confirm your DMV Events account/);
      const confirm = await page
        .locator("section[aria-labelledby=mailbox-links] a", { hasText: "/auth/confirm" })
        .first()
        .getAttribute("href");
      await page.goto(new URL(confirm!).pathname + new URL(confirm!).search);
      await page.getByRole("button", { name: "Confirm my account", exact: true }).click();
      await page.waitForURL(/\/dashboard$/);

      // One order signed in, one as a guest from another browser with the same address.
      const { eventTitle, orderId } = await register(page.request, { name: "Hirut Buyer", email }, 1);
      const guest = await openPage();
      await register(guest.request, { name: "Hirut Buyer", email }, 2);

      await page.goto("/dashboard");
      await waitForHydration(page);
      const section = page.locator("section#tickets");
      expect(await section.getByRole("heading", { level: 2 }).textContent()).toBe("My tickets");
      expect(await section.getByRole("heading", { level: 3, name: "Upcoming" }).count()).toBe(1);
      expect(await section.getByRole("heading", { level: 4, name: eventTitle }).count()).toBe(2);
      const codes = await section.locator("article p.font-mono").allTextContents();
      expect(codes).toHaveLength(3);
      expect(formatTicketCode((await scanQr(page, `QR code of ticket ${codes[0]}`)) ?? "")).toBe(codes[0]);
      expect(await section.locator(`a[href="/orders/${orderId}"]`).count()).toBe(1);
      await expectNoAxeViolationsInBothThemes(page);

      // The same list through the API, with the same cookie.
      const api = await page.request.get("/api/v1/me/tickets");
      expect(
        ((await api.json()) as { data: { formattedCode: string }[] }).data.map((ticket) => ticket.formattedCode).sort(),
      ).toEqual([...codes].sort());
      expectCleanConsole(page);
    },
    LONG_TEST_MS,
  );
});
