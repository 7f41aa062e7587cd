import { Form, Link, useLocation } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { useRootData } from "#app/root-data";

/**
 * "You earned a badge: First Timer", under the header on the next page a person opens after earning it,
 * until they dismiss it (a plain form: the badges count as seen, and the page comes back without it).
 * Its words come worded from the root loader, so no badge names are shipped to every page.
 */
export function BadgeNotice() {
  const notice = useRootData().viewer?.badgeNotice;
  const { pathname, search } = useLocation();
  if (!notice) return null;
  return (
    // A landmark of its own, not a live region: it is there when the page arrives, and the site's toasts
    // are the page's status messages.
    <aside aria-labelledby="badge-notice-text" className="border-b border-border bg-muted">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm">
        <p id="badge-notice-text" className="font-medium">
          {notice.text}
        </p>
        <Link to={notice.href} className={TEXT_LINK}>
          {notice.see}
        </Link>
        {/* The notifications page's action marks them seen (app/routes/notifications.tsx). */}
        <Form method="post" action="/notifications" className="ms-auto">
          <input type="hidden" name="intent" value="badgesSeen" />
          {notice.badges.map((badge) => (
            <input key={badge} type="hidden" name="badge" value={badge} />
          ))}
          <input type="hidden" name="next" value={pathname + search} />
          <SubmitButton variant="ghost" size="sm">
            {notice.dismiss}
          </SubmitButton>
        </Form>
      </div>
    </aside>
  );
}
