import type { FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";
import { SubmitButton } from "#app/components/ui/submit-button";

/** What a page knows of an organizer's followers (followStateOf), for the Follow button. */
export interface FollowState {
  followers: number;
  /** null for a visitor (a click leads to sign-in and back). */
  following: boolean | null;
  /** The viewer is this organizer: the count alone, no button. */
  self: boolean;
}

/**
 * Follow / Following, with the follower count: a plain form that comes back to this page; with
 * scripts, a fetcher sends it without leaving the page and the button turns at once. The words are the
 * `savesFollows` page messages, which the page's loader sends.
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
  const fetcher = useFetcher();
  const location = useLocation();
  const { t } = useTranslation();
  const pending = fetcher.formData?.get("intent");
  const following = typeof pending === "string" ? pending === "follow" : state.following === true;
  const followers = state.followers + (following ? 1 : 0) - (state.following === true ? 1 : 0);
  const action = `/users/${organizerId}/follow`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("respond", "data");
    void fetcher.submit(form, { method: "post", action });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      {!state.self && (
        <form method="post" action={action} onSubmit={submit}>
          <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          <SubmitButton
            variant={following ? "outline" : "primary"}
            size="sm"
            pending={fetcher.state !== "idle"}
            aria-pressed={following}
            aria-label={t("savesFollows.follow", { name: organizerName })}
          >
            {t(following ? "savesFollows.following" : "savesFollows.followShort")}
          </SubmitButton>
        </form>
      )}
      <p className="text-sm text-muted-foreground">{t("savesFollows.followers", { count: followers })}</p>
    </div>
  );
}
