import type { AppLoadContext } from "react-router";
import type { FollowState } from "#app/components/follows/follow-button";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { followStateOf, listSavedEventIds } from "#server/services/saves-follows";

/**
 * What a page with hearts or a Follow button adds to its loader data (one query for every card on the
 * page). The viewer's saved events are null for a visitor, so a visitor's page is the same for everyone
 * (cached, decision 005); a signed-in person's pages are never kept by a shared cache (the viewer
 * middleware marks every answer to a signed-in request `private, no-store`, server/http/viewer.ts).
 */
export async function savedEventsOf(context: AppLoadContext): Promise<number[] | null> {
  return context.viewer ? listSavedEventIds(context.db, context.viewer) : null;
}

/** The organizer's follower count and whether the viewer follows them (FollowButton). */
export async function followStateFor(context: AppLoadContext, organizerId: string): Promise<FollowState> {
  const { followers, following } = await followStateOf(context.db, context.viewer ?? null, organizerId);
  const self = context.viewer?.userId === organizerId;
  return { followers, following: context.viewer ? following : null, self };
}

/** The hearts' and Follow button's words (a page namespace: they are on the home and event pages). */
export function savesFollowsMessages(request: Request) {
  return pageMessages(negotiateLanguage(request), ["savesFollows"]);
}

export const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * Whether a page load comes from our own pages (or the address bar): a sign-in's redirect does. A
 * link on another site (`Sec-Fetch-Site: cross-site`) must not save or follow anything by itself.
 */
export function isSameSiteNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin" || site === "none";
}
