import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A file over 600 lines does more than one job: split it by topic or use case (docs/architecture.md, Tests).
const MAX_LINES = 600;
const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "domain", "server", "scripts", "tests"];
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;
/** Data rather than code: seed data, generated migrations and translations. */
const EXEMPT = ["server/db/seed/", "server/db/migrations/", "app/i18n/locales/"];

/** Every source file of ours under `folder`, as a path from the repository root; hidden and build folders skipped. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.name.startsWith(".") || entry.name === "node_modules") return [];
    if (entry.isDirectory()) return sourceFiles(relative);
    return SOURCE.test(entry.name) && !EXEMPT.some((prefix) => relative.startsWith(prefix)) ? [relative] : [];
  });
}

function lineCount(file: string): number {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines long, outside seed data, migrations and locales`, () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(tooLong).toEqual([]);
  });
});
