import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import type { Logger } from "#server/logger";
import type { PaymentProvider } from "#server/payments/payment-provider";

/**
 * The signed-in person making the request, established by server/http/viewer.ts from the session
 * cookie or a bearer access token (decision 007); null for visitors.
 */
export interface Viewer {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  profileImage: string | null;
  /** Runs the marketplace: may open /admin and call /api/v1/staff (server/services/staff.ts). */
  isStaff: boolean;
  /** Notifications they have not read, for the header's bell (counted up to 100). */
  unreadNotifications?: number;
  /** Badges they earned and have not seen yet (keys of domain/badges.ts), for the header's notice. */
  unseenBadges?: string[];
  /**
   * When the access token of a web session (the cookie) ends, in seconds since the epoch; the
   * browser renews it shortly before. Absent for bearer-token clients, which renew on their own.
   */
  sessionExpiresAt?: number;
}

/** What every request handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    cspNonce: string;
    logger: Logger;
    db: Database;
    config: Config;
    viewer: Viewer | null;
    /** How orders are paid: the sandbox or Stripe, chosen once at start (decision 008). */
    payments: PaymentProvider;
  };
}
