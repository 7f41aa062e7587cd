import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { EVENT_TITLE_MAX } from "#domain/event-input";
import { LANGUAGES } from "#domain/language";
import type { MapTileSettings } from "#app/components/map-places";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import type { TFunction } from "#app/i18n/translator";
import { DescriptionField } from "./description-field";
import {
  eventFormValuesOf,
  FIELD,
  INTENTS,
  imageFileName,
  type EventFormValues,
  type TicketTypeSales,
  type VenueOption,
} from "./event-form-values";
import { Field, FieldProblem, fieldId, FormSection, INPUT_CLASSES, useProblemText } from "./form-parts";
import { ImageFields } from "./image-fields";
import { parseEventForm, type ChosenImage, type EventFormProblems } from "./parse-event-form";
import { PeopleFields } from "./people-fields";
import { ScheduleFields } from "./schedule-fields";
import { TicketTypeRows } from "./ticket-type-rows";
import { VenueFields } from "./venue-fields";

const SUMMARY_ID = "event-form-problems";

/** What the form offers to choose from, as the page's loader gives it. */
export interface EventFormChoices {
  categories: readonly { id: number; key: string; name: string }[];
  sponsors: readonly { id: number; name: string }[];
  timeZones: readonly string[];
  tiles: MapTileSettings | null;
  maxImageBytes: number;
}

/** Which buttons the form ends with: a new event, a draft being edited, or a published one. */
export type EventFormKind = "create" | "editDraft" | "editPublished";

/**
 * The whole event form, for /create and /events/:id/edit: a real multipart <Form> that the route's
 * action reads, so it works before JavaScript (images included, as far as a browser sends files).
 * Once scripts run, the same schema as the action's checks it before sending; either way problems
 * show under their fields and in a summary at the top, and focus moves to the first one.
 */
export function EventForm({
  kind,
  isOrganizer,
  values,
  problems: serverProblems,
  venueMatches,
  preview,
  sold,
  choices,
  pendingInvitations = [],
  sponsorApprovals,
}: {
  kind: EventFormKind;
  /** Only the organizer chooses the co-organizers; co-organizers do all the rest too. */
  isOrganizer: boolean;
  values: EventFormValues;
  problems: EventFormProblems;
  venueMatches: readonly VenueOption[] | null;
  preview: string | null;
  /** What each existing ticket type has sold, by its id (edit). */
  sold: Readonly<Record<string, TicketTypeSales>>;
  choices: EventFormChoices;
  /** Co-organizer invitations not answered yet (edit). */
  pendingInvitations?: readonly { email: string; expiresAt: string }[];
  /** The stored sponsors' answers (edit), by sponsor id. */
  sponsorApprovals?: Readonly<Record<string, "pending" | "approved" | "declined">>;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  // What the page found before sending, and the server's answer it was found over: a new answer
  // from the server replaces it.
  const serverKey = JSON.stringify(serverProblems);
  const [clientCheck, setClientCheck] = useState<{ problems: EventFormProblems; over: string } | null>(null);
  const problems = clientCheck?.over === serverKey ? clientCheck.problems : serverProblems;

  useEffect(() => {
    if (Object.keys(problems).length === 0) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>("[aria-invalid=true]") ?? document.getElementById(SUMMARY_ID);
    first?.focus();
  }, [problems]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value;
    if (intent !== INTENTS.draft && intent !== INTENTS.publish && intent !== INTENTS.save) return;
    const form = event.currentTarget;
    const parsed = parseEventForm(eventFormValuesOf(new FormData(form), values.images), chosenImages(form), {
      maxImageBytes: choices.maxImageBytes,
    });
    if (parsed.ok) return;
    event.preventDefault();
    setClientCheck({ problems: parsed.problems, over: serverKey });
  };

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      aria-describedby={Object.keys(problems).length > 0 ? SUMMARY_ID : undefined}
      className="flex flex-col gap-6"
    >
      <ProblemSummary problems={problems} />

      <FormSection id="event-basics" title={t("eventForm.basics")}>
        <Field field={FIELD.title} label={t("eventForm.title")} problems={problems}>
          {(props) => (
            <input
              {...props}
              name={FIELD.title}
              defaultValue={values.title}
              maxLength={EVENT_TITLE_MAX}
              className={`h-10 ${INPUT_CLASSES}`}
            />
          )}
        </Field>
        <DescriptionField defaultValue={values.description} initialPreview={preview} problems={problems} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={FIELD.categoryId} label={t("eventForm.category")} problems={problems}>
            {(props) => (
              <select
                {...props}
                name={FIELD.categoryId}
                defaultValue={values.categoryId}
                className={`h-10 ${INPUT_CLASSES}`}
              >
                <option value="">{t("eventForm.chooseCategory")}</option>
                {choices.categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {t(`category.${category.key}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            field={FIELD.language}
            label={t("eventForm.language")}
            hint={t("eventForm.languageHint")}
            problems={problems}
          >
            {(props) => (
              <select
                {...props}
                name={FIELD.language}
                defaultValue={values.language}
                className={`h-10 ${INPUT_CLASSES}`}
              >
                {LANGUAGES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {t(`language.${language}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <fieldset id={fieldId(FIELD.isPublic)} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("eventForm.visibility")}</legend>
          {([true, false] as const).map((isPublic) => (
            <label key={String(isPublic)} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={FIELD.isPublic}
                value={String(isPublic)}
                defaultChecked={values.isPublic === isPublic}
                className="mt-0.5 h-4 w-4 accent-primary"
              />
              <span className="flex flex-col">
                <span className="font-medium">{t(isPublic ? "eventForm.public" : "eventForm.private")}</span>
                <span className="text-muted-foreground">
                  {t(isPublic ? "eventForm.publicHint" : "eventForm.privateHint")}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </FormSection>

      <FormSection id="event-when" title={t("eventForm.when")}>
        <ScheduleFields
          startsAt={values.startsAt}
          endsAt={values.endsAt}
          timeZone={values.timeZone}
          timeZones={choices.timeZones}
          problems={problems}
        />
      </FormSection>

      <FormSection id="event-where" title={t("eventForm.venue")}>
        <VenueFields
          mode={values.venueMode}
          query={values.venueQuery}
          chosen={values.venue}
          matches={venueMatches}
          newVenue={values.newVenue}
          tiles={choices.tiles}
          problems={problems}
        />
      </FormSection>

      <FormSection id="event-images" title={t("eventForm.images")}>
        <ImageFields images={values.images} maxImageBytes={choices.maxImageBytes} problems={problems} />
      </FormSection>

      <FormSection id="event-ticketTypes" title={t("eventForm.ticketTypes")}>
        <FieldProblem problems={problems} field="ticketTypes" />
        <TicketTypeRows ticketTypes={values.ticketTypes} sold={sold} problems={problems} />
      </FormSection>

      <FormSection id="event-people" title={t("eventForm.people")}>
        <PeopleFields
          sponsors={choices.sponsors}
          sponsorIds={values.sponsorIds}
          {...(sponsorApprovals ? { sponsorApprovals } : {})}
          coOrganizerEmails={values.coOrganizerEmails}
          canChooseCoOrganizers={isOrganizer}
          pendingInvitations={pendingInvitations}
          problems={problems}
        />
      </FormSection>

      <div className="flex flex-wrap gap-3">
        {kind === "editPublished" ? (
          <SubmitButton name={FIELD.intent} value={INTENTS.save} pendingLabel={t("eventForm.saving")}>
            {t("eventForm.saveChanges")}
          </SubmitButton>
        ) : (
          <>
            <SubmitButton name={FIELD.intent} value={INTENTS.publish} pendingLabel={t("eventForm.saving")}>
              {t("eventForm.publish")}
            </SubmitButton>
            <SubmitButton
              name={FIELD.intent}
              value={INTENTS.draft}
              variant="outline"
              pendingLabel={t("eventForm.saving")}
            >
              {t(kind === "create" ? "eventForm.saveDraft" : "eventForm.saveDraftChanges")}
            </SubmitButton>
          </>
        )}
      </div>
    </Form>
  );
}

/** The files chosen in the form's image places. */
function chosenImages(form: HTMLFormElement): ChosenImage[] {
  return [0, 1, 2].flatMap((slot) => {
    const input = form.elements.namedItem(imageFileName(slot));
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    return file ? [{ slot, size: file.size, type: file.type }] : [];
  });
}

/** Where each field sits in the page, so the summary lists problems top to bottom. */
function rankOf(field: string): number[] {
  const parts = field.split(".");
  const order = [
    "form",
    "title",
    "description",
    "categoryId",
    "language",
    "isPublic",
    "startsAt",
    "endsAt",
    "timeZone",
    "venueId",
    "venue",
    "images",
    "ticketTypes",
    "sponsorIds",
    "coOrganizerEmails",
  ];
  const section = order.indexOf(parts[0]!);
  const index = Number(parts[1]);
  return [section < 0 ? 0 : section, Number.isInteger(index) ? index + 1 : 0, (parts[2] ?? "").length];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

const TICKET_FIELD_LABELS: Record<string, string> = {
  name: "eventForm.ticketName",
  price: "eventForm.ticketPrice",
  quantity: "eventForm.ticketQuantity",
  description: "eventForm.ticketDescription",
  salesStart: "eventForm.salesStart",
  salesEnd: "eventForm.salesEnd",
};

/** The name a problem's field goes by in the summary. */
function fieldLabel(field: string, t: TFunction): string | null {
  const [head, second, third] = field.split(".");
  const n = Number(second) + 1;
  switch (head) {
    case "form":
      return null;
    case "categoryId":
      return t("eventForm.category");
    case "isPublic":
      return t("eventForm.visibility");
    case "venueId":
      return t("eventForm.venue");
    case "venue":
      return t(`eventForm.venueFields.${second}`);
    case "sponsorIds":
      return t("eventForm.sponsors");
    case "coOrganizerEmails":
      return t("eventForm.coOrganizers");
    case "ticketTypes": {
      if (second === undefined) return t("eventForm.ticketTypes");
      const part = TICKET_FIELD_LABELS[third ?? ""];
      return part ? `${t("eventForm.ticketTypeN", { n })}: ${t(part)}` : t("eventForm.ticketTypeN", { n });
    }
    case "images": {
      if (second === undefined) return t("eventForm.images");
      return `${t("eventForm.imageN", { n })}: ${t(third === "alt" ? "eventForm.imageAlt" : "eventForm.imageFile")}`;
    }
    default:
      return t(`eventForm.${head}`);
  }
}

/** Every problem, top to bottom, each a link to its field; announced when it appears. */
function ProblemSummary({ problems }: { problems: EventFormProblems }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const fields = Object.keys(problems).sort((a, b) => compareRanks(rankOf(a), rankOf(b)));
  if (fields.length === 0) return null;
  return (
    <div
      id={SUMMARY_ID}
      role="alert"
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-md border border-red-700 bg-red-50 p-4 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{t("eventForm.problemTitle", { count: fields.length })}</p>
      <ul className="list-inside list-disc">
        {fields.map((field) => {
          const label = fieldLabel(field, t);
          const message = text(problems[field]!);
          return (
            <li key={field}>
              {field === "form" ? (
                message
              ) : (
                <a href={`#${fieldId(field)}`} className="underline underline-offset-2">
                  {label ? `${label}: ${message}` : message}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
