import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.js";
import { startTileServer } from "./tile-server";
import { removeDataDir, startSiteServer } from "./site-server";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    browserEndpoint: string;
    /** The local map tile server the site is configured with (no internet here). */
    tileServerUrl: string;
  }
}

/** Browser tests run against the production build on a freshly seeded embedded database. */
export default async function setup(project: TestProject) {
  buildIfStale();
  const tiles = await startTileServer();
  const [site, browser] = await Promise.all([
    startSiteServer({
      env: {
        MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: "© Test Tiles",
        // Journeys read the site's e-mails (links to confirm, sign in, reset) in /dev/mailbox.
        DEV_MAILBOX: "true",
        // Every journey asks for its e-mails from one client (127.0.0.1), which gets a third of the budget.
        AUTH_EMAILS_PER_HOUR: "1000",
      },
    }),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }) as Promise<BrowserServer>,
  ]);
  project.provide("siteUrl", site.url);
  project.provide("browserEndpoint", browser.wsEndpoint());
  project.provide("tileServerUrl", tiles.url);
  return async () => {
    await Promise.all([site.stop(), browser.close(), tiles.close()]);
    removeDataDir(site.dataDir);
  };
}
