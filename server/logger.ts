import { styleText } from "node:util";
import { pino, type DestinationStream, type Logger } from "pino";
import type { Config } from "#server/env";

export type { Logger };

/**
 * JSON lines (pino) for log collectors, or, for a person at a terminal, readable lines:
 * `16:08:12 INFO  Listening on http://localhost:3000 database=embedded`. Unless LOG_FORMAT says,
 * a terminal (stdout is a TTY) gets readable lines and anything else (a pipe, a file, a service
 * manager's journal) gets JSON.
 */
export function createLogger(
  config: Pick<Config, "logLevel" | "mode"> & Partial<Pick<Config, "logFormat">>,
  /** Where JSON lines go instead of stdout (tests). */
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.mode === "test" ? "silent" : config.logLevel,
    base: undefined,
    serializers: { err: withoutQueryParameters },
  };
  if (destination) return pino(options, destination);
  const format = config.logFormat ?? (process.stdout.isTTY ? "pretty" : "json");
  return format === "pretty" ? pino(options, readableLines(process.stdout)) : pino(options);
}

/** What a failed query's error adds to its message: every value it was sent, on one line. */
const PARAMETERS_LINE = /\nparams: .*$/gm;
const PARAMETER_FIELDS = new Set(["params", "parameters", "args"]);

/**
 * An error as logged, without the values of the query that failed. Drizzle's errors carry them (as
 * `params` and in their message), and they are what people typed: addresses, password hashes, tokens.
 * The query itself stays, which is what finding the bug needs.
 */
export function withoutQueryParameters(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  return scrub(serialized, 0);
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return value.replace(PARAMETERS_LINE, "");
  if (value === null || typeof value !== "object" || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PARAMETER_FIELDS.has(key))
      .map(([key, item]) => [key, scrub(item, depth + 1)]),
  );
}

type Color = Parameters<typeof styleText>[0];
const LEVELS: Record<number, { name: string; color: Color }> = {
  10: { name: "TRACE", color: "gray" },
  20: { name: "DEBUG", color: "gray" },
  30: { name: "INFO", color: "green" },
  40: { name: "WARN", color: "yellow" },
  50: { name: "ERROR", color: "red" },
  60: { name: "FATAL", color: "red" },
};

/** pino writes one JSON line per record to this stream, which prints it as `formatLogLine` does. */
function readableLines(out: NodeJS.WriteStream): DestinationStream {
  return {
    write: (line: string) => void out.write(`${formatLogLine(JSON.parse(line), out.hasColors?.() ?? false)}\n`),
  };
}

/**
 * One record as a line: local time, level, message, then the record's plain fields as key=value.
 * Fields that hold objects are for machines (a request's details, which its message already says)
 * and are left out, except an error, whose stack follows on the next lines.
 */
export function formatLogLine(record: Record<string, unknown>, hasColors = false): string {
  const { time, level, msg, err, ...fields } = record;
  const paint = (color: Color, text: string) => (hasColors ? styleText(color, text) : text);
  const { name, color } = LEVELS[Number(level)] ?? { name: "LOG", color: "white" };
  const clock = new Date(Number(time)).toTimeString().slice(0, 8);
  const extras = Object.entries(fields)
    .filter(([, value]) => value === null || typeof value !== "object")
    .map(([key, value]) => `${key}=${typeof value === "string" && /\s/.test(value) ? JSON.stringify(value) : value}`);
  const stack = (err as { stack?: string } | undefined)?.stack;
  return [
    `${paint("dim", clock)} ${paint(color, name.padEnd(5))} ${msg ?? ""}${extras.length ? ` ${paint("dim", extras.join(" "))}` : ""}`,
    ...(stack ? [paint("red", stack)] : []),
  ].join("\n");
}
