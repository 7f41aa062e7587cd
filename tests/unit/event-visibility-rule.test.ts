import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Which events the public sees is one rule (server/services/event-visibility.ts): published and not
 * hidden by staff. A query that spells "published" itself would forget the hidden part, and a hidden
 * event would show up on that list: this fails on any such predicate outside the rule's module.
 * tests/integration/hidden-events.test.ts checks every public surface by hiding events for real.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "server"];
const SOURCE = /\.(ts|tsx)$/;
/** The rule itself; the schema (its partial index) and its migrations, seed data and tests, which set statuses. */
const EXEMPT = [/^server\/services\/event-visibility\.ts$/, /^server\/db\//, /\.test\.tsx?$/];
/**
 * A published predicate in a query: SQL `status = 'published'` (any alias), or Drizzle's
 * `eq(x.status, "published")` / `inArray(x.status, [... "published" ...])`; blog posts have a status too.
 */
const PUBLISHED_PREDICATE = [
  /status\s*=\s*'published'/,
  /eq\(\s*(?!blogPosts\.)\w+\.status\s*,\s*"published"\s*\)/,
  /inArray\(\s*(?!blogPosts\.)\w+\.status\s*,\s*\[[^\]]*"published"/,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.name.startsWith(".") || entry.name === "node_modules") return [];
    if (entry.isDirectory()) return sourceFiles(relative);
    return SOURCE.test(entry.name) && !EXEMPT.some((pattern) => pattern.test(relative)) ? [relative] : [];
  });
}

/** The places in `text` (file:line) where a query spells the published rule itself. */
export function publishedPredicates(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, index) =>
      PUBLISHED_PREDICATE.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
}

describe("the public visibility of events", () => {
  it("is decided by event-visibility.ts alone: no query spells status = 'published' itself", () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => publishedPredicates(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("recognises each way a query could spell it", () => {
    expect(publishedPredicates("a.ts", "where e.status = 'published' and e.ends_at > now")).toHaveLength(1);
    expect(publishedPredicates("a.ts", 'and(eq(events.status, "published"), gt(events.endsAt, now))')).toHaveLength(1);
    expect(publishedPredicates("a.ts", 'inArray(events.status, ["published", "cancelled"])')).toHaveLength(1);
    expect(publishedPredicates("a.ts", 'status: event.status === "cancelled" ? "cancelled" : "published"')).toEqual([]);
  });
});
