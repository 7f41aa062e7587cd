import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding this project's package.json. Found by walking up from this module because the
 * code runs from source (tests, scripts) and from the bundled build, at different depths.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "dmv-events") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the project root (package.json named dmv-events).");
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot();
