import { useEffect, useState } from "react";
import { EVENT_TEXT_LIMITS, MAX_EVENT_IMAGES } from "#domain/event-input";
import { useTranslation } from "#app/i18n/use-translation";
import { imageAltName, imageFileName, imageRemoveName, type ImageSlotValues } from "./event-form-values";
import { Field, FieldProblem, fieldId, HINT_CLASSES, INPUT_CLASSES, LABEL_CLASSES, describedBy } from "./form-parts";
import type { EventFormProblems } from "./parse-event-form";

export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** What the stored image looks like at a width the form's thumbnail needs. */
function storedUrl(stored: { storageKey: string; widths: number[] }): string {
  const width = [...stored.widths].sort((a, b) => a - b)[0];
  return `/uploads/${stored.storageKey}-${width}.webp`;
}

/**
 * Up to MAX_EVENT_IMAGES pictures, each with the alt text a screen reader reads instead (required).
 * A chosen file shows at once as a preview (16:9, as the server will crop it); a stored one can be
 * removed, and its alt text changed.
 */
export function ImageFields({
  images,
  maxImageBytes,
  problems,
}: {
  images: readonly ImageSlotValues[];
  maxImageBytes: number;
  problems: EventFormProblems;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p id="event-images-hint" className={HINT_CLASSES}>
        {t("eventForm.imagesHint", { count: MAX_EVENT_IMAGES, max: Math.round(maxImageBytes / 1024 / 1024) })}
      </p>
      <FieldProblem problems={problems} field="images" />
      <div className="grid gap-4 md:grid-cols-3">
        {images.slice(0, MAX_EVENT_IMAGES).map((image, slot) => (
          <ImageSlot key={slot} slot={slot} image={image} problems={problems} />
        ))}
      </div>
    </div>
  );
}

function ImageSlot({ slot, image, problems }: { slot: number; image: ImageSlotValues; problems: EventFormProblems }) {
  const { t } = useTranslation();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [isRemoved, setRemoved] = useState(image.isRemoved);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  const fileField = `images.${slot}.file`;
  const altField = `images.${slot}.alt`;
  const stored = image.stored;
  const shown = previewUrl ?? (stored && !isRemoved ? storedUrl(stored) : null);

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{t("eventForm.imageN", { n: slot + 1 })}</legend>
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded-md bg-muted">
        {shown ? (
          // The alt text describes the event's picture on its page; here the thumbnail only repeats the file.
          <img src={shown} alt="" className="h-full w-full object-cover" />
        ) : (
          <span className="text-xs text-muted-foreground">{t("eventForm.noImage")}</span>
        )}
      </div>
      {stored ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={imageRemoveName(slot)}
            checked={isRemoved}
            onChange={(event) => setRemoved(event.target.checked)}
            className="h-4 w-4 accent-primary"
          />
          {t("eventForm.removeImage")}
        </label>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId(fileField)} className={LABEL_CLASSES}>
            {t("eventForm.imageFile")}
          </label>
          <input
            {...describedBy(problems, fileField, "event-images-hint")}
            type="file"
            name={imageFileName(slot)}
            accept={ACCEPTED_IMAGE_TYPES}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setPreviewUrl(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
            }}
            className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:text-foreground"
          />
          <FieldProblem problems={problems} field={fileField} />
        </div>
      )}
      <Field field={altField} label={t("eventForm.imageAlt")} hint={t("eventForm.imageAltHint")} problems={problems}>
        {(props) => (
          <input
            {...props}
            name={imageAltName(slot)}
            defaultValue={image.alt}
            maxLength={EVENT_TEXT_LIMITS.imageAlt}
            className={`h-10 ${INPUT_CLASSES}`}
          />
        )}
      </Field>
    </fieldset>
  );
}
