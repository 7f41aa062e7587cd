import { useEffect, useRef } from "react";
import type { FlashKind } from "#app/flash";
import { useTranslation } from "#app/i18n/use-translation";
import { useRootData } from "#app/root-data";
import { notify } from "./toasts";

const FLASH_TEXT: Record<FlashKind, { title: string; message?: string }> = {
  signedIn: { title: "flash.signedIn" },
  signedOut: { title: "flash.signedOut" },
  passwordUpdated: { title: "flash.passwordUpdated.title", message: "flash.passwordUpdated.message" },
  accountCreated: { title: "flash.accountCreated.title", message: "flash.accountCreated.message" },
  waitlistJoined: { title: "waitlist.joined.title", message: "waitlist.joined.message" },
  waitlistConfirmSent: { title: "waitlist.confirmSent.title", message: "waitlist.confirmSent.message" },
  waitlistLeft: { title: "waitlist.left" },
  orderConfirmed: { title: "checkout.toast.orderConfirmed.title", message: "checkout.toast.orderConfirmed.message" },
  paymentReceived: { title: "checkout.toast.paymentReceived.title", message: "checkout.toast.paymentReceived.message" },
  orderCancelled: { title: "checkout.toast.orderCancelled" },
  registrationCancelled: { title: "checkout.toast.registrationCancelled" },
  accountDeleted: { title: "accountDeleted.title", message: "accountDeleted.message" },
};

/** Shows as a toast the notice a redirect brought along (see app/flash.ts), once. */
export function FlashNotice() {
  const { flash } = useRootData();
  const { t } = useTranslation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    const text = FLASH_TEXT[flash.kind];
    notify("success", t(text.title), text.message && t(text.message));
  }, [flash, t]);
  return null;
}
