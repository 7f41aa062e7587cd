import { Heart } from "lucide-react";
import { createContext, useContext, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";
import { SubmitButton } from "#app/components/ui/submit-button";

/**
 * The viewer's saved events on this page (their hearts drawn full): null for a visitor, whose click
 * leads to sign-in and back; undefined (no provider) where a page shows no hearts. Pages that show
 * hearts load the `savesFollows` page messages.
 */
export const SavedEvents = createContext<readonly number[] | null | undefined>(undefined);

/**
 * The heart: a plain form that saves or unsaves the event, and comes back to this page; with scripts, a
 * fetcher sends it without leaving the page (`respond=data`) and the heart turns at once.
 */
export function SaveButton({ eventId, title, className = "" }: { eventId: number; title: string; className?: string }) {
  const saved = useContext(SavedEvents);
  const fetcher = useFetcher();
  const location = useLocation();
  const { t } = useTranslation();
  if (saved === undefined) return null;
  const pending = fetcher.formData?.get("intent");
  const isSaved = typeof pending === "string" ? pending === "save" : saved?.includes(eventId) === true;
  const action = `/events/${eventId}/save`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("respond", "data");
    void fetcher.submit(form, { method: "post", action });
  };
  return (
    <form method="post" action={action} onSubmit={submit} className={className}>
      <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <SubmitButton
        variant="bare"
        pending={fetcher.state !== "idle"}
        aria-pressed={isSaved}
        aria-label={t("savesFollows.save", { title })}
        className="inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-rose-600 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Heart aria-hidden="true" className={`size-5 ${isSaved ? "fill-current" : ""}`} />
      </SubmitButton>
    </form>
  );
}
