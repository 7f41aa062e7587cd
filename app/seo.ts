import type { MetaDescriptor } from "react-router";
import { LANGUAGES, type Language } from "#domain/language";

interface PageSeo {
  title: string;
  description: string;
  /** Path of the page without a ?lang= parameter, e.g. /events/12 or /events?category=music. */
  path: string;
  image?: { url: string; alt: string } | null;
  type?: "website" | "event" | "profile" | "article";
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/**
 * Open Graph locales (language_TERRITORY) of the site's languages. Arabic is ar_AR, the one Arabic
 * locale Facebook's list of og:locale values has: the site's Arabic is not one country's (ar_SA would
 * say Saudi Arabia), and ar_AR is what Facebook and the crawlers that follow it read as Arabic.
 */
export const OG_LOCALES: Record<Language, string> = { en: "en_US", fr: "fr_FR", ar: "ar_AR", am: "am_ET" };

/** The picture link previews show for a page without one of its own (drawn by scripts/make-social-card.js). */
export const SITE_IMAGE = { path: "/social-card.png", width: 1200, height: 630 } as const;

function rootData(matches: Matches): { origin?: string; language?: Language; linkedLanguage?: Language | null } {
  return (matches.find((match) => match?.id === "root")?.data ?? {}) as {
    origin?: string;
    language?: Language;
    linkedLanguage?: Language | null;
  };
}

/** The public origin the root loader passes down (PUBLIC_URL), for absolute URLs in meta tags. */
export function siteOrigin(matches: Matches): string {
  return rootData(matches).origin ?? "";
}

/**
 * A page's title, description, canonical URL, language alternates (?lang=, for crawlers and shared
 * links), Open Graph and Twitter card tags. A page reached with `?lang=` is that language's own page:
 * it names itself as canonical, so search engines keep the four languages apart; the address without
 * it, whose language follows the visitor's choice, is the x-default.
 */
export function pageMeta(
  matches: Matches,
  { title, description, path, image, type = "website" }: PageSeo,
): MetaDescriptor[] {
  const { origin = "", language = "en", linkedLanguage = null } = rootData(matches);
  const address = `${origin}${path}`;
  const inLanguage = (other: Language) => `${address}${path.includes("?") ? "&" : "?"}lang=${other}`;
  const url = linkedLanguage ? inLanguage(linkedLanguage) : address;
  const picture = image
    ? { url: image.url.startsWith("http") ? image.url : `${origin}${image.url}`, alt: image.alt, size: null }
    : { url: `${origin}${SITE_IMAGE.path}`, alt: "DMV Events", size: SITE_IMAGE };
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...LANGUAGES.map((other) => ({ tagName: "link", rel: "alternate", hrefLang: other, href: inLanguage(other) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: address },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: "DMV Events" },
    { property: "og:locale", content: OG_LOCALES[language] },
    ...LANGUAGES.filter((other) => other !== language).map((other) => ({
      property: "og:locale:alternate",
      content: OG_LOCALES[other],
    })),
    { property: "og:image", content: picture.url },
    { property: "og:image:alt", content: picture.alt },
    ...(picture.size
      ? [
          { property: "og:image:width", content: String(picture.size.width) },
          { property: "og:image:height", content: String(picture.size.height) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: picture.url },
    { name: "twitter:image:alt", content: picture.alt },
  ];
}

/**
 * A page for one person (a dashboard, a checkout, an order): kept out of search engines, yet shared
 * links to it (someone sending their order page to a friend) still preview with the site's card.
 */
export function privatePageMeta(
  matches: Matches,
  title: string,
  robots: "noindex" | "noindex, nofollow" = "noindex",
): MetaDescriptor[] {
  const { origin = "", language = "en" } = rootData(matches);
  const image = `${origin}${SITE_IMAGE.path}`;
  return [
    { title },
    { name: "robots", content: robots },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:site_name", content: "DMV Events" },
    { property: "og:locale", content: OG_LOCALES[language] },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: "DMV Events" },
    { property: "og:image:width", content: String(SITE_IMAGE.width) },
    { property: "og:image:height", content: String(SITE_IMAGE.height) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:image", content: image },
  ];
}
