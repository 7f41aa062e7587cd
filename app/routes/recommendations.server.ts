import { formatCount } from "#app/i18n/format";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator, type TFunction } from "#app/i18n/translator";
import type { EventSummary } from "#domain/event-summary";
import type { Language } from "#domain/language";
import { isBecauseReason, type RecommendationReason } from "#domain/recommendation-ranking";
import { formatMoney } from "#domain/text-direction";
import type { RecommendedEvent } from "#server/services/recommendations";

/** A card of Recommended For You: the event, and one short line saying why it was chosen. */
export type RecommendationCard = EventSummary & { reason: string };

/** How many facts (when, price, distance) follow the 'because' part of a card's line. */
const FACTS_SHOWN = 2;

function phrase(reason: RecommendationReason, t: TFunction, language: Language): string {
  const category = (key: string) => t(`category.${key}`);
  switch (reason.kind) {
    case "interest":
      return t("recommendations.because.interest", { category: category(reason.category) });
    case "language":
      return t("recommendations.because.language", { language: t(`eventLanguage.${reason.language}`) });
    case "public-events":
      return t("recommendations.because.publicEvents");
    case "bought-similar":
      return t("recommendations.because.boughtSimilar", { category: category(reason.category) });
    case "saved-similar":
      return t("recommendations.because.savedSimilar", { category: category(reason.category) });
    case "followed-organizer":
      return t("recommendations.because.followedOrganizer", { name: reason.name });
    case "people-like-you":
      return t("recommendations.because.peopleLikeYou");
    case "family-friendly":
      return t("recommendations.because.familyFriendly");
    case "this-week":
      return t("recommendations.fact.thisWeek");
    case "this-weekend":
      return t("recommendations.fact.thisWeekend");
    case "next-weekend":
      return t("recommendations.fact.nextWeekend");
    case "this-month":
      return t("recommendations.fact.thisMonth");
    case "free":
      return t("recommendations.fact.free");
    case "under-price":
      return t("recommendations.fact.underPrice", { price: formatMoney(reason.cents, language) });
    case "distance":
      return t("recommendations.fact.distance", { miles: formatCount(reason.miles, language) });
  }
}

/**
 * "Because you like Music · this weekend": the strongest 'because' reason and up to two facts, in the
 * page's language (words of the `recommendations` page namespace, read here on the server so that no
 * browser downloads them or the code that joins them).
 */
export function reasonLine(reasons: readonly RecommendationReason[], t: TFunction, language: Language): string {
  const because = reasons.find(isBecauseReason);
  const facts = reasons.filter((reason) => !isBecauseReason(reason)).slice(0, FACTS_SHOWN);
  return [...(because ? [because] : []), ...facts]
    .map((reason) => phrase(reason, t, language))
    .join(t("recommendations.separator"));
}

/** The recommendations as cards with their line (the structured reasons stay on the server). */
export async function recommendationCards(
  recommendations: Promise<RecommendedEvent[]>,
  language: Language,
): Promise<RecommendationCard[]> {
  const [events, messages] = await Promise.all([recommendations, loadMessages(language)]);
  const { t } = createTranslator(language, messages);
  return events.map(({ reasons, ...event }) => ({ ...event, reason: reasonLine(reasons, t, language) }));
}
