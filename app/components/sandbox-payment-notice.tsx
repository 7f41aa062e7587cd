import { FlaskConical } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation";

/** Stripe's public test numbers, which the sandbox provider answers as Stripe's test mode does. */
const TEST_CARDS = { successCard: "4242 4242 4242 4242", declineCard: "4000 0000 0000 0002" };
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/;

/**
 * The pay page's notice that payments are in test mode (the sandbox provider, decision 008): nothing
 * is charged, and which card numbers to type. Shown only when `payments.name === "sandbox"`.
 */
export function SandboxPaymentNotice() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      aria-labelledby="sandbox-payment-notice-title"
      className="flex gap-3 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <p id="sandbox-payment-notice-title" className="font-semibold">
          {t("payment.sandbox.title")}
        </p>
        <p>{withCardNumbers(t("payment.sandbox.success"))}</p>
        <p>{withCardNumbers(t("payment.sandbox.decline"))}</p>
      </div>
    </div>
  );
}

/**
 * Puts the card numbers in the message, each isolated left to right: in an Arabic sentence, the
 * groups of "4000 0000 0000 0002" would otherwise be laid out in reverse order.
 */
function withCardNumbers(message: string): ReactNode {
  // split with a capture group alternates text and placeholder names.
  return message.split(PLACEHOLDER).map((part, index) => {
    if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
    const card = TEST_CARDS[part as keyof typeof TEST_CARDS];
    return (
      <bdi key={index} dir="ltr" className="font-mono whitespace-nowrap">
        {card ?? part}
      </bdi>
    );
  });
}
