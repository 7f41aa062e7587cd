import { ExternalLink, MapPin } from "lucide-react";
import { isolateUserText } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { SOCIAL_NETWORKS } from "#domain/profile";
import type { PublicProfile } from "#server/services/profiles";

/** A person's name, picture, role, bio and links, as on their user and organizer pages. */
export function ProfileHeader({ profile, badge }: { profile: PublicProfile; badge?: string }) {
  const { t } = useTranslation();
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const url = profile.socialLinks[network];
    return url ? [{ network, url }] : [];
  });
  return (
    <header className="flex flex-col gap-6 md:flex-row md:items-start">
      {profile.profileImage && (
        <img src={profile.profileImage} alt="" width={128} height={128} className="h-32 w-32 rounded-full" />
      )}
      <div className="flex flex-col gap-2">
        <h1 dir="auto" className="text-3xl font-extrabold">
          {profile.name}
        </h1>
        <p className="text-muted-foreground">
          {t(`profile.${profile.role}`)}
          {profile.organization && (
            <>
              {" · "}
              <bdi>{profile.organization}</bdi>
            </>
          )}
        </p>
        {badge && <p className="font-semibold text-primary">{badge}</p>}
        {profile.location && (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="h-4 w-4" />
            {t("profile.location", { location: isolateUserText(profile.location) })}
          </p>
        )}
        {profile.bio && (
          <p dir="auto" className="max-w-2xl">
            {profile.bio}
          </p>
        )}
        {links.length > 0 && (
          <nav aria-label={t("profile.links")}>
            <ul className="flex flex-wrap gap-2">
              {links.map(({ network, url }) => (
                <li key={network}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer nofollow ugc"
                    className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 text-sm hover:bg-muted"
                  >
                    {t(`profile.social.${network}`)}
                    <ExternalLink aria-hidden="true" className="h-3 w-3" />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
