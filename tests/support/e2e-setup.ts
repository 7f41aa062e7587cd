import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.js";
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
  }
}

/** Browser tests run against the production build on a freshly seeded embedded database. */
export default async function setup(project: TestProject) {
  buildIfStale();
  const [site, browser] = await Promise.all([
    startSiteServer(),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }) as Promise<BrowserServer>,
  ]);
  project.provide("siteUrl", site.url);
  project.provide("browserEndpoint", browser.wsEndpoint());
  return async () => {
    await Promise.all([site.stop(), browser.close()]);
    removeDataDir(site.dataDir);
  };
}
