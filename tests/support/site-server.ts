import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "#server/project-root";
import { freePort } from "./postgres-server";

/** The production server in a child process, as `npm start` runs it, on its own data folder. */
export interface SiteServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startSiteServer({
  dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-site-")),
  env = {},
  timeoutMs = 60_000,
}: { dataDir?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<SiteServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "server.js")], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        // Already gone, by exiting or by a signal.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
