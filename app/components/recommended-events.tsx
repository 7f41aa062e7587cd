import { Suspense } from "react";
import { Await, Link } from "react-router";
import { EventCard } from "#app/components/event-card";
import { Spinner } from "#app/components/ui/spinner";
import { SWIPE_ITEM, swipeRowClasses } from "#app/components/ui/swipe-row";
import { useTranslation } from "#app/i18n/use-translation";
import type { EventSummary } from "#domain/event-summary";

/** A recommended event's card and the line saying why it was chosen (made on the server, in the page's language). */
type RecommendationCard = EventSummary & { reason: string };

/**
 * Recommended For You (spec §2): streamed after the rest of the page, since it is made for one person
 * and the page need not wait for it. Each card says why it was chosen. `discoverHref` leads to the interests picker.
 */
export function RecommendedEvents({
  recommendations,
  now,
  discoverHref,
}: {
  recommendations: Promise<RecommendationCard[]>;
  now: Date;
  discoverHref: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recommended-title" className="mx-auto w-full max-w-7xl px-4 py-10">
      <h2 id="recommended-title" className="mb-6 text-2xl font-bold">
        {t("home.recommendedTitle")}
      </h2>
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-3 text-muted-foreground">
            <Spinner className="h-5 w-5 border-4" />
            {t("home.loadingRecommendations")}
          </p>
        }
      >
        <Await
          resolve={recommendations}
          errorElement={<p className="text-muted-foreground">{t("home.recommendationsFailed")}</p>}
        >
          {(events) =>
            events.length === 0 ? (
              <div className="flex flex-col items-start gap-3">
                <p className="text-muted-foreground">{t("home.noRecommendations")}</p>
                <Link to={discoverHref} className="font-semibold text-primary hover:underline">
                  {t("home.discoverInterests")}
                </Link>
              </div>
            ) : (
              <ul data-testid="recommendations" className={swipeRowClasses("grid gap-6 sm:grid-cols-2 lg:grid-cols-3")}>
                {events.map((event) => (
                  <li key={event.id} className={`${SWIPE_ITEM} grid-rows-[auto_1fr] gap-2`}>
                    <p data-testid="recommendation-reason" className="text-sm font-medium text-muted-foreground">
                      {event.reason}
                    </p>
                    <EventCard event={event} now={now} />
                  </li>
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}
