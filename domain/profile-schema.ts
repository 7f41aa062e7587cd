import { z } from "zod";
import { SOCIAL_NETWORKS } from "./profile";

// Apart from domain/profile.ts, which browser code imports: zod stays out of the pages that need no parsing.

/** A profile's social links: each network at most once, as an http(s) address. */
export const socialLinksSchema = z
  .object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, z.url().max(300).optional()])))
  .strict();
