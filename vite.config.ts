import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The Hono app (server/main.ts) is the SSR entry, so one bundle holds the API,
// the pages and the single database client they share.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
    // Everything else is bundled into one tree-shaken file: loading hundreds of small package files
    // at start took about 1 s of a 2 s restart (all of lucide-react alone, 250 ms). These stay
    // outside: native code, WebAssembly, or worker threads that load their own files.
    external: ["@electric-sql/pglite", "postgres", "sharp", "pino", "@node-rs/argon2"],
    noExternal: true,
  },
});
