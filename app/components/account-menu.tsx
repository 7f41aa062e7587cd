import { LayoutDashboard, LogOut, ShieldCheck, User } from "lucide-react";
import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { Disclosure, DISCLOSURE_ITEM } from "#app/components/ui/disclosure";
import type { SignedInViewer } from "#app/root-data";
import { accountLinksFor, SIGN_OUT_ACTION } from "./navigation-links";
import { UserAvatar } from "./user-avatar";

const ICONS = [User, LayoutDashboard, ShieldCheck];

/**
 * The signed-in person's menu in the header: their name and e-mail, Profile, Dashboard (and the staff
 * console for staff) and Log out.
 */
export function AccountMenu({ viewer }: { viewer: SignedInViewer }) {
  const { t } = useTranslation();
  return (
    <Disclosure
      align="end"
      buttonClassName="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      buttonLabel={t("nav.accountMenu")}
      button={<UserAvatar name={viewer.name} profileImage={viewer.profileImage} />}
    >
      {(close) => (
        <>
          <div className="border-b border-border px-3 py-2">
            <p className="truncate text-sm font-semibold" dir="auto">
              {viewer.name}
            </p>
            <p className="truncate text-xs text-muted-foreground">{viewer.email}</p>
          </div>
          <ul className="py-1">
            {accountLinksFor(viewer).map((link, index) => {
              const Icon = ICONS[index] ?? User;
              return (
                <li key={link.labelKey}>
                  <Link to={link.to} onClick={close} className={DISCLOSURE_ITEM}>
                    <Icon aria-hidden="true" className="h-4 w-4" />
                    {t(link.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
          <SignOutForm className={`${DISCLOSURE_ITEM} border-t border-border`} onSubmit={close} />
        </>
      )}
    </Disclosure>
  );
}

/** Log out: a real form, so it works before scripts load; the server ends the session. */
export function SignOutForm({ className, onSubmit }: { className: string; onSubmit?: () => void }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={SIGN_OUT_ACTION} onSubmit={onSubmit}>
      <SubmitButton variant="bare" className={className}>
        <LogOut aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        {t("nav.logOut")}
      </SubmitButton>
    </Form>
  );
}
