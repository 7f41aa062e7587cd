import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatCount } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { isIndefiniteSuspension, SUSPENSION_LENGTHS, SUSPENSION_REASON_MAX } from "#domain/staff-moderation";
import type { PersonAccount } from "#server/services/staff-people";
import { StaffDate } from "./staff-date";

/** What went wrong with an action of the account page: which form, which field, which word. */
export interface PersonProblem {
  intent: string;
  field: string;
  code: string;
}

const fieldClasses =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

/** The account's suspension and staff role, and the forms that change them (never for oneself). */
export function PersonActions({
  person,
  isSelf,
  problem,
}: {
  person: PersonAccount;
  isSelf: boolean;
  problem: PersonProblem | null;
}) {
  const { t } = useTranslation();
  const problemOf = (intent: string) => (problem?.intent === intent || problem?.intent === "unknown" ? problem : null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="suspension-title" className="flex flex-col gap-3 rounded-md border border-border p-4">
        <h2 id="suspension-title" className="text-lg font-semibold">
          {t("admin.person.suspension")}
        </h2>
        {person.suspension ? (
          <SuspendedNow person={person} problem={problemOf("restore")} />
        ) : isSelf ? (
          <p className="text-sm text-muted-foreground">{t("admin.person.notYourself")}</p>
        ) : (
          <SuspendForm person={person} problem={problemOf("suspend")} />
        )}
      </section>
      <section aria-labelledby="staff-title" className="flex flex-col gap-3 rounded-md border border-border p-4">
        <h2 id="staff-title" className="text-lg font-semibold">
          {t("admin.person.staffRole")}
        </h2>
        <p className="text-sm">{person.staff ? t("admin.person.isStaffText") : t("admin.person.notStaffText")}</p>
        {isSelf && person.staff ? (
          <p className="text-sm text-muted-foreground">{t("admin.person.notYourself")}</p>
        ) : (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value={person.staff ? "remove_staff" : "grant_staff"} />
            <ReasonField
              id="staff-reason"
              label={t("admin.person.reasonOptional")}
              problem={problemOf(person.staff ? "remove_staff" : "grant_staff")}
            />
            <SubmitButton variant={person.staff ? "outline" : "primary"} className="self-start">
              {person.staff ? t("admin.person.removeStaff") : t("admin.person.grantStaff")}
            </SubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}

function SuspendForm({ person, problem }: { person: PersonAccount; problem: PersonProblem | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="suspend" />
      <p className="text-sm">{t("admin.person.suspendText")}</p>
      {person.upcomingPublishedEvents > 0 && (
        <p className="text-sm">
          {t("admin.person.eventsStay", {
            formatted: formatCount(person.upcomingPublishedEvents, i18n.language),
          })}{" "}
          <Link to="/admin/events" className="font-medium text-primary underline-offset-2 hover:underline">
            {t("admin.person.moderateEvents")}
          </Link>
        </p>
      )}
      <ReasonField id="suspend-reason" label={t("admin.person.reason")} required problem={problem} />
      <div className="flex flex-col gap-1">
        <label htmlFor="suspend-length" className="text-sm font-medium">
          {t("admin.person.length")}
        </label>
        <select id="suspend-length" name="length" defaultValue="indefinite" className={`${fieldClasses} h-10`}>
          {SUSPENSION_LENGTHS.map((length) => (
            <option key={length} value={length}>
              {t(`admin.person.lengths.${length}`)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton className="self-start bg-red-700 text-white hover:bg-red-800 dark:bg-red-700" variant="primary">
        {t("admin.person.suspend")}
      </SubmitButton>
    </Form>
  );
}

function SuspendedNow({ person, problem }: { person: PersonAccount; problem: PersonProblem | null }) {
  const { t } = useTranslation();
  const suspension = person.suspension!;
  return (
    <>
      <p className="text-sm">
        <strong>{t("admin.person.suspendedUntil")}</strong>{" "}
        {isIndefiniteSuspension(new Date(suspension.until)) ? (
          t("admin.person.untilRestored")
        ) : (
          <StaffDate instant={suspension.until} />
        )}
      </p>
      {suspension.reason && (
        <p className="text-sm">
          <strong>{t("admin.person.why")}</strong> <bdi className="break-words">{suspension.reason}</bdi>
        </p>
      )}
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="restore" />
        <ReasonField id="restore-reason" label={t("admin.person.reasonOptional")} problem={problem} />
        <SubmitButton className="self-start">{t("admin.person.restore")}</SubmitButton>
      </Form>
    </>
  );
}

function ReasonField({
  id,
  label,
  required = false,
  problem,
}: {
  id: string;
  label: string;
  required?: boolean;
  problem: PersonProblem | null;
}) {
  const { t } = useTranslation();
  const errorId = problem ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={3}
        required={required}
        maxLength={SUSPENSION_REASON_MAX}
        aria-invalid={problem ? true : undefined}
        aria-describedby={errorId}
        className={fieldClasses}
      />
      {problem && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {t(`admin.person.problems.${problem.code}`)}
        </p>
      )}
    </div>
  );
}
