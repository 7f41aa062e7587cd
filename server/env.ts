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
        .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, "must be an http(s) URL template with {z}, {x} and {y}, or none"),
    ])
    .default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().max(500).default(DEFAULT_MAP_TILE_ATTRIBUTION),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

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
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    mode: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
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
  };
}
