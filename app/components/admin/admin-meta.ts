import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";

/**
 * A console page's head: "<page> | Staff console | DMV Events", kept out of search engines and never
 * followed from (the console's links lead to people's accounts).
 */
export function adminPageMeta(matches: Parameters<typeof privatePageMeta>[0], pageTitle: string) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${pageTitle} | ${t("admin.title")} | ${t("app.name")}`, "noindex, nofollow");
}
