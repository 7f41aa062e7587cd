import {
  EVENTS_MENU_LINKS,
  FIND_MY_TICKET,
  FOOTER_COLUMNS,
  OTHER_LINKS,
  primaryLinks,
  SECONDARY_LINKS,
  type NavLink,
} from "#app/components/navigation-links";

/**
 * The site's public pages as its navigation lists them (navigation-links.ts): a page is linked from
 * the informational pages only once its link is back in the menus, so none of them ever links to a
 * page that does not exist yet (issue 18), and each appears without a change here when it returns.
 */
function navigationLinks(): NavLink[] {
  return [
    ...EVENTS_MENU_LINKS,
    ...primaryLinks(true),
    ...SECONDARY_LINKS,
    ...OTHER_LINKS,
    FIND_MY_TICKET,
    ...FOOTER_COLUMNS.flatMap((column) => column.links),
  ];
}

/** Whether the site's navigation links to `path` (e.g. "/contact"), that is whether its page exists. */
export function hasSitePage(path: string): boolean {
  return navigationLinks().some((link) => link.to === path);
}

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
