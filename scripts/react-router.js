// React Router's command line (`react-router build`, `react-router typegen`) run in this process, so
// that one notice of React Router's own making stays out of the output (quiet-vite.js).
import { createRequire } from "node:module";
import path from "node:path";
import { hideReactRouterEnvFileNotice } from "./quiet-vite.js";

hideReactRouterEnvFileNotice();
const args = process.argv.slice(2);
// Always a production build: run from the test runner, NODE_ENV would otherwise be "test", which
// bundles React's development build.
if (args[0] === "build") process.env.NODE_ENV = "production";
const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js");
process.argv = [process.argv[0], cli, ...args];
require(cli);
