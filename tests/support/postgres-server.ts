import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server from Debian's packages, in a temporary folder on a loopback port.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export interface PostgresServer {
  url: (database?: string) => string;
  stop: () => void;
}

export function findPostgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((name) => existsSync(path.join(base, name, "bin/pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql (see README).");
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "dmv-events-pg-"));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const run = (program: string, args: string[]) => {
    const command = isRoot ? "runuser" : path.join(bin, program);
    const fullArgs = isRoot ? ["-u", "postgres", "--", path.join(bin, program), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  run("initdb", ["-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "-D", dataDir]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  let stopped = false;
  return {
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (isRoot)
          execFileSync("runuser", [
            "-u",
            "postgres",
            "--",
            path.join(bin, "pg_ctl"),
            "-D",
            dataDir,
            "-m",
            "immediate",
            "stop",
          ]);
        else execFileSync(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
