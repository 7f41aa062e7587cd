import { SOCIAL_NETWORKS } from "#domain/profile";
import type { PublicProfile } from "#server/services/profiles";

/**
 * schema.org's description of a public profile: a ProfilePage about a Person (never their e-mail), who
 * works for their organization when they name one; `sameAs` lists their own links elsewhere.
 */
export function profileJsonLd({ origin, path, profile }: { origin: string; path: string; profile: PublicProfile }) {
  const sameAs = SOCIAL_NETWORKS.flatMap((network) => {
    const url = profile.socialLinks[network];
    return url ? [url] : [];
  });
  const image = profile.profileImage
    ? profile.profileImage.startsWith("http")
      ? profile.profileImage
      : `${origin}${profile.profileImage}`
    : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: `${origin}${path}`,
    mainEntity: {
      "@type": "Person",
      name: profile.name,
      url: `${origin}${path}`,
      ...(profile.bio ? { description: profile.bio } : {}),
      ...(image ? { image } : {}),
      ...(profile.location ? { homeLocation: { "@type": "Place", name: profile.location } } : {}),
      ...(profile.organization ? { worksFor: { "@type": "Organization", name: profile.organization } } : {}),
      ...(sameAs.length > 0 ? { sameAs } : {}),
    },
  };
}
