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
  const bundle = new URL("./build/server/index.js", import.meta.url);
  if (!existsSync(bundle)) {
    console.error("No production build found. Run `npm run build` first (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  const { start } = await import(bundle.href);
  await start();
}
