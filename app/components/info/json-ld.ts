import type { Language } from "#domain/language";
import { SITE_IMAGE } from "#app/seo";

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The page's language, as the root loader chose it. */
export function pageLanguage(matches: Matches): Language {
  const root = matches.find((match) => match?.id === "root")?.data as { language?: Language } | undefined;
  return root?.language ?? "en";
}

/** The marketplace as the publisher of its own pages. */
export function publisher(origin: string) {
  return { "@type": "Organization", name: "DMV Events", url: `${origin}/`, logo: `${origin}/favicon.svg` };
}

interface PageFacts {
  origin: string;
  path: string;
  title: string;
  description: string;
  language: Language;
}

/** A page of the site (WebPage or one of its kinds, such as CollectionPage), in schema.org's words. */
export function webPageJsonLd(
  type: "WebPage" | "CollectionPage",
  { origin, path, title, description, language }: PageFacts,
  extra: Record<string, unknown> = {},
) {
  return {
    "@context": "https://schema.org",
    "@type": type,
    name: title,
    description,
    url: `${origin}${path}`,
    inLanguage: language,
    isPartOf: { "@type": "WebSite", name: "DMV Events", url: `${origin}/` },
    publisher: publisher(origin),
    ...extra,
  };
}

/** A guide: an Article by the marketplace, with the names of its sections. */
export function articleJsonLd(
  { origin, path, title, description, language }: PageFacts,
  { dateModified, sections }: { dateModified: string; sections: string[] },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: title,
    description,
    url: `${origin}${path}`,
    mainEntityOfPage: `${origin}${path}`,
    inLanguage: language,
    image: `${origin}${SITE_IMAGE.path}`,
    datePublished: dateModified,
    dateModified,
    author: publisher(origin),
    publisher: publisher(origin),
    articleSection: sections,
  };
}

/** An ordered list of links (the guides of an index page). */
export function itemListJsonLd(origin: string, items: { path: string; name: string }[]) {
  return {
    "@type": "ItemList",
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      url: `${origin}${item.path}`,
    })),
  };
}
