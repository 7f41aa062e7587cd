import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTicketCode } from "#domain/ticket-code";
import { openEmbedded } from "#server/db/client";
import { readConfig } from "#server/env";
import { createTestSession } from "#tests/support/auth-session";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/support/e2e-setup";
import { insertOrderWithTickets } from "#tests/support/issued-tickets";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * These journeys run on a site of their own: its database is prepared before the server starts with
 * an organizer, a stranger, an event and tickets issued to a buyer, so that the door has codes to
 * check. The shared browser is used for the typed code; the camera has a Chromium of its own whose
 * fake camera films a QR code of one of the tickets (a Y4M video this file writes).
 */
const { openPage } = connectBrowser();

const ORGANIZER = { name: "Mekdes Alemu", email: "mekdes.checkin@example.com", password: "Door-keeper-2031" };
const STRANGER = { name: "Dawit Bekele", email: "dawit.checkin@example.com", password: "Not-my-event-2031" };
const TICKETS = 4;

let site: SiteServer;
let dataDir: string;
let eventId: number;
let codes: string[];
let cameraBrowser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-check-in-"));
  const database = await openEmbedded({ dir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test" });
    const organizer = await createTestSession(database.db, config, {
      ...ORGANIZER,
      data: { full_name: ORGANIZER.name },
    });
    await createTestSession(database.db, config, { ...STRANGER, data: { full_name: STRANGER.name } });
    const event = await insertEventWithTicketTypes(database.db, {
      organizerId: organizer.userId,
      title: "Check-in Night at the Wharf",
      ticketTypes: [{ name: "General Admission", priceCents: 0, quantity: 50 }],
    });
    eventId = event.eventId;
    ({ codes } = await insertOrderWithTickets(database.db, event, { count: TICKETS, buyerName: "Liya Haile" }));
  } finally {
    await database.close();
  }
  site = await startSiteServer({ dataDir, env: { SEED_SAMPLE_DATA: "false" } });

  const video = path.join(dataDir, "ticket-qr.y4m");
  writeFileSync(video, qrVideo(codes[TICKETS - 1]!));
  cameraBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
});

afterAll(async () => {
  await cameraBrowser?.close();
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
});

/**
 * A short Y4M video (4:2:0, full range) of `text`'s QR code, black on white in the middle of a
 * 640×480 frame: what Chromium's fake camera plays in a loop.
 */
function qrVideo(text: string): Buffer {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const moduleSide = Math.floor(Math.min(width, height) / (size + 8));
  const left = Math.floor((width - size * moduleSide) / 2);
  const top = Math.floor((height - size * moduleSide) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!qr.modules.get(row, column)) continue;
      for (let y = 0; y < moduleSide; y++) {
        const start = (top + row * moduleSide + y) * width + left + column * moduleSide;
        luma.fill(0, start, start + moduleSide);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array(10).fill(frame),
  ]);
}

const checkInPath = () => `/events/${eventId}/check-in`;

async function signIn(page: Page, person: { email: string; password: string }) {
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Opens the check-in page as the organizer: sent to sign in, then brought back to it. */
async function openAsOrganizer(page: Page, { hydrated = true } = {}) {
  await page.goto(checkInPath());
  await page.waitForURL(/\/signin\?next=/);
  if (hydrated) await waitForHydration(page);
  await signIn(page, ORGANIZER);
  await page.waitForURL((url) => url.pathname === checkInPath());
  if (!hydrated) return;
  // Opened afresh, without the "Signed in successfully" notice: that toast's green on pale green
  // (Sonner's rich colours, 4.25:1) is the site-wide toast's to fix, not this page's.
  await page.reload();
  await waitForHydration(page);
}

/** The counter's two numbers: [checked in, sold]. */
async function counts(page: Page): Promise<[number, number]> {
  const text = (await page.getByTestId("check-in-counts").textContent()) ?? "";
  const match = /(\d+) of (\d+) checked in/.exec(text);
  if (!match) throw new Error(`No counts in "${text}"`);
  return [Number(match[1]), Number(match[2])];
}

const resultPanel = (page: Page) => page.locator("[aria-live=assertive]");

async function typeCode(page: Page, code: string) {
  await page.getByLabel("Ticket code").fill(code);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
}

describe("checking tickets in at the door", () => {
  it("admits a typed code once, then says when and by whom it was checked in, counting 1 more of the tickets sold", async () => {
    const page = await openPage({ baseURL: site.url });
    await openAsOrganizer(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Check-in");
    expect(await page.getByText("Check-in Night at the Wharf").isVisible()).toBe(true);
    const [before, sold] = await counts(page);
    expect(sold).toBe(TICKETS);
    await expectNoAxeViolations(page);

    // As people type codes: lower case, with dashes.
    await typeCode(page, formatTicketCode(codes[0]!).toLowerCase());
    await expect.poll(() => resultPanel(page).textContent()).toContain("Checked in");
    expect(await resultPanel(page).textContent()).toContain("Liya Haile");
    expect(await resultPanel(page).textContent()).toContain(formatTicketCode(codes[0]!));
    expect(await counts(page)).toEqual([before + 1, TICKETS]);
    // Ready for the next one.
    expect(await page.getByLabel("Ticket code").inputValue()).toBe("");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("check-in-code");

    await typeCode(page, codes[0]!);
    await expect.poll(() => resultPanel(page).textContent()).toContain("Already checked in");
    expect(await resultPanel(page).textContent()).toMatch(/Already checked in at \d\d:\d\d [AP]M by Mekdes Alemu\./);
    expect(await counts(page)).toEqual([before + 1, TICKETS]);
    await expectNoAxeViolations(page);

    await typeCode(page, "not-a-ticket");
    await expect.poll(() => resultPanel(page).textContent()).toContain("Not a ticket code");
    expectCleanConsole(page);
  });

  it("works without JavaScript: the form posts and the page answers with the result", async () => {
    const page = await openPage({ baseURL: site.url, javaScriptEnabled: false });
    await openAsOrganizer(page, { hydrated: false });
    const [before] = await counts(page);
    expect(await page.getByRole("button", { name: "Scan with camera" }).count()).toBe(0);
    await typeCode(page, codes[1]!);
    await page.waitForLoadState();
    expect(await resultPanel(page).textContent()).toContain("Checked in");
    expect(await counts(page)).toEqual([before + 1, TICKETS]);
    await typeCode(page, codes[1]!);
    await page.waitForLoadState();
    expect(await resultPanel(page).textContent()).toMatch(/Already checked in at \d\d:\d\d [AP]M by Mekdes Alemu\./);
  });

  it("has no accessibility violations in the dark theme and in Arabic, right to left", async () => {
    for (const [colorScheme, language] of [
      ["dark", "en"],
      ["light", "ar"],
    ] as const) {
      const page = await openPage({ baseURL: site.url, colorScheme });
      await openAsOrganizer(page);
      await page.goto(`${checkInPath()}?lang=${language}`);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("dir")).toBe(language === "ar" ? "rtl" : "ltr");
      await expectNoAxeViolations(page);
      await page.getByLabel(language === "ar" ? "رمز التذكرة" : "Ticket code").fill(codes[0]!);
      await page.locator("main form[method=post] button[type=submit]").click();
      await expect.poll(() => resultPanel(page).locator("dl").count()).toBe(1);
      await expectNoAxeViolations(page);
    }
  });

  it("tells a signed-in stranger the page does not exist, and sends a visitor to sign in", async () => {
    const visitor = await openPage({ baseURL: site.url });
    const response = await visitor.goto(checkInPath());
    expect(new URL(visitor.url()).pathname + new URL(visitor.url()).search).toBe(
      `/signin?next=${encodeURIComponent(checkInPath())}`,
    );
    expect(response?.status()).toBe(200);

    await waitForHydration(visitor);
    await signIn(visitor, STRANGER);
    await visitor.waitForURL((url) => url.pathname === checkInPath());
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).not.toBe("Check-in");
    const again = await visitor.goto(checkInPath());
    expect(again?.status()).toBe(404);
    expect(await visitor.getByText("404", { exact: true }).isVisible()).toBe(true);
    expect(await visitor.getByLabel("Ticket code").count()).toBe(0);
    await expectNoAxeViolations(visitor);
  });

  it("says so when there is no camera to use, and the typed code still works", async () => {
    const page = await openPage({ baseURL: site.url });
    await openAsOrganizer(page);
    await page.getByRole("button", { name: "Scan with camera" }).click();
    const problem = page.getByRole("alert").filter({ hasText: /Type the code instead\./ });
    await expect.poll(() => problem.isVisible()).toBe(true);
    expect(await problem.textContent()).toMatch(/^(The camera is not allowed|No camera was found)/);
    await typeCode(page, codes[0]!);
    await expect.poll(() => resultPanel(page).textContent()).toContain("Already checked in");
  });
});

describe("scanning with the camera", () => {
  it("reads the ticket's QR code, checks it in once, and stops the camera when the page is left", async () => {
    const context = await cameraBrowser.newContext({ baseURL: site.url, permissions: ["camera"] });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await openAsOrganizer(page);
      const [before] = await counts(page);
      const scanned = codes[TICKETS - 1]!;

      await page.getByRole("button", { name: "Scan with camera" }).click();
      await expect.poll(() => resultPanel(page).textContent(), { timeout: 20_000 }).toContain("Checked in");
      expect(await resultPanel(page).textContent()).toContain(formatTicketCode(scanned));
      expect(await counts(page)).toEqual([before + 1, TICKETS]);
      // jsQR read it: this Chromium has no BarcodeDetector, so the decoder was loaded when the camera started.
      expect(await page.evaluate(() => "BarcodeDetector" in window)).toBe(false);
      expect(await page.getByText("Point the camera at the ticket's QR code.").isVisible()).toBe(true);

      // The ticket stays in front of the camera: the same ticket, not a second scan.
      await page.waitForTimeout(1_500);
      expect(await resultPanel(page).textContent()).toContain("Checked in");
      expect(await resultPanel(page).textContent()).not.toContain("Already");

      await page.evaluate(() => {
        const video = document.querySelector("video");
        (window as unknown as { cameraStream: MediaStream }).cameraStream = video!.srcObject as MediaStream;
      });
      await page.getByRole("link", { name: "Back to the event" }).click();
      await page.waitForURL((url) => url.pathname === `/events/${eventId}`);
      // The check-in page goes away once the event page has rendered, a moment after the address changes.
      const tracksEnded = () =>
        page.evaluate(() =>
          (window as unknown as { cameraStream: MediaStream }).cameraStream
            .getTracks()
            .every((track) => track.readyState === "ended"),
        );
      await expect.poll(tracksEnded).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
