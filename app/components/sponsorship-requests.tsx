import { useTranslation } from "#app/i18n/use-translation";
import { SponsorAppearances, type AppearanceView } from "./sponsor-appearances";

/**
 * The dashboard's "Sponsorship requests": events that asked to show a sponsor this person's account
 * speaks for, to approve or decline. Only shown when there are some.
 */
export function SponsorshipRequests({
  requests,
  result,
}: {
  requests: readonly AppearanceView[];
  result?: { decided: { status: "approved" | "declined" } | null; problem: string | null };
}) {
  const { t } = useTranslation();
  if (requests.length === 0 && !result) return null;
  return (
    <section
      id="sponsorship-requests"
      aria-labelledby="sponsorship-requests-title"
      className="flex flex-col gap-4 px-4 py-10"
    >
      <h2 id="sponsorship-requests-title" className="text-2xl font-bold">
        {t("sponsorships.title")}
      </h2>
      <p className="text-muted-foreground">{t("sponsorships.intro")}</p>
      {result && (
        <p role={result.decided ? "status" : "alert"} className="text-sm font-semibold">
          {result.decided
            ? t(`sponsorships.decided.${result.decided.status}`)
            : t(`sponsorships.errors.${result.problem ?? "invalid"}`)}
        </p>
      )}
      {requests.length === 0 ? (
        <p className="text-muted-foreground">{t("sponsorships.none")}</p>
      ) : (
        <SponsorAppearances appearances={requests} showSponsor />
      )}
    </section>
  );
}
