import type { MetaDescriptor } from "react-router";
import { LANGUAGES } from "#domain/language";
import { LOCALE_TAGS } from "#app/i18n/format";

interface PageSeo {
  title: string;
  description: string;
  /** Path of the page without a ?lang= parameter, e.g. /events/12. */
  path: string;
  image?: { url: string; alt: string } | null;
  type?: "website" | "event" | "profile";
}

/** The public origin the root loader passes down (PUBLIC_URL), for absolute URLs in meta tags. */
export function siteOrigin(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/**
 * A page's title, description, canonical URL, language alternates (?lang=, for crawlers and shared
 * links), Open Graph and Twitter card tags.
 */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  { title, description, path, image, type = "website" }: PageSeo,
): MetaDescriptor[] {
  const origin = siteOrigin(matches);
  const root = matches.find((match) => match?.id === "root")?.data as
    { language?: keyof typeof LOCALE_TAGS } | undefined;
  const url = `${origin}${path}`;
  const withLanguage = (language: string) => `${url}${path.includes("?") ? "&" : "?"}lang=${language}`;
  const imageUrl = image ? (image.url.startsWith("http") ? image.url : `${origin}${image.url}`) : null;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...LANGUAGES.map((language) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: language,
      href: withLanguage(language),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: "DMV Events" },
    { property: "og:locale", content: LOCALE_TAGS[root?.language ?? "en"].replace("-", "_") },
    ...(imageUrl
      ? [
          { property: "og:image", content: imageUrl },
          { property: "og:image:alt", content: image!.alt },
          { name: "twitter:card", content: "summary_large_image" },
          { name: "twitter:image", content: imageUrl },
        ]
      : [{ name: "twitter:card", content: "summary" }]),
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
