import { MAX_CO_ORGANIZERS, MAX_EVENT_SPONSORS } from "#domain/event-input";
import { formatDate } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { FIELD } from "./event-form-values";
import { Field, FieldProblem, fieldId, INPUT_CLASSES, problemId } from "./form-parts";
import type { EventFormProblems } from "./parse-event-form";

/**
 * The event's sponsors (chosen from the site's) and its co-organizers, by e-mail: a new address is
 * invited, and the invitations not answered yet are listed under the box.
 */
export function PeopleFields({
  sponsors,
  sponsorIds,
  sponsorApprovals = {},
  coOrganizerEmails,
  canChooseCoOrganizers,
  pendingInvitations,
  problems,
}: {
  sponsors: readonly { id: number; name: string }[];
  sponsorIds: readonly string[];
  /** The stored sponsors' answers (edit): a sponsor shows on the event only once it approved. */
  sponsorApprovals?: Readonly<Record<string, "pending" | "approved" | "declined">>;
  coOrganizerEmails: string;
  /** Co-organizers see the team but only the organizer changes it (the server refuses otherwise). */
  canChooseCoOrganizers: boolean;
  /** Invited addresses (also in the box) that have not accepted yet. */
  pendingInvitations: readonly { email: string; expiresAt: string }[];
  problems: EventFormProblems;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <div className="flex flex-col gap-6">
      <fieldset
        id={fieldId(FIELD.sponsorIds)}
        className="flex flex-col gap-2"
        aria-describedby={problemId(problems, FIELD.sponsorIds)}
      >
        <legend className="mb-1 text-sm font-medium">{t("eventForm.sponsors")}</legend>
        <p className="text-xs text-muted-foreground">{t("eventForm.sponsorsHint", { max: MAX_EVENT_SPONSORS })}</p>
        <p className="text-xs text-muted-foreground">{t("sponsorships.formHint")}</p>
        {sponsors.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("eventForm.noSponsors")}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {sponsors.map((sponsor) => {
              const approval = sponsorApprovals[String(sponsor.id)];
              return (
                <label key={sponsor.id} className="flex flex-wrap items-center gap-x-2 text-sm">
                  <input
                    type="checkbox"
                    name={FIELD.sponsorIds}
                    value={sponsor.id}
                    defaultChecked={sponsorIds.includes(String(sponsor.id))}
                    className="h-4 w-4 accent-primary"
                  />
                  {sponsor.name}
                  {approval && (
                    <span
                      className={`text-xs font-semibold ${approval === "declined" ? "text-red-700 dark:text-red-300" : "text-muted-foreground"}`}
                    >
                      ({t(`sponsorships.formStatus.${approval}`)})
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        )}
        <FieldProblem problems={problems} field={FIELD.sponsorIds} />
      </fieldset>
      <Field
        field={FIELD.coOrganizerEmails}
        label={t("eventForm.coOrganizers")}
        hint={
          canChooseCoOrganizers
            ? t("eventForm.coOrganizersHint", { max: MAX_CO_ORGANIZERS })
            : t("eventForm.coOrganizersReadOnly")
        }
        problems={problems}
      >
        {(props) => (
          <textarea
            {...props}
            name={FIELD.coOrganizerEmails}
            rows={3}
            dir="ltr"
            autoComplete="off"
            readOnly={!canChooseCoOrganizers}
            defaultValue={coOrganizerEmails}
            className={`py-2 ${INPUT_CLASSES}`}
          />
        )}
      </Field>
      {pendingInvitations.length > 0 && (
        <section aria-labelledby="pending-invitations-heading" className="flex flex-col gap-1 text-sm">
          <h3 id="pending-invitations-heading" className="font-medium">
            {t("eventForm.pendingInvitations")}
          </h3>
          <ul className="flex flex-col gap-1 ps-5 [list-style:disc]">
            {pendingInvitations.map((invitation) => (
              <li key={invitation.email}>
                {t("eventForm.pendingInvitation", {
                  email: `\u2068${invitation.email}\u2069`,
                  date: formatDate(new Date(invitation.expiresAt), "UTC", language),
                })}
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{t("eventForm.pendingInvitationsHint")}</p>
        </section>
      )}
    </div>
  );
}
