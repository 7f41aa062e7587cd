import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbedded } from "#server/db/client";
import { readConfig } from "#server/env";
import { addGalleryPhoto } from "#server/services/gallery";
import { createTestSession } from "#tests/support/auth-session";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { insertOrderWithTickets } from "#tests/support/issued-tickets";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * The gallery journeys run on a site of their own, prepared before it starts: an event that began an
 * hour ago, its organizer (who already added one photo), a ticket holder and a stranger.
 */
const { openPage } = connectBrowser();

const ORGANIZER = { name: "Mekdes Alemu", email: "mekdes.gallery@example.com", password: "Gallery-owner-2031" };
const HOLDER = { name: "Liya Haile", email: "liya.gallery@example.com", password: "Ticket-holder-2031" };
const STRANGER = { name: "Dawit Bekele", email: "dawit.gallery@example.com", password: "Not-my-event-2031" };
const FIRST_ALT = "The band's first song under purple lights";
const SECOND_ALT = "The crowd singing along near the stage";
const GPS_ALT = "Friends dancing by the water at sunset";

let site: SiteServer;
let dataDir: string;
let eventId: number;

/** A JPEG taken "at the Wharf": GPS position, camera make and model in its EXIF. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 230, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .withMetadata({
      exif: {
        IFD0: { Make: "PhoneMaker", Model: "Secret Camera 9" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "38/1 52/1 47/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "77/1 1/1 24/1",
        },
      },
    })
    .toBuffer();
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-gallery-"));
  const database = await openEmbedded({ dir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test" });
    const organizer = await createTestSession(database.db, config, {
      ...ORGANIZER,
      data: { full_name: ORGANIZER.name },
    });
    const holder = await createTestSession(database.db, config, { ...HOLDER, data: { full_name: HOLDER.name } });
    await createTestSession(database.db, config, { ...STRANGER, data: { full_name: STRANGER.name } });
    const event = await insertEventWithTicketTypes(database.db, {
      organizerId: organizer.userId,
      title: "Gallery Night at the Wharf",
      startsAt: new Date(Date.now() - 60 * 60 * 1000),
      ticketTypes: [{ name: "General Admission", priceCents: 0, quantity: 50 }],
    });
    eventId = event.eventId;
    await insertOrderWithTickets(database.db, event, { userId: holder.userId, buyerName: HOLDER.name });
    for (const [minutesAgo, alt, background] of [
      [40, FIRST_ALT, "#5b2a86"],
      [30, SECOND_ALT, "#1d6f5f"],
    ] as const) {
      const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background } })
        .png()
        .toBuffer();
      // Stored as the site stores uploads: under its data folder.
      await addGalleryPhoto(
        database.db,
        organizer,
        eventId,
        { bytes, alt },
        { now: new Date(Date.now() - minutesAgo * 60 * 1000), uploadsDir: path.join(dataDir, "uploads") },
      );
    }
  } finally {
    await database.close();
  }
  site = await startSiteServer({ dataDir, env: { SEED_SAMPLE_DATA: "false", MAP_TILE_URL: "none" } });
});

afterAll(async () => {
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
});

async function signIn(page: Page, person: { email: string; password: string }) {
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Opens a page that needs an account: sent to sign in, then brought back to it. */
async function openSignedIn(page: Page, address: string, person: { email: string; password: string }) {
  await page.goto(address);
  await page.waitForURL(/\/signin\?next=/);
  await waitForHydration(page);
  await signIn(page, person);
  await page.waitForURL((url) => url.pathname === address);
}

/** The event page's gallery section (named "Photos" in English). */
const gallery = (page: Page) => page.locator("section#gallery");

describe("an event's photo gallery", () => {
  it("takes a ticket holder's photo with GPS in its EXIF, shows it, and keeps no EXIF or GPS in the stored file", async () => {
    const page = await openPage({ baseURL: site.url, viewport: { width: 1366, height: 900 } });
    await openSignedIn(page, `/events/${eventId}/photos/new`, HOLDER);
    await page.reload();
    await waitForHydration(page);
    await page.getByText("Photos only: videos cannot be added.").waitFor();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif?.toString("latin1")).toContain("Secret Camera 9");
    await page
      .getByLabel("Photo", { exact: true })
      .setInputFiles({ name: "wharf.jpg", mimeType: "image/jpeg", buffer: original });
    await page.getByLabel("Short description").fill(GPS_ALT);
    await page.getByRole("button", { name: "Add the photo" }).click();
    await page.waitForURL(/\/events\/\d+\/photos\/\d+$/);
    const large = page.getByRole("img", { name: GPS_ALT });
    await large.waitFor();

    // The file the site serves is a WebP with no EXIF (no GPS, no camera), no XMP and no IPTC.
    const served = await page.request.get((await large.getAttribute("src"))!);
    expect(served.headers()["content-type"]).toBe("image/webp");
    const stored = await sharp(await served.body()).metadata();
    expect(stored.format).toBe("webp");
    expect([stored.exif, stored.xmp, stored.iptc]).toEqual([undefined, undefined, undefined]);

    // On the event page: newest first, with the count and the upload link for a holder.
    await page.goto(`/events/${eventId}`);
    await waitForHydration(page);
    await gallery(page).getByText("3 photos").waitFor();
    const thumbnails = gallery(page).getByRole("img");
    await expect(thumbnails.evaluateAll((images) => images.map((image) => image.getAttribute("alt")))).resolves.toEqual(
      [GPS_ALT, SECOND_ALT, FIRST_ALT],
    );
    await expect(gallery(page).getByRole("link", { name: "Add photos" }).isVisible()).resolves.toBe(true);
    expectCleanConsole(page);
  });

  it("opens a keyboard lightbox loaded on first use: Enter, arrows (mirrored in Arabic), Tab kept inside, Escape back to the thumbnail", async () => {
    for (const language of ["en", "ar"] as const) {
      const page = await openPage({ baseURL: site.url, viewport: { width: 1366, height: 900 } });
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto(`/events/${eventId}?lang=${language}`);
      await waitForHydration(page);
      expect(scripts.filter((url) => url.includes("gallery-lightbox"))).toEqual([]);

      const alts = await gallery(page)
        .getByRole("img")
        .evaluateAll((images) => images.map((image) => image.getAttribute("alt")));
      const first = gallery(page).getByRole("link").first();
      await first.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(scripts.filter((url) => url.includes("gallery-lightbox"))).toHaveLength(1);
      // The lightbox dims the page behind it to 80 % black; the menu's sheet keeps its own 50 %.
      const backdropAlphas = await page.evaluate(() =>
        [...document.querySelectorAll("dialog")].map((modal) => {
          const colour = getComputedStyle(modal, "::backdrop").backgroundColor;
          return { lightbox: modal.dataset.testid === "gallery-lightbox", colour };
        }),
      );
      expect(backdropAlphas).toEqual([
        { lightbox: false, colour: "oklab(0 0 0 / 0.5)" },
        { lightbox: true, colour: "oklab(0 0 0 / 0.8)" },
      ]);
      const shown = () => dialog.getByRole("img").getAttribute("alt");
      await expect(shown()).resolves.toBe(alts[0]);
      await expect(dialog.getByRole("heading").textContent()).resolves.toBe(
        language === "en" ? `Photo viewer: photo 1 of ${alts.length}` : `عارض الصور: الصورة 1 من ${alts.length}`,
      );
      // The next photo is to the right in English and to the left in Arabic.
      await page.keyboard.press(language === "en" ? "ArrowRight" : "ArrowLeft");
      await expect(shown()).resolves.toBe(alts[1]);
      await page.keyboard.press(language === "en" ? "ArrowLeft" : "ArrowRight");
      await expect(shown()).resolves.toBe(alts[0]);
      // Tab goes round the dialog's controls and never leaves it.
      for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
      }
      if (language === "en") await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(
        await first.getAttribute("href"),
      );
      expectCleanConsole(page);
    }
  });

  it("gives someone without a ticket no upload form, and the API refuses them with 403", async () => {
    const page = await openPage({ baseURL: site.url });
    await openSignedIn(page, `/events/${eventId}/photos/new`, STRANGER);
    await page
      .getByText("Only people with a ticket for this event and its organizers can add photos to its gallery.")
      .waitFor();
    await expect(page.locator("input[type=file]").count()).resolves.toBe(0);
    await page.goto(`/events/${eventId}`);
    await gallery(page).waitFor();
    await expect(gallery(page).getByRole("link", { name: "Add photos" }).count()).resolves.toBe(0);
    const refused = await page.request.post(`/api/v1/events/${eventId}/photos`, {
      headers: { Origin: site.url },
      multipart: {
        file: { name: "mine.jpg", mimeType: "image/jpeg", buffer: await jpegWithGps() },
        alt: "Not my event",
      },
    });
    expect(refused.status()).toBe(403);
    const list = await page.request.get(`/api/v1/events/${eventId}/photos`);
    expect(((await list.json()) as { total: number }).total).toBeGreaterThanOrEqual(2);
  });

  it("has no axe violations on the gallery, photo and upload pages, light and dark, in English and Arabic", async () => {
    const holder = await openPage({ baseURL: site.url });
    await openSignedIn(holder, `/events/${eventId}/photos/new`, HOLDER);
    const state = await holder.context().storageState();
    const list = (await (await holder.request.get(`/api/v1/events/${eventId}/photos`)).json()) as {
      data: { id: number }[];
    };
    const photoId = list.data[0]!.id;
    for (const language of ["en", "ar"] as const) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ baseURL: site.url, colorScheme, storageState: state });
        for (const address of [
          `/events/${eventId}/photos/new`,
          `/events/${eventId}/photos`,
          `/events/${eventId}/photos/${photoId}`,
        ]) {
          await page.goto(`${address}?lang=${language}`);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
          await expectNoAxeViolations(page);
        }
      }
    }
  });
});
