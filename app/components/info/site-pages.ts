import {
  EVENTS_MENU_LINKS,
  FIND_MY_TICKET,
  FOOTER_COLUMNS,
  OTHER_LINKS,
  primaryLinks,
  SECONDARY_LINKS,
  type NavLink,
} from "#app/components/navigation-links";

export interface SitemapGroup {
  titleKey: string;
  links: NavLink[];
}

/**
 * The human sitemap's groups of sections: the footer's columns, the first (Discover) with the Events
 * menu's other pages, then whatever the header and the phone's menu link to that none holds; each page
 * once, where it first appears.
 */
export function sitemapGroups(): SitemapGroup[] {
  const seen = new Set<string>();
  const fresh = (links: NavLink[]) =>
    links.filter((link) => {
      if (seen.has(link.to)) return false;
      seen.add(link.to);
      return true;
    });
  const groups: SitemapGroup[] = FOOTER_COLUMNS.map((column, index) => ({
    titleKey: column.titleKey,
    links: fresh(index === 0 ? [...column.links, ...EVENTS_MENU_LINKS] : column.links),
  }));
  groups.push({
    titleKey: "siteMap.moreGroup",
    links: fresh([...EVENTS_MENU_LINKS, ...primaryLinks(true), ...SECONDARY_LINKS, ...OTHER_LINKS, FIND_MY_TICKET]),
  });
  return groups.filter((group) => group.links.length > 0);
}
