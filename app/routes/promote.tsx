import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, Link, redirect } from "react-router";
import { CARD_FIELDS, readCardForm, type CardField } from "#app/card-form";
import { CardFields } from "#app/components/card-fields";
import { OrderAlert } from "#app/components/order-alert";
import { PromotionQuoteSummary } from "#app/components/promotion-quote";
import { SandboxPaymentNotice } from "#app/components/sandbox-payment-notice";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { formatDate, formatMoney } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { requireViewer } from "#app/require-viewer";
import type { Language } from "#domain/language";
import {
  PROMOTION_LIMITS,
  PROMOTION_PROBLEMS,
  PROMOTION_TYPES,
  quotePromotion,
  RATE_CARD,
  type PromotionQuote,
  type PromotionType,
} from "#domain/promotion-pricing";
import { isUuid } from "#server/auth/secrets";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { listPromotableEvents, purchaseCampaign, quoteCampaign } from "#server/services/promotions";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/promote";

const PROBLEM_ID = "promote-problem";
const PRIVATE = { "Cache-Control": "private, no-store" };
/** The campaign's own fields, as the purchase reports problems with them. */
const CAMPAIGN_FIELDS = ["eventId", "types", "days", "startsAt", "card"] as const;
type CampaignField = (typeof CAMPAIGN_FIELDS)[number];
const DEFAULT_VALUES: FormValues = { eventId: "", types: ["homepage"], days: "7" };
const FIELD_CLASSES =
  "h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

/** The form's fields as typed, sent back so that a page without JavaScript shows them again. */
interface FormValues {
  eventId: string;
  types: string[];
  days: string;
}

interface ActionResult {
  values: FormValues;
  quote?: PromotionQuote;
  problems?: Partial<Record<CampaignField | CardField | "form", string>>;
  decline?: string;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("promote.metaTitle")} | ${t("app.name")}`);
}

export function headers() {
  return PRIVATE;
}

/**
 * /promote (signed in): the published upcoming events the person organizes or co-organizes, to
 * promote; `?event=<id>` picks one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const now = currentTime();
  const events = await listPromotableEvents(context.db, { userId: viewer.userId }, now);
  const wanted = Number(new URL(request.url).searchParams.get("event"));
  const selectedEventId = events.some((event) => event.id === wanted) ? wanted : (events[0]?.id ?? null);
  return data(
    {
      events,
      selectedEventId,
      // The campaign starts when it is paid: the page prices it from the site's time now.
      now,
      collectsCardOnSite: context.payments.collectsCardOnSite,
      pageMessages: await pageMessages(negotiateLanguage(request), ["promote"]),
      isSandbox: context.payments.name === "sandbox",
      // One purchase per page shown: the same form sent twice (a double click, a resend) pays once.
      attemptKey: crypto.randomUUID(),
    },
    { headers: PRIVATE },
  );
}

function parseWhole(raw: string): number | null {
  return /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

function readValues(form: FormData | null): FormValues {
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value.slice(0, 100) : "";
  };
  const types = (form?.getAll("types") ?? []).filter((value): value is string => typeof value === "string");
  return { eventId: text("eventId"), types: types.slice(0, 10), days: text("days") };
}

/**
 * The quote's fields from the form, for the service to check (it names what is wrong). No budget:
 * the page shows the price before the organizer pays, and paying it is the agreement.
 */
function quoteInput(values: FormValues) {
  return { types: values.types, days: parseWhole(values.days) };
}

/** The problem words this page has messages for (promote.problems.*); any other reads as "invalid". */
const KNOWN_PROBLEMS: ReadonlySet<string> = new Set([
  ...Object.values(PROMOTION_PROBLEMS),
  "card_required",
  "form_too_large",
  "unexpected",
]);

function fieldProblems(error: AppError): ActionResult["problems"] {
  const problems: ActionResult["problems"] = {};
  for (const [field, word] of Object.entries(error.fields ?? {})) {
    const name = field.split(".")[0]!;
    if ((CAMPAIGN_FIELDS as readonly string[]).includes(name)) {
      problems[name as CampaignField] ??= KNOWN_PROBLEMS.has(word) ? word : "invalid";
    }
  }
  if (Object.keys(problems).length === 0) problems.form = "unexpected";
  return problems;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return answer({ values: DEFAULT_VALUES, problems: { form: "form_too_large" } }, 413);
  const values = readValues(form);
  const intent = form?.get("intent");
  const now = currentTime();
  const { db, config, payments } = context;
  // The chosen event's end, which the digest's price depends on; not one of the person's: priced
  // without it, and the purchase below refuses it.
  const eventId = parseWhole(values.eventId);
  const event = (await listPromotableEvents(db, { userId: viewer.userId }, now)).find((one) => one.id === eventId);

  let quote: PromotionQuote;
  try {
    quote = quoteCampaign(quoteInput(values), { now, ...(event ? { eventEndsAt: event.endsAt } : {}) });
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid")
      return answer({ values, problems: fieldProblems(error) }, 422);
    throw error;
  }
  if (intent === "quote") return answer({ values, quote }, 200);
  if (intent !== "pay") return answer({ values, quote, problems: { form: "unexpected" } }, 400);

  const attemptKey = form?.get("attempt");
  if (!isUuid(attemptKey)) return answer({ values, quote, problems: { form: "unexpected" } }, 400);

  let card;
  if (payments.collectsCardOnSite) {
    const read = readCardForm(form, now);
    if ("problems" in read) return answer({ values, quote, problems: read.problems }, 422);
    card = read.card;
  }

  try {
    const result = await purchaseCampaign(
      db,
      payments,
      { userId: viewer.userId },
      { ...quoteInput(values), eventId },
      { now, siteUrl: config.publicUrl, attemptKey, ...(card ? { card } : {}) },
    );
    if (result.outcome === "paid") return redirect(`/promote/${result.campaign.id}?paid=1`);
    if (result.outcome === "repeated") return redirect(`/promote/${result.campaign.id}`);
    if (result.outcome === "redirect") return redirect(result.redirectUrl);
    return answer({ values, quote, decline: result.declineReason }, 402);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // An event the person neither organizes nor co-organizes: this page lists only those they do.
    if (error.code === "not_found") {
      return answer({ values, quote, problems: { eventId: "not_promotable" } }, 422);
    }
    if (error.code === "invalid") return answer({ values, quote, problems: fieldProblems(error) }, 422);
    // The same form sent twice while its first sending was being declined.
    if (error.code === "conflict") return answer({ values, quote, problems: { form: "unexpected" } }, 409);
    throw error;
  }
}

function answer(result: ActionResult, status: number) {
  return data(result, { status, headers: PRIVATE });
}

/** The events the page offers, as the quote needs them. */
type QuotedEvents = readonly { id: number; endsAt: Date | string }[];

/**
 * The quote of the form's values for a campaign starting at `startsAt`: the same rate card and rules
 * as the server's, for the chosen event.
 */
function quoteOfValues(values: FormValues, startsAt: Date, events: QuotedEvents): PromotionQuote {
  const types = values.types.filter((type): type is PromotionType =>
    (PROMOTION_TYPES as readonly string[]).includes(type),
  );
  const days = parseWhole(values.days);
  const daysInRange =
    days !== null && days >= PROMOTION_LIMITS.minDays && days <= PROMOTION_LIMITS.maxDays
      ? days
      : PROMOTION_LIMITS.minDays;
  const event = events.find((one) => String(one.id) === values.eventId);
  return quotePromotion({
    types,
    days: daysInRange,
    startsAt,
    ...(event ? { eventEndsAt: new Date(event.endsAt) } : {}),
  });
}

export default function PromotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { events, selectedEventId, collectsCardOnSite, isSandbox, attemptKey } = loaderData;
  const values = actionData?.values ?? { ...DEFAULT_VALUES, eventId: String(selectedEventId ?? "") };
  const formRef = useRef<HTMLFormElement>(null);
  const startsAt = new Date(loaderData.now);
  const [live, setLive] = useState<PromotionQuote | null>(null);
  const shown = live ?? actionData?.quote ?? quoteOfValues(values, startsAt, events);

  // A refused or declined card is never shown again: its fields empty after every answer.
  useEffect(() => {
    const form = formRef.current;
    if (!actionData || !form) return;
    for (const field of CARD_FIELDS) {
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [actionData]);

  if (events.length === 0) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
        <h1 className="text-3xl font-bold">{t("promote.title")}</h1>
        <p>{t("promote.noEvents")}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/create" className={buttonClasses("primary", "md")}>
            {t("promote.createEvent")}
          </Link>
          <Link to="/pricing" className={buttonClasses("outline", "md")}>
            {t("promote.seePricing")}
          </Link>
        </div>
      </div>
    );
  }

  const problems = actionData?.problems ?? {};
  const messages = [
    ...(actionData?.decline ? [t(`payment.declines.${actionData.decline}`)] : []),
    ...(problems.form ? [t(`promote.problems.${problems.form}`)] : []),
    ...CAMPAIGN_FIELDS.flatMap((field) => (problems[field] ? [t(`promote.problems.${problems[field]}`)] : [])),
    ...CARD_FIELDS.flatMap((field) => (problems[field] ? [t(`payment.problems.${problems[field]}`)] : [])),
  ];
  const errorIdFor = (field: CampaignField | CardField) => (problems[field] ? PROBLEM_ID : undefined);
  const total = formatMoney(shown.totalCents, language);
  const onChange = (event: FormEvent<HTMLFormElement>) =>
    setLive(quoteOfValues(readValues(new FormData(event.currentTarget)), startsAt, events));

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("promote.title")}</h1>
        <p className="text-muted-foreground">
          {t("promote.intro")}{" "}
          <Link to="/pricing" className="font-medium text-primary underline underline-offset-2">
            {t("promote.seePricing")}
          </Link>
        </p>
      </header>

      {messages.length > 0 && (
        <OrderAlert
          id={PROBLEM_ID}
          title={actionData?.decline ? t("promote.declinedTitle") : t("promote.problemTitle")}
          messages={messages}
          submission={actionData}
        />
      )}

      <Form ref={formRef} method="post" className="flex flex-col gap-6" onChange={onChange} autoComplete="off">
        <input type="hidden" name="attempt" value={attemptKey} />
        <section
          aria-labelledby="promote-options-heading"
          className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
        >
          <h2 id="promote-options-heading" className="text-lg font-semibold">
            {t("promote.optionsTitle")}
          </h2>
          <div className="flex flex-col gap-1">
            <label htmlFor="promote-event" className="text-sm font-medium">
              {t("promote.event")}
            </label>
            <select
              id="promote-event"
              name="eventId"
              defaultValue={values.eventId}
              aria-invalid={errorIdFor("eventId") ? true : undefined}
              aria-describedby={errorIdFor("eventId")}
              className={FIELD_CLASSES}
            >
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {t("promote.eventOption", {
                    title: event.title,
                    date: formatDate(event.startsAt, event.timeZone, language),
                  })}
                </option>
              ))}
            </select>
          </div>

          <fieldset className="flex flex-col gap-2" aria-describedby={errorIdFor("types")}>
            <legend className="mb-1 text-sm font-medium">{t("promote.typesLegend")}</legend>
            {PROMOTION_TYPES.map((type) => (
              <div key={type} className="flex items-start gap-3 rounded-md border border-border p-3">
                <input
                  id={`promote-type-${type}`}
                  type="checkbox"
                  name="types"
                  value={type}
                  defaultChecked={values.types.includes(type)}
                  aria-describedby={`promote-type-${type}-hint`}
                  className="mt-1 size-4 shrink-0"
                />
                <div className="flex flex-col gap-0.5">
                  <label htmlFor={`promote-type-${type}`} className="font-medium">
                    {t(`promote.types.${type}`)}
                  </label>
                  <p id={`promote-type-${type}-hint`} className="text-sm text-muted-foreground">
                    {t(`promote.typeDescriptions.${type}`)}{" "}
                    {t(`promote.rates.${RATE_CARD[type].unit}`, {
                      price: formatMoney(RATE_CARD[type].cents, language),
                    })}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="promote-days"
              name="days"
              type="number"
              label={t("promote.days")}
              hint={t("promote.daysHint", { min: PROMOTION_LIMITS.minDays, max: PROMOTION_LIMITS.maxDays })}
              min={PROMOTION_LIMITS.minDays}
              max={PROMOTION_LIMITS.maxDays}
              step={1}
              required
              defaultValue={values.days}
              errorId={errorIdFor("days")}
            />
          </div>
          <SubmitButton name="intent" value="quote" formNoValidate variant="outline" className="self-start">
            {t("promote.quoteButton")}
          </SubmitButton>
        </section>

        <PromotionQuoteSummary quote={shown} />

        <section
          aria-labelledby="promote-pay-heading"
          className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
        >
          <h2 id="promote-pay-heading" className="text-lg font-semibold">
            {t("promote.paymentTitle")}
          </h2>
          {collectsCardOnSite ? (
            <>
              {isSandbox && <SandboxPaymentNotice />}
              <CardFields
                idPrefix="promote"
                errorIdFor={(field) => errorIdFor(field) ?? (field === "number" ? errorIdFor("card") : undefined)}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t("promote.redirectNote")}</p>
          )}
          <SubmitButton name="intent" value="pay" className="w-full">
            {collectsCardOnSite ? t("promote.payButton", { total }) : t("promote.continueToProvider")}
          </SubmitButton>
        </section>
      </Form>
    </div>
  );
}
