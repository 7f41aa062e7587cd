import { textDirection, type Language } from "#domain/language";
import { EMAIL_SETTINGS_PATH } from "#domain/notification-link";
import { am } from "./messages/am";
import { ar } from "./messages/ar";
import { en, type EmailMessages } from "./messages/en";
import { fr } from "./messages/fr";
import type { EmailRequest } from "#server/services/outbox";

export const EMAIL_MESSAGES: Record<Language, EmailMessages> = { en, fr, ar, am };

/**
 * A file sent with a message. An `inline` one is a picture the HTML shows (`<img src="cid:NAME">`):
 * its Content-ID is its file name, so the HTML can name it and the dev mailbox can find it again.
 */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  inline?: boolean;
}

/** A message ready to send: the same words as HTML and as plain text, and any files with it. */
export interface RenderedEmail {
  to: string;
  language: Language;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  /** Where answers go instead of the sender (a relayed message's writer, the contact desk). */
  replyTo?: string;
}

/** A block of its own between the paragraphs and the button (an order's details, its tickets). */
export interface EmailSection {
  /** Already escaped by whoever made it. */
  html: string;
  text: string;
}

export interface EmailContent {
  heading: string;
  paragraphs: string[];
  sections?: EmailSection[];
  /** The button and, below it, its address; absent from an e-mail that carries only a code. */
  action?: { label: string; href: string };
  notes: string[];
  /**
   * An optional e-mail (one a person may turn off, domain/email-settings.ts): its footer links to the
   * e-mail settings page. Receipts, tickets and account e-mails leave it out.
   */
  isOptional?: boolean;
}

// Colors: dark text on white and white on blue both pass WCAG AA (at least 4.5:1).
const TEXT_COLOR = "#18181b";
const MUTED_COLOR = "#3f3f46";
const ACCENT_COLOR = "#1d4ed8";
const FONT_STACK =
  "-apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Ethiopic', Arial, sans-serif";

/**
 * Renders one account e-mail in the recipient's language. Everything that comes from outside (the
 * address, the link) is escaped; the link must be http(s), so a bad payload cannot put a
 * `javascript:` URL behind the button. `siteUrl` is the site's public address (PUBLIC_URL).
 */
export function renderEmail(email: EmailRequest, siteUrl: string): RenderedEmail {
  const messages = EMAIL_MESSAGES[email.language];
  const content = contentOf(email, messages, siteUrl);
  const subject = messages[email.kind].subject;
  return {
    to: email.to,
    language: email.language,
    subject,
    ...renderEmailBody(content, email.language, subject, siteUrl),
  };
}

/**
 * The HTML and text of any of our e-mails from its content, in the layout every message shares (the
 * order e-mails use it too). The action's href must already be checked (checkedLink).
 */
export function renderEmailBody(
  content: EmailContent,
  language: Language,
  subject: string,
  siteUrl: string,
): { html: string; text: string } {
  const messages = EMAIL_MESSAGES[language];
  return {
    html: renderHtml(content, messages, language, subject, siteUrl),
    text: renderText(content, messages, siteUrl),
  };
}

function contentOf(email: EmailRequest, messages: EmailMessages, siteUrl: string): EmailContent {
  const withAddress = (text: string) => text.replaceAll("{{email}}", email.to);
  if (email.kind === "password_changed") {
    const words = messages.password_changed;
    return {
      heading: words.heading,
      paragraphs: [withAddress(words.intro), words.ifYou, words.ifNotYou],
      action: { label: words.action, href: checkedLink(`${siteUrl}/forgot-password`) },
      notes: [],
    };
  }
  if (email.kind === "account_exists") {
    // Plain links to the site's own pages: a stranger's sign-up must not put a working token in the inbox.
    const words = messages.account_exists;
    const resetLink = checkedLink(`${siteUrl}/forgot-password`);
    const reset = `<a href="${escapeHtml(resetLink)}" style="color:${ACCENT_COLOR};">${escapeHtml(words.reset)}</a>`;
    return {
      heading: words.heading,
      paragraphs: [withAddress(words.intro), words.ifYou],
      sections: [
        {
          html: `<p style="margin:0 0 16px;">${escapeHtml(words.forgot)} ${reset}</p>`,
          text: `${words.forgot}\n${words.reset}:\n${resetLink}`,
        },
      ],
      action: { label: words.action, href: checkedLink(`${siteUrl}/signin`) },
      notes: [words.ifNotYou],
    };
  }
  if (email.kind === "reauthentication") {
    if (!email.code) throw new Error("A reauthentication e-mail needs a code");
    const words = messages.reauthentication;
    return {
      heading: words.heading,
      paragraphs: [withAddress(words.intro)],
      sections: [codeSection(null, email.code)],
      notes: [messages.codeValidity, words.ifNotYou],
    };
  }
  if (!email.link) throw new Error(`A ${email.kind} e-mail needs a link`);
  const words = messages[email.kind];
  return {
    heading: words.heading,
    paragraphs: [withAddress(words.intro)],
    ...(email.code ? { sections: [codeSection(messages.codeLabel, email.code)] } : {}),
    action: { label: words.action, href: checkedLink(email.link) },
    notes: [words.validity, ...(email.code ? [messages.codeValidity] : []), messages.ignoreNotice],
  };
}

/**
 * A six-digit code, large and spaced for reading off one screen into another; digits read left to
 * right in Arabic too. Anything but six digits throws, as a bad link does.
 */
function codeSection(label: string | null, code: string): EmailSection {
  if (!/^\d{6}$/.test(code)) throw new Error("An e-mail code must be six digits");
  const labelHtml = label ? `<p style="margin:0 0 8px;">${escapeHtml(label)}</p>\n` : "";
  return {
    html: `${labelHtml}<p dir="ltr" style="margin:0 0 16px;font-family:Menlo, Consolas, monospace;font-size:28px;font-weight:bold;letter-spacing:6px;color:${TEXT_COLOR};">${code}</p>`,
    text: label ? `${label}\n${code}` : code,
  };
}

/** `link` as an absolute http(s) URL; anything else throws, so no e-mail carries a `javascript:` button. */
export function checkedLink(link: string): string {
  // URL.canParse, not URL.parse: Node 20 lacks the latter.
  const url = URL.canParse(link) ? new URL(link) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new Error("An e-mail link must be an http(s) URL");
  }
  return url.href;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function renderHtml(
  content: EmailContent,
  messages: EmailMessages,
  language: Language,
  subject: string,
  siteUrl: string,
): string {
  const dir = textDirection(language);
  const align = dir === "rtl" ? "right" : "left";
  const paragraph = (text: string, style = "") => `<p style="margin:0 0 16px;${style}">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<div role="main">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
<tr><td dir="${dir}" style="padding:32px;font-family:${FONT_STACK};font-size:16px;line-height:1.5;color:${TEXT_COLOR};text-align:${align};">
<p style="margin:0 0 8px;font-size:14px;font-weight:bold;color:${MUTED_COLOR};">${escapeHtml(messages.siteName)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${TEXT_COLOR};">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((text) => paragraph(text)).join("\n")}
${(content.sections ?? []).map((section) => section.html).join("\n")}
${content.action ? actionHtml(content.action, messages) : ""}
${content.notes.map((text) => paragraph(text, `font-size:14px;color:${MUTED_COLOR};`)).join("\n")}
</td></tr>
</table>
<p dir="${dir}" style="margin:16px 0 0;max-width:560px;font-family:${FONT_STACK};font-size:12px;line-height:1.5;color:${MUTED_COLOR};text-align:${align};">${escapeHtml(messages.footer)} <a href="${escapeHtml(siteUrl)}" dir="ltr" style="color:${MUTED_COLOR};">${escapeHtml(siteUrl)}</a></p>${content.isOptional ? `\n<p dir="${dir}" style="margin:8px 0 0;max-width:560px;font-family:${FONT_STACK};font-size:12px;line-height:1.5;color:${MUTED_COLOR};text-align:${align};">${escapeHtml(messages.settingsLine)} <a href="${escapeHtml(settingsLinkOf(siteUrl))}" dir="ltr" style="color:${MUTED_COLOR};">${escapeHtml(settingsLinkOf(siteUrl))}</a></p>` : ""}
</td></tr>
</table>
</div>
</body>
</html>
`;
}

/** The button, and its address for mail programs that show no buttons. */
function actionHtml(action: { label: string; href: string }, messages: EmailMessages): string {
  const href = escapeHtml(action.href);
  return `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:12px 24px;background-color:${ACCENT_COLOR};color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none;">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:${MUTED_COLOR};">${escapeHtml(messages.rawLinkLabel)}<br><a href="${href}" dir="ltr" style="color:${ACCENT_COLOR};word-break:break-all;">${href}</a></p>`;
}

function renderText(content: EmailContent, messages: EmailMessages, siteUrl: string): string {
  return [
    content.heading,
    ...content.paragraphs,
    ...(content.sections ?? []).map((section) => section.text),
    ...(content.action ? [`${content.action.label}:\n${content.action.href}`] : []),
    ...content.notes,
    `-- \n${messages.siteName} · ${siteUrl}\n${messages.footer}` +
      (content.isOptional ? `\n${messages.settingsLine} ${settingsLinkOf(siteUrl)}` : ""),
  ].join("\n\n");
}

/** The e-mail settings page, where every optional e-mail is switched off (app/routes/email-settings.tsx). */
export function settingsLinkOf(siteUrl: string): string {
  return checkedLink(`${siteUrl}${EMAIL_SETTINGS_PATH}`);
}
