import { Menu } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { Sheet } from "#app/components/ui/sheet";
import type { SignedInViewer } from "#app/root-data";
import { SignOutForm } from "./account-menu";
import {
  accountLinksFor,
  EVENTS_MENU_LINKS,
  FIND_MY_TICKET,
  OTHER_LINKS,
  primaryLinks,
  SIGN_IN,
  SIGN_UP,
  type NavLink,
} from "./navigation-links";
import { LanguageSelect } from "./language-select";
import { UserAvatar } from "./user-avatar";

/**
 * Below 768 px the navigation moves into a side sheet that closes on any link choice and after
 * logging out. Signed in, it shows the person's name and e-mail and their account links.
 */
export function MobileMenu({ viewer }: { viewer: SignedInViewer | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const group = (titleKey: string | null, links: NavLink[]) => (
    <section aria-labelledby={titleKey ? `mobile-${titleKey}` : undefined}>
      {titleKey && (
        <h2
          id={`mobile-${titleKey}`}
          className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
        >
          {t(titleKey)}
        </h2>
      )}
      <ul className="flex flex-col">
        {links.map((link) => (
          <li key={link.labelKey}>
            <Link to={link.to} onClick={close} className="block rounded-md px-2 py-2 hover:bg-muted">
              {t(link.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <div className="md:hidden">
      <button
        type="button"
        className={buttonClasses("ghost", "icon")}
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
      </button>
      <Sheet open={open} onOpenChange={setOpen} title={t("nav.menuTitle")} closeLabel={t("nav.closeMenu")}>
        <nav aria-label={t("nav.mainLabel")} className="flex flex-col gap-5">
          {group("nav.events", EVENTS_MENU_LINKS)}
          {group(null, [...primaryLinks(viewer !== null), FIND_MY_TICKET])}
          {/* Left out, heading and all, while none of its pages exists. */}
          {OTHER_LINKS.length > 0 && group("nav.otherLinks", OTHER_LINKS)}
        </nav>
        <LanguageSelect />
        {viewer ? (
          <section aria-labelledby="mobile-account" className="mt-auto flex flex-col gap-3 border-t border-border pt-4">
            <h2 id="mobile-account" className="sr-only">
              {t("nav.account")}
            </h2>
            <div className="flex items-center gap-3">
              <UserAvatar name={viewer.name} profileImage={viewer.profileImage} size="md" />
              <div className="min-w-0">
                <p className="truncate font-semibold">{viewer.name}</p>
                <p className="truncate text-sm text-muted-foreground">{viewer.email}</p>
              </div>
            </div>
            {group(null, accountLinksFor(viewer))}
            <SignOutForm className={buttonClasses("outline", "md", "w-full")} onSubmit={close} />
          </section>
        ) : (
          <div className="mt-auto flex flex-col gap-2">
            <Link to={SIGN_IN.to} onClick={close} className={buttonClasses("outline", "md")}>
              {t(SIGN_IN.labelKey)}
            </Link>
            <Link to={SIGN_UP.to} onClick={close} className={buttonClasses("primary", "md")}>
              {t(SIGN_UP.labelKey)}
            </Link>
          </div>
        )}
      </Sheet>
    </div>
  );
}
