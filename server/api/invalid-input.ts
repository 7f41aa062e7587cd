import type { z } from "zod";
import { AppError } from "#server/errors";

/** A zod failure as the API's `invalid` error, with a message per field. */
export function invalidInput(error: z.ZodError, message: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(",") : "_");
    fields[path] ??= issue.message;
  }
  return new AppError("invalid", message, fields);
}
