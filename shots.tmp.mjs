import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const base = "http://localhost:3102";
const shots = JSON.parse(process.argv[2]);
for (const [name, path, w, h, scheme, action] of shots) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
  const page = await ctx.newPage();
  await page.goto(base + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  if (action) await eval(action);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots-b/${name}.png`, fullPage: false });
  await ctx.close();
}
await browser.close();
