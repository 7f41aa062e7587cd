import { useState } from "react";
import { DEFAULT_EVENT_HOURS } from "#domain/event-input";
import { useTranslation } from "#app/i18n/use-translation";
import { FIELD } from "./event-form-values";
import { Field, INPUT_CLASSES } from "./form-parts";
import type { EventFormProblems } from "./parse-event-form";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The wall-clock reading `hours` after `local` ("2026-12-01T19:00"), on the same clock: what the end
 * field proposes once a start is chosen. "" when the start is not a full reading yet.
 */
export function localDateTimePlusHours(local: string, hours: number): string {
  const match = LOCAL.exec(local);
  if (!match) return "";
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const later = new Date(Date.UTC(year, month - 1, day, hour + hours, minute));
  return later.toISOString().slice(0, 16);
}

/**
 * Start, end and the zone both are read in. Until the organizer sets the end themselves, it follows
 * the start at DEFAULT_EVENT_HOURS later; left empty without JavaScript, the action does the same.
 */
export function ScheduleFields({
  startsAt,
  endsAt,
  timeZone,
  timeZones,
  problems,
}: {
  startsAt: string;
  endsAt: string;
  timeZone: string;
  timeZones: readonly string[];
  problems: EventFormProblems;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState(startsAt);
  const [end, setEnd] = useState(endsAt);
  const [isEndChosen, setEndChosen] = useState(endsAt !== "");
  const zones = timeZones.includes(timeZone) || timeZone === "" ? timeZones : [timeZone, ...timeZones];

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field field={FIELD.startsAt} label={t("eventForm.startsAt")} problems={problems}>
        {(props) => (
          <input
            {...props}
            type="datetime-local"
            name={FIELD.startsAt}
            value={start}
            onChange={(event) => {
              setStart(event.target.value);
              if (!isEndChosen) setEnd(localDateTimePlusHours(event.target.value, DEFAULT_EVENT_HOURS));
            }}
            className={`h-10 ${INPUT_CLASSES}`}
          />
        )}
      </Field>
      <Field
        field={FIELD.endsAt}
        label={t("eventForm.endsAt")}
        hint={t("eventForm.endsAtHint", { hours: DEFAULT_EVENT_HOURS })}
        problems={problems}
      >
        {(props) => (
          <input
            {...props}
            type="datetime-local"
            name={FIELD.endsAt}
            value={end}
            onChange={(event) => {
              setEnd(event.target.value);
              setEndChosen(event.target.value !== "");
            }}
            className={`h-10 ${INPUT_CLASSES}`}
          />
        )}
      </Field>
      <Field
        field={FIELD.timeZone}
        label={t("eventForm.timeZone")}
        hint={t("eventForm.timeZoneHint")}
        problems={problems}
      >
        {(props) => (
          <select
            {...props}
            name={FIELD.timeZone}
            defaultValue={timeZone}
            dir="ltr"
            className={`h-10 ${INPUT_CLASSES}`}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
