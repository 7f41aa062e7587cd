import { Heart } from "lucide-react";
import { createContext, useContext } from "react";
import { Form, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";
import { SubmitButton } from "#app/components/ui/submit-button";

/**
 * The viewer's saved events on this page (their hearts drawn full): null for a visitor, whose click
 * leads to sign-in and back; undefined (no provider) where a page shows no hearts. Pages that show
 * hearts load the `savesFollows` page messages.
 */
export const SavedEvents = createContext<readonly number[] | null | undefined>(undefined);

/**
 * The heart: a form posting save or unsave and the page to come back to (save-event.tsx). With scripts
 * React Router sends it without reloading the page, keeps the scroll, and the page's data comes back
 * with the new state; without, the browser does the same.
 */
export function SaveButton({ eventId, title, className = "" }: { eventId: number; title: string; className?: string }) {
  const saved = useContext(SavedEvents);
  const { t } = useTranslation();
  const location = useLocation();
  if (saved === undefined) return null;
  const on = saved?.includes(eventId) === true;
  return (
    <div className={className}>
      <Form method="post" action={`/events/${eventId}/save`} preventScrollReset>
        <input type="hidden" name="intent" value={on ? "unsave" : "save"} />
        <input type="hidden" name="back" value={location.pathname + location.search} />
        <SubmitButton
          variant="bare"
          aria-pressed={on}
          aria-label={t("savesFollows.save", { title })}
          className="inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-rose-600 shadow-sm hover:bg-white"
        >
          <Heart aria-hidden="true" className={`size-5 ${on ? "fill-current" : ""}`} />
        </SubmitButton>
      </Form>
    </div>
  );
}
