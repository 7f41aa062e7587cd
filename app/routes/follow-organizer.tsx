import { data, Form, redirect } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import { sameSitePath } from "#domain/next-path";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import { followOrganizer, unfollowOrganizer } from "#server/services/saves-follows";
import { getPublicProfile } from "#server/services/profiles";
import { isSameSiteNavigation, PRIVATE, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/follow-organizer";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("savesFollows.confirmFollowHeading")} | ${t("app.name")}`);
}

function organizerIdOf(params: { id: string }): string {
  if (!UUID.test(params.id)) throw data(null, { status: 404 });
  return params.id.toLowerCase();
}

async function follow(context: Route.LoaderArgs["context"], organizerId: string) {
  try {
    await followOrganizer(context.db, context.viewer!, organizerId, currentTime());
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    if (error instanceof AppError && error.code === "invalid") throw data(null, { status: 400 });
    throw error;
  }
}

/**
 * The Follow button's form (intent follow or unfollow, and the page to come back to). A visitor is
 * sent to sign in and brought back here (the loader) to finish following. With `respond=data` the
 * answer is data, not a redirect (for a script that sends it itself).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const organizerId = organizerIdOf(params);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ following: null }, { status: 413 });
  const intent = form?.get("intent");
  if (intent !== "follow" && intent !== "unfollow") return data({ following: null }, { status: 400 });
  const back = sameSitePath(form?.get("back"), `/users/${organizerId}`);
  if (!context.viewer) {
    const finish = intent === "follow" ? `/users/${organizerId}/follow?back=${encodeURIComponent(back)}` : back;
    throw redirect(`/signin?next=${encodeURIComponent(finish)}`);
  }
  if (intent === "follow") await follow(context, organizerId);
  else await unfollowOrganizer(context.db, context.viewer.userId, organizerId);
  if (form?.get("respond") === "data") return data({ following: intent === "follow" }, { headers: PRIVATE });
  throw redirect(back);
}

/** Where sign-in brings a visitor who clicked Follow: as the heart's (save-event.tsx). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const organizerId = organizerIdOf(params);
  requireViewer(request, context);
  const back = sameSitePath(new URL(request.url).searchParams.get("back"), `/users/${organizerId}`);
  if (isSameSiteNavigation(request)) {
    await follow(context, organizerId);
    throw redirect(back);
  }
  const profile = await getPublicProfile(context.db, organizerId);
  if (!profile) throw data(null, { status: 404 });
  return data({ name: profile.name, back, pageMessages: await savesFollowsMessages(request) }, { headers: PRIVATE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function FollowOrganizerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{t("savesFollows.confirmFollowHeading")}</h1>
      <p dir="auto" className="text-lg">
        {loaderData.name}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="follow" />
        <input type="hidden" name="back" value={loaderData.back} />
        <SubmitButton>{t("savesFollows.confirmFollow")}</SubmitButton>
      </Form>
    </div>
  );
}
