import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "#server/errors";
import { errorResponse, toAppError } from "#server/http/error-response";
import type { AppEnv } from "#server/http/app-env";
import { createBadgesApi } from "./badges";
import { createCheckInsApi } from "./check-ins";
import { createCommunityApi } from "./community";
import { createEventsApi } from "./events";
import { createEventPhotosApi, createPhotosApi } from "./gallery";
import { createMeApi } from "./me";
import { createNewsletterApi } from "./newsletter";
import { createNotificationsApi } from "./notifications";
import { createMyEventsApi } from "./my-events";
import { createOpenApiDocumentApi } from "./openapi-document";
import { createOrdersApi } from "./orders";
import { createPaymentsApi } from "./payments";
import { createPromotionsApi } from "./promotions";
import { createPromotersApi } from "./promoters";
import { createReportsApi } from "./reports";
import { createReviewsApi } from "./reviews";
import { createSavesFollowsApi } from "./saves-follows";
import { createSiteApi } from "./site";
import { createStaffMessagesApi } from "./staff-messages";
import { createStaffBlogApi } from "./staff-blog";
import { createStaffModerationApi } from "./staff-moderation";
import { createStaffEventsApi } from "./staff-events";
import { createStaffPeopleApi } from "./staff-people";
import { createStaffSponsorsApi } from "./staff-sponsors";
import { createTicketLookupApi } from "./ticket-lookup";
import { createWaitlistApi } from "./waitlist";

/**
 * `/api/v1`: one sub-app per resource is mounted here as the resources arrive. Each declares its
 * operations beside their handlers (`app.openapi`); mounting one adds them to the document.
 */
export function createApiRouter() {
  const api = new OpenAPIHono<AppEnv>();
  api.onError((error, c) => {
    const appError = toAppError(error);
    if (appError.code === "internal") c.get("logger").error({ err: error, requestId: c.get("requestId") }, "api error");
    return errorResponse(c, appError);
  });
  // Before /events: that app's ETag middleware would otherwise also wrap these private answers.
  api.route("/events/:id/check-ins", createCheckInsApi());
  api.route("/events/:id/reports", createReportsApi());
  api.route("/events/:id/photos", createEventPhotosApi());
  api.route("/photos", createPhotosApi());
  api.route("/", createReviewsApi());
  // Share links and promoters: whole paths of their own (/events/{id}/share-link, /my/promoting…).
  api.route("/", createPromotersApi());
  api.route("/events", createEventsApi());
  api.route("/me", createNotificationsApi());
  api.route("/me", createSavesFollowsApi());
  api.route("/me", createMeApi());
  api.route("/my/events", createMyEventsApi());
  api.route("/orders", createOrdersApi());
  api.route("/ticket-lookup", createTicketLookupApi());
  api.route("/newsletter", createNewsletterApi());
  api.route("/payments", createPaymentsApi());
  api.route("/promotions", createPromotionsApi());
  api.route("/", createWaitlistApi());
  api.route("/", createBadgesApi());
  api.route("/staff/messages", createStaffMessagesApi());
  api.route("/staff/blog", createStaffBlogApi());
  api.route("/staff", createStaffModerationApi());
  api.route("/staff", createStaffEventsApi());
  api.route("/staff", createStaffPeopleApi());
  api.route("/staff/sponsors", createStaffSponsorsApi());
  // Before the site API: its ETag middleware covers every path mounted after it.
  api.route("/openapi.json", createOpenApiDocumentApi(api));
  api.route("/", createCommunityApi());
  api.route("/", createSiteApi());

  // Last: a mounted app's notFound() is not consulted by its parent, so unknown paths end here.
  api.all("*", (c) => errorResponse(c, new AppError("not_found", `No API route ${c.req.method} ${c.req.path}.`)));
  return api;
}
