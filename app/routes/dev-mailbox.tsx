import { data, Form, Link, useLocation } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { hasUnstorableText } from "#domain/text";
import { listMailboxMessages } from "#server/services/mailbox";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/dev-mailbox";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("mailbox.title")} | ${t("app.name")}`, "noindex, nofollow");
}

/** The list changes with every e-mail sent: never reuse an answer (decision 005's cache included). */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * /dev/mailbox: the e-mails the site delivered without an SMTP server, newest first. It exists only
 * where config.mail.isDevMailboxOpen (decision 011: in production only without SMTP on a localhost
 * address, or with DEV_MAILBOX=true): everyone's sign-in links are here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.config.mail.isDevMailboxOpen) throw data(null, { status: 404 });
  const to = (new URL(request.url).searchParams.get("to") ?? "").trim().slice(0, 320);
  const translations = await pageMessages(negotiateLanguage(request), ["mailbox"]);
  if (hasUnstorableText(to)) {
    const everyMessage = await listMailboxMessages(context.db, { to: "" });
    return data({ to: "", isFilterInvalid: true, messages: everyMessage, pageMessages: translations }, { status: 400 });
  }
  return {
    to,
    isFilterInvalid: false,
    messages: await listMailboxMessages(context.db, { to }),
    pageMessages: translations,
  };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { to, messages, isFilterInvalid } = loaderData;
  const pageLanguage = new URLSearchParams(useLocation().search).get("lang");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("mailbox.title")}</h1>
        <p className="text-muted-foreground">{t("mailbox.intro")}</p>
      </header>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        {/* A page opened with ?lang= keeps its language through the filter. */}
        {pageLanguage && <input type="hidden" name="lang" value={pageLanguage} />}
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="mailbox-to" className="text-sm font-medium">
            {t("mailbox.filterLabel")}
          </label>
          <input
            id="mailbox-to"
            name="to"
            type="search"
            dir="ltr"
            defaultValue={to}
            maxLength={320}
            autoComplete="off"
            className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground"
          />
        </div>
        <SubmitButton>{t("mailbox.filter")}</SubmitButton>
        {to && (
          <Link to="/dev/mailbox" className={buttonClasses("outline")}>
            {t("mailbox.showAll")}
          </Link>
        )}
      </Form>
      {isFilterInvalid && (
        <p
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t("mailbox.invalidFilter")}
        </p>
      )}
      <section aria-labelledby="mailbox-messages" className="flex flex-col gap-3">
        <h2 id="mailbox-messages" className="text-xl font-semibold">
          {to ? t("mailbox.messagesTo", { address: to }) : t("mailbox.messages")}
        </h2>
        {messages.length === 0 ? (
          <p className="rounded-xl border border-border p-4 text-muted-foreground">
            {to ? t("mailbox.emptyFiltered") : t("mailbox.empty")}
          </p>
        ) : (
          <ol className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {messages.map((message) => (
              <li key={message.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:gap-4">
                <Link
                  to={`/dev/mailbox/${message.id}`}
                  className="font-semibold text-primary underline-offset-4 hover:underline sm:flex-1"
                >
                  {message.subject}
                </Link>
                <span dir="ltr" className="text-sm break-all text-muted-foreground">
                  {message.toAddress}
                </span>
                <time dateTime={message.createdAt.toISOString()} className="text-sm text-muted-foreground">
                  {`${formatDate(message.createdAt, "UTC", i18n.language)} ${formatTime(message.createdAt, "UTC", i18n.language)} UTC`}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
