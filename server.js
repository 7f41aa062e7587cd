// Starts the site. Production runs the bundle `npm run build` writes; development runs the sources
// through Vite (hot reload) with Vite's middleware in front of the same app.
import { existsSync } from "node:fs";
import { createServer } from "node:http";

if (process.env.NODE_ENV === "development") {
  const { hideReactRouterEnvFileNotice } = await import("./scripts/quiet-vite.js");
  hideReactRouterEnvFileNotice();
  const { createServer: createViteServer } = await import("vite");
  // Vite's hot-reload socket shares the app's port instead of opening a second one.
  const httpServer = createServer();
  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const { runUntilSignalled } = await vite.ssrLoadModule("/server/boot.ts");
  const { createRequestHandler } = await import("react-router");
  await runUntilSignalled({
    before: vite.middlewares,
    httpServer,
    renderPage: async (request, context) => {
      const build = await vite.ssrLoadModule("virtual:react-router/server-build");
      return createRequestHandler(build, "development")(request, context);
    },
  });
} else {
  // V8 lets a small heap grow to four times what it holds before its first full collection: under
  // load that is 120 MB of garbage on a 30 MB heap, and the server's memory bar (350 MB RSS, embedded
  // database included) is missed. Growing by half as much again keeps the peak near twice the live
  // heap; collections stay incremental, and the measured throughput did not change (docs/benchmarks.md).
  const v8 = await import("node:v8");
  v8.setFlagsFromString("--heap-growing-percent=50");
  const bundle = new URL("./build/server/index.js", import.meta.url);
  if (!existsSync(bundle)) {
    console.error("No production build found. Run `npm run build` first (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  const { start } = await import(bundle.href);
  await start();
}
