import { describe, expect, it } from "vitest";
import { formatLogLine } from "./logger";

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
