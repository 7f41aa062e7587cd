import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The Hono app (server/main.ts) is the SSR entry, so one bundle holds the API,
// the pages and the single database client they share.
export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Rolldown's "your build spent significant time in plugins" table: on a busy 2-core machine it shows
    // on most builds, says nothing we act on, and buries real warnings.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: "./server/main.ts" },
      },
    },
  },
  // Pre-bundled up front in development, so the first page load does not trigger a reload.
  optimizeDeps: {
    include: ["sonner", "lucide-react"],
    // Reached only through loaders, which never run in the browser.
    exclude: ["drizzle-orm", "@electric-sql/pglite", "postgres"],
  },
  ssr: {
    // These stay outside the server bundle: native code, WebAssembly, or worker threads that load
    // their own files.
    external: ["@electric-sql/pglite", "postgres", "sharp", "pino", "@node-rs/argon2"],
    // The production build bundles everything else into one tree-shaken file: loading hundreds of
    // small package files at start took about 1 s of a 2 s restart (all of lucide-react alone,
    // 250 ms). Only there: in development Vite evaluates bundled-in packages as ES modules, where a
    // CommonJS package such as sanitize-html fails with "require is not defined"; left to Node (the
    // default), packages load as they do in any Node program, and our own files still hot-reload.
    noExternal: command === "build" ? true : undefined,
  },
}));
