import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import en from "#app/i18n/locales/pages/en.json";
import {
  DELETION_FATES,
  RETENTION_KINDS,
  SITE_COOKIES,
  SITE_STORAGE_KEYS,
  STORED_DATA_SECTIONS,
  STORED_TABLES,
} from "#domain/stored-data";
import * as schema from "#server/db/schema";

/*
 * /privacy says what the site stores. These tests hold its list to the code: every table of the schema
 * has its line (and no line names a table that is gone), every cookie the code names and every key it
 * writes to the browser's storage is listed, and every line has its words in English (the locale parity
 * test then asks them of the other three languages).
 */

/** The name of every table the schema exports (what drizzle-kit turns into migrations). */
export function schemaTableNames(modules: Record<string, unknown> = schema): string[] {
  return Object.values(modules)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table).name)
    .sort();
}

/** Tables of the schema without a line on the page, and lines naming no table of the schema. */
export function compareWithSchema(listed: readonly string[], tables: readonly string[]) {
  return {
    missing: tables.filter((name) => !listed.includes(name)),
    stale: listed.filter((name) => !tables.includes(name)),
  };
}

const listedTables = STORED_TABLES.map((entry) => entry.table);

describe("the privacy page's list of stored data", () => {
  it("has one line for every table of the schema, and none for a table that does not exist", () => {
    const tables = schemaTableNames();
    expect(tables.length).toBeGreaterThan(30);
    expect(compareWithSchema(listedTables, tables)).toEqual({ missing: [], stale: [] });
    expect(new Set(listedTables).size).toBe(listedTables.length);
  });

  it("notices a table added to the schema without a line, and a line left behind by a removed table", async () => {
    const { pgTable, text } = await import("drizzle-orm/pg-core");
    const withNewTable = { ...schema, surveys: pgTable("surveys", { answer: text("answer") }) };
    expect(compareWithSchema(listedTables, schemaTableNames(withNewTable))).toEqual({
      missing: ["surveys"],
      stale: [],
    });
    const { users: _users, ...withoutUsers } = schema;
    expect(compareWithSchema(listedTables, schemaTableNames(withoutUsers))).toEqual({
      missing: [],
      stale: ["users"],
    });
  });

  it("has the page's words for every table, section, retention and deletion fate", () => {
    const privacy = en.privacy;
    const missing = [
      ...listedTables.filter((name) => !(privacy.tables as Record<string, string>)[name]).map((n) => `tables.${n}`),
      ...STORED_DATA_SECTIONS.filter((name) => !(privacy.sections as Record<string, unknown>)[name]),
      ...RETENTION_KINDS.filter((name) => !(privacy.retention as Record<string, string>)[name]),
      ...DELETION_FATES.filter((name) => !(privacy.onDeletion as Record<string, string>)[name]),
      ...SITE_COOKIES.filter((name) => !(privacy.cookies as Record<string, unknown>)[name]),
      ...SITE_STORAGE_KEYS.filter((name) => !(privacy.cookies.storage as Record<string, string>)[name]),
    ];
    expect(missing).toEqual([]);
    const extra = Object.keys(privacy.tables).filter((name) => !listedTables.includes(name));
    expect(extra).toEqual([]);
  });
});

const ROOT = path.resolve(import.meta.dirname, "../..");

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, directory), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every cookie name the code declares (`…_COOKIE = "name"`), and every key it keeps in browser storage. */
async function namesInCode() {
  const cookies = new Set<string>();
  const storageKeys = new Set<string>();
  const storageCalls: string[] = [];
  for (const file of [...(await sourceFiles("app")), ...(await sourceFiles("server"))]) {
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(/\b[A-Z_]*COOKIE\s*=\s*"([^"]+)"/g)) cookies.add(match[1]!);
    for (const match of text.matchAll(/\b[A-Z_]*STORAGE_KEY\s*=\s*"([^"]+)"/g)) storageKeys.add(match[1]!);
    // A key written straight from a literal would escape the constants above.
    for (const match of text.matchAll(/(?:localStorage|sessionStorage)\.setItem\(\s*(["'`])/g))
      storageCalls.push(`${path.relative(ROOT, file)}: ${match[0]}`);
    if (/\bsessionStorage\b/.test(text)) storageCalls.push(`${path.relative(ROOT, file)}: sessionStorage`);
  }
  return { cookies: [...cookies].sort(), storageKeys: [...storageKeys].sort(), storageCalls };
}

describe("the privacy page's list of cookies and browser storage", () => {
  it("names every cookie the site sets and every key it keeps in the browser, and nothing else", async () => {
    const found = await namesInCode();
    expect(found.cookies).toEqual([...SITE_COOKIES].sort());
    expect(found.storageKeys).toEqual([...SITE_STORAGE_KEYS].sort());
    expect(found.storageCalls).toEqual([]);
  });
});
