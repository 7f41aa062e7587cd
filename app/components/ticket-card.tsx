import { formatDate, formatTime } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { formatTicketCode } from "#domain/ticket-code";

export interface TicketCardTicket {
  /** The stored code (20 characters, no dashes); shown grouped in fives. */
  code: string;
  ticketTypeName: string;
  eventTitle: string;
  status: "valid" | "void";
  /** When the ticket was scanned at the door, as an ISO 8601 instant; null until then. */
  checkedInAt: string | null;
  /** ticketQrSvg(code) (server/tickets/ticket-qr.ts), computed by the loader. */
  qrSvg: string;
}

/**
 * One admission: its QR code to show at the door, the code in letters to read out or type, the ticket
 * type and the event, and whether it is void or already used. `timeZone` (the event's, optional) is
 * the zone "Checked in at …" is told in; without it, UTC, named as such.
 */
export function TicketCard({ ticket, timeZone }: { ticket: TicketCardTicket; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const code = formatTicketCode(ticket.code);
  const isVoid = ticket.status === "void";
  const checkedInAt = ticket.checkedInAt ? new Date(ticket.checkedInAt) : null;
  const zone = timeZone ?? "UTC";
  return (
    <article
      aria-label={t("tickets.cardLabel", { type: ticket.ticketTypeName, event: ticket.eventTitle })}
      className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground sm:flex-row sm:items-start"
    >
      {/* Black on white in both themes, with its own white margin: scanners need the contrast, and a
          dimmed or tinted code scans badly. The SVG is ours (ticketQrSvg writes it from the symbol's
          modules and escapes the one text in it), never text from a user or the database, so inserting
          it as HTML is safe. role="img" makes its contents presentational: the translated label speaks. */}
      <div
        role="img"
        aria-label={t("tickets.qrLabel", { code })}
        className={`w-40 shrink-0 rounded-md bg-white p-1 ${isVoid ? "opacity-40" : ""}`}
        dangerouslySetInnerHTML={{ __html: ticket.qrSvg }}
      />
      <div className="flex min-w-0 flex-col gap-1 text-center sm:text-start">
        <p className="font-semibold">{ticket.eventTitle}</p>
        <p className="text-sm text-muted-foreground">{ticket.ticketTypeName}</p>
        <p className="text-xs text-muted-foreground">{t("tickets.code")}</p>
        {/* Left to right in every language, selectable to copy, in a monospace so 0 and 8 are not confused. */}
        <p dir="ltr" className="select-all font-mono text-base tracking-wide break-all">
          {code}
        </p>
        {isVoid ? (
          <p className="mt-1 self-center rounded-full border border-red-700 px-2.5 py-0.5 text-xs font-bold text-red-700 uppercase sm:self-start dark:border-red-400 dark:text-red-400">
            {t("tickets.void")}
          </p>
        ) : checkedInAt ? (
          <p className="mt-1 text-sm font-semibold">
            <time dateTime={ticket.checkedInAt!}>
              {t("tickets.checkedInAt", {
                date: formatDate(checkedInAt, zone, language),
                time: `${formatTime(checkedInAt, zone, language)}${timeZone ? "" : " UTC"}`,
              })}
            </time>
          </p>
        ) : null}
      </div>
    </article>
  );
}
