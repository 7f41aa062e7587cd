import { data, Form, Link, redirect } from "react-router";
import { isPast } from "#domain/event";
import { parseRecordId } from "#domain/record-id";
import { HOLD_MINUTES } from "#domain/order";
import { checkoutProblemWord, parseCheckoutForm, parseQuantities } from "#app/checkout-form";
import {
  CHECKOUT_PROBLEMS,
  type CheckoutField,
  type CheckoutProblems,
  type CheckoutProblemWord,
} from "#app/checkout-problem";
import { OrderAlert } from "#app/components/order-alert";
import { OrderEventHeading } from "#app/components/order-event-heading";
import { OrderLines, type OrderLine } from "#app/components/order-lines";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { referralCodesOf } from "#server/http/referral-links";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { quantityFieldName } from "#app/quantity-field";
import { readSmallForm } from "#server/http/read-form";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { getEventDetail, type EventDetail } from "#server/services/event-detail";
import { placeOrder } from "#server/services/orders";
import type { Route } from "./+types/checkout";

const PROBLEM_ID = "checkout-problem";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("checkout.metaTitle")} | ${t("app.name")}`);
}

/** Never reused: what a form page answers depends on the moment (sold out, ended) and on who asks. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * /events/:id/checkout?qty.<ticketTypeId>=<n>: the tickets chosen on the event page, their prices and
 * total, and the buyer's name and e-mail (the signed-in person's, changeable; guests need no account).
 * Quantities that cannot be ordered are explained here rather than sent back to the event page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const event = await findEvent(context, params.id);
  const chosen = chooseLines(event, new URL(request.url).searchParams.entries());
  const { viewer } = context;
  const page = {
    event: eventOf(event),
    ...chosen,
    isEnded: isEnded(event),
    defaults: { name: viewer?.name ?? "", email: viewer?.email ?? "" },
    isSignedIn: viewer !== null,
    holdMinutes: HOLD_MINUTES,
  };
  return data(page, chosen.problem ? { status: chosen.status } : undefined);
}

interface CheckoutResult {
  problems: CheckoutProblems;
  values: { name: string; email: string };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const event = await findEvent(context, params.id);
  const form = await readSmallForm(request);
  const empty = { name: "", email: "" };
  if (form === "too_large") return answer({ problems: { form: CHECKOUT_PROBLEMS.formTooLarge }, values: empty }, 413);
  if (form === null) return answer({ problems: { form: CHECKOUT_PROBLEMS.unexpected }, values: empty }, 400);
  const values = { name: textOf(form.get("name")), email: textOf(form.get("email")) };
  const parsed = parseCheckoutForm(form, event.id, new Set(event.ticketTypes.map((type) => type.id)));
  if (!parsed.ok) return answer({ problems: parsed.problems, values }, parsed.status);

  const { viewer, db, config } = context;
  try {
    const { order, accessToken } = await placeOrder(
      db,
      viewer && { userId: viewer.userId },
      parsed.input,
      {
        now: currentTime(),
        language: negotiateLanguage(request),
        siteUrl: config.publicUrl,
      },
      referralCodesOf(request.headers.get("Cookie")),
    );
    const key = `?key=${encodeURIComponent(accessToken)}`;
    if (order.status === "confirmed") {
      return redirect(`/orders/${order.id}${key}`, { headers: { "Set-Cookie": flashCookie("orderConfirmed") } });
    }
    return redirect(`/orders/${order.id}/pay${key}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return answer({ problems: problemsOf(error), values }, formPageStatusOf(error));
  }
}

function answer(result: CheckoutResult, status = 200) {
  return data(result, { status });
}

async function findEvent(context: Route.LoaderArgs["context"], idParam: string): Promise<EventDetail> {
  const id = parseRecordId(idParam);
  const event = id === null ? null : await getEventDetail(context.db, id, currentTime());
  if (!event) throw data(null, { status: 404 });
  return event;
}

function isEnded(event: EventDetail): boolean {
  return event.status === "cancelled" || isPast(event, currentTime());
}

function eventOf(event: EventDetail) {
  const { id, title, startsAt, endsAt, timeZone, venue } = event;
  return { id, title, startsAt, endsAt, timeZone, venue };
}

/** The lines asked for in the address, priced as the event lists them now; or why there are none. */
function chooseLines(
  event: EventDetail,
  entries: Iterable<[string, string]>,
):
  | { lines: OrderLine[]; totalCents: number; problem: null; status: 200 }
  | { lines: []; totalCents: 0; problem: CheckoutProblemWord; status: 400 | 422 } {
  const parsed = parseQuantities(entries, new Set(event.ticketTypes.map((type) => type.id)));
  if (!parsed.ok) return { lines: [], totalCents: 0, problem: parsed.problem, status: parsed.status };
  const lines = parsed.items.map((item) => {
    const type = event.ticketTypes.find((candidate) => candidate.id === item.ticketTypeId)!;
    return { ticketTypeId: type.id, name: type.name, quantity: item.quantity, unitPriceCents: type.priceCents };
  });
  // The event page lists types in their order; the checkout keeps it, whatever the address's order.
  lines.sort(
    (a, b) =>
      event.ticketTypes.findIndex((type) => type.id === a.ticketTypeId) -
      event.ticketTypes.findIndex((type) => type.id === b.ticketTypeId),
  );
  const totalCents = lines.reduce((total, line) => total + line.quantity * line.unitPriceCents, 0);
  return { lines, totalCents, problem: null, status: 200 };
}

/** The service's refusal, as the form's problems: sold out, ended, or a field the schema refused. */
function problemsOf(error: AppError): CheckoutProblems {
  if (error.code === "conflict" && error.fields?.items === "sold_out") return { items: CHECKOUT_PROBLEMS.soldOut };
  if (error.code === "not_found") return { items: CHECKOUT_PROBLEMS.unknownTicketType };
  if (error.fields?.eventId === "event_ended") return { form: CHECKOUT_PROBLEMS.eventEnded };
  const problems: CheckoutProblems = {};
  for (const [path, word] of Object.entries(error.fields ?? {})) {
    const field = path.split(".").at(-1);
    if (field === "name" || field === "email") problems[field] ??= checkoutProblemWord(word);
    else problems.items ??= checkoutProblemWord(word);
  }
  return Object.keys(problems).length > 0 ? problems : { form: CHECKOUT_PROBLEMS.unexpected };
}

function textOf(value: FormDataEntryValue | null): string {
  // Kept to what the fields allow, so a long value is not echoed back in full.
  return typeof value === "string" ? value.slice(0, 320) : "";
}

/** The order of problems in the alert: the tickets first, then the fields top to bottom. */
const FIELD_ORDER: readonly CheckoutField[] = ["form", "items", "name", "email"];

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { event, lines, totalCents, isEnded, defaults, isSignedIn, holdMinutes } = loaderData;
  const problems: CheckoutProblems = {
    ...(loaderData.problem && { items: loaderData.problem }),
    ...actionData?.problems,
    ...(isEnded && { form: CHECKOUT_PROBLEMS.eventEnded }),
  };
  const messages = FIELD_ORDER.flatMap((field) => {
    const word = problems[field];
    return word ? [t(`checkout.problems.${word}`)] : [];
  });
  const canOrder = lines.length > 0 && !isEnded;
  const isFree = totalCents === 0;
  const backToTickets = `/events/${event.id}#tickets`;
  const errorIdFor = (field: CheckoutField) => (problems[field] ? `${PROBLEM_ID}-${field}` : undefined);
  const values = actionData?.values ?? defaults;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-4">
        <Link to={backToTickets} className="self-start text-sm font-medium text-primary underline underline-offset-2">
          {t("checkout.backToEvent")}
        </Link>
        <h1 className="text-3xl font-bold">{isFree && canOrder ? t("checkout.titleFree") : t("checkout.title")}</h1>
        <OrderEventHeading event={event} />
      </header>

      {messages.length > 0 && (
        <OrderAlert
          id={PROBLEM_ID}
          title={t(canOrder ? "checkout.problemTitle" : "checkout.cannotOrderTitle")}
          messages={messages}
          submission={actionData}
        >
          {(problems.items === CHECKOUT_PROBLEMS.soldOut || !canOrder) && (
            <Link to={backToTickets} className="font-semibold underline underline-offset-2">
              {t("checkout.chooseAgain")}
            </Link>
          )}
        </OrderAlert>
      )}

      {canOrder && (
        <>
          <section
            aria-labelledby="checkout-tickets-heading"
            className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground"
          >
            <h2 id="checkout-tickets-heading" className="text-lg font-semibold">
              {t("checkout.yourTickets")}
            </h2>
            <OrderLines lines={lines} totalCents={totalCents} />
            {!isFree && (
              <p className="text-sm text-muted-foreground">{t("checkout.holdNote", { minutes: holdMinutes })}</p>
            )}
          </section>

          <section
            aria-labelledby="checkout-buyer-heading"
            className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
          >
            <h2 id="checkout-buyer-heading" className="text-lg font-semibold">
              {t("checkout.buyerHeading")}
            </h2>
            {!isSignedIn && (
              <p className="text-sm text-muted-foreground">
                {t("checkout.guestNote")}{" "}
                <Link
                  to={`/signin?next=${encodeURIComponent(
                    `/events/${event.id}/checkout?${lines
                      .map((line) => `${quantityFieldName(line.ticketTypeId)}=${line.quantity}`)
                      .join("&")}`,
                  )}`}
                  className="font-medium text-primary underline underline-offset-2"
                >
                  {t("checkout.signInLink")}
                </Link>
              </p>
            )}
            <Form
              method="post"
              className="flex flex-col gap-4"
              aria-describedby={messages.length ? PROBLEM_ID : undefined}
            >
              {lines.map((line) => (
                <input
                  key={line.ticketTypeId}
                  type="hidden"
                  name={quantityFieldName(line.ticketTypeId)}
                  value={line.quantity}
                />
              ))}
              <TextField
                id="checkout-name"
                name="name"
                label={t("checkout.nameLabel")}
                autoComplete="name"
                required
                maxLength={120}
                defaultValue={values.name}
                errorId={errorIdFor("name")}
              />
              <FieldProblem id={errorIdFor("name")} word={problems.name} />
              <TextField
                id="checkout-email"
                name="email"
                type="email"
                label={t("checkout.emailLabel")}
                hint={t("checkout.emailHint")}
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                required
                maxLength={254}
                defaultValue={values.email}
                errorId={errorIdFor("email")}
              />
              <FieldProblem id={errorIdFor("email")} word={problems.email} />
              <SubmitButton className="w-full">
                {isFree ? t("checkout.submitFree") : t("checkout.submitPaid")}
              </SubmitButton>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}

/** A field's own problem, under it, for the field's aria-describedby. */
function FieldProblem({ id, word }: { id: string | undefined; word: CheckoutProblemWord | undefined }) {
  const { t } = useTranslation();
  if (!id || !word) return null;
  return (
    <p id={id} className="-mt-3 text-sm font-medium text-red-700 dark:text-red-300">
      {t(`checkout.problems.${word}`)}
    </p>
  );
}
