import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { isolateUserText } from "#domain/text-direction";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();
const tileServerUrl = inject("tileServerUrl");

/** Scrolls the map into view (Leaflet loads only then) and waits for its markers. */
async function showMap(page: Page, name: string | RegExp) {
  const map = page.getByRole("region", { name });
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => map.locator(".leaflet-marker-icon").count()).toBeGreaterThan(0);
  return map;
}

describe("micro events and maps", () => {
  it("lists small gatherings with their capacity beside a map of where they happen", async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto("/micro-events");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Micro Events");
    const items = page.locator("section[aria-labelledby=micro-events-list] > ul > li");
    expect(await items.count()).toBeGreaterThanOrEqual(5);
    for (const text of await items.allTextContents()) {
      const capacity = Number(/Up to (\d+) people/.exec(text)?.[1]);
      expect(capacity).toBeGreaterThan(0);
      expect(capacity).toBeLessThanOrEqual(50);
    }

    const map = await showMap(page, "Map of micro events");
    // One marker per venue, never more markers than events, and the background tiles drawn.
    const markers = map.locator(".leaflet-marker-icon");
    expect(await markers.count()).toBeLessThanOrEqual(await items.count());
    await expect.poll(() => map.locator("img.leaflet-tile-loaded").count()).toBeGreaterThan(0);
    await expect(map.locator(".leaflet-control-attribution").textContent()).resolves.toContain("© Test Tiles");

    // A marker opens, from the keyboard, a popup listing its events; a title there opens the event.
    await markers.first().focus();
    await page.keyboard.press("Enter");
    const popup = map.locator(".leaflet-popup");
    await expect.poll(() => popup.count()).toBe(1);
    await expect(popup.textContent()).resolves.toMatch(/\d+ events? here/);
    const eventLink = popup.getByRole("link").first();
    const title = await eventLink.textContent();
    await eventLink.click();
    await page.waitForURL(/\/events\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expectCleanConsole(page);
  });

  it("stays usable when map tiles cannot load: markers on a plain background and a note", async () => {
    const page = await openPage();
    await page.route(`${tileServerUrl}/**`, (route) => route.abort());
    await page.goto("/micro-events");
    await waitForHydration(page);
    const map = await showMap(page, "Map of micro events");
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "The map background is unavailable" }).count())
      .toBe(1);
    expect(await map.locator("img.leaflet-tile-loaded").count()).toBe(0);
    expect(await page.locator("section[aria-labelledby=micro-events-list] > ul > li").count()).toBeGreaterThanOrEqual(
      5,
    );
    // The only errors are the refused tiles.
    expect(page.consoleErrors.filter((message) => !message.includes("Failed to load resource"))).toEqual([]);
  });

  it("lists micro events before JavaScript runs", async () => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto("/micro-events");
    expect(await page.locator("section[aria-labelledby=micro-events-list] > ul > li").count()).toBeGreaterThanOrEqual(
      5,
    );
    await expect(page.getByRole("region", { name: "Map of micro events" }).count()).resolves.toBe(1);
  });

  it("shows an event's venue on a small map with its address and directions", async () => {
    const page = await openPage();
    await page.goto("/events/1");
    await waitForHydration(page);
    const location = page.locator("section[aria-labelledby=location-heading]");
    await expect(location.getByRole("heading", { name: "Location" }).count()).resolves.toBe(1);
    const venue = await location.locator("p.font-medium").textContent();
    // The venue is a name of its own inside the sentence: isolated, so it keeps its order in Arabic.
    const map = await showMap(page, `Map showing ${isolateUserText(venue ?? "")}`);
    expect(await map.locator(".leaflet-marker-icon").count()).toBe(1);
    await expect(map.locator(".leaflet-marker-icon").getAttribute("title")).resolves.toBe(venue);
    const directions = location.getByRole("link", { name: "Get directions" });
    await expect(directions.getAttribute("href")).resolves.toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d+,-?\d+\.\d+$/,
    );
    expectCleanConsole(page);
  });

  it("have no accessibility violations with the map drawn, in light and dark theme and in Arabic", async () => {
    for (const [colorScheme, path, mapName] of [
      ["light", "/micro-events", "Map of micro events"],
      ["dark", "/micro-events", "Map of micro events"],
      ["light", "/micro-events?lang=ar", "خريطة الفعاليات المصغّرة"],
      ["dark", "/events/3", /^Map showing /],
      ["light", "/events/3?lang=ar", /^خريطة تُظهر /],
    ] as const) {
      const page = await openPage({ colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      await showMap(page, mapName);
      await expectNoAxeViolations(page);
      expectCleanConsole(page);
    }
  });
});
