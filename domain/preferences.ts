import { z } from "zod";
import { LANGUAGES } from "./language";

/** A change of interface language and/or theme, and where to go back to afterwards. */
export const preferencesSchema = z.object({
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(["light", "dark", "system"]).optional(),
  // Only paths on this site: "/x" but never "//host" or "/\host", which browsers treat as another site.
  redirectTo: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/)
    .optional(),
});
