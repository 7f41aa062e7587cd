import { Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { EVENT_TEXT_LIMITS, MAX_TICKET_QUANTITY, MAX_TICKET_TYPES } from "#domain/event-input";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount, formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import {
  emptyTicketType,
  FIELD,
  INTENTS,
  ticketTypeFieldName,
  type TicketTypeSales,
  type TicketTypeValues,
} from "./event-form-values";
import { Field, INPUT_CLASSES } from "./form-parts";
import type { EventFormProblems } from "./parse-event-form";
import type { Language } from "#domain/language";

interface Row {
  key: number;
  values: TicketTypeValues;
}

/**
 * The event's ticket types, one row each, added and removed in the page (before JavaScript, the
 * buttons ask the action to send the form back with a row more or less). Rows are numbered by their
 * place, so the names the action reads have no gaps. A type that has sold tickets shows how many (and
 * how many unpaid orders hold); its quantity cannot go below both, its price below what a holder paid,
 * and a type with orders cannot be removed.
 */
export function TicketTypeRows({
  ticketTypes,
  sold,
  problems,
}: {
  ticketTypes: readonly TicketTypeValues[];
  /** What each existing type has sold, by its id (edit). */
  sold: Readonly<Record<string, TicketTypeSales>>;
  problems: EventFormProblems;
}) {
  const { t, i18n } = useTranslation();
  const nextKey = useRef(ticketTypes.length);
  const [rows, setRows] = useState<Row[]>(() => ticketTypes.map((values, key) => ({ key, values })));
  const addButton = useRef<HTMLButtonElement>(null);
  const firstFieldOf = (index: number) => document.getElementById(`event-ticketTypes-${index}-name`);

  const add = () => {
    setRows((current) => [...current, { key: nextKey.current++, values: emptyTicketType() }]);
    // The new row's first field, once it is in the page.
    requestAnimationFrame(() => firstFieldOf(rows.length)?.focus());
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, place) => place !== index));
    requestAnimationFrame(() => (firstFieldOf(Math.max(0, index - 1)) ?? addButton.current)?.focus());
  };

  return (
    <div className="flex flex-col gap-4">
      {rows.map(({ key, values }, index) => {
        const sales = values.id ? sold[values.id] : undefined;
        const soldCount = sales?.sold ?? 0;
        const heldCount = sales?.held ?? 0;
        const lowestPriceCents = sales?.lowestPriceCents ?? 0;
        const language = i18n.language as Language;
        const name = (field: Parameters<typeof ticketTypeFieldName>[1]) => ticketTypeFieldName(index, field);
        return (
          <fieldset key={key} className="flex flex-col gap-4 rounded-lg border border-border p-4">
            <legend className="px-1 text-base font-semibold">{t("eventForm.ticketTypeN", { n: index + 1 })}</legend>
            {values.id && <input type="hidden" name={name("id")} value={values.id} />}
            {soldCount > 0 && (
              <p className="text-sm text-muted-foreground">
                {t("eventForm.soldCount", { count: soldCount, sold: formatCount(soldCount, language) })}
              </p>
            )}
            {heldCount > 0 && (
              <p className="text-sm text-muted-foreground">
                {t("eventForm.heldCount", { count: heldCount, held: formatCount(heldCount, language) })}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-3">
              <Field field={name("name")} label={t("eventForm.ticketName")} problems={problems}>
                {(props) => (
                  <input
                    {...props}
                    name={name("name")}
                    defaultValue={values.name}
                    maxLength={EVENT_TEXT_LIMITS.ticketTypeName}
                    className={`h-10 ${INPUT_CLASSES}`}
                  />
                )}
              </Field>
              <Field
                field={name("price")}
                label={t("eventForm.ticketPrice")}
                hint={
                  lowestPriceCents > 0
                    ? t("eventForm.priceAtLeastPaid", { price: formatMoney(lowestPriceCents, language) })
                    : t("eventForm.ticketPriceHint")
                }
                problems={problems}
              >
                {(props) => (
                  <input
                    {...props}
                    name={name("price")}
                    type="number"
                    min={lowestPriceCents / 100}
                    step="0.01"
                    inputMode="decimal"
                    dir="ltr"
                    defaultValue={values.price}
                    className={`h-10 ${INPUT_CLASSES}`}
                  />
                )}
              </Field>
              <Field
                field={name("quantity")}
                label={t("eventForm.ticketQuantity")}
                hint={
                  heldCount > 0
                    ? t("eventForm.quantityAtLeastHeld", { min: formatCount(soldCount + heldCount, language) })
                    : soldCount > 0
                      ? t("eventForm.quantityAtLeastSold", { count: soldCount })
                      : undefined
                }
                problems={problems}
              >
                {(props) => (
                  <input
                    {...props}
                    name={name("quantity")}
                    type="number"
                    min={Math.max(1, soldCount + heldCount)}
                    max={MAX_TICKET_QUANTITY}
                    step={1}
                    inputMode="numeric"
                    dir="ltr"
                    defaultValue={values.quantity}
                    className={`h-10 ${INPUT_CLASSES}`}
                  />
                )}
              </Field>
            </div>
            <Field field={name("description")} label={t("eventForm.ticketDescription")} problems={problems}>
              {(props) => (
                <input
                  {...props}
                  name={name("description")}
                  defaultValue={values.description}
                  maxLength={EVENT_TEXT_LIMITS.ticketTypeDescription}
                  className={`h-10 ${INPUT_CLASSES}`}
                />
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              {(["salesStart", "salesEnd"] as const).map((field) => (
                <Field
                  key={field}
                  field={name(field)}
                  label={t(`eventForm.${field}`)}
                  hint={t("eventForm.salesWindowHint")}
                  problems={problems}
                >
                  {(props) => (
                    <input
                      {...props}
                      name={name(field)}
                      type="datetime-local"
                      defaultValue={values[field]}
                      className={`h-10 ${INPUT_CLASSES}`}
                    />
                  )}
                </Field>
              ))}
            </div>
            {rows.length > 1 && !sales?.hasOrders && (
              <button
                type="submit"
                name={FIELD.intent}
                value={`${INTENTS.removeTicketType}:${index}`}
                formNoValidate
                onClick={(event) => {
                  event.preventDefault();
                  remove(index);
                }}
                className={buttonClasses("ghost", "sm", "self-start")}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t("eventForm.removeTicketType", { n: index + 1 })}
              </button>
            )}
          </fieldset>
        );
      })}
      {rows.length < MAX_TICKET_TYPES && (
        <button
          ref={addButton}
          type="submit"
          name={FIELD.intent}
          value={INTENTS.addTicketType}
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            add();
          }}
          className={buttonClasses("outline", "sm", "self-start")}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t("eventForm.addTicketType")}
        </button>
      )}
    </div>
  );
}
