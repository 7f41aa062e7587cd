import { Form, useLocation } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { shownName } from "#domain/deleted-account";

/** What a page knows of an organizer's followers (followStateOf), for the Follow button. */
export interface FollowState {
  followers: number;
  /** null for a visitor (a click leads to sign-in and back). */
  following: boolean | null;
  /** The viewer is this organizer: the count alone, no button. */
  self: boolean;
}

/**
 * Follow / Following (follow-organizer.tsx), with the follower count: a form posting the intent and the
 * page to come back to; with scripts React Router sends it without reloading the page and the page's
 * data comes back with the new state. The words are the `savesFollows` page messages.
 */
export function FollowButton({
  organizerId,
  organizerName,
  state,
}: {
  organizerId: string;
  organizerName: string;
  state: FollowState;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const following = state.following === true;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {!state.self && (
        <Form method="post" action={`/users/${organizerId}/follow`} preventScrollReset>
          <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          <SubmitButton
            variant="outline"
            size="sm"
            aria-pressed={following}
            aria-label={t("savesFollows.follow", { name: shownName(t, organizerName) })}
            className="aria-pressed:bg-muted"
          >
            {t(following ? "savesFollows.following" : "savesFollows.followShort")}
          </SubmitButton>
        </Form>
      )}
      <p className="text-sm text-muted-foreground">{t("savesFollows.followers", { count: state.followers })}</p>
    </div>
  );
}
