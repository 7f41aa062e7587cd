import { Ban, CircleCheck, History, SearchX, type LucideIcon } from "lucide-react";
import { formatTime } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { formatTicketCode } from "#domain/ticket-code";
import type { CheckInJson } from "#server/api/check-ins";
import { shownName } from "#domain/deleted-account";

/** What the door reads should never rest on colour alone: each tone also has its icon and its words. */
const TONES = {
  admit: "border-green-700 bg-green-50 text-green-950 dark:border-green-400 dark:bg-green-950 dark:text-green-50",
  repeat: "border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50",
  refuse: "border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50",
} as const;

const LOOKS: Record<CheckInJson["outcome"], { tone: keyof typeof TONES; Icon: LucideIcon }> = {
  checked_in: { tone: "admit", Icon: CircleCheck },
  already_checked_in: { tone: "repeat", Icon: History },
  void: { tone: "refuse", Icon: Ban },
  wrong_event: { tone: "refuse", Icon: Ban },
  not_found: { tone: "refuse", Icon: SearchX },
  invalid_code: { tone: "refuse", Icon: SearchX },
};

/** Longer input (a stray QR code's URL) is cut short where the panel repeats it. */
const MAX_SHOWN_INPUT = 40;

/**
 * The answer for the last code scanned or typed, large enough to read at arm's length: a headline
 * (admit or not, and why), the ticket it was about, and for a second scan when and by whom the
 * ticket was first checked in, in the event's time zone.
 */
export function CheckInResult({
  result,
  input,
  timeZone,
}: {
  result: CheckInJson;
  /** What was scanned or typed, for the answers that have no ticket to name. */
  input: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { tone, Icon } = LOOKS[result.outcome];
  const shownInput = input.length > MAX_SHOWN_INPUT ? `${input.slice(0, MAX_SHOWN_INPUT)}…` : input;
  const at = result.checkedInAt ? formatTime(new Date(result.checkedInAt), timeZone, language) : "";

  let detail: string;
  if (result.outcome === "checked_in") detail = t("checkIn.detail.checked_in");
  else if (result.outcome === "already_checked_in") {
    detail = result.checkedInBy
      ? t("checkIn.detail.already_checked_in", { time: at, name: result.checkedInBy.name })
      : t("checkIn.detail.already_checked_in_unknown", { time: at });
  } else if (result.outcome === "void") detail = t(`checkIn.detail.void_${result.voidReason ?? "cancelled"}`);
  else detail = t(`checkIn.detail.${result.outcome}`, { code: shownInput });

  return (
    <div className={`flex flex-col gap-3 rounded-xl border-4 p-5 ${TONES[tone]}`}>
      <p className="flex items-center gap-3 text-3xl font-extrabold">
        <Icon aria-hidden="true" className="h-10 w-10 shrink-0" strokeWidth={2.5} />
        {t(`checkIn.outcome.${result.outcome}`)}
      </p>
      <p className="text-lg font-medium">{detail}</p>
      {result.ticket && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
          <dt className="font-semibold">{t("checkIn.ticket.name")}</dt>
          <dd>{shownName(t, result.ticket.buyerName)}</dd>
          <dt className="font-semibold">{t("checkIn.ticket.type")}</dt>
          <dd>{result.ticket.ticketTypeName}</dd>
          <dt className="font-semibold">{t("checkIn.ticket.code")}</dt>
          <dd dir="ltr" className="justify-self-start font-mono">
            {formatTicketCode(result.ticket.code)}
          </dd>
        </dl>
      )}
    </div>
  );
}
