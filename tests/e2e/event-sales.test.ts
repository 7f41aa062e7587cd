import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "#app/i18n/preferences";
import { openEmbedded } from "#server/db/client";
import { readConfig } from "#server/env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { payOrder, placeOrder } from "#server/services/orders";
import { createTestSession } from "#tests/support/auth-session";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * The organizer's sales page (/events/:id/orders) on a site of its own, whose database is prepared
 * before the server starts: an organizer, an event with a paid and a free ticket type, a paid order
 * and a free one whose buyer typed a spreadsheet formula as their name. The organizer sees the sale,
 * downloads the CSV, and cancels the event through its confirmation; the server's jobs worker then
 * refunds the paid order through the sandbox provider.
 */
const { openPage } = connectBrowser();

const ORGANIZER = { name: "Selam Tesfaye", email: "selam.sales@example.com", password: "Sales-page-2031" };
const TITLE = "Harbor Lights Festival";

let site: SiteServer;
let dataDir: string;
let eventId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-sales-"));
  const database = await openEmbedded({ dir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test" });
    const organizer = await createTestSession(database.db, config, {
      ...ORGANIZER,
      data: { full_name: ORGANIZER.name },
    });
    const event = await insertEventWithTicketTypes(database.db, {
      organizerId: organizer.userId,
      title: TITLE,
      ticketTypes: [
        { name: "VIP", priceCents: 45_00, quantity: 10 },
        { name: "Community", priceCents: 0, quantity: 50 },
      ],
    });
    eventId = event.eventId;
    const now = new Date();
    const context = { now, language: "en" as const, siteUrl: config.publicUrl };
    const { order: paid } = await placeOrder(
      database.db,
      null,
      {
        eventId,
        items: [{ ticketTypeId: event.ticketTypeIds[0]!, quantity: 2 }],
        buyer: { name: "Liya Haile", email: "liya.sales@example.com" },
      },
      context,
    );
    // The site's own sandbox refunds any charge reference shaped like its own, as after a restart.
    const outcome = await payOrder(
      database.db,
      createSandboxProvider(),
      {
        orderId: paid.id,
        card: { number: "4242424242424242", expMonth: 12, expYear: now.getUTCFullYear() + 2, cvc: "123" },
        returnUrl: config.publicUrl,
        cancelUrl: config.publicUrl,
      },
      { now, siteUrl: config.publicUrl },
    );
    if (outcome.outcome !== "paid") throw new Error("The sandbox did not take the payment");
    await placeOrder(
      database.db,
      null,
      {
        eventId,
        items: [{ ticketTypeId: event.ticketTypeIds[1]!, quantity: 1 }],
        buyer: { name: '=HYPERLINK("http://evil.example")', email: "formula.sales@example.com" },
      },
      context,
    );
  } finally {
    await database.close();
  }
  site = await startSiteServer({ dataDir, env: { SEED_SAMPLE_DATA: "false" } });
});

afterAll(async () => {
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
});

const salesPath = () => `/events/${eventId}/orders`;

/** Opens the sales page as the organizer: sent to sign in, then brought back to it. */
async function openAsOrganizer(page: Page, { hydrated = true } = {}) {
  await page.goto(salesPath());
  await page.waitForURL(/\/signin\?next=/);
  if (hydrated) await waitForHydration(page);
  await page.getByLabel("Email").fill(ORGANIZER.email);
  await page.getByLabel("Password", { exact: true }).fill(ORGANIZER.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname === salesPath());
  if (!hydrated) return;
  // Opened afresh, without the "Signed in successfully" toast (the site-wide toast's colours are not this page's).
  await page.reload();
  await waitForHydration(page);
}

describe("the organizer's sales page", () => {
  it("shows the sale and the attendees, and downloads every ticket as a CSV safe for spreadsheets", async () => {
    const page = await openPage({ baseURL: site.url });
    await openAsOrganizer(page);
    expect(await page.getByRole("heading", { name: "Sales", level: 2 }).isVisible()).toBe(true);
    const totals = page.getByTestId("sales-totals");
    expect(await totals.textContent()).toContain("3 of 60");
    expect(await totals.textContent()).toContain("$90.00");
    const vipRow = page.getByRole("row", { name: /^VIP/ });
    expect(await vipRow.textContent()).toContain("2 of 10");
    // Header and two orders.
    expect(
      await page
        .getByRole("region", { name: /^Orders for/ })
        .getByRole("row")
        .count(),
    ).toBe(3);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Attendees", exact: true }).click();
    const attendees = page.getByRole("region", { name: /^Attendees of/ });
    await attendees.waitFor();
    // Header and one row per ticket.
    expect(await attendees.getByRole("row").count()).toBe(4);
    expect(await attendees.getByText('=HYPERLINK("http://evil.example")').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download sales as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`event-${eventId}-sales.csv`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString("utf8");
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Order ID,Buyer name,E-mail,Ticket type,Ticket code,Status,Price (USD),Ordered at (America/New_York),Checked in at (America/New_York)",
    );
    expect(lines.filter((line) => line.includes(",Liya Haile,liya.sales@example.com,VIP,"))).toHaveLength(2);
    expect(lines.some((line) => line.includes(`,"'=HYPERLINK(""http://evil.example"")",`))).toBe(true);
    expectCleanConsole(page);

    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("has no accessibility violations in Arabic, right to left, and the confirmation step neither", async () => {
    const page = await openPage({ baseURL: site.url });
    await openAsOrganizer(page);
    // As the language menu leaves it: a cookie, kept by the navigation to the confirmation below.
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: "ar", url: site.url }]);
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByRole("heading", { name: "المبيعات", level: 2 }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "إلغاء هذه الفعالية…" }).click();
    await page.getByRole("checkbox", { name: /^أفهم أن كل طلب/ }).waitFor();
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    expectCleanConsole(page);
  });

  it("cancels the event after a confirmation that works without JavaScript, then refunds the paid order", async () => {
    const page = await openPage({ baseURL: site.url, javaScriptEnabled: false });
    await openAsOrganizer(page, { hydrated: false });
    await page.getByRole("link", { name: "Cancel this event…" }).click();
    await page.waitForURL((url) => url.searchParams.get("cancel") === "1");
    expect(await page.getByRole("heading", { name: `Are you sure you want to cancel ${TITLE}?` }).isVisible()).toBe(
      true,
    );
    // The box must be ticked: the browser itself refuses the form until it is.
    await page.getByRole("button", { name: "Cancel the event" }).click();
    expect(new URL(page.url()).searchParams.get("cancel")).toBe("1");
    await page
      .getByRole("checkbox", {
        name: "I understand that every order will be refunded or cancelled and that this cannot be undone.",
      })
      .check();
    await page.getByRole("button", { name: "Cancel the event" }).click();
    await page.waitForURL((url) => url.searchParams.has("cancelled"));
    const notice = page.getByTestId("event-cancelled");
    expect(await notice.textContent()).toContain("This event was cancelled on");
    expect(await notice.textContent()).toContain("Paid orders are being refunded");
    expect(await page.getByRole("link", { name: "Cancel this event…" }).count()).toBe(0);

    // The server's worker refunds the paid order through the sandbox soon after.
    const refunded = page.getByRole("region", { name: /^Orders for/ }).getByText("Refunded", { exact: true });
    await expect
      .poll(async () => {
        await page.reload();
        return refunded.count();
      })
      .toBe(1);
    await page.getByRole("link", { name: "Attendees", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "attendees");
    expect(await page.getByText("No attendees yet.").isVisible()).toBe(true);

    // The public page says it was cancelled, not that it has ended, and sells nothing.
    await page.goto(`/events/${eventId}`);
    expect(await page.getByText("This event has been cancelled.").isVisible()).toBe(true);
    expect(await page.getByText("This event has ended.").count()).toBe(0);
    expect(await page.locator("#tickets").locator("select, button").count()).toBe(0);
  });
});
