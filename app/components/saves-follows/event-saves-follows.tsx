import { FollowButton, type FollowState } from "#app/components/follows/follow-button";
import { SavedEvents, SaveButton } from "./save-button";

/**
 * The event page's heart and its organizer's Follow button with their follower count (beside the
 * organizer's card).
 */
export function EventSavesFollows({
  event,
  follow,
  savedEvents,
}: {
  event: { id: number; title: string; organizer: { id: string; name: string } };
  follow: FollowState;
  savedEvents: readonly number[] | null;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-4">
      <SavedEvents value={savedEvents}>
        <SaveButton eventId={event.id} title={event.title} className="[&_button]:border [&_button]:border-border" />
      </SavedEvents>
      <FollowButton organizerId={event.organizer.id} organizerName={event.organizer.name} state={follow} />
    </div>
  );
}
