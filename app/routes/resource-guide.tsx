import { data, Link } from "react-router";
import { PromotionRates } from "#app/components/info/fee-summary";
import {
  Checklist,
  InfoHeader,
  InfoSection,
  INFO_PAGES_UPDATED,
  TableOfContents,
  ToolLinks,
  UpdatedLine,
} from "#app/components/info/info-page";
import { articleJsonLd, pageLanguage } from "#app/components/info/json-ld";
import { RESOURCE_GUIDES, resourceGuideBySlug } from "#domain/resource-guides";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { HOLD_MINUTES, MAX_TICKETS_PER_ORDER } from "#domain/order";
import { PROMOTION_LIMITS } from "#domain/promotion-pricing";
import { TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { Route } from "./+types/resource-guide";

/** The figures the guides quote, from the code that applies them. */
const FIGURES = {
  maxTickets: MAX_TICKETS_PER_ORDER,
  holdMinutes: HOLD_MINUTES,
  codeLength: TICKET_CODE_LENGTH,
  minDays: PROMOTION_LIMITS.minDays,
  maxDays: PROMOTION_LIMITS.maxDays,
};

/** An unknown guide is the site's not-found page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const guide = resourceGuideBySlug(params.slug);
  if (!guide) throw data(null, { status: 404 });
  const namespaces = guide.ratesAfter ? (["resources", "promote", "pricing"] as const) : (["resources"] as const);
  return { slug: guide.slug, pageMessages: await pageMessages(negotiateLanguage(request), namespaces) };
}

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const guide = loaderData ? resourceGuideBySlug(loaderData.slug) : null;
  if (!guide) return [];
  const t = metaTranslator(matches);
  const key = `resources.guides.${guide.slug}`;
  const title = `${t(`${key}.title`)} | ${t("app.name")}`;
  const description = t(`${key}.summary`);
  const path = `/resources/${guide.slug}`;
  const facts = {
    origin: siteOrigin(matches),
    path,
    title: t(`${key}.title`),
    description,
    language: pageLanguage(matches),
  };
  return [
    ...pageMeta(matches, { title, description, path }),
    {
      "script:ld+json": articleJsonLd(facts, {
        dateModified: INFO_PAGES_UPDATED,
        sections: guide.sections.map((section) => t(`${key}.sections.${section}.title`)),
      }),
    },
  ];
}

/** /resources/{slug}: one organizers' guide, its sections, a checklist, and the site's tools for the job. */
export default function ResourceGuidePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const guide = resourceGuideBySlug(loaderData.slug)!;
  const key = `resources.guides.${guide.slug}`;
  const contents = [
    ...guide.sections.map((section) => ({ id: section, label: t(`${key}.sections.${section}.title`) })),
    { id: "checklist", label: t("resources.checklistTitle") },
  ];
  return (
    <article className="flex flex-col">
      <InfoHeader
        id="guide-title"
        eyebrow={t("resources.eyebrow")}
        title={t(`${key}.title`)}
        intro={t(`${key}.summary`)}
      >
        <UpdatedLine messageKey="resources.updated" />
      </InfoHeader>
      <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[16rem_1fr]">
        <div className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
          <TableOfContents title={t("resources.contentsTitle")} items={contents} />
          <Link to="/resources" className="text-sm text-primary underline underline-offset-4">
            {t("resources.allGuides")}
          </Link>
        </div>
        <div className="flex min-w-0 flex-col gap-10">
          {guide.sections.map((section) => (
            <InfoSection key={section} id={section} title={t(`${key}.sections.${section}.title`)}>
              <p>{t(`${key}.sections.${section}.body`, FIGURES)}</p>
              {guide.ratesAfter === section && <PromotionRates label={t("resources.ratesCaption")} />}
            </InfoSection>
          ))}
          <Checklist
            id="checklist"
            title={t("resources.checklistTitle")}
            items={guide.checklist.map((item) => t(`${key}.checklist.${item}`))}
          />
          <ToolLinks
            id="guide-tools"
            title={t("resources.toolsTitle")}
            links={guide.tools.map((tool) => ({ to: tool.to, label: t(tool.labelKey) }))}
          />
          <ToolLinks
            id="more-guides"
            title={t("resources.moreGuides")}
            links={RESOURCE_GUIDES.filter((other) => other.slug !== guide.slug).map((other) => ({
              to: `/resources/${other.slug}`,
              label: t(`resources.guides.${other.slug}.title`),
            }))}
          />
        </div>
      </div>
    </article>
  );
}
