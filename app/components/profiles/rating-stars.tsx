import { useTranslation } from "#app/i18n/use-translation";

/** A 1–5 rating as five stars, said in words to a screen reader ("4 out of 5 stars"). */
export function RatingStars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const rounded = Math.round(rating);
  return (
    <span role="img" aria-label={t("userProfile.stars", { rating })} className="text-amber-700 dark:text-amber-400">
      <span aria-hidden="true">{"★".repeat(rounded) + "☆".repeat(5 - rounded)}</span>
    </span>
  );
}
