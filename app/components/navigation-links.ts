/** The site's navigation, defined once for the header, the mobile sheet and the footer. */
export interface NavLink {
  to: string;
  labelKey: string;
}

export const EVENTS_MENU_LINKS: NavLink[] = [
  { to: "/events", labelKey: "nav.browseAll" },
  { to: "/events/featured", labelKey: "nav.featured" },
  { to: "/vip-events", labelKey: "nav.vipEvents" },
  { to: "/categories", labelKey: "nav.categories" },
  { to: "/micro-events", labelKey: "nav.microEvents" },
];

const CREATE: NavLink = { to: "/create", labelKey: "nav.create" };
const PROMOTE: NavLink = { to: "/promote", labelKey: "nav.promote" };
const PRICING: NavLink = { to: "/pricing", labelKey: "nav.pricing" };

/**
 * After the Events menu; Promote only for a signed-in person (spec §2, header). The spec's separate 'VIP'
 * link led to the same page as the menu's 'VIP Events', so the menu and the phone sheet showed it twice:
 * only the menu's stays.
 */
export function primaryLinks(isSignedIn: boolean): NavLink[] {
  return isSignedIn ? [CREATE, PROMOTE, PRICING] : [CREATE, PRICING];
}

export const SECONDARY_LINKS: NavLink[] = [{ to: "/about", labelKey: "nav.about" }];

/*
 * No link leads to a page that does not exist yet (issue 18): the spec's other entries come back with their
 * pages, in the spec's order, and their labels stay in the locale files for them.
 */

/** The mobile sheet's 'Other Links' group. */
export const OTHER_LINKS: NavLink[] = [
  { to: "/about", labelKey: "nav.about" },
  { to: "/blog", labelKey: "nav.blog" },
  { to: "/community", labelKey: "nav.community" },
  { to: "/resources", labelKey: "nav.resources" },
  { to: "/contact", labelKey: "nav.contact" },
];

export const FIND_MY_TICKET: NavLink = { to: "/find-my-ticket", labelKey: "nav.findMyTicket" };
export const SIGN_IN: NavLink = { to: "/signin", labelKey: "nav.signIn" };
export const SIGN_UP: NavLink = { to: "/signup", labelKey: "nav.signUp" };
/** The avatar menu's links: the profile tab of the dashboard, and the dashboard. */
export const ACCOUNT_LINKS: NavLink[] = [
  { to: "/dashboard/profile", labelKey: "nav.profile" },
  { to: "/dashboard", labelKey: "nav.dashboard" },
];
/** The account links of a staff member: theirs, then the console. */
export const STAFF_CONSOLE_LINK: NavLink = { to: "/admin", labelKey: "nav.staffConsole" };
export function accountLinksFor(viewer: { isStaff: boolean }): NavLink[] {
  return viewer.isStaff ? [...ACCOUNT_LINKS, STAFF_CONSOLE_LINK] : ACCOUNT_LINKS;
}
/** Where the Log out form posts (app/routes/sign-out.ts). */
export const SIGN_OUT_ACTION = "/signout";

/** A column whose pages do not exist yet is left out with its heading (site-footer.tsx). */
export const FOOTER_COLUMNS: { titleKey: string; links: NavLink[] }[] = [
  {
    titleKey: "footer.discover",
    links: [
      { to: "/", labelKey: "footer.home" },
      { to: "/events", labelKey: "footer.browseEvents" },
      { to: "/events/featured", labelKey: "footer.featuredEvents" },
      { to: "/categories", labelKey: "footer.categories" },
      { to: "/event-types", labelKey: "footer.eventTypes" },
      { to: "/blog", labelKey: "footer.blog" },
    ],
  },
  {
    titleKey: "footer.organize",
    links: [
      { to: "/create", labelKey: "footer.createEvent" },
      { to: "/event-planning", labelKey: "footer.eventPlanning" },
      { to: "/dashboard", labelKey: "footer.dashboard" },
      { to: "/promote", labelKey: "footer.promoteEvent" },
      { to: "/promoters", labelKey: "footer.promoters" },
      { to: "/resources", labelKey: "footer.resources" },
      { to: "/pricing", labelKey: "footer.pricing" },
    ],
  },
  {
    titleKey: "footer.company",
    links: [
      { to: "/about", labelKey: "footer.about" },
      { to: "/community", labelKey: "footer.community" },
      { to: "/newsletter", labelKey: "footer.newsletter" },
      { to: "/contact", labelKey: "footer.contact" },
      { to: "/privacy", labelKey: "footer.privacy" },
      { to: "/terms", labelKey: "footer.terms" },
      { to: "/community-guidelines", labelKey: "footer.communityGuidelines" },
      { to: "/sitemap", labelKey: "footer.sitemap" },
    ],
  },
];
