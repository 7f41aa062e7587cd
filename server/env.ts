import path from "node:path";
import { z } from "zod";

/**
 * The only reader of process.env. Every key is optional: zero configuration runs the site on the
 * embedded database under ./data. A bad value stops the boot with a list of every bad key.
 */
/** OpenStreetMap's own tiles: fine for a small site; busy sites should run or rent a tile server. */
const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const DEFAULT_MAP_TILE_ATTRIBUTION = "© OpenStreetMap contributors";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SEED_SAMPLE_DATA: z.enum(["true", "false"]).default("true"),
  MAP_TILE_URL: z
    .union([
      z.literal("none"),
      z
        .string()
        .regex(
          /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/,
          "must be an http(s) URL template with {z}, {x} and {y}, or none",
        ),
    ])
    .default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().max(500).default(DEFAULT_MAP_TILE_ATTRIBUTION),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).default("DMV Events <no-reply@localhost>"),
  DEV_MAILBOX: z.enum(["true", "false"]).optional(),
  /** Where messages sent through /contact go; unset: the MAIL_FROM address. */
  CONTACT_EMAIL: z.email("must be an e-mail address").max(320).optional(),
  /** Accounts made staff at every start (comma-separated addresses); `npm run staff:grant -- email` does it once. */
  STAFF_EMAILS: z
    .string()
    .max(4000)
    .refine(
      (value) => splitList(value).every((entry) => z.email().safeParse(entry).success),
      "must be e-mail addresses, comma-separated",
    )
    .default(""),
  DEV_CLOCK: z.enum(["true", "false"]).default("false"),
  AUTH_REDIRECT_ALLOW_LIST: z.string().max(4000).default(""),
  AUTH_EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  AUTH_ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(300).max(86_400).default(3600),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  CORS_ORIGINS: z
    .string()
    .max(4000)
    .refine(
      (value) => splitList(value).every(isOrigin),
      "must be origins (https://app.example.com, no path or trailing slash), comma-separated",
    )
    .default(""),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /** An OpenAI-compatible chat API (hosted, or a local Ollama, llama.cpp or vLLM server): the planner's assistant. */
  LLM_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, "must be an http(s) URL, the API's base (https://api.example.com/v1)")
    .optional(),
  /** Sent as a bearer token; local servers usually need none. */
  LLM_API_KEY: z.string().min(1).max(4000).optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
});

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** `https://app.example.com` or `http://localhost:5173`, written as browsers send it in Origin. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
  } catch {
    return false;
  }
}

/** The bare address of a mailbox written `Name <address>` or `address`. */
function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

/** Stripe is chosen by PAYMENT_PROVIDER, or by a secret key alone. */
function paymentProviderOf(env: { PAYMENT_PROVIDER?: string; STRIPE_SECRET_KEY?: string }): "sandbox" | "stripe" {
  return env.PAYMENT_PROVIDER === "stripe" || (!env.PAYMENT_PROVIDER && env.STRIPE_SECRET_KEY) ? "stripe" : "sandbox";
}

/**
 * Stripe needs both of its keys. Checked on the raw values, beside the schema rather than in it, so
 * that the list of problems names these even when other keys are wrong too.
 */
function missingPaymentKeys(present: Record<string, string | undefined>): string[] {
  if (paymentProviderOf(present) !== "stripe") return [];
  return (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const)
    .filter((key) => !present[key])
    .map((key) => `  ${key}: is required when payments go through Stripe`);
}

/**
 * Whether `url` names this machine: localhost (and *.localhost), 127.0.0.0/8 or [::1]. Only people
 * on this machine can follow links to such an address, so its development mailbox is safe to open.
 */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * Decision 011: without SMTP_URL, account e-mails can only be read in /dev/mailbox. It opens by itself
 * outside production, and in production on a loopback address (`npm start` on one's own machine);
 * DEV_MAILBOX=true or false overrides. A public site with neither SMTP_URL nor DEV_MAILBOX would lose
 * every confirmation and sign-in link, so that start is refused.
 */
function devMailboxOf(
  env: { NODE_ENV: string; SMTP_URL?: string; DEV_MAILBOX?: "true" | "false" },
  publicUrl: string,
): { isOpen: boolean; problem?: string } {
  if (env.DEV_MAILBOX) return { isOpen: env.DEV_MAILBOX === "true" };
  if (env.NODE_ENV !== "production") return { isOpen: true };
  if (env.SMTP_URL) return { isOpen: false };
  if (isLoopbackUrl(publicUrl)) return { isOpen: true };
  return {
    isOpen: false,
    problem:
      `  SMTP_URL: is required on a public site (PUBLIC_URL ${publicUrl}): without it nobody receives ` +
      "sign-up confirmations, sign-in links or password resets. Set SMTP_URL=smtp://user:password@mail.example.com:587 " +
      "(and MAIL_FROM), or DEV_MAILBOX=true on a private staging machine to read them at /dev/mailbox.",
  };
}

export interface Config {
  mode: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** Where the embedded database keeps its files; unused when databaseUrl is set. */
  embeddedDatabaseDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  seedSampleData: boolean;
  /** Where maps get their background pictures; null when turned off (markers still show). */
  mapTiles: MapTiles | null;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Readable lines for a person at a terminal, or JSON lines for a log collector; unset: by whether stdout is a terminal. */
  logFormat: "pretty" | "json" | undefined;
  mail: MailConfig;
  auth: AuthConfig;
  payments: PaymentsConfig;
  /**
   * Origins whose pages may call every `/api/v1` endpoint (with a bearer token, never the cookie);
   * public reads are open to all (decision 012).
   */
  corsOrigins: string[];
  /** Accounts made staff at start (STAFF_EMAILS). */
  staffEmails: string[];
  /** The staff address that receives /contact messages (CONTACT_EMAIL, else MAIL_FROM's address). */
  contactEmail: string;
  /**
   * Whether POST /dev/clock may move the app's time forward (server/clock.ts), for browser journeys
   * that must see what happens days later. Never in production.
   */
  isDevClockOn: boolean;
  /** The planner's assistant (an OpenAI-compatible chat API), or null when LLM_BASE_URL and LLM_MODEL are not both set. */
  assistant: AssistantConfig | null;
}

export interface AssistantConfig {
  /** The API's base address without a trailing slash; requests go to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

/**
 * How orders are paid (decision 008): the sandbox, which takes no money, unless Stripe is configured.
 * server/payments/create-payment-provider.ts turns this into the provider.
 */
export type PaymentsConfig =
  | { provider: "sandbox" }
  | {
      provider: "stripe";
      secretKey: string;
      /** Signs the events Stripe posts to /api/v1/payments/stripe/webhook. */
      webhookSecret: string;
    };

export interface MailConfig {
  /** Where e-mail goes; null delivers to the development mailbox instead. */
  smtpUrl: string | null;
  from: string;
  /** Whether /dev/mailbox lists delivered messages (see devMailboxOf for when it opens by itself). */
  isDevMailboxOpen: boolean;
}

export interface AuthConfig {
  /** Extra addresses (besides the site itself) that auth links may redirect to; `*` matches within a segment. */
  redirectAllowList: string[];
  /**
   * The cap on account e-mails per hour in each of two budgets, sign-ups and magic links on one side,
   * recovery and confirmations sent again on the other; one client gets a third of it (server/auth/limits.ts).
   */
  emailsPerHour: number;
  accessTokenSeconds: number;
  /**
   * Believe the proxy in front about the browser's request: its address (X-Forwarded-For or
   * Forwarded `for`), scheme and host (X-Forwarded-Proto/-Host or Forwarded `proto`/`host`).
   */
  trustProxy: boolean;
  /** Social sign-in providers with their credentials; absent ones answer "provider is not enabled". */
  providers: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
}

export type OAuthProviderName = "google" | "facebook";

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Google: the OpenID userinfo endpoint; Facebook: the Graph API `me` endpoint. */
  profileUrl: string;
}

/** The providers' real endpoints; tests replace them with a local fake provider. */
export const OAUTH_ENDPOINTS: Record<OAuthProviderName, Omit<OAuthProviderConfig, "clientId" | "clientSecret">> = {
  google: {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    profileUrl: "https://openidconnect.googleapis.com/v1/userinfo",
  },
  facebook: {
    authorizeUrl: "https://www.facebook.com/v19.0/dialog/oauth",
    tokenUrl: "https://graph.facebook.com/v19.0/oauth/access_token",
    profileUrl: "https://graph.facebook.com/me",
  },
};

function oauthProvider(name: OAuthProviderName, clientId?: string, clientSecret?: string) {
  return clientId && clientSecret ? { [name]: { clientId, clientSecret, ...OAUTH_ENDPOINTS[name] } } : {};
}

export interface MapTiles {
  /** A Leaflet URL template: {z}/{x}/{y}, and {s} for subdomains a, b, c. */
  url: string;
  attribution: string;
  /** The Content-Security-Policy source that lets pages load these tiles. */
  cspSource: string;
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` may load from `https://*.tile.example.org`. */
export function tileSource(url: string): string {
  const [, scheme, host] = /^(https?:)\/\/([^/]+)/.exec(url)!;
  return `${scheme}//${host!.replaceAll("{s}", "*")}`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function readConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)),
    ...missingPaymentKeys(present),
    ...(present.DEV_CLOCK === "true" && present.NODE_ENV === "production"
      ? ["  DEV_CLOCK: cannot be true in production"]
      : []),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const devMailbox = devMailboxOf(env, publicUrl);
  if (devMailbox.problem) throw new ConfigError(`Invalid configuration:\n${devMailbox.problem}`);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    mode: env.NODE_ENV,
    isDevClockOn: env.DEV_CLOCK === "true",
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir,
    embeddedDatabaseDir: path.join(dataDir, "db"),
    uploadsDir: path.join(dataDir, "uploads"),
    databaseUrl: env.DATABASE_URL,
    seedSampleData: env.SEED_SAMPLE_DATA === "true",
    mapTiles:
      env.MAP_TILE_URL === "none"
        ? null
        : { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION, cspSource: tileSource(env.MAP_TILE_URL) },
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM,
      isDevMailboxOpen: devMailbox.isOpen,
    },
    auth: {
      redirectAllowList: env.AUTH_REDIRECT_ALLOW_LIST.split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
      emailsPerHour: env.AUTH_EMAILS_PER_HOUR,
      accessTokenSeconds: env.AUTH_ACCESS_TOKEN_SECONDS,
      trustProxy: env.TRUST_PROXY === "true",
      providers: {
        ...oauthProvider("google", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
        ...oauthProvider("facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
      },
    },
    corsOrigins: splitList(env.CORS_ORIGINS),
    staffEmails: splitList(env.STAFF_EMAILS),
    contactEmail: env.CONTACT_EMAIL ?? addressOf(env.MAIL_FROM),
    payments:
      paymentProviderOf(env) === "stripe"
        ? { provider: "stripe", secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET! }
        : { provider: "sandbox" },
    assistant:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ""), apiKey: env.LLM_API_KEY ?? null, model: env.LLM_MODEL }
        : null,
  };
}
