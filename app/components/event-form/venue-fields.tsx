import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EVENT_TEXT_LIMITS } from "#domain/event-input";
import type { MapTileSettings } from "#app/components/map-places";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import {
  FIELD,
  INTENTS,
  newVenueFieldName,
  venueLabelOf,
  type VenueMode,
  type VenueOption,
  type VenueValues,
} from "./event-form-values";
import { Field, FieldProblem, fieldId, HINT_CLASSES, INPUT_CLASSES, LABEL_CLASSES, problemId } from "./form-parts";
import type { EventFormProblems } from "./parse-event-form";
import { VenuePinMap } from "./venue-pin-map";

const SEARCH_DELAY_MS = 250;

const TEXT_FIELDS = [
  { field: "name", max: EVENT_TEXT_LIMITS.venueName, autoComplete: "organization" },
  { field: "address", max: EVENT_TEXT_LIMITS.venueAddress, autoComplete: "address-line1" },
  { field: "city", max: EVENT_TEXT_LIMITS.venueCity, autoComplete: "address-level2" },
  { field: "state", max: EVENT_TEXT_LIMITS.venueState, autoComplete: "address-level1" },
  { field: "country", max: EVENT_TEXT_LIMITS.venueCountry, autoComplete: "country-name" },
  { field: "zipCode", max: EVENT_TEXT_LIMITS.venueZipCode, autoComplete: "postal-code" },
] as const;

/** A coordinate typed into a field, when it is one. */
function coordinateOf(text: string): number | null {
  return /^-?\d{1,3}(\.\d+)?$/.test(text.trim()) ? Number(text) : null;
}

/**
 * Where the event happens: a venue found by searching the ones already known, or a new one with its
 * address and a pin on the map. Both parts are in the page; the radio buttons show one (by CSS, so
 * it works before JavaScript too). Searching asks the action ("findVenue"): as you type once scripts
 * run, with the Search button before.
 */
export function VenueFields({
  mode: initialMode,
  query: initialQuery,
  chosen: initialChosen,
  matches: initialMatches,
  newVenue,
  tiles,
  problems,
}: {
  mode: VenueMode;
  query: string;
  chosen: VenueOption | null;
  /** What the last no-JavaScript search found; null when there was none. */
  matches: readonly VenueOption[] | null;
  newVenue: VenueValues;
  tiles: MapTileSettings | null;
  problems: EventFormProblems;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ venueMatches?: VenueOption[] }>();
  const [mode, setMode] = useState(initialMode);
  const [query, setQuery] = useState(initialQuery);
  const [chosen, setChosen] = useState(initialChosen);
  const [latitude, setLatitude] = useState(newVenue.latitude);
  const [longitude, setLongitude] = useState(newVenue.longitude);
  const submit = useRef(fetcher.submit);
  useEffect(() => {
    submit.current = fetcher.submit;
  });

  useEffect(() => {
    if (query === initialQuery) return;
    const timer = setTimeout(() => {
      if (query.trim() === "") return;
      void submit.current({ [FIELD.intent]: INTENTS.findVenue, [FIELD.venueQuery]: query }, { method: "post" });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, initialQuery]);

  const results = fetcher.data?.venueMatches ?? (query === initialQuery ? initialMatches : null);
  const found = query.trim() === "" ? [] : (results ?? []);
  // The venue chosen stays listed whatever the search shows now.
  const listed = chosen && !found.some((venue) => venue.id === chosen.id) ? [chosen, ...found] : found;
  const isSearching = fetcher.state !== "idle";
  const pinLatitude = coordinateOf(latitude);
  const pinLongitude = coordinateOf(longitude);
  const hasSearched = query.trim() !== "" && results !== null;

  return (
    <fieldset
      id={fieldId(FIELD.venueId)}
      className="flex flex-col gap-4 [&:has(#event-venueMode-existing:checked)_[data-venue=new]]:hidden [&:has(#event-venueMode-new:checked)_[data-venue=existing]]:hidden"
      aria-describedby={problemId(problems, FIELD.venueId)}
    >
      <legend className="sr-only">{t("eventForm.venue")}</legend>
      <div role="radiogroup" aria-label={t("eventForm.venueChoice")} className="flex flex-wrap gap-x-6 gap-y-2">
        {(["existing", "new"] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              id={`event-venueMode-${option}`}
              name={FIELD.venueMode}
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
              className="h-4 w-4 accent-primary"
            />
            {t(`eventForm.venueMode.${option}`)}
          </label>
        ))}
      </div>
      <FieldProblem problems={problems} field={FIELD.venueId} />

      <div data-venue="existing" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId(FIELD.venueQuery)} className={LABEL_CLASSES}>
            {t("eventForm.venueSearch")}
          </label>
          <div className="flex gap-2">
            <input
              id={fieldId(FIELD.venueQuery)}
              type="search"
              name={FIELD.venueQuery}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                // Enter searches rather than submitting the whole event.
                if (event.key === "Enter") event.preventDefault();
              }}
              maxLength={100}
              aria-invalid={problems.venueId && mode === "existing" ? true : undefined}
              aria-describedby={[problemId(problems, FIELD.venueId), "event-venueQuery-hint"].filter(Boolean).join(" ")}
              className={`h-10 ${INPUT_CLASSES}`}
            />
            <SubmitButton
              name={FIELD.intent}
              value={INTENTS.findVenue}
              formNoValidate
              onClick={(event) => {
                event.preventDefault();
                if (query.trim() === "") return;
                void submit.current(
                  { [FIELD.intent]: INTENTS.findVenue, [FIELD.venueQuery]: query },
                  { method: "post" },
                );
              }}
              variant="outline"
              pending={isSearching}
            >
              {t("eventForm.venueSearchButton")}
            </SubmitButton>
          </div>
          <p id="event-venueQuery-hint" className={HINT_CLASSES}>
            {t("eventForm.venueSearchHint")}
          </p>
        </div>
        {chosen && <input type="hidden" name={FIELD.venueLabel} value={venueLabelOf(chosen)} />}
        <div aria-live="polite" aria-busy={isSearching} className="flex flex-col gap-2">
          {listed.length > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">{t("eventForm.venueResults")}</legend>
              {listed.map((venue) => (
                <label
                  key={venue.id}
                  className="flex items-start gap-2 rounded-md border border-border p-3 text-sm has-checked:border-primary"
                >
                  <input
                    type="radio"
                    name={FIELD.venueId}
                    value={venue.id}
                    checked={chosen?.id === venue.id}
                    onChange={() => setChosen(venue)}
                    className="mt-0.5 h-4 w-4 accent-primary"
                  />
                  <span className="flex flex-col">
                    <span className="font-medium">{venue.name}</span>
                    <span className="text-muted-foreground">
                      {venue.address}, {venue.city}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : (
            hasSearched &&
            !isSearching && <p className="text-sm text-muted-foreground">{t("eventForm.venueNoResults")}</p>
          )}
        </div>
      </div>

      <div data-venue="new" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map(({ field, max, autoComplete }) => (
            <Field
              key={field}
              field={newVenueFieldName(field)}
              label={t(`eventForm.venueFields.${field}`)}
              problems={problems}
            >
              {(props) => (
                <input
                  {...props}
                  name={newVenueFieldName(field)}
                  defaultValue={newVenue[field]}
                  maxLength={max}
                  autoComplete={autoComplete}
                  className={`h-10 ${INPUT_CLASSES}`}
                />
              )}
            </Field>
          ))}
        </div>
        <VenuePinMap
          tiles={tiles}
          pin={
            pinLatitude !== null && pinLongitude !== null ? { latitude: pinLatitude, longitude: pinLongitude } : null
          }
          onPick={(lat, lng) => {
            setLatitude(String(lat));
            setLongitude(String(lng));
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ["latitude", latitude, setLatitude],
              ["longitude", longitude, setLongitude],
            ] as const
          ).map(([field, value, setValue]) => (
            <Field
              key={field}
              field={newVenueFieldName(field)}
              label={t(`eventForm.venueFields.${field}`)}
              problems={problems}
            >
              {(props) => (
                <input
                  {...props}
                  name={newVenueFieldName(field)}
                  inputMode="decimal"
                  dir="ltr"
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                  className={`h-10 ${INPUT_CLASSES}`}
                />
              )}
            </Field>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
