import type { PageContext } from "#server/app";

// What the server hands every loader and action (see server/app.ts).
declare module "react-router" {
  interface AppLoadContext extends PageContext {}
}
