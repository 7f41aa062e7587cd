import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PROJECT_ROOT } from "#server/project-root";
import { freshShellEnv, runNpm, startNpm, type NpmProcess } from "#tests/support/npm-run";

/**
 * A newcomer's first hour (issue 15): a fresh copy of the project, the README's commands exactly as
 * written in a terminal with no settings, then a first account made in the browser with the
 * confirmation from the mailbox the start-up output names, ending signed in on the dashboard.
 */
const README_PORT = 3000;
const copy = mkdtempSync(path.join(tmpdir(), "dmv-events-first-hour-"));
let server: NpmProcess | undefined;
let browser: Browser | undefined;
// Deleting the copy's node_modules takes a while on a busy disk.
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(copy, { recursive: true, force: true });
}, 300_000);

/**
 * The project's files as a fresh clone has them: tracked ones and new ones not ignored, so this works
 * on uncommitted work as in CI's clone (no node_modules, build or data).
 */
function copyProject(target: string) {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(PROJECT_ROOT, file);
    // Deleted in the work tree but not yet in a commit.
    if (!existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(from, path.join(target, file));
  }
}

/** The commands of the README's "Run it" section, as written there (`npm install && npm start`). */
function readmeCommands(readme: string): string[][] {
  const runIt = readme.slice(readme.indexOf("## Run it"));
  const command = /```sh\n([^\n]+)\n```/.exec(runIt)?.[1];
  if (!command) throw new Error("The README's 'Run it' section has no ```sh command block.");
  return command.split("&&").map((part) => part.trim().split(/\s+/));
}

async function expectPortFree(port: number) {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () =>
      reject(new Error(`Port ${port} is in use: the README's npm start listens there. Stop what runs on it first.`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

describe("a newcomer's first hour", () => {
  it("runs the README's commands on a fresh copy, signs up and confirms from the named mailbox, and lands on the dashboard", async () => {
    await expectPortFree(README_PORT);
    copyProject(copy);
    const commands = readmeCommands(readFileSync(path.join(copy, "README.md"), "utf8"));
    expect(commands.map((command) => command.join(" "))).toEqual(["npm install", "npm start"]);
    const env = freshShellEnv();
    await runNpm(commands[0]!.slice(1), { cwd: copy, env });
    server = startNpm(commands[1]!.slice(1), { cwd: copy, env });
    const [, mailbox] = await server.waitForOutput(/e-mails are kept in the mailbox at (http:\/\/[^\s"]+)/, 240_000);
    expect(mailbox).toBe(`http://localhost:${README_PORT}/dev/mailbox`);
    await server.waitForOutput(/Listening on http:\/\/localhost:3000/, 10_000);

    // The build on the way printed no warnings.
    expect(server.output()).not.toMatch(
      /externalized for browser compatibility|deprecated|Future Flag Warning|PLUGIN_TIMINGS|\bwarning\b/i,
    );

    browser = await chromium.connect(inject("browserEndpoint"));
    const page = await (await browser.newContext()).newPage();
    const site = new URL(mailbox!).origin;
    const email = "first.person@example.com";
    await page.goto(`${site}/signup`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Full name").fill("First Person");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("my-first-hour-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/signup-success$/);

    // The mailbox the start-up output named: the confirmation arrives once the jobs worker sends it.
    const message = page.locator("section[aria-labelledby=mailbox-messages] ol > li a");
    await expect
      .poll(async () => {
        await page.goto(`${mailbox}?to=${encodeURIComponent(email)}`);
        return message.count();
      })
      .toBe(1);
    await message.click();
    await page.waitForURL(/\/dev\/mailbox\/\d+$/);
    const link = page.locator("section[aria-labelledby=mailbox-links] a", { hasText: "/auth/confirm" }).first();
    await page.goto((await link.getAttribute("href"))!);
    await page.getByRole("button", { name: "Confirm my account", exact: true }).click();
    // Signed in: a signed-out visitor asking for /dashboard is sent to /signin instead.
    await page.waitForURL(`${site}/dashboard`);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await page.locator("main").textContent()).toContain(email);
  }, 420_000);
});
