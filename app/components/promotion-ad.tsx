import { Link } from "react-router";
import { callToActionLabel } from "#app/i18n/data-labels";
import { useTranslation } from "#app/i18n/use-translation";
import type { PromotionAd } from "#server/services/promotion-ads";

/**
 * A promotion in the category or sidebar placement: its picture, title, words and call to action,
 * labelled as promoted so that nobody takes it for the page's own content.
 */
export function PromotionAdCard({ ad }: { ad: PromotionAd }) {
  const { t } = useTranslation();
  const headingId = `promotion-ad-${ad.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground"
    >
      {ad.imageUrl && (
        <img
          src={ad.imageUrl}
          alt=""
          width={960}
          height={540}
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="flex flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("eventCard.promoted")}</p>
        <h2 id={headingId} dir="auto" className="text-lg font-semibold">
          {ad.title}
        </h2>
        <p dir="auto" className="text-sm text-muted-foreground">
          {ad.description}
        </p>
        <Link to={ad.linkUrl} className="self-start font-medium text-primary underline underline-offset-2">
          {callToActionLabel(t, ad.callToAction)}
          <span className="sr-only">
            : <bdi>{ad.title}</bdi>
          </span>
        </Link>
      </div>
    </section>
  );
}
