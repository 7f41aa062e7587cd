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
  ssr: {
    external: ["@electric-sql/pglite", "postgres", "sharp", "pino"],
  },
});
