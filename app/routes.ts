import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** THE URL table: one module per URL. */
export default [
  index("routes/home.tsx"),
  route("preferences", "routes/preferences.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
