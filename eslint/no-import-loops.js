import path from "node:path";
import { filesReaching, pathBack, resolveImport, ROOT } from "./import-graph.js";

/*
 * Fails on an import that closes a loop between files of ours: the imported file leads, import by
 * import, back to the file being linted. `import type` counts too (architecture.md forbids loops
 * between files): a loop through types still ties two files together so that neither can be read,
 * moved or tested alone, and one type import turned into a value import later makes it a loop at
 * run time, where module start-up order decides which side sees `undefined`.
 */

const relative = (file) => path.relative(ROOT, file);

export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid import loops between files of ours (app/, domain/, server/, tests/, scripts/)." },
    messages: { loop: "Import loop: {{chain}}. Move what both sides need into a module of its own." },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    let reaching = null;
    const check = (source) => {
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const target = resolveImport(source.value, file);
      if (!target || target === file) return;
      reaching ??= filesReaching(file);
      if (!reaching.has(target)) return;
      const chain = pathBack(target, file);
      context.report({ node: source, messageId: "loop", data: { chain: [file, ...chain].map(relative).join(" → ") } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal),
    };
  },
};
