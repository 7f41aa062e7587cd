import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * The graph of imports between our own files (app/, domain/, server/, tests/, scripts/), for the
 * import-loop rule. It is read from disk once per lint run; the file being linted brings its own
 * imports from the text ESLint holds, so an editor buffer or a test's probe is judged as written.
 */

/** The folders whose files are "ours"; package.json "imports" maps #<folder>/* onto each. */
export const OWN_FOLDERS = ["app", "domain", "server", "tests", "scripts"];
const ALIASES = { "#app/": "app", "#domain/": "domain", "#server/": "server", "#tests/": "tests" };
const EXTENSIONS = [".ts", ".tsx", ".js"];
const SKIPPED_FOLDERS = new Set(["node_modules", "build", "data", "coverage", ".tmp", ".react-router"]);

/** The repository folder: the one holding this eslint/ folder. */
export const ROOT = path.resolve(import.meta.dirname, "..");

function isSourceFile(name) {
  return EXTENSIONS.some((extension) => name.endsWith(extension)) && !name.endsWith(".d.ts");
}

function listSourceFiles(folder, found = []) {
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) listSourceFiles(path.join(folder, entry.name), found);
    } else if (isSourceFile(entry.name)) {
      found.push(path.join(folder, entry.name));
    }
  }
  return found;
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file of ours an import names, or null for a package or anything that is not a source file of ours. */
export function resolveImport(specifier, fromFile) {
  const bare = specifier.split("?")[0];
  let target;
  if (bare.startsWith("./") || bare.startsWith("../")) {
    target = path.resolve(path.dirname(fromFile), bare);
  } else {
    const alias = Object.keys(ALIASES).find((prefix) => bare.startsWith(prefix));
    if (!alias) return null;
    target = path.join(ROOT, ALIASES[alias], bare.slice(alias.length));
  }
  const candidates = [target, ...EXTENSIONS.map((extension) => target + extension)];
  // TypeScript lets `./x.js` name ./x.ts.
  if (target.endsWith(".js")) candidates.push(target.slice(0, -3) + ".ts", target.slice(0, -3) + ".tsx");
  const file = candidates.find((candidate) => isSourceFile(candidate) && isFile(candidate));
  return file && OWN_FOLDERS.includes(path.relative(ROOT, file).split(path.sep)[0]) ? file : null;
}

/**
 * Every module a text imports: `import`, `import type`, `export … from`, `import("…")` (dynamic
 * imports and import types alike). TypeScript's pre-processor reads them without a full parse.
 */
export function importSpecifiers(text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((imported) => imported.fileName);
}

export function importsOf(text, file) {
  const targets = new Set();
  for (const specifier of importSpecifiers(text)) {
    const target = resolveImport(specifier, file);
    if (target && target !== file) targets.add(target);
  }
  return targets;
}

let graph = null;

/**
 * file → the files of ours it imports, read once per process: one lint run. A long-lived ESLint (an
 * editor's) judges other files' imports as they were when it started; `npm run lint` is the check.
 */
export function importGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const folder of OWN_FOLDERS) {
    for (const file of listSourceFiles(path.join(ROOT, folder))) {
      graph.set(file, importsOf(readFileSync(file, "utf8"), file));
    }
  }
  return graph;
}

let reverse = null;

/** Every file from which a chain of imports leads to `file` (not counting `file`'s own imports). */
export function filesReaching(file) {
  if (!reverse) {
    reverse = new Map();
    for (const [from, targets] of importGraph()) {
      for (const target of targets) {
        if (!reverse.has(target)) reverse.set(target, []);
        reverse.get(target).push(from);
      }
    }
  }
  const found = new Set();
  const queue = [file];
  while (queue.length > 0) {
    for (const from of reverse.get(queue.shift()) ?? []) {
      if (from !== file && !found.has(from)) {
        found.add(from);
        queue.push(from);
      }
    }
  }
  return found;
}

/**
 * The shortest chain of imports from `start` back to `file`, as files, or null when there is none.
 * Paths through `file` itself stop there: its own imports are the ones being judged.
 */
export function pathBack(start, file, edges = importGraph()) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === file) {
      const chain = [];
      for (let step = current; step !== null; step = cameFrom.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of edges.get(current) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}
