import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { EventCard } from "#app/components/event-card";
import { buttonClasses } from "#app/components/ui/button";
import type { TFunction } from "#app/i18n/translator";
import { formatDistance, formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { EventSummary } from "#domain/event-summary";
import type { Language } from "#domain/language";
import type { MatchReason } from "#domain/matchmaker-choices";

export interface MatchView {
  event: EventSummary;
  reasons: MatchReason[];
  distanceMiles: number | null;
}

/** 'Music · this weekend · under $30 · 3.1 mi': why an event was matched, in the page's language and digits. */
export function reasonText(t: TFunction, reasons: readonly MatchReason[], language: Language): string {
  return reasons
    .map((reason) => {
      switch (reason.kind) {
        case "category":
          return t(`category.${reason.category}`);
        case "when":
          return t(`matchmaker.reasonWhen.${reason.when}`);
        case "free":
          return t("matchmaker.reasonFree");
        case "under":
          return t("matchmaker.reasonUnder", { price: formatMoney(reason.cents, language) });
        case "distance":
          return t("matchmaker.reasonDistance", { distance: formatDistance(reason.miles, language) });
        case "language":
          return t("matchmaker.reasonLanguage", { language: t(`eventLanguage.${reason.language}`) });
      }
    })
    .join(" · ");
}

/** The matched events as cards, each with why it was matched; or the way to widen the answers. */
export function MatchmakerResults({ matches, now, widenHref }: { matches: MatchView[]; now: Date; widenHref: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <section aria-labelledby="matchmaker-results-title" className="flex flex-col gap-4">
      <h2 id="matchmaker-results-title" className="text-2xl font-bold">
        {t("matchmaker.resultsTitle")}
      </h2>
      {matches.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-6">
          <p>{t("matchmaker.empty")}</p>
          <Link to={widenHref} className={buttonClasses("outline", "md", "h-auto min-h-10 whitespace-normal py-2")}>
            {t("matchmaker.widen")}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {matches.map((match) => (
            <li key={match.event.id} className="grid grid-rows-[auto_1fr] gap-2" data-testid="matchmaker-match">
              <p className="flex items-start gap-2 rounded-md bg-primary/10 px-3 py-2 text-sm font-medium">
                <Sparkles aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
                <span>
                  <span className="sr-only">{t("matchmaker.whyMatched")}: </span>
                  {reasonText(t, match.reasons, language)}
                </span>
              </p>
              <EventCard event={match.event} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
