import { data, Link } from "react-router";
import { ContactForm, ContactSent } from "#app/components/contact/contact-form";
import { buttonClasses } from "#app/components/ui/button";
import { isolateUserText } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { privatePageMeta } from "#app/seo";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { contactableEvent, sendOrganizerMessage } from "#server/services/contact";
import { issueFormToken } from "#server/services/contact-form-token";
import type { Route } from "./+types/event-contact";
import { contactAction, NO_STORE } from "./contact.server";

/** The event, or a 404 for none, a draft or a hidden event (their organizers are not written to). */
async function eventOf(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const id = parseRecordId(params.id);
  const event = id === null ? null : await contactableEvent(context.db, id);
  if (!event) throw data(null, { status: 404 });
  return event;
}

/** `?order=` (from the order page) fills the order reference. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const event = await eventOf(params, context);
  const [token, messages] = await Promise.all([
    issueFormToken(context.db, `event:${event.id}`, currentTime()),
    pageMessages(negotiateLanguage(request), ["contact"]),
  ]);
  const viewer = context.viewer;
  const order = new URL(request.url).searchParams.get("order")?.slice(0, 100) ?? "";
  return data(
    {
      event,
      token,
      defaults: { name: viewer?.name ?? "", email: viewer?.email ?? "", reference: order },
      pageMessages: messages,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const event = await eventOf(params, context);
  return contactAction(request, context, (submission, contactRequest) =>
    sendOrganizerMessage(context.db, event.id, submission, contactRequest),
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** A form for one event, not content: kept out of search engines. */
export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData) return [{ title: t("app.name") }];
  const event = loaderData.event.title;
  return [
    ...privatePageMeta(matches, `${t("contact.organizer.metaTitle", { event })} | ${t("app.name")}`),
    { name: "description", content: t("contact.organizer.metaDescription", { event }) },
  ];
}

/** /events/{id}/contact: a message relayed to the event's organizers; their address is never shown. */
export default function EventContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { event } = loaderData;
  const eventPath = `/events/${event.id}`;
  const title = isolateUserText(event.title);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-3">
        <Link to={eventPath} className="self-start text-sm font-medium text-primary underline underline-offset-2">
          {t("contact.organizer.backToEvent")}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{t("contact.organizer.title")}</h1>
        <p className="text-muted-foreground">{t("contact.organizer.intro", { event: title })}</p>
      </header>
      <section
        aria-labelledby="contact-form-title"
        className="rounded-xl border border-border bg-card p-5 text-card-foreground sm:p-6"
      >
        {actionData?.sent ? (
          <ContactSent
            headingId="contact-form-title"
            title={t("contact.organizer.sentTitle")}
            body={t("contact.organizer.sentBody", { email: actionData.email })}
            reference={actionData.reference}
          >
            <Link to={eventPath} className={buttonClasses("outline")}>
              {t("contact.organizer.backToEvent")}
            </Link>
          </ContactSent>
        ) : (
          <>
            <h2 id="contact-form-title" className="mb-4 text-xl font-semibold">
              {t("contact.formTitle")}
            </h2>
            <ContactForm
              token={loaderData.token}
              defaults={loaderData.defaults}
              result={actionData}
              withTopic={false}
              labels={{
                reference: t("contact.organizer.reference"),
                referenceHint: t("contact.organizer.referenceHint"),
                emailHint: t("contact.organizer.emailHint"),
              }}
            />
          </>
        )}
      </section>
      <p className="text-xs text-muted-foreground">{t("contact.organizer.privacyNote")}</p>
    </div>
  );
}
