import { Menu } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { Sheet } from "#app/components/ui/sheet";
import {
  EVENTS_MENU_LINKS,
  FIND_MY_TICKET,
  OTHER_LINKS,
  PRIMARY_LINKS,
  SIGN_IN,
  SIGN_UP,
  type NavLink,
} from "./navigation-links";

/** Below 768 px the navigation moves into a side sheet that closes on any link choice. */
export function MobileMenu() {
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
          <li key={link.to}>
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
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
      </button>
      <Sheet open={open} onOpenChange={setOpen} title={t("nav.menuTitle")} closeLabel={t("nav.closeMenu")}>
        <nav aria-label={t("nav.mainLabel")} className="flex flex-col gap-5">
          {group("nav.events", EVENTS_MENU_LINKS)}
          {group(null, [...PRIMARY_LINKS, FIND_MY_TICKET])}
          {group("nav.otherLinks", OTHER_LINKS)}
        </nav>
        <div className="mt-auto flex flex-col gap-2">
          <Link to={SIGN_IN.to} onClick={close} className={buttonClasses("outline", "md")}>
            {t(SIGN_IN.labelKey)}
          </Link>
          <Link to={SIGN_UP.to} onClick={close} className={buttonClasses("primary", "md")}>
            {t(SIGN_UP.labelKey)}
          </Link>
        </div>
      </Sheet>
    </div>
  );
}
