// `npm start`: the production server, built first when needed, so `npm install && npm start`
// works on a fresh clone.
import path from "node:path";
import { buildIfStale, PROJECT_ROOT } from "./build-if-stale.js";

try {
  buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.env.NODE_ENV = "production";
await import(path.join(PROJECT_ROOT, "server.js"));
