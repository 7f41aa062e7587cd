// The Drizzle schema (drizzle.config.ts reads this file): every table, from one module per area in tables/.
// Code imports tables from here ("#server/db/schema"), never from tables/ directly.
export * from "./tables/auth";
export * from "./tables/people";
export * from "./tables/events";
export * from "./tables/orders";
export * from "./tables/promotions";
export * from "./tables/background";
export * from "./tables/blog";
export * from "./tables/staff";
export * from "./tables/contact";
export * from "./tables/moderation";
export * from "./tables/sponsors";
export * from "./tables/community";
export * from "./tables/promoters";
export * from "./tables/planning";
