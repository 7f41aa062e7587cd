import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { available } from "#domain/event";
import type { Language } from "#domain/language";
import { isTicketTypeOnSale, type SalesWindow } from "#domain/sales-window";
import { SubmitButton } from "#app/components/ui/submit-button";
import { quantityFieldName } from "#app/quantity-field";
import { WaitlistForm } from "#app/components/waitlist-form";
import { formatDate, formatMoney, formatTime } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { useRootData } from "#app/root-data";

export interface PickerTicketType extends SalesWindow {
  id: number;
  name: string;
  description: string | null;
  priceCents: number;
  quantity: number;
  sold: number;
}

/**
 * The ticket types of an event with a quantity to pick for each, the running total, and a button that
 * opens the checkout (`GET /events/:id/checkout?qty.<id>=<n>`): a plain GET form, so it works before
 * scripts load. Sold-out types offer their waitlist instead; types outside their sales window say when
 * sales open or that they have closed. `canBuy` is false for an event that has ended or was cancelled:
 * the list then only names the tickets and their prices, with no counts left and nothing to pick.
 *
 * The "left" counts come from the event page, which may be served from the short response cache
 * (decision 005): they are informational. What is really available is decided when the order is
 * placed, by the conditional update in the order's transaction (server/services/orders.ts).
 */
export function TicketPicker({
  eventId,
  ticketTypes,
  canBuy,
  maxPerOrder,
  now,
  timeZone,
}: {
  eventId: number;
  ticketTypes: readonly PickerTicketType[];
  canBuy: boolean;
  /** MAX_TICKETS_PER_ORDER, passed in by the loader: domain/order.ts brings zod, which this page must not ship. */
  maxPerOrder: number;
  now: Date;
  /** The event's zone: sales opening times are shown in it, like the event's own times. */
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { viewer } = useRootData();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [isEmptySubmit, setEmptySubmit] = useState(false);
  const formId = `ticket-picker-${eventId}`;
  const count = Object.values(quantities).reduce((total, quantity) => total + quantity, 0);
  const totalCents = ticketTypes.reduce((total, type) => total + (quantities[type.id] ?? 0) * type.priceCents, 0);
  const isTooMany = count > maxPerOrder;
  const isFreeOnly = ticketTypes.every((type) => type.priceCents === 0);
  const isBuyable = (type: PickerTicketType) => available(type) > 0 && isTicketTypeOnSale(type, now);
  const hasAnyLeft = ticketTypes.some(isBuyable);

  const choose = (ticketTypeId: number, quantity: number) => {
    setQuantities((current) => ({ ...current, [ticketTypeId]: quantity }));
    setEmptySubmit(false);
  };
  // With scripts, say so at once rather than open a checkout that can only say it; without, the
  // checkout page says it.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (count > 0 && !isTooMany) return;
    event.preventDefault();
    setEmptySubmit(count === 0);
  };

  return (
    <>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {ticketTypes.map((ticket) => {
          const left = available(ticket);
          const onSale = isTicketTypeOnSale(ticket, now);
          const selectId = `${formId}-${ticket.id}`;
          return (
            <li key={ticket.id} className="flex flex-col gap-3 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p dir="auto" className="font-semibold">
                    {ticket.name}
                  </p>
                  {ticket.description && (
                    <p dir="auto" className="text-sm text-muted-foreground">
                      {ticket.description}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-4">
                  <div className="text-end">
                    <p className="font-semibold">
                      {ticket.priceCents === 0 ? t("event.free") : formatMoney(ticket.priceCents, language)}
                    </p>
                    {/* An ended or cancelled event says so above the list: how many are left no longer matters. */}
                    {!canBuy ? null : onSale || left === 0 ? (
                      <p
                        className={`text-sm ${left === 0 ? "font-bold uppercase text-red-700 dark:text-red-300" : "text-muted-foreground"}`}
                      >
                        {left === 0 ? t("event.soldOut") : t("event.ticketsLeft", { count: left })}
                      </p>
                    ) : (
                      <p className="text-sm font-semibold text-muted-foreground">
                        {ticket.salesStartAt && now < ticket.salesStartAt
                          ? t("event.salesOpen", {
                              date: formatDate(ticket.salesStartAt, timeZone, language),
                              time: formatTime(ticket.salesStartAt, timeZone, language),
                            })
                          : t("event.salesClosed")}
                      </p>
                    )}
                  </div>
                  {canBuy && left > 0 && onSale && (
                    <div className="flex flex-col gap-1">
                      <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
                        {t("checkout.picker.quantity")}
                        <bdi className="sr-only"> {ticket.name}</bdi>
                      </label>
                      <select
                        id={selectId}
                        form={formId}
                        name={quantityFieldName(ticket.id)}
                        value={quantities[ticket.id] ?? 0}
                        onChange={(event) => choose(ticket.id, Number(event.target.value))}
                        className="h-10 min-w-16 rounded-md border border-border bg-background px-2 text-sm text-foreground"
                      >
                        {Array.from({ length: Math.min(maxPerOrder, left) + 1 }, (_, quantity) => (
                          <option key={quantity} value={quantity}>
                            {quantity}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                </div>
              </div>
              {canBuy && left === 0 && onSale && (
                <WaitlistForm
                  eventId={eventId}
                  ticketTypeId={ticket.id}
                  ticketTypeName={ticket.name}
                  defaultName={viewer?.name}
                  defaultEmail={viewer?.email}
                />
              )}
            </li>
          );
        })}
      </ul>
      {/* The form holds no fields itself (the selects join it by their form attribute): a waitlist
          form sits between them, and forms cannot nest. */}
      {canBuy && hasAnyLeft && (
        <Form
          id={formId}
          method="get"
          action={`/events/${eventId}/checkout`}
          onSubmit={submit}
          className="mt-4 flex flex-wrap items-center justify-between gap-3"
        >
          <div className="flex flex-col">
            <p className="font-semibold">
              {t("checkout.picker.total")}{" "}
              <output htmlFor={ticketTypes.map((ticket) => `${formId}-${ticket.id}`).join(" ")}>
                {totalCents === 0 && count > 0 ? t("event.free") : formatMoney(totalCents, language)}
              </output>
            </p>
            <p
              aria-live="polite"
              className={`text-sm ${isTooMany || isEmptySubmit ? "font-semibold text-red-700 dark:text-red-300" : "text-muted-foreground"}`}
            >
              {isEmptySubmit ? t("checkout.picker.chooseOne") : t("checkout.picker.limit", { max: maxPerOrder })}
            </p>
          </div>
          <SubmitButton>{isFreeOnly ? t("checkout.picker.register") : t("checkout.picker.getTickets")}</SubmitButton>
        </Form>
      )}
    </>
  );
}
