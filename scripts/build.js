// `npm run build`: React Router's production build (`react-router build`) into build/, run in this
// process so that one notice of React Router's own making stays out of the output (quiet-vite.js).
import { createRequire } from "node:module";
import path from "node:path";
import { hideReactRouterEnvFileNotice } from "./quiet-vite.js";

hideReactRouterEnvFileNotice();
// Always a production build: run from the test runner, NODE_ENV would otherwise be "test", which
// bundles React's development build.
process.env.NODE_ENV = "production";
const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js");
process.argv = [process.argv[0], cli, "build", ...process.argv.slice(2)];
require(cli);
