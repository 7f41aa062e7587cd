import { z } from "zod";
import { LANGUAGES } from "./language";
import { sameSitePath } from "./next-path";

/** A change of interface language and/or theme, and where to go back to afterwards. */
export const preferencesSchema = z.object({
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(["light", "dark", "system"]).optional(),
  // Only paths on this site (the one rule of next-path.ts): never "//host", "/\host" or "/.//host".
  redirectTo: z
    .string()
    .max(2000)
    .refine((path) => sameSitePath(path, "") !== "")
    .transform((path) => sameSitePath(path, "/"))
    .optional(),
});
