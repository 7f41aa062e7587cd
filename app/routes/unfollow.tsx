import { data, Form, Link } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { privatePageMeta } from "#app/seo";
import { readSmallForm } from "#server/http/read-form";
import { getPublicProfile } from "#server/services/profiles";
import { unfollowOrganizer } from "#server/services/saves-follows";
import { readUnfollowToken } from "#server/services/unfollow-token";
import { PRIVATE, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/unfollow";

const MAX_TOKEN_LENGTH = 1_000;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("savesFollows.unfollowHeading")} | ${t("app.name")}`);
}

function tokenOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, MAX_TOKEN_LENGTH) : "";
}

/**
 * Opened from a followed organizers' e-mail (`?token=`): who would be unfollowed, and one button. The
 * link itself changes nothing, since mail programs open links to scan them; no sign-in is needed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const named = token ? await readUnfollowToken(context.db, token) : null;
  const organizer = named && (await getPublicProfile(context.db, named.organizerId));
  return data(
    { token, organizerName: organizer ? organizer.name : null, pageMessages: await savesFollowsMessages(request) },
    { headers: PRIVATE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  const named = form && form !== "too_large" ? await readUnfollowToken(context.db, tokenOf(form.get("token"))) : null;
  if (!named) return data({ done: false }, { status: 400, headers: PRIVATE });
  await unfollowOrganizer(context.db, named.followerId, named.organizerId);
  return data({ done: true }, { headers: PRIVATE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function UnfollowPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { token, organizerName } = loaderData;
  const invalid = organizerName === null || actionData?.done === false;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{t("savesFollows.unfollowHeading")}</h1>
      {invalid ? (
        <p role="alert">{t("savesFollows.unfollowInvalid")}</p>
      ) : actionData?.done ? (
        <p role="status">{t("savesFollows.unfollowDone", { name: organizerName })}</p>
      ) : (
        <Form method="post" className="flex flex-col items-start gap-4">
          <p>{t("savesFollows.unfollowQuestion", { name: organizerName })}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton>{t("savesFollows.unfollowSubmit")}</SubmitButton>
        </Form>
      )}
      <Link to="/events" className="text-primary underline underline-offset-2 hover:no-underline">
        {t("savesFollows.browseEvents")}
      </Link>
    </div>
  );
}
