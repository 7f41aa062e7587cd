import { pino, type Logger } from "pino";
import type { Config } from "#server/env";

export type { Logger };

export function createLogger(config: Pick<Config, "logLevel" | "mode">): Logger {
  return pino({ level: config.mode === "test" ? "silent" : config.logLevel, base: undefined });
}
