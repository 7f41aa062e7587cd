import { createMiddleware } from "hono/factory";
import { PROMOTER_PARAMETER, REFERRAL_MAX_AGE_SECONDS, SHARE_PARAMETER } from "#domain/referral";
import { clientAddress } from "#server/auth/auth-request";
import type { AppEnv } from "#server/http/app-env";
import { cookieAttributes, readCookieValue } from "#server/http/session-cookie";
import { recordPromoterClick } from "#server/services/promoters";
import { recordShareVisit, visitorHash, type AttributionInput } from "#server/services/referrals";

/** The share link a visitor came through (`?s=`), kept for a purchase within REFERRAL_DAYS. */
export const SHARE_REFERRAL_COOKIE = "share_ref";
/** The promoter link a visitor came through (`?ref=`), kept for a purchase within REFERRAL_DAYS. */
export const PROMOTER_REFERRAL_COOKIE = "promoter_ref";

/**
 * Share and promoter links, counted before the response cache: a page request carrying `?s=` or
 * `?ref=` counts the visit (once per visitor, never the sharer's or promoter's own), keeps the code in
 * a cookie for REFERRAL_DAYS, and is redirected to the same address without the code. So the page
 * itself is the one every visitor gets from the cache, untouched by codes, and the count costs no
 * script on the page. The last link followed wins (one code of each kind); a code for another event
 * than the one bought for is ignored at checkout.
 */
export function referralLinks(trustProxy: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = new URL(c.req.url);
    const shareCode = url.searchParams.get(SHARE_PARAMETER);
    const promoterCode = url.searchParams.get(PROMOTER_PARAMETER);
    if (shareCode === null && promoterCode === null) return next();
    const visitor = {
      userId: c.get("viewer")?.userId ?? null,
      hash: visitorHash(clientAddress(c, trustProxy), c.req.header("User-Agent") ?? ""),
    };
    const db = c.get("db");
    const attributes = `${cookieAttributes(c.get("config"))}; Max-Age=${REFERRAL_MAX_AGE_SECONDS}`;
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (shareCode !== null && (await recordShareVisit(db, shareCode, visitor))) {
      headers.append("Set-Cookie", `${SHARE_REFERRAL_COOKIE}=${shareCode}; ${attributes}`);
    }
    if (promoterCode !== null && (await recordPromoterClick(db, promoterCode, visitor))) {
      headers.append("Set-Cookie", `${PROMOTER_REFERRAL_COOKIE}=${promoterCode}; ${attributes}`);
    }
    url.searchParams.delete(SHARE_PARAMETER);
    url.searchParams.delete(PROMOTER_PARAMETER);
    headers.set("Location", `${url.pathname}${url.search}${url.hash}`);
    return new Response(null, { status: 302, headers });
  });
}

/** The referral codes a checkout request carries, for placeOrder's attribution. */
export function referralCodesOf(cookieHeader: string | null | undefined): AttributionInput {
  return {
    shareCode: readCookieValue(cookieHeader, SHARE_REFERRAL_COOKIE) ?? null,
    promoterCode: readCookieValue(cookieHeader, PROMOTER_REFERRAL_COOKIE) ?? null,
  };
}
