import type { Language } from "#domain/language";
import { MY_BADGES_PATH } from "#domain/notification-link";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import type { BadgeNotice } from "#app/root-data";

/**
 * The header's badge notice in `language`, worded here on the server: the badges' names live in the
 * `badges` page namespace, which most pages do not load, so only these few words travel with the page.
 */
export async function badgeNoticeFor(language: Language, badges: readonly string[]): Promise<BadgeNotice> {
  // On the server, the loaded messages include every page namespace.
  const { t } = createTranslator(language, await loadMessages(language));
  const names = badges.map((badge) => t(`badges.names.${badge}`));
  return {
    badges: [...badges],
    text:
      names.length === 1
        ? t("notifications.badgeNotice.one", { name: names[0] })
        : t("notifications.badgeNotice.several", { names: new Intl.ListFormat(language).format(names) }),
    href: MY_BADGES_PATH,
    see: t("notifications.badgeNotice.see"),
    dismiss: t("notifications.badgeNotice.dismiss"),
  };
}
