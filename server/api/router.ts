import { Hono } from "hono";
import { AppError } from "#server/errors";
import { errorResponse, toAppError } from "#server/http/error-response";
import type { AppEnv } from "#server/http/app-env";
import { createEventsApi } from "./events";
import { createMeApi } from "./me";
import { createOpenApiApi } from "./openapi";
import { createSiteApi } from "./site";

/** `/api/v1`: one sub-app per resource is mounted here as the resources arrive. */
export function createApiRouter() {
  const api = new Hono<AppEnv>();
  api.onError((error, c) => {
    const appError = toAppError(error);
    if (appError.code === "internal") c.get("logger").error({ err: error, requestId: c.get("requestId") }, "api error");
    return errorResponse(c, appError);
  });
  api.route("/events", createEventsApi());
  api.route("/me", createMeApi());
  // Before the site API: its ETag middleware covers every path mounted after it.
  api.route("/openapi.json", createOpenApiApi());
  api.route("/", createSiteApi());

  // Last: a mounted app's notFound() is not consulted by its parent, so unknown paths end here.
  api.all("*", (c) => errorResponse(c, new AppError("not_found", `No API route ${c.req.method} ${c.req.path}.`)));
  return api;
}
