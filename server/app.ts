import { randomUUID } from "node:crypto";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createApiRouter } from "#server/api/router";
import { clientAddress } from "#server/auth/auth-request";
import { createAuthRouter } from "#server/auth/router";
import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { isDatabaseUp } from "#server/health";
import type { AppEnv, Viewer } from "#server/http/app-env";
import { compression } from "#server/http/compression";
import { apiCors } from "#server/http/cors";
import { csrfProtection } from "#server/http/csrf";
import { createDevClock } from "#server/http/dev-clock";
import { currentTime } from "#server/clock";
import { requestForRenderer } from "#server/http/request-origin";
import { referralLinks } from "#server/http/referral-links";
import { responseCache } from "#server/http/response-cache";
import { securityHeaders } from "#server/http/security-headers";
import { createEventCalendarFile } from "#server/http/event-calendar-file";
import { createSeoFiles } from "#server/http/seo-files";
import { serveUploads } from "#server/http/uploads";
import { varyOn } from "#server/http/vary";
import { handleSessionRefresh, SESSION_REFRESH_PATH, viewerMiddleware } from "#server/http/viewer";
import type { Logger } from "#server/logger";
import { createPaymentProvider } from "#server/payments/create-payment-provider";
import type { PaymentProvider } from "#server/payments/payment-provider";
import { STRIPE_CHECKOUT_ORIGIN } from "#server/payments/stripe-provider";
import { publicContentGeneration } from "#server/services/public-content";

/** What the page renderer receives with each request (React Router's load context). */
// A type, not an interface: React Router's AppLoadContext has an index signature only types satisfy.
export type PageContext = {
  db: Database;
  config: Config;
  cspNonce: string;
  requestId: string;
  /** The signed-in person, or null for visitors (decision 007). */
  viewer: Viewer | null;
  /** The client's address, for the account services' throttles (behind a proxy only when TRUST_PROXY says so). */
  clientAddress: string;
  /** How orders are paid (decision 008); `payments.name === "sandbox"` means no money moves. */
  payments: PaymentProvider;
  /**
   * Logs a page's unexpected failure with the request's id, through the one logger (which never writes a
   * failed query's values). Absent when a test calls a loader directly: the console gets the error then.
   */
  logError?: (error: unknown) => void;
};

export type PageHandler = (request: Request, context: PageContext) => Promise<Response>;

export interface AppDependencies {
  db: Database;
  config: Config;
  logger: Logger;
  /** Server-rendered pages; absent in API-only tests. */
  renderPage?: PageHandler;
  /** Built client files (hashed assets, favicon); absent in development, where Vite serves them. */
  clientBuildDir?: string;
  /** How long anonymous GET responses are reused (decision 005); 0, the default, renders every request. */
  responseCacheTtlMs?: number;
  /** The payment provider; by default the one the configuration names. Tests pass one with their own clock or API. */
  payments?: PaymentProvider;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
/** The status nginx logs for a client that closed its connection before the answer; never sent to anyone. */
const CLIENT_CLOSED_REQUEST = 499;

export function createApp({
  db,
  config,
  logger,
  renderPage,
  clientBuildDir,
  responseCacheTtlMs = 0,
  payments = createPaymentProvider(config),
}: AppDependencies) {
  const app = new Hono<AppEnv>();
  // On the app's clock, so that moving it forward (DEV_CLOCK) also ages what is cached.
  const cache = responseCache({
    ttlMs: responseCacheTtlMs,
    clock: () => currentTime().getTime(),
    generation: () => publicContentGeneration(db),
  });

  app.use(async (c, next) => {
    const startedAt = performance.now();
    c.set("requestId", c.req.header("x-request-id")?.slice(0, 64) || randomUUID());
    c.set("logger", logger);
    c.set("db", db);
    c.set("config", config);
    c.set("payments", payments);
    await next();
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    // A visitor who went away before the answer was ready is logged as such (nginx's 499), not as the 500
    // the unfinished work may have produced: it is not the server's error.
    const status = c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
    logRequest(logger, c.req.method, c.req.path, status, performance.now() - startedAt, c.get("requestId"));
  });
  app.use(
    securityHeaders({
      isProduction: config.mode === "production",
      imageSources: config.mapTiles ? [config.mapTiles.cspSource] : [],
      formTargets: [...providerOrigins(config), ...(payments.name === "stripe" ? [STRIPE_CHECKOUT_ORIGIN] : [])],
    }),
  );
  // Never on /auth/v1: its answers carry tokens next to what the caller sent, the mix BREACH reads
  // through compression; they are small anyway, and sign-in is a hot path.
  const compressResponse = compression();
  app.use((c, next) => (c.req.path.startsWith("/auth/v1/") ? next() : compressResponse(c, next)));

  app.get("/healthz", async (c) => {
    const up = await isDatabaseUp(db);
    c.header("Cache-Control", "no-store");
    return c.json({ status: up ? "ok" : "unavailable", database: up ? "up" : "down" }, up ? 200 : 503);
  });

  // Other sites' pages: public reads for all, the rest for listed origins (decision 012); before the
  // CSRF check and the session, which a preflight needs neither of.
  app.use("/api/v1/*", apiCors({ listedOrigins: config.corsOrigins }));
  // Before anything answers for a person: refuse forged posts, then learn who is asking (decision 007).
  app.use(csrfProtection());
  app.use(viewerMiddleware());
  app.post(SESSION_REFRESH_PATH, handleSessionRefresh);

  if (config.isDevClockOn) app.route("/dev/clock", createDevClock());
  // The API reads the session cookie or a bearer token: answers may differ with either.
  app.use("/api/v1/*", varyOn(["Authorization", "Cookie"]), cache);
  app.route("/api/v1", createApiRouter());
  app.route("/auth/v1", createAuthRouter());
  app.get("/uploads/*", serveUploads(config.uploadsDir));
  app.route("/", createSeoFiles());
  app.route("/", createEventCalendarFile());

  if (clientBuildDir) {
    // File names under /assets carry a content hash, so browsers may keep them forever.
    app.use(
      "/assets/*",
      serveStatic({ root: clientBuildDir, onFound: (_path, c) => c.header("Cache-Control", IMMUTABLE) }),
    );
    app.use(
      "*",
      serveStatic({
        root: clientBuildDir,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
      }),
    );
  }

  if (renderPage) {
    // Share and promoter links (?s=, ?ref=) are counted and kept here, before the page cache.
    app.use(referralLinks(config.auth.trustProxy));
    // Pages read the session, language and theme cookies, and Accept-Language when nothing else names a language.
    app.all("*", varyOn(["Accept-Language", "Cookie"]), cache, (c) =>
      renderPage(requestForRenderer(c), {
        db,
        config,
        cspNonce: c.get("cspNonce"),
        requestId: c.get("requestId"),
        viewer: c.get("viewer") ?? null,
        clientAddress: clientAddress(c, config.auth.trustProxy),
        payments,
        logError: (error) =>
          logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "page failed"),
      }),
    );
  }

  app.onError((error, c) => {
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * Logged only when they fail: files a page pulls in by the dozen (hashed assets, pictures), and the
 * health check a load balancer asks every few seconds.
 */
const QUIET_PATHS = /^\/(assets\/|uploads\/|healthz$)/;

/**
 * One line per request, `GET /events/1 200 35 ms` (the time until the answer's headers; a streamed
 * page may send its body after). The path only: query strings can carry one-time tokens.
 */
function logRequest(logger: Logger, method: string, path: string, status: number, ms: number, id: string) {
  if (status < 400 && QUIET_PATHS.test(path)) return;
  const rounded = Math.round(ms);
  logger.info({ request: { method, path, status, ms: rounded, id } }, `${method} ${path} ${status} ${rounded} ms`);
}

/** Where the configured sign-in providers' pages are: the sign-in form's provider buttons redirect there. */
function providerOrigins(config: Config): string[] {
  const origins = Object.values(config.auth.providers).map((provider) => new URL(provider.authorizeUrl).origin);
  return [...new Set(origins)];
}
