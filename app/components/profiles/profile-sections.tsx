import { Link } from "react-router";
import { formatCount, formatDate, LOCALE_TAGS } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { SITE_TIME_ZONE } from "#domain/event-search";
import type { Language } from "#domain/language";
import type { PublicGallery, PublicReview } from "#server/services/public-profile";
import { GalleryThumbnail } from "./gallery-thumbnail";
import { RatingStars } from "./rating-stars";

/** The profile's figures: followers, reviews, photos and badges, as a definition list. */
/** Followers are counted for organizers (only organizers can be followed) and for anyone who has some. */
export function ProfileFigures({
  counts,
  organizes,
}: {
  counts: { followers: number; reviews: number; photos: number; badges: number };
  organizes: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const figures = [
    ["followers", counts.followers],
    ["reviews", counts.reviews],
    ["photos", counts.photos],
    ["badges", counts.badges],
  ] as const;
  const shown = figures.filter(([key]) => key !== "followers" || organizes || counts.followers > 0);
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-2" aria-label={t("userProfile.figures")}>
      {shown.map(([key, value]) => (
        <div key={key} className="flex flex-col">
          <dt className="text-sm text-muted-foreground">{t(`userProfile.figure.${key}`)}</dt>
          <dd className="text-xl font-bold">{formatCount(value, language)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The organizer's reputation and average rating over all their events. */
export function OrganizerStanding({
  reputation,
  rating,
}: {
  reputation: { score: number; level: string | null } | null;
  rating: { average: number | null; reviews: number };
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-border p-4">
      {reputation?.level && (
        <p className="font-semibold text-primary">
          {`${t(`event.reputation.${reputation.level}`)} · ${t("profile.reputationScore", { score: reputation.score })}`}
        </p>
      )}
      {rating.average === null ? (
        <p className="text-muted-foreground">{t("userProfile.noRatings")}</p>
      ) : (
        <p className="flex items-center gap-2">
          <RatingStars rating={rating.average} />
          <span>
            {t("userProfile.ratingAverage", {
              average: rating.average.toLocaleString(LOCALE_TAGS[language], { maximumFractionDigits: 1 }),
              reviews: formatCount(rating.reviews, language),
            })}
          </span>
        </p>
      )}
    </div>
  );
}

export function ProfileReviews({ reviews }: { reviews: PublicReview[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <section aria-labelledby="profile-reviews">
      <h2 id="profile-reviews" className="mb-4 text-2xl font-bold">
        {t("userProfile.reviewsTitle")}
      </h2>
      <ul className="flex flex-col gap-4">
        {reviews.map((review) => (
          <li key={review.id} className="rounded-lg border border-border p-4">
            <article className="flex flex-col gap-2">
              <h3 className="font-semibold">
                <Link to={`/events/${review.event.id}`} className={TEXT_LINK} dir="auto">
                  {review.event.title}
                </Link>
              </h3>
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <RatingStars rating={review.rating} />
                <time dateTime={review.createdAt.toISOString()}>
                  {formatDate(review.createdAt, SITE_TIME_ZONE, language)}
                </time>
              </p>
              {review.body && (
                <p dir="auto" className="whitespace-pre-line">
                  {review.body}
                </p>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProfileGalleries({ galleries }: { galleries: PublicGallery[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <section aria-labelledby="profile-galleries">
      <h2 id="profile-galleries" className="mb-4 text-2xl font-bold">
        {t("userProfile.galleriesTitle")}
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {galleries.map((gallery) => (
          <li key={gallery.event.id}>
            <Link to={`/events/${gallery.event.id}#gallery`} className="group flex flex-col gap-2">
              <GalleryThumbnail photo={gallery.thumbnail} />
              <span dir="auto" className="font-medium group-hover:underline">
                {gallery.event.title}
              </span>
              <span className="text-sm text-muted-foreground">
                {t("userProfile.photosInGallery", { photos: formatCount(gallery.photos, language) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
