import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PROJECT_ROOT } from "#server/project-root";

/**
 * Servers in child processes of their own, for tests and benchmarks that need real processes: several
 * app instances on one PostgreSQL, a process killed with SIGKILL mid-run, a CPU profile of the server
 * alone. A child prints `LISTENING <url>` once it listens.
 *
 * No child outlives its purpose: it exits when its parent dies (the IPC channel closes, even on the
 * parent's SIGKILL) and after MAX_LIFETIME_MS whatever happens; the parent kills what is left on exit.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The child's recent stdout and stderr, for failure messages. */
  output(): string;
  /** Sends `signal` (SIGTERM: graceful shutdown) and resolves once the child has exited; SIGKILL after 10 s. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Long enough for the longest benchmark; a child still running after that was forgotten. */
const MAX_LIFETIME_MS = 15 * 60_000;
const LIFETIME_ENV = "SERVER_PROCESS_MAX_LIFETIME_MS";
const STOP_GRACE_MS = 10_000;
/** Enough output to explain a failure, without holding a long log in memory. */
const OUTPUT_LIMIT = 64 * 1024;

const liveChildren = new Set<ChildProcess>();
let isExitHookSet = false;

/** Runs `script` with tsx in a child process and resolves once it prints the URL it listens on. */
export async function startServerProcess({
  script,
  args = [],
  env = {},
  startTimeoutMs = 120_000,
  profileDir,
}: {
  script: string;
  args?: string[];
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** Write a V8 CPU profile of the child here when it exits (not on SIGKILL). */
  profileDir?: string | undefined;
}): Promise<ServerProcess> {
  if (!isExitHookSet) {
    isExitHookSet = true;
    // The last line of defence when a test or bench ends without stopping its servers.
    process.once("exit", () => liveChildren.forEach((child) => child.kill("SIGKILL")));
  }
  const child = spawn(
    process.execPath,
    [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--import", "tsx", script, ...args],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env, [LIFETIME_ENV]: String(MAX_LIFETIME_MS) },
      // The IPC channel is how the child learns that this process is gone (tieToParent).
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  liveChildren.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      liveChildren.delete(child);
      resolve();
    }),
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stderr?.on("data", keep);

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(force);
    }
  };

  const url = await new Promise<string>((resolve, reject) => {
    let isListening = false;
    const fail = (message: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${message}:\n${output}`));
    };
    const name = path.basename(script);
    const timer = setTimeout(() => fail(`${name} did not listen within ${startTimeoutMs} ms`), startTimeoutMs);
    child.once("exit", (code, signal) => {
      if (!isListening) fail(`${name} exited (${code ?? signal}) before listening`);
    });
    let pending = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      keep(chunk);
      if (isListening) return;
      pending += chunk.toString();
      const match = /LISTENING (\S+)/.exec(pending);
      if (match) {
        isListening = true;
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return { url, child, output: () => output, stop };
}

/**
 * Called first thing in a server child: exit when the parent goes away or after the longest life a
 * child may have, so no server is left running after a crashed or interrupted run.
 */
export function tieToParent(): void {
  if (process.channel) {
    process.on("disconnect", () => process.exit(1));
    // The channel alone must not keep the child alive once its server has closed.
    process.channel.unref();
  }
  const lifetime = Number(process.env[LIFETIME_ENV] ?? MAX_LIFETIME_MS);
  setTimeout(() => {
    console.error(`Exiting after ${lifetime} ms: a server child may not outlive its test or benchmark.`);
    process.exit(1);
  }, lifetime).unref();
}

export interface AppProcesses {
  /** One base URL per process, e.g. http://127.0.0.1:41234. */
  urls: string[];
  processes: ServerProcess[];
  /** Sends `signal` to process `index` (SIGKILL by default: a crash) and resolves once it has exited. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Stops every process still running (graceful, then forced) and removes their data folder. */
  stopAll(): Promise<void>;
}

/**
 * `count` instances of the app as production runs them (server/boot.ts: NODE_ENV=production, the
 * response cache, and the jobs worker ON, since every production instance drains the one jobs table:
 * a rush's confirmation e-mails are part of its cost), API only, each on its own loopback port, all on
 * the PostgreSQL database at `databaseUrl`, which they migrate if needed. Nothing is seeded.
 */
export async function startAppProcesses({
  count,
  databaseUrl,
  env = {},
  startTimeoutMs,
  profileDir,
}: {
  count: number;
  databaseUrl: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  profileDir?: string | undefined;
}): Promise<AppProcesses> {
  // Unused with PostgreSQL except for uploads, which these servers never receive: never ./data.
  const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-app-"));
  const started = await Promise.allSettled(
    Array.from({ length: count }, () =>
      startServerProcess({
        script: fileURLToPath(import.meta.url),
        args: ["--serve-app"],
        env: {
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: "0",
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SEED_SAMPLE_DATA: "false",
          LOG_LEVEL: "warn",
          ...env,
        },
        startTimeoutMs,
        profileDir,
      }),
    ),
  );
  const processes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(processes.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  return {
    urls: processes.map((server) => server.url),
    processes,
    kill: (index, signal = "SIGKILL") => processes[index]!.stop(signal),
    stopAll,
  };
}

/** The child side of startAppProcesses. */
async function serveApp(): Promise<void> {
  tieToParent();
  // Imported here so that the parent, which only spawns, does not load the server.
  const { bootServer } = await import("#server/boot");
  const running = await bootServer();
  // bootServer names the server by localhost; clients here use the loopback address it listens on.
  console.log(`LISTENING http://127.0.0.1:${new URL(running.url).port}`);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void running.close().then(() => process.exit(0)));
  }
}

if (process.argv.includes("--serve-app") && path.resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  await serveApp();
}
