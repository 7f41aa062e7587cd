import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Every dependency is named at one exact version: a range lets a fresh install pick a release nobody
 * here has run (architecture.md lists the versions known to work together on this Node).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const SECTIONS = ["dependencies", "devDependencies", "optionalDependencies", "overrides"] as const;

/** Each package of package.json whose version is not one exact release, with what it says instead. */
function unpinned(manifest: Record<string, unknown>): string[] {
  return SECTIONS.flatMap((section) =>
    Object.entries((manifest[section] ?? {}) as Record<string, string>)
      .filter(([, version]) => !EXACT_VERSION.test(version))
      .map(([name, version]) => `${section}: ${name}@${version}`),
  );
}

describe("pinned dependencies", () => {
  it("names every dependency of package.json at an exact version", () => {
    expect(unpinned(readJson("package.json"))).toEqual([]);
  });

  it("has a lockfile that records package.json's own versions", () => {
    const manifest = readJson("package.json");
    const root = readJson("package-lock.json").packages[""];
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
  });

  it("refuses a range, a tag or a caret", () => {
    const probe = { dependencies: { a: "^1.9.4", b: "1.2.3" }, devDependencies: { c: "~2.0.0", d: "latest" } };
    expect(unpinned(probe)).toEqual([
      "dependencies: a@^1.9.4",
      "devDependencies: c@~2.0.0",
      "devDependencies: d@latest",
    ]);
  });
});
