import { UpdatedLine } from "#app/components/info/info-page";
import { pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { StoredDataList } from "#app/components/privacy/stored-data-list";
import {
  PrivacyContents,
  PrivacyCookies,
  PrivacyPart,
  PrivacyRecipients,
  PrivacyRights,
  PrivacySummary,
} from "#app/components/privacy/privacy-sections";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import type { Route } from "./+types/privacy";

/** When the policy last changed: shown on the page and given as the JSON-LD's dateModified. */
export const PRIVACY_UPDATED = "2026-11-27";

export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["privacy"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("privacy.metaTitle")} | ${t("app.name")}`;
  const description = t("privacy.metaDescription");
  const facts = { origin: siteOrigin(matches), path: "/privacy", title, description, language: pageLanguage(matches) };
  return [
    ...pageMeta(matches, { title, description, path: "/privacy" }),
    {
      "script:ld+json": webPageJsonLd("WebPage", facts, {
        dateModified: PRIVACY_UPDATED,
        about: { "@type": "Thing", name: "Privacy policy" },
      }),
    },
  ];
}

/**
 * /privacy: what the site stores (every table of its schema, domain/stored-data.ts), why and for how long,
 * the cookies and browser storage it uses, who receives data, and how to download or delete an account.
 */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      <section aria-labelledby="privacy-title" className="border-b border-border bg-muted/50">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-4 px-4 py-12 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t("privacy.eyebrow")}</p>
          <h1 id="privacy-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
            {t("privacy.title")}
          </h1>
          <p className="max-w-3xl text-lg text-muted-foreground">{t("privacy.intro")}</p>
          <UpdatedLine messageKey="privacy.updated" day={PRIVACY_UPDATED} />
        </div>
      </section>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-10">
        <PrivacyContents />
        <PrivacyPart part="summary">
          <PrivacySummary />
        </PrivacyPart>
        <PrivacyPart part="stored">
          <p>{t("privacy.stored.intro")}</p>
          <StoredDataList />
        </PrivacyPart>
        <PrivacyPart part="cookies">
          <PrivacyCookies />
        </PrivacyPart>
        <PrivacyPart part="recipients">
          <PrivacyRecipients />
        </PrivacyPart>
        <PrivacyPart part="rights">
          <PrivacyRights />
        </PrivacyPart>
        <PrivacyPart part="contact">
          <p>{t("privacy.contact.body")}</p>
        </PrivacyPart>
      </div>
    </div>
  );
}
