import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { formatCount, formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { getMailboxMessage } from "#server/services/mailbox";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/dev-mailbox-message";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const subject = loaderData?.message.subject ?? t("mailbox.title");
  return privatePageMeta(matches, `${subject} | ${t("mailbox.title")}`, "noindex, nofollow");
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** /dev/mailbox/:id: one delivered e-mail, its links, its HTML and its text (404 where the mailbox is off). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!context.config.mail.isDevMailboxOpen) throw data(null, { status: 404 });
  const id = /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : 0;
  const message = await getMailboxMessage(context.db, id);
  if (!message) throw data(null, { status: 404 });
  return { message, pageMessages: await pageMessages(negotiateLanguage(request), ["mailbox"]) };
}

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { message } = loaderData;
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <Link
        to="/dev/mailbox"
        className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        {t("mailbox.back")}
      </Link>
      <header className="flex flex-col gap-3">
        <h1 dir="auto" className="text-2xl font-bold">
          {message.subject}
        </h1>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("mailbox.to")}</dt>
          <dd className="break-all">
            <bdi dir="ltr">{message.toAddress}</bdi>
          </dd>
          {message.replyTo && (
            <>
              <dt className="font-semibold">{t("mailbox.replyTo")}</dt>
              <dd className="break-all">
                <bdi dir="ltr">{message.replyTo}</bdi>
              </dd>
            </>
          )}
          <dt className="font-semibold">{t("mailbox.received")}</dt>
          <dd>
            <time dateTime={message.createdAt.toISOString()}>
              {`${formatDate(message.createdAt, "UTC", i18n.language)} ${formatTime(message.createdAt, "UTC", i18n.language)} UTC`}
            </time>
          </dd>
        </dl>
      </header>
      {message.links.length > 0 && (
        <section aria-labelledby="mailbox-links" className="flex flex-col gap-2">
          <h2 id="mailbox-links" className="text-lg font-semibold">
            {t("mailbox.links")}
          </h2>
          <ul className="flex flex-col gap-1">
            {message.links.map((link) => (
              <li key={link}>
                {/* A plain link: it may lead anywhere the e-mail points, not only to a page of the app. */}
                <a href={link} dir="ltr" className="break-all text-primary underline underline-offset-4">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {message.attachments.length > 0 && (
        <section aria-labelledby="mailbox-attachments" className="flex flex-col gap-2">
          <h2 id="mailbox-attachments" className="text-lg font-semibold">
            {t("tickets.mailbox.attachments")}
          </h2>
          <ul className="flex flex-col gap-1">
            {message.attachments.map((attachment) => (
              <li key={attachment.index}>
                {/* A download, not a page of the app: a plain link. */}
                <a
                  href={`/dev/mailbox/${message.id}/attachments/${attachment.index}`}
                  download={attachment.filename}
                  dir="ltr"
                  className="break-all text-primary underline underline-offset-4"
                >
                  {attachment.filename}
                </a>{" "}
                <span className="text-sm text-muted-foreground">
                  {t("tickets.mailbox.attachmentSize", {
                    type: attachment.contentType,
                    size: formatCount(Math.max(1, Math.round(attachment.bytes / 1024)), i18n.language),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="mailbox-html" className="flex flex-col gap-2">
        <h2 id="mailbox-html" className="text-lg font-semibold">
          {t("mailbox.htmlVersion")}
        </h2>
        {/* The message's own HTML in a sandbox with no permissions: no scripts, no forms, a unique
            origin, so nothing in an e-mail can act as the site. Its links are listed above. */}
        <iframe
          sandbox=""
          srcDoc={message.html}
          title={t("mailbox.htmlFrameTitle", { subject: message.subject })}
          className="h-[32rem] w-full rounded-xl border border-border bg-white"
        />
      </section>
      <section aria-labelledby="mailbox-text" className="flex flex-col gap-2">
        <h2 id="mailbox-text" className="text-lg font-semibold">
          {t("mailbox.textVersion")}
        </h2>
        <pre
          dir="auto"
          className="rounded-xl border border-border bg-muted p-4 text-sm whitespace-pre-wrap break-words"
        >
          {message.text}
        </pre>
      </section>
    </article>
  );
}
