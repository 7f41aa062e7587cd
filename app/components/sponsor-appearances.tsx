import { Form } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatDate } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { shownName } from "#domain/deleted-account";

export interface AppearanceView {
  sponsorId: number;
  sponsorName?: string;
  eventId: number;
  title: string;
  startsAt: string | Date;
  timeZone: string;
  organizerName: string | null;
  status: "pending" | "approved" | "declined";
}

const STATUS_CLASSES: Record<AppearanceView["status"], string> = {
  pending: "border-amber-700 text-amber-800 dark:border-amber-300 dark:text-amber-200",
  approved: "border-green-700 text-green-800 dark:border-green-300 dark:text-green-200",
  declined: "border-red-700 text-red-800 dark:border-red-300 dark:text-red-200",
};

/**
 * Events that asked to show a sponsor, each with its status and the buttons to approve or decline it
 * (a decision can be changed): the console's sponsor page and the dashboard's sponsorship requests.
 */
export function SponsorAppearances({
  appearances,
  showSponsor = false,
}: {
  appearances: readonly AppearanceView[];
  showSponsor?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
      {appearances.map((appearance) => (
        <li
          key={`${appearance.sponsorId}-${appearance.eventId}`}
          className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <a
              href={`/events/${appearance.eventId}`}
              dir="auto"
              className="self-start font-semibold text-primary hover:underline"
            >
              {appearance.title}
            </a>
            <span className="text-sm text-muted-foreground">
              {showSponsor && appearance.sponsorName && (
                <>
                  <bdi>{appearance.sponsorName}</bdi>
                  {" · "}
                </>
              )}
              {formatDate(new Date(appearance.startsAt), appearance.timeZone, i18n.language)}
              {appearance.organizerName && (
                <>
                  {" · "}
                  {t("sponsorships.byOrganizer", { name: shownName(t, appearance.organizerName) })}
                </>
              )}
            </span>
          </div>
          <span
            className={`self-start rounded-full border px-2 py-0.5 text-xs font-semibold sm:self-center ${STATUS_CLASSES[appearance.status]}`}
          >
            {t(`sponsorships.status.${appearance.status}`)}
          </span>
          <div className="flex gap-2">
            {(["approve", "decline"] as const)
              .filter((decision) => appearance.status !== (decision === "approve" ? "approved" : "declined"))
              .map((decision) => (
                <Form key={decision} method="post">
                  <input type="hidden" name="intent" value="decide" />
                  <input type="hidden" name="sponsorId" value={appearance.sponsorId} />
                  <input type="hidden" name="eventId" value={appearance.eventId} />
                  <input type="hidden" name="decision" value={decision} />
                  <SubmitButton
                    size="sm"
                    variant={decision === "approve" ? "primary" : "outline"}
                    aria-label={t(`sponsorships.${decision}Label`, { title: appearance.title })}
                  >
                    {t(`sponsorships.${decision}`)}
                  </SubmitButton>
                </Form>
              ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
