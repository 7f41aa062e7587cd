import { data, Link } from "react-router";
import { ContactForm, ContactSent, SendAnotherLink } from "#app/components/contact/contact-form";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import type { Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { sendContactMessage } from "#server/services/contact";
import { issueFormToken } from "#server/services/contact-form-token";
import type { Route } from "./+types/contact";
import { contactAction, NO_STORE } from "./contact.server";

/** The form, with a fresh signed token (the spam trap) and, for a signed-in person, their name and address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [token, messages] = await Promise.all([
    issueFormToken(context.db, "site", currentTime()),
    pageMessages(negotiateLanguage(request), ["contact"]),
  ]);
  const viewer = context.viewer;
  return data(
    { token, defaults: { name: viewer?.name ?? "", email: viewer?.email ?? "" }, pageMessages: messages },
    { headers: NO_STORE },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context, (submission, contactRequest) =>
    sendContactMessage(context.db, submission, contactRequest),
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("contact.metaTitle")} | ${t("app.name")}`;
  const description = t("contact.metaDescription");
  const root = matches.find((match) => match?.id === "root")?.data as { language?: Language } | undefined;
  return [
    ...pageMeta(matches, { title, description, path: "/contact" }),
    {
      "script:ld+json": contactJsonLd({
        origin: siteOrigin(matches),
        title,
        description,
        language: root?.language ?? "en",
      }),
    },
  ];
}

/** schema.org's description of the page: a Contact page of the marketplace, reached through its form. */
export function contactJsonLd({
  origin,
  title,
  description,
  language,
}: {
  origin: string;
  title: string;
  description: string;
  language: Language;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "ContactPage",
    name: title,
    description,
    url: `${origin}/contact`,
    inLanguage: language,
    mainEntity: {
      "@type": "Organization",
      name: "DMV Events",
      url: `${origin}/`,
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer support",
        url: `${origin}/contact`,
        availableLanguage: ["en", "fr", "ar", "am"],
        areaServed: "US",
      },
    },
  };
}

/** /contact: a message to the staff, answered by e-mail; a thank-you with the reference once sent. */
export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10 md:py-14">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t("contact.eyebrow")}</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{t("contact.title")}</h1>
        <p className="max-w-3xl text-lg text-muted-foreground">{t("contact.intro")}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-xl border border-border bg-card p-5 text-card-foreground sm:p-6"
        >
          {actionData?.sent ? (
            <ContactSent
              headingId="contact-form-title"
              title={t("contact.sentTitle")}
              body={t("contact.sentBody", { email: actionData.email })}
              reference={actionData.reference}
            >
              <SendAnotherLink to="/contact" />
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
                withTopic
                labels={{
                  reference: t("contact.reference"),
                  referenceHint: t("contact.referenceHint"),
                  emailHint: t("contact.emailHint"),
                }}
              />
            </>
          )}
        </section>
        <aside aria-labelledby="contact-aside-title" className="flex flex-col gap-4 text-sm">
          <h2 id="contact-aside-title" className="text-lg font-semibold">
            {t("contact.asideTitle")}
          </h2>
          <AsideLink text={t("contact.asideTickets")} to="/find-my-ticket" label={t("contact.asideTicketsLink")} />
          <AsideLink text={t("contact.asideOrganizer")} to="/events" label={t("contact.asideEventsLink")} />
          <AsideLink text={t("contact.asidePricing")} to="/pricing" label={t("contact.asidePricingLink")} />
        </aside>
      </div>
    </div>
  );
}

function AsideLink({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <p className="rounded-lg border border-border p-4">
      {text}{" "}
      <Link to={to} className="font-medium text-primary underline underline-offset-2 hover:no-underline">
        {label}
      </Link>
    </p>
  );
}
