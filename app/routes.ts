import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** THE URL table: one module per URL. */
export default [
  index("routes/home.tsx"),
  route("events", "routes/events.tsx"),
  route("events/featured", "routes/featured-events.tsx"),
  route("vip-events", "routes/vip-events.tsx"),
  route("micro-events", "routes/micro-events.tsx"),
  route("categories", "routes/categories.tsx"),
  route("organizers/:id", "routes/organizer.tsx"),
  route("users/:id", "routes/user.tsx"),
  route("sponsors", "routes/sponsors.tsx"),
  route("sponsors/:id", "routes/sponsor.tsx"),
  route("events/:id", "routes/event.tsx"),
  route("events/:id/calendar.ics", "routes/event-calendar.ts"),
  route("preferences", "routes/preferences.ts"),
  route("api/docs", "routes/api-docs.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
