import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#domain/language";
import type { AppEnv } from "#server/http/app-env";
import { readProxyRecord } from "#server/http/request-origin";

/** Who is asking, as the account services need it: for throttles, session records and e-mails. */
export interface AuthRequest {
  /** The client's address (the socket's, or the proxy's record of it when TRUST_PROXY is on). */
  ip: string;
  userAgent: string | null;
  now: Date;
  /** The language of any e-mail the request sends. */
  language: Language;
  /** The web's known-device cookie (known-device.ts), when the browser sent one. */
  knownDeviceToken?: string | null;
}

const MAX_USER_AGENT_LENGTH = 512;

export function authRequestFrom(c: Context<AppEnv>, language: Language, now = new Date()): AuthRequest {
  return {
    ip: clientAddress(c, c.get("config").auth.trustProxy),
    userAgent: c.req.header("user-agent")?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    now,
    language,
  };
}

/**
 * The proxy's record of the client (X-Forwarded-For, else `Forwarded: for=`) is only believed behind
 * our own proxy, and then only its right-most entry (the one the proxy wrote): anything to the left was
 * sent by the client and could be made up to dodge limits.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = readProxyRecord((name) => c.req.header(name)).for;
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests calling app.request) have no socket.
    return "unknown";
  }
}

/** The first of our languages the Accept-Language header names, for e-mails sent through the API. */
export function languageFromHeader(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? "").slice(0, 200).split(",")) {
    const primary = part.split(";")[0]!.trim().slice(0, 2).toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
