import { spawn } from "node:child_process";

/**
 * npm commands run as a person runs them in a shell, for the tests of the README's own commands
 * (tests/e2e/first-hour.test.ts, dev-server.test.ts).
 */

/**
 * The environment of a fresh terminal: what a shell and npm need, and none of the settings the site
 * reads (NODE_ENV, PORT, DATA_DIR, DEV_MAILBOX, DATABASE_URL…) nor the npm_* variables `npm test` sets.
 */
export function freshShellEnv(extra: Record<string, string> = {}): Record<string, string> {
  const kept = ["PATH", "HOME", "USER", "LANG", "TMPDIR", "TERM"];
  const env: Record<string, string> = {};
  for (const name of kept) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

export interface NpmProcess {
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Waits until the output matches `pattern`; fails with the output if it exits or time runs out first. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** Its exit code once it ends (null when a signal ended it). */
  exitCode: Promise<number | null>;
  /** SIGTERM to npm and everything it started, then waits for it to end (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

/** Starts `npm <args>` in `cwd` in a process group of its own, so stopping it stops the server it runs too. */
export function startNpm(args: string[], { cwd, env }: { cwd: string; env: Record<string, string> }): NpmProcess {
  const child = spawn("npm", args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  const exitCode = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.once("exit", () => {
    for (const listener of listeners) listener();
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  return {
    output: () => output,
    exitCode,
    waitForOutput(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) done(() => resolve(match));
          else if (!isRunning()) {
            done(() =>
              reject(new Error(`npm ${args.join(" ")} exited (${child.exitCode}) before ${pattern}:\n${output}`)),
            );
          }
        };
        const timer = setTimeout(
          () =>
            done(() => reject(new Error(`npm ${args.join(" ")}: no ${pattern} within ${timeoutMs} ms:\n${output}`))),
          timeoutMs,
        );
        const done = (finish: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          finish();
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (!isRunning()) return;
      process.kill(-child.pid!, "SIGTERM");
      const forced = setTimeout(() => {
        if (isRunning()) process.kill(-child.pid!, "SIGKILL");
      }, 15_000);
      await exitCode;
      clearTimeout(forced);
    },
  };
}

/** Runs `npm <args>` to the end; fails with its output unless it succeeds. */
export async function runNpm(args: string[], options: { cwd: string; env: Record<string, string> }): Promise<string> {
  const run = startNpm(args, options);
  const code = await run.exitCode;
  if (code !== 0) throw new Error(`npm ${args.join(" ")} failed (${code}):\n${run.output()}`);
  return run.output();
}
