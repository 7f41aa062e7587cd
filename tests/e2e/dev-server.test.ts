import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "#server/project-root";
import { freePort } from "#tests/support/postgres-server";
import { freshShellEnv, startNpm, type NpmProcess } from "#tests/support/npm-run";
import { removeDataDir } from "#tests/support/site-server";

/**
 * `npm run dev`, as the README says to run it (issue 15: it crashed at boot with "require is not
 * defined" in sanitize-html): the sources through Vite with hot reload, on a port and data folder of
 * its own, here with a fresh terminal's environment.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-dev-"));
let dev: NpmProcess | undefined;
afterAll(async () => {
  await dev?.stop();
  removeDataDir(dataDir);
});

async function h1Of(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const html = await response.text();
  return /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? "";
}

describe("the development server", () => {
  it("starts, serves the home page and an event page with hot reload wired in, and warns about nothing", async () => {
    const port = await freePort();
    dev = startNpm(["run", "dev"], {
      cwd: PROJECT_ROOT,
      env: freshShellEnv({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir }),
    });
    await dev.waitForOutput(/Listening on http:\/\/localhost:\d+/, 110_000);
    const site = `http://127.0.0.1:${port}`;

    expect(await h1Of(`${site}/`)).toContain("Discover &amp; Create Amazing Events");
    expect(await h1Of(`${site}/events/1`)).toContain("Jazz Nights at the Wharf");
    // Pages come from the sources, with React Router's hot-reload runtime in them.
    const home = await (await fetch(`${site}/`)).text();
    expect(home).toContain("virtual:react-router/inject-hmr-runtime");
    expect(home).toContain('"/app/routes/home.tsx"');

    // The start-up output names the mailbox, and says nothing a newcomer would take for a problem.
    const output = dev.output();
    expect(output).toContain(`No SMTP_URL: e-mails are kept in the mailbox at http://localhost:${port}/dev/mailbox`);
    expect(output).not.toMatch(/deprecated|Future Flag Warning|externalized for browser compatibility|Error/i);
  }, 150_000);
});
