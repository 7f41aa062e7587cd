import { useTranslation } from "#app/i18n/use-translation";
import { data, Link } from "react-router";
import { ProfileHeader } from "#app/components/profile-header";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { getPublicProfile } from "#server/services/profiles";
import { FollowButton } from "#app/components/follows/follow-button";
import { followStateFor, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/user";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { profile } = loaderData;
  return pageMeta(matches, {
    title: `${profile.name} | ${t("app.name")}`,
    description: profile.bio ?? profile.name,
    path: `/users/${profile.id}`,
    type: "profile",
  });
}

/** A person's public profile (never their e-mail address). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const profile = await getPublicProfile(context.db, params.id);
  if (!profile) throw data(null, { status: 404 });
  return {
    profile,
    follow: await followStateFor(context, profile.id),
    pageMessages: await savesFollowsMessages(request),
  };
}

export default function UserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <ProfileHeader profile={profile} />
      <FollowButton organizerId={profile.id} organizerName={profile.name} state={loaderData.follow} />
      {profile.role === "organizer" && (
        <Link to={`/organizers/${profile.id}`} className={buttonClasses("primary", "md", "self-start")}>
          {t("profile.viewOrganizerPage")}
        </Link>
      )}
    </div>
  );
}
