import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EVENT_DESCRIPTION_MAX } from "#domain/event-input";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { FIELD, INTENTS } from "./event-form-values";
import { Field, INPUT_CLASSES } from "./form-parts";
import type { EventFormProblems } from "./parse-event-form";

/** Long enough that typing does not send a request per key, short enough to feel live. */
const PREVIEW_DELAY_MS = 400;

/**
 * The description in Markdown, and beside it the page as it will show it. The HTML comes from the
 * server's own renderer (the action's "preview" intent), the one the event page uses, so the preview
 * shows exactly what survives sanitizing. Before JavaScript, the Preview button asks for it.
 */
export function DescriptionField({
  defaultValue,
  initialPreview,
  problems,
}: {
  defaultValue: string;
  /** The preview the last submission brought back (no-JavaScript Preview button). */
  initialPreview: string | null;
  problems: EventFormProblems;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ preview?: string }>();
  const [text, setText] = useState(defaultValue);
  const submit = useRef(fetcher.submit);
  useEffect(() => {
    submit.current = fetcher.submit;
  });

  useEffect(() => {
    if (text === defaultValue && initialPreview !== null) return;
    const timer = setTimeout(() => {
      if (text.trim() === "") return;
      void submit.current({ [FIELD.intent]: INTENTS.preview, [FIELD.description]: text }, { method: "post" });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, defaultValue, initialPreview]);

  const preview = text.trim() === "" ? "" : (fetcher.data?.preview ?? initialPreview ?? "");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Field
        field={FIELD.description}
        label={t("eventForm.description")}
        hint={t("eventForm.descriptionHint", { max: EVENT_DESCRIPTION_MAX })}
        problems={problems}
      >
        {(props) => (
          <textarea
            {...props}
            name={FIELD.description}
            rows={10}
            maxLength={EVENT_DESCRIPTION_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={`py-2 font-mono ${INPUT_CLASSES}`}
          />
        )}
      </Field>
      <section aria-labelledby="event-description-preview-title" className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <h3 id="event-description-preview-title" className="text-sm font-medium">
            {t("eventForm.preview")}
          </h3>
          <noscript>
            <SubmitButton name={FIELD.intent} value={INTENTS.preview} formNoValidate variant="outline" size="sm">
              {t("eventForm.showPreview")}
            </SubmitButton>
          </noscript>
        </div>
        <div
          aria-live="polite"
          className="min-h-40 overflow-auto rounded-md border border-dashed border-border p-3 text-sm"
        >
          {preview ? (
            // The server's sanitized rendering (server/services/markdown.ts), styled as on the event page.
            <div
              className="flex flex-col gap-3 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          ) : (
            <p className="text-muted-foreground">{t("eventForm.previewEmpty")}</p>
          )}
        </div>
      </section>
    </div>
  );
}
