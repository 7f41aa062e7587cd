import { ChevronDown, Ticket } from "lucide-react";
import { useTranslation } from "#app/i18n/use-translation";
import { Link, NavLink as RouterNavLink, useMatches } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { Disclosure, DISCLOSURE_ITEM } from "#app/components/ui/disclosure";
import { useRootData } from "#app/root-data";
import { AccountMenu } from "./account-menu";
import { HeaderLanguageMenu } from "./language-select";
import { MobileMenu } from "./mobile-menu";
import { NotificationBell } from "./notifications/notification-bell";
import { EVENTS_MENU_LINKS, FIND_MY_TICKET, primaryLinks, SECONDARY_LINKS, SIGN_IN, SIGN_UP } from "./navigation-links";
import { SiteLogo } from "./site-logo";
import { ThemeMenu } from "./theme-menu";

/** The id React Router gives the catch-all route (app/routes.ts: "*" → routes/not-found.tsx). */
const NOT_FOUND_ROUTE_ID = "routes/not-found";

const LINK =
  "rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-muted hover:text-foreground aria-[current=page]:text-foreground aria-[current=page]:bg-muted";

export function SiteHeader() {
  const { t } = useTranslation();
  // From the root loader: the first HTML already shows the right one of these (decision 007 §4).
  const { viewer } = useRootData();
  // A link is marked as the current page only when there is a page: NavLink also matches the addresses
  // under its own, so the not-found page of /pricing/nothing would otherwise highlight 'Pricing'.
  const HeaderLink = useMatches().at(-1)?.id === NOT_FOUND_ROUTE_ID ? Link : RouterNavLink;
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <SiteLogo />
        <nav aria-label={t("nav.mainLabel")} className="ms-4 hidden items-center gap-1 md:flex">
          <Disclosure
            buttonClassName={`${LINK} inline-flex items-center gap-1`}
            button={
              <>
                {t("nav.events")}
                <ChevronDown aria-hidden="true" className="h-4 w-4" />
              </>
            }
          >
            {(close) => (
              <ul>
                {EVENTS_MENU_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={close} className={DISCLOSURE_ITEM}>
                      {t(link.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Disclosure>
          {[...primaryLinks(viewer !== null), ...SECONDARY_LINKS].map((link) => (
            <HeaderLink key={link.to} to={link.to} className={LINK}>
              {t(link.labelKey)}
            </HeaderLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <Link to={FIND_MY_TICKET.to} className={buttonClasses("outline", "sm", "max-lg:hidden")}>
            <Ticket aria-hidden="true" className="h-4 w-4" />
            {t(FIND_MY_TICKET.labelKey)}
          </Link>
          <div className="hidden md:block">
            <HeaderLanguageMenu />
          </div>
          <ThemeMenu />
          {viewer && <NotificationBell unread={viewer.unreadNotifications} />}
          <div className="hidden items-center gap-2 md:flex">
            {viewer ? (
              <AccountMenu viewer={viewer} />
            ) : (
              <>
                <Link to={SIGN_IN.to} className={buttonClasses("ghost", "sm")}>
                  {t(SIGN_IN.labelKey)}
                </Link>
                <Link to={SIGN_UP.to} className={buttonClasses("primary", "sm")}>
                  {t(SIGN_UP.labelKey)}
                </Link>
              </>
            )}
          </div>
          <MobileMenu viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
