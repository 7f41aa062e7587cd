import type { z } from "zod";
import { AppError } from "#server/errors";

/** A zod failure as the API's `invalid` error, with a message per field (the first one found). */
export function invalidInput(error: z.ZodError, message: string): AppError {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [issue.path.join(".") || "_"];
    for (const key of keys) if (!fields.has(key)) fields.set(key, issue.message);
  }
  // From entries, so that even a field named "__proto__" is an own property of the result.
  return new AppError("invalid", message, Object.fromEntries(fields));
}
