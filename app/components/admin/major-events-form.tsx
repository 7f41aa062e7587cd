import { Form } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatDate } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { MajorEventChoice } from "#server/services/staff-events";

export interface MajorEventsFormProps {
  current: MajorEventChoice[];
  candidates: { id: number; title: string; startsAt: Date; timeZone: string }[];
  /** What was sent when it was refused, and the problems by field (eventIds, eventIds.1, taglines.0…). */
  refused: { values: { eventIds: string[]; taglines: string[] }; problems: Record<string, string> } | null;
  maxTagline: number;
}

const POSITIONS = [0, 1, 2] as const;

/**
 * The home page's three Major Events: the current ones with their taglines, and a form choosing the
 * event of each place in order. A tagline left empty stays with its event (so swapping two events
 * moves their taglines along); a new Major Event needs one.
 */
export function MajorEventsForm({ current, candidates, refused, maxTagline }: MajorEventsFormProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const problems = refused?.problems ?? {};
  // Current ones that can no longer be chosen (ended, hidden) still show as what is chosen now.
  const options = [
    ...candidates.map((event) => ({
      id: event.id,
      label: `${event.title} — ${formatDate(event.startsAt, event.timeZone, language)} (#${event.id})`,
    })),
    ...current
      .filter((major) => !candidates.some((event) => event.id === major.eventId))
      .map((major) => ({ id: major.eventId, label: `${major.title} (#${major.eventId})` })),
  ];
  const problemText = (word: string) =>
    t(`admin.events.problems.${word}` as "admin.events.problems.invalid", { max: String(maxTagline) });
  const wholeProblem = problems.eventIds;

  return (
    <section
      aria-labelledby="admin-major-title"
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4"
    >
      <div>
        <h2 id="admin-major-title" className="text-xl font-bold">
          {t("admin.events.majorTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("admin.events.majorIntro")}</p>
      </div>
      {current.length > 0 && (
        <ol className="flex flex-col gap-1 text-sm" aria-label={t("admin.events.majorCurrent")}>
          {current.map((major) => (
            <li key={major.eventId} data-major-position={major.position}>
              <span className="font-semibold">
                {major.position}. {major.title}
              </span>{" "}
              <span className="text-muted-foreground">— {major.tagline}</span>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="major" />
        {wholeProblem && (
          <p id="major-problem" role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {problemText(wholeProblem)}
          </p>
        )}
        {POSITIONS.map((index) => {
          const eventProblem = problems[`eventIds.${index}`];
          const taglineProblem = problems[`taglines.${index}`];
          const chosen = refused?.values.eventIds[index] ?? String(current[index]?.eventId ?? "");
          return (
            <fieldset key={index} className="grid min-w-0 gap-3 border-t border-border pt-3 md:grid-cols-2">
              <legend className="float-start mb-1 w-full text-sm font-semibold md:col-span-2">
                {t("admin.events.majorPlace", { position: String(index + 1) })}
              </legend>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={`major-event-${index}`} className="text-sm font-medium">
                  {t("admin.events.majorEvent")}
                </label>
                <select
                  id={`major-event-${index}`}
                  name="eventId"
                  defaultValue={chosen}
                  aria-invalid={eventProblem || wholeProblem ? true : undefined}
                  aria-describedby={
                    eventProblem ? `major-event-${index}-problem` : wholeProblem ? "major-problem" : undefined
                  }
                  className="h-10 w-full min-w-0 rounded-md border border-border bg-background px-3 text-sm text-foreground"
                >
                  <option value="">{t("admin.events.majorChoose")}</option>
                  {options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </select>
                {eventProblem && (
                  <p id={`major-event-${index}-problem`} className="text-sm text-red-700 dark:text-red-400">
                    {problemText(eventProblem)}
                  </p>
                )}
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={`major-tagline-${index}`} className="text-sm font-medium">
                  {t("admin.events.majorTagline")}
                </label>
                <input
                  id={`major-tagline-${index}`}
                  name="tagline"
                  defaultValue={refused?.values.taglines[index] ?? ""}
                  maxLength={maxTagline}
                  aria-invalid={taglineProblem ? true : undefined}
                  aria-describedby={[`major-tagline-hint`, taglineProblem ? `major-tagline-${index}-problem` : ""]
                    .filter(Boolean)
                    .join(" ")}
                  className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400"
                />
                {taglineProblem && (
                  <p id={`major-tagline-${index}-problem`} className="text-sm text-red-700 dark:text-red-400">
                    {problemText(taglineProblem)}
                  </p>
                )}
              </div>
            </fieldset>
          );
        })}
        <p id="major-tagline-hint" className="text-sm text-muted-foreground">
          {t("admin.events.majorTaglineHint")}
        </p>
        <div>
          <SubmitButton>{t("admin.events.majorSave")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
