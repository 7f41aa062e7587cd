import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp, type PageHandler } from "#server/app";
import { DatabaseLockedError, openDatabase, type DatabaseHandle } from "#server/db/client";
import { isDatabaseEmpty, seedSampleData } from "#server/db/seed/seed";
import { ConfigError, readConfig, type Config } from "#server/env";
import { RESPONSE_CACHE_TTL_MS } from "#server/http/response-cache";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { startJobsWorker } from "#server/jobs/jobs-worker";
import { createLogger, type Logger } from "#server/logger";
import { createMailer } from "#server/mail/mailer";
import { createPaymentProvider } from "#server/payments/create-payment-provider";
import { grantStaffByEmail } from "#server/services/staff";

export interface BootOptions {
  renderPage?: PageHandler;
  clientBuildDir?: string;
  /** Connect-style middleware run before the app (Vite's, in development). */
  before?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** An HTTP server made by the caller (development attaches Vite's hot-reload socket to it). */
  httpServer?: Server;
  env?: Record<string, string | undefined>;
}

export interface RunningServer {
  url: string;
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Opens the database, brings its schema up to date, seeds an empty one, then listens. */
export async function bootServer(options: BootOptions = {}): Promise<RunningServer> {
  const startedAt = performance.now();
  const config = readConfig(options.env);
  const logger = createLogger(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: config.embeddedDatabaseDir });
  try {
    await database.withStartupLock(async () => {
      await database.migrate();
      if (config.seedSampleData && (await isDatabaseEmpty(database.db))) {
        await seedSampleData(database.db, { now: new Date(), log: (message) => logger.info(message) });
      }
      await grantConfiguredStaff(database.db, config.staffEmails, logger);
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  // One provider for the requests and the jobs: the sandbox remembers idempotent answers in memory.
  const payments = createPaymentProvider(config);
  if (config.mode === "production" && payments.name === "sandbox") {
    // A public site on the sandbox would hand out paid tickets for test card numbers: say so at start.
    logger.warn(
      "Payments are in test mode (the sandbox provider): no money is taken, and anyone can pay with Stripe's " +
        "test card 4242 4242 4242 4242. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.",
    );
  }
  const app = createApp({
    db: database.db,
    config,
    logger,
    payments,
    renderPage: options.renderPage,
    clientBuildDir: options.clientBuildDir,
    // Anonymous responses are the same for everyone for a few seconds: make them once (decision 005).
    responseCacheTtlMs: config.mode === "production" ? RESPONSE_CACHE_TTL_MS : 0,
  });
  const listener = getRequestListener(app.fetch);
  const server = options.httpServer ?? createServer();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (options.before) options.before(req, res, () => void listener(req, res));
    else void listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  // Background work (e-mails first) runs in this process; every instance drains the same jobs table.
  const mailer = createMailer(config.mail, database.db);
  const worker = startJobsWorker({
    db: database.db,
    handlers: createJobHandlers({ db: database.db, mailer, siteUrl: config.publicUrl, payments }),
    logger,
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ database: database.kind, readyInMs: Math.round(performance.now() - startedAt) }, `Listening on ${url}`);
  logger.info(
    config.assistant
      ? `AI assistant: on (${config.assistant.model})`
      : "AI assistant: off (set LLM_BASE_URL and LLM_MODEL to turn it on)",
  );
  if (!config.mail.smtpUrl) {
    // Last thing said at start, where a first-time user looks for the sign-up confirmation (decision 011).
    if (config.mail.isDevMailboxOpen) {
      logger.info(`No SMTP_URL: e-mails are kept in the mailbox at ${config.publicUrl}/dev/mailbox`);
    } else {
      logger.warn(
        "No SMTP_URL and DEV_MAILBOX=false: account e-mails (confirmations, sign-in links, resets) are kept " +
          "where nobody can read them. Set SMTP_URL to send them.",
      );
    }
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Stop taking connections and jobs, let requests and the job in flight finish, then close the database.
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
        worker.stop(),
      ]);
      mailer.close();
      await database.close();
      logger.info("Stopped");
    })());
  return { url, config, logger, database, close };
}

/** Problems a person starting the server can fix: shown as one clear line, not a stack trace. */
function startupProblem(error: unknown): string | null {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE")
    return "The port is already in use by another program. Stop it, or set PORT to another port.";
  if (code === "EACCES") return "Not allowed to listen on that port. Set PORT to a port above 1023.";
  if (code === "ECONNREFUSED")
    return "Could not connect to the PostgreSQL server named by DATABASE_URL. Is it running?";
  return null;
}

/** Runs until SIGTERM or SIGINT, then shuts down gracefully. */
export async function runUntilSignalled(options: BootOptions): Promise<void> {
  let running: RunningServer;
  try {
    running = await bootServer(options);
  } catch (error) {
    const problem = startupProblem(error);
    if (!problem) throw error;
    console.error(`Cannot start: ${problem}`);
    process.exit(1);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      const forceExit = setTimeout(() => process.exit(1), 10_000);
      forceExit.unref();
      void running.close().then(() => process.exit(0));
    });
  }
}

/**
 * STAFF_EMAILS: the accounts named become staff at every start, so a fresh site can be run without
 * touching the database. An address without an account yet is reported, and granted at a later start.
 */
async function grantConfiguredStaff(db: DatabaseHandle["db"], emails: readonly string[], logger: Logger) {
  for (const email of emails) {
    const result = await grantStaffByEmail(db, email, new Date());
    if (result === "granted") logger.info({ email }, "Made staff (STAFF_EMAILS)");
    if (result === "no_account") {
      logger.warn({ email }, "STAFF_EMAILS names an address with no account yet: sign up, then restart");
    }
  }
}
