// First-load JavaScript (gzip) and page weight of pages, as a browser loads them: every response
// until the network is idle, in a fresh profile (nothing cached). Budgets (quality-bars.md):
// JavaScript ≤ 150 KB gzip; page weight ≤ 600 KB on / and ≤ 400 KB on an event page.
// Run: npm run bench:weight (part of npm run bench).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/support/e2e-setup";
import { startSiteServer } from "#tests/support/site-server";
import { buildIfStale } from "../../scripts/build-if-stale.js";

const PAGES = (process.env.PAGES ?? "/,/events/1").split(",");
const KIND_OF: Record<string, string> = {
  script: "js",
  stylesheet: "css",
  font: "font",
  image: "image",
  document: "html",
};

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-weight-"));
const site = await startSiteServer({ dataDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
try {
  console.log("\n| page | JS (gzip) | CSS (gzip) | fonts | images | HTML (gzip) | total |");
  console.log("|---|---|---|---|---|---|---|");
  for (const pagePath of PAGES) {
    // Twice: the first visit renders sample images on the server; the second measures what a visitor gets.
    let row = "";
    for (let visit = 0; visit < 2; visit++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bytes: Record<string, number> = { js: 0, css: 0, font: 0, image: 0, html: 0 };
      const pending: Promise<void>[] = [];
      page.on("response", (response) => {
        const kind = KIND_OF[response.request().resourceType()];
        if (!kind) return;
        pending.push(
          response
            .body()
            // Text travels compressed; fonts and images are already compressed formats.
            .then(
              (body) =>
                void (bytes[kind]! += kind === "font" || kind === "image" ? body.length : gzipSync(body).length),
            )
            .catch(() => {}),
        );
      });
      await page.goto(`${site.url}${pagePath}`, { waitUntil: "networkidle" });
      await Promise.all(pending);
      await context.close();
      const total = Object.values(bytes).reduce((sum, value) => sum + value, 0);
      row = `| \`${pagePath}\` | ${kb(bytes.js!)} KB | ${kb(bytes.css!)} KB | ${kb(bytes.font!)} KB | ${kb(bytes.image!)} KB | ${kb(bytes.html!)} KB | ${kb(total)} KB |`;
    }
    console.log(row);
  }
} finally {
  await browser.close();
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
