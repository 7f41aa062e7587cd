import { useEffect, useState } from "react";
import { LOCALE_TAGS } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";

const SECOND_MS = 1000;

/** "9:05" in the language's digits: minutes, then seconds on two digits. */
function clockText(seconds: number, language: Language): string {
  const locale = LOCALE_TAGS[language];
  const minutes = new Intl.NumberFormat(locale).format(Math.floor(seconds / 60));
  const rest = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(seconds % 60);
  return `${minutes}:${rest}`;
}

/**
 * How long the tickets stay held while the buyer pays. The server renders the time left (so it shows
 * before scripts load); once interactive it counts down each second from when the page arrived. The
 * ticking clock is a `timer` (never read out by itself); a separate polite live region speaks only at
 * each whole minute and when the time is up, so a screen reader is not interrupted every second.
 * `remainingMs` is the server's count at render time: the browser's own clock may be off, so the
 * deadline is taken relative to the moment the page started counting.
 */
export function HoldCountdown({ remainingMs, onExpire }: { remainingMs: number; onExpire?: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const [secondsLeft, setSecondsLeft] = useState(() => Math.max(0, Math.ceil(remainingMs / SECOND_MS)));
  const [firstMinute] = useState(() => Math.ceil(secondsLeft / 60));

  useEffect(() => {
    const deadline = Date.now() + remainingMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = Math.max(0, deadline - Date.now());
      setSecondsLeft(Math.ceil(left / SECOND_MS));
      // The next tick lands just after the next whole second, so the display never skips or lingers.
      if (left > 0) timer = setTimeout(tick, (left % SECOND_MS || SECOND_MS) + 20);
    };
    tick();
    return () => clearTimeout(timer);
  }, [remainingMs]);

  useEffect(() => {
    if (secondsLeft === 0) onExpire?.();
  }, [secondsLeft, onExpire]);

  // The live region's text changes only when a whole minute has passed (and at the end), so that is
  // all a screen reader announces; nothing is said on arrival, when the clock can be read.
  const minute = Math.ceil(secondsLeft / 60);
  const announcement =
    secondsLeft === 0
      ? t("checkout.countdown.expired")
      : minute < firstMinute
        ? t("checkout.countdown.minutesLeft", { count: minute })
        : "";

  const isUrgent = secondsLeft > 0 && secondsLeft <= 60;
  return (
    <div
      className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-md border p-3 ${
        isUrgent
          ? "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
          : "border-border bg-muted"
      }`}
    >
      <span id="hold-countdown-label" className="text-sm font-medium">
        {t("checkout.countdown.label")}
      </span>
      <span
        role="timer"
        aria-labelledby="hold-countdown-label"
        dir="ltr"
        className="font-mono text-xl font-bold tabular-nums"
      >
        {clockText(secondsLeft, language)}
      </span>
      <span className="text-sm">{t("checkout.countdown.hint")}</span>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
