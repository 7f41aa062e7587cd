import { Link, useFetcher } from "react-router";
import type { WaitlistProblem } from "#domain/waitlist";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { useTranslation } from "#app/i18n/use-translation";

/** What /waitlist's action answers when it does not redirect: the problem, and the values typed. */
export interface WaitlistFormResult {
  problem: WaitlistProblem;
  values: { name: string; email: string };
}

/** Problems that belong to one field; the others are about the ticket type or the person as a whole. */
const FIELD_OF_PROBLEM: Partial<Record<WaitlistProblem, "name" | "email">> = {
  name_required: "name",
  name_too_long: "name",
  email_invalid: "email",
  already_waiting: "email",
};

/**
 * Joining the waitlist of a sold-out ticket type: a name and an e-mail address. A real form posting to
 * /waitlist (app/routes/waitlist.tsx), so it works before scripts load; with scripts, a problem shows
 * here without leaving the event page, and success reloads the event page with a notice.
 */
export function WaitlistForm({
  eventId,
  ticketTypeId,
  ticketTypeName,
  defaultName,
  defaultEmail,
}: {
  eventId: number;
  ticketTypeId: number;
  ticketTypeName: string;
  defaultName?: string;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WaitlistFormResult>();
  const result = fetcher.data;
  const problem = result?.problem;
  const isSubmitting = fetcher.state !== "idle";
  const id = `waitlist-${ticketTypeId}`;
  const problemId = `${id}-problem`;
  const problemField = problem ? FIELD_OF_PROBLEM[problem] : undefined;
  return (
    <fetcher.Form
      method="post"
      action="/waitlist"
      className="flex flex-col gap-3 rounded-md border border-border p-4"
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="font-medium">
        {t("waitlist.title", { ticketType: ticketTypeName })}
      </p>
      <p className="text-sm text-muted-foreground">{t("waitlist.explanation")}</p>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t(`waitlist.problems.${problem}`)}
        </p>
      )}
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="ticketTypeId" value={ticketTypeId} />
      <TextField
        id={`${id}-name`}
        name="name"
        label={t("waitlist.nameLabel")}
        autoComplete="name"
        required
        maxLength={120}
        defaultValue={result?.values.name ?? defaultName}
        errorId={problemField === "name" ? problemId : undefined}
      />
      <TextField
        id={`${id}-email`}
        name="email"
        type="email"
        label={t("waitlist.emailLabel")}
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        defaultValue={result?.values.email ?? defaultEmail}
        errorId={problemField === "email" ? problemId : undefined}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={isSubmitting}>{t("waitlist.join")}</SubmitButton>
        <Link to="/waitlist" className="text-sm underline underline-offset-4">
          {t("waitlist.manageLink")}
        </Link>
      </div>
    </fetcher.Form>
  );
}
