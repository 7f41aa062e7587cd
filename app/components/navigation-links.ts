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

/** After the Events menu. Promote joins these for signed-in users (accounts work). */
export const PRIMARY_LINKS: NavLink[] = [
  { to: "/vip-events", labelKey: "nav.vip" },
  { to: "/create", labelKey: "nav.create" },
  { to: "/pricing", labelKey: "nav.pricing" },
];

export const SECONDARY_LINKS: NavLink[] = [{ to: "/about", labelKey: "nav.about" }];

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
