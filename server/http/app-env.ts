import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import type { Logger } from "#server/logger";

/** What every request handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    cspNonce: string;
    logger: Logger;
    db: Database;
    config: Config;
  };
}
