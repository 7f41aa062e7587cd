import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANGUAGE, type Language } from "#domain/language";
import type { Flash } from "#app/flash";
import type { Theme } from "#app/i18n/preferences";

/*
 * What the root route's loader gives every page, and the hook components read it with. It lives apart
 * from root.tsx because root.tsx renders the header and footer that read it: kept there, the two
 * would import each other.
 */

/** The signed-in person as every page may show them (never their tokens). */
export interface SignedInViewer {
  name: string;
  email: string;
  profileImage: string | null;
  /** Staff see the console's link in their menu. */
  isStaff: boolean;
  /** When the browser should renew the session, from now; null when it is not a cookie session. */
  refreshInSeconds: number | null;
  /** The bell's count (from the header's one query); 100 means "99+". */
  unreadNotifications: number;
  /** Badges earned and not yet seen, worded on the server (the badges' names are a page namespace). */
  badgeNotice: BadgeNotice | null;
}

export interface BadgeNotice {
  /** The badges' keys, sent back when the notice is dismissed. */
  badges: string[];
  text: string;
  /** Where the person's badges are shown, and the link's words. */
  href: string;
  see: string;
  dismiss: string;
}

export interface RootData {
  language: Language;
  /** The language `?lang=` named: the page is then that language's own address (its canonical URL). */
  linkedLanguage: Language | null;
  theme: Theme;
  origin: string;
  viewer: SignedInViewer | null;
  flash: Flash | null;
}

export function useRootData(): RootData {
  return (
    useRouteLoaderData<RootData>("root") ?? {
      language: DEFAULT_LANGUAGE,
      linkedLanguage: null,
      theme: "system",
      origin: "",
      viewer: null,
      flash: null,
    }
  );
}
