import noImportLoops from "./no-import-loops.js";

/** Our own lint rules, checks no published plugin makes the way we need (see eslint/README.md). */
export default { meta: { name: "dmv-events" }, rules: { "no-import-loops": noImportLoops } };
