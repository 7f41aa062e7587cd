import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { createLogger, formatLogLine } from "./logger";

describe("readable log lines", () => {
  const time = new Date(2026, 10, 26, 16, 8, 12).getTime();

  it("shows the local time, the level and the message, then plain fields as key=value", () => {
    expect(
      formatLogLine({
        level: 30,
        time,
        msg: "Listening on http://localhost:3000",
        database: "embedded",
        readyInMs: 1850,
      }),
    ).toBe("16:08:12 INFO  Listening on http://localhost:3000 database=embedded readyInMs=1850");
  });

  it("leaves a request's details to its message", () => {
    const line = formatLogLine({
      level: 30,
      time,
      msg: "GET /events/1 200 35 ms",
      request: { method: "GET", path: "/events/1", status: 200, ms: 35 },
    });
    expect(line).toBe("16:08:12 INFO  GET /events/1 200 35 ms");
  });

  it("quotes values with spaces and puts an error's stack under its line", () => {
    const line = formatLogLine({
      level: 50,
      time,
      msg: "unhandled error",
      path: "/a b",
      err: { type: "Error", message: "boom", stack: "Error: boom\n    at here" },
    });
    expect(line).toBe('16:08:12 ERROR unhandled error path="/a b"\nError: boom\n    at here');
  });
});

describe("logged errors", () => {
  it("keep a failed query but never the values it was sent (addresses, password hashes)", () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: "info", mode: "production" }, { write: (line) => void lines.push(line) });
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g";
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    logger.error(
      {
        err: new DrizzleQueryError(
          'insert into "users" ("email", "password_hash") values ($1, $2)',
          ["abebe@example.com", hash],
          cause,
        ),
      },
      "unhandled error",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('insert into \\"users\\"');
    expect(lines[0]).toContain("invalid byte sequence");
    expect(lines[0]).not.toContain("abebe@example.com");
    expect(lines[0]).not.toContain("argon2id");
  });
});
