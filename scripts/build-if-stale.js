// Builds the production bundle when there is none or the sources changed since the last build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUNDLE = path.join(PROJECT_ROOT, "build/server/index.js");
const SOURCES = ["app", "domain", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

export function isBuildStale() {
  if (!existsSync(BUNDLE)) return true;
  const newestSource = Math.max(
    ...SOURCES.map((name) => path.join(PROJECT_ROOT, name))
      .filter(existsSync)
      .map(newestChange),
  );
  return newestSource > statSync(BUNDLE).mtimeMs;
}

export function buildIfStale() {
  if (!isBuildStale()) return;
  console.log("Building the site (no build yet, or the sources changed)…");
  const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "scripts/react-router.js"), "build"], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`The build failed (exit ${result.status}).`);
}
