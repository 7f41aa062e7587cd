import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/language";
import type { EmailKind } from "#server/services/outbox";
import { EMAIL_MESSAGES, escapeHtml, renderEmail, renderEmailBody } from "./render-email";

const siteUrl = "https://events.example.org";
const link = `${siteUrl}/auth/confirm?token_hash=abc123&type=magiclink&next=%2Fdashboard`;
const KINDS_WITH_LINK = ["signup", "magiclink", "recovery", "ticket_lookup"] as const;

describe("rendering the account e-mails", () => {
  it.each(LANGUAGES.flatMap((language) => KINDS_WITH_LINK.map((kind) => [language, kind] as const)))(
    "writes the %s %s e-mail as HTML and text with a button, the raw link, its validity and the ignore note",
    (language, kind) => {
      const words = EMAIL_MESSAGES[language];
      const email = renderEmail({ kind, to: "reader@example.com", language, link }, siteUrl);
      expect(email.subject).toBe(words[kind].subject);
      expect(email.to).toBe("reader@example.com");
      const escapedLink = escapeHtml(link);
      // The button and the raw address both point at the link.
      expect(email.html.split(`href="${escapedLink}"`)).toHaveLength(3);
      expect(email.html).toContain(`>${escapedLink}</a>`);
      expect(email.html).toContain(escapeHtml(words[kind].action));
      expect(email.html).toContain(escapeHtml(words[kind].validity));
      expect(email.html).toContain(escapeHtml(words.ignoreNotice));
      expect(email.html).toContain(escapeHtml(words[kind].intro.replace("{{email}}", "reader@example.com")));
      expect(email.text).toContain(link);
      expect(email.text).toContain(words[kind].heading);
      expect(email.text).toContain(words[kind].validity);
      expect(email.text).toContain(words.ignoreNotice);
      expect(email.text).toContain("reader@example.com");
      expect(email.text).not.toMatch(/[<>]|\{\{/);
    },
  );

  it.each(
    LANGUAGES.flatMap((language) =>
      (["signup", "magiclink", "recovery"] as const).map((kind) => [language, kind] as const),
    ),
  )("writes the %s %s e-mail with its six-digit code, when it has one, beside the link", (language, kind) => {
    const words = EMAIL_MESSAGES[language];
    const email = renderEmail({ kind, to: "reader@example.com", language, link, code: "042917" }, siteUrl);
    // The digits read left to right, in Arabic too, and the button is still there.
    expect(email.html).toContain('<p dir="ltr" style="margin:0 0 16px;font-family:');
    expect(email.html).toMatch(/>042917<\/p>/);
    expect(email.html).toContain(escapeHtml(words.codeLabel));
    expect(email.html).toContain(escapeHtml(words.codeValidity));
    expect(email.html).toContain(escapeHtml(words[kind].action));
    expect(email.text).toContain(`${words.codeLabel}\n042917`);
    expect(email.text).toContain(words.codeValidity);
    expect(email.text).toContain(link);
    // Without a code (the site's own pages take none) nothing about codes is said.
    const withoutCode = renderEmail({ kind, to: "reader@example.com", language, link }, siteUrl);
    expect(withoutCode.text).not.toContain(words.codeLabel);
    expect(withoutCode.text).not.toContain(words.codeValidity);
  });

  it.each(LANGUAGES)("writes the %s reauthentication e-mail: the code alone, with no button or link", (language) => {
    const words = EMAIL_MESSAGES[language];
    const email = renderEmail(
      { kind: "reauthentication", to: "reader@example.com", language, code: "123456" },
      siteUrl,
    );
    expect(email.subject).toBe(words.reauthentication.subject);
    expect(email.html).toContain(escapeHtml(words.reauthentication.intro.replace("{{email}}", "reader@example.com")));
    expect(email.html).toMatch(/>123456<\/p>/);
    expect(email.html).toContain(escapeHtml(words.codeValidity));
    expect(email.html).toContain(escapeHtml(words.reauthentication.ifNotYou));
    expect(email.html).not.toContain(escapeHtml(words.rawLinkLabel));
    // The only link is the footer's, to the site.
    expect(email.html.match(/href=/g)).toHaveLength(1);
    expect(email.text).toContain(`${words.reauthentication.heading}\n\n`);
    expect(email.text).toContain("\n123456\n");
    expect(email.text).not.toMatch(/[<>]|\{\{/);
  });

  it("refuses a reauthentication e-mail without a code, and a code that is not six digits", () => {
    expect(() => renderEmail({ kind: "reauthentication", to: "a@example.com", language: "en" }, siteUrl)).toThrow(
      "needs a code",
    );
    for (const code of ["12345", "1234567", "<b>1</b>", "12 456"]) {
      expect(() =>
        renderEmail({ kind: "reauthentication", to: "a@example.com", language: "en", code }, siteUrl),
      ).toThrow("six digits");
    }
  });

  it.each(LANGUAGES)("writes the %s password-changed notice with a way to reset the password", (language) => {
    const words = EMAIL_MESSAGES[language].password_changed;
    const email = renderEmail({ kind: "password_changed", to: "reader@example.com", language }, siteUrl);
    expect(email.subject).toBe(words.subject);
    expect(email.html).toContain(`href="${siteUrl}/forgot-password"`);
    expect(email.html).toContain(escapeHtml(words.ifNotYou));
    expect(email.text).toContain(`${siteUrl}/forgot-password`);
    expect(email.text).toContain(words.ifYou);
  });

  it.each(LANGUAGES)(
    "writes the %s notice to an account's owner with a sign-in button and a reset link, and no token",
    (language) => {
      const words = EMAIL_MESSAGES[language].account_exists;
      const email = renderEmail({ kind: "account_exists", to: "reader@example.com", language }, siteUrl);
      expect(email.subject).toBe(words.subject);
      expect(email.html).toContain(escapeHtml(words.intro.replace("{{email}}", "reader@example.com")));
      // The button and the raw address lead to the sign-in page; the reset link to the reset page.
      expect(email.html.split(`href="${siteUrl}/signin"`)).toHaveLength(3);
      expect(email.html).toContain(`href="${siteUrl}/forgot-password"`);
      expect(email.html).toContain(escapeHtml(words.reset));
      expect(email.html).toContain(escapeHtml(words.ifNotYou));
      expect(email.text).toContain(`${words.action}:\n${siteUrl}/signin`);
      expect(email.text).toContain(`${words.forgot}\n${words.reset}:\n${siteUrl}/forgot-password`);
      expect(email.text).not.toMatch(/[<>]|\{\{|token/);
    },
  );

  it("marks the language and direction: Arabic right to left, the others left to right", () => {
    const html = (language: (typeof LANGUAGES)[number]) =>
      renderEmail({ kind: "signup", to: "a@example.com", language, link }, siteUrl).html;
    expect(html("ar")).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html("ar")).toContain("text-align:right");
    expect(html("am")).toMatch(/<html lang="am" dir="ltr">/);
    expect(html("fr")).toMatch(/<html lang="fr" dir="ltr">/);
    // Addresses read left to right even inside Arabic text.
    expect(html("ar")).toContain(`dir="ltr" style="color:#1d4ed8;word-break:break-all;">`);
  });

  it("escapes everything it interpolates", () => {
    const hostile = "<script>alert(1)</script>\"'@example.com";
    const trickyLink = `${siteUrl}/auth/confirm?a=1&b="><img src=x onerror=alert(1)>`;
    const email = renderEmail({ kind: "recovery", to: hostile, language: "en", link: trickyLink }, siteUrl);
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;@example.com");
    expect(email.html).toContain("a=1&amp;b=");
  });

  it("refuses a link that is not http(s), and a missing one", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "not a url"]) {
      expect(() => renderEmail({ kind: "magiclink", to: "a@example.com", language: "en", link: bad }, siteUrl)).toThrow(
        "http(s)",
      );
    }
    const kinds: EmailKind[] = ["signup", "magiclink", "recovery", "ticket_lookup"];
    for (const kind of kinds) {
      expect(() => renderEmail({ kind, to: "a@example.com", language: "en" }, siteUrl)).toThrow("needs a link");
    }
  });

  it("uses only inline styles, with no scripts, stylesheets or remote images", () => {
    const { html } = renderEmail({ kind: "signup", to: "a@example.com", language: "en", link }, siteUrl);
    expect(html).not.toMatch(/<script|<style|<link|<img/);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<title>Confirm your DMV Events account</title>");
    // One landmark around everything, for screen readers (and axe) when the e-mail is a page of its own.
    expect(html).toContain('<div role="main">');
  });
});

describe("the footer of an optional e-mail", () => {
  it("links to the e-mail settings page, in HTML and text, and only in optional e-mails", () => {
    const content = { heading: "Hello", paragraphs: ["Body"], notes: [] };
    const optional = renderEmailBody({ ...content, isOptional: true }, "fr", "Sujet", "https://dmv.example");
    expect(optional.html).toContain('href="https://dmv.example/dashboard/settings/emails"');
    expect(optional.text).toContain(
      "Choisissez les e-mails que vous recevez : https://dmv.example/dashboard/settings/emails",
    );
    const transactional = renderEmailBody(content, "fr", "Sujet", "https://dmv.example");
    expect(transactional.html).not.toContain("/dashboard/settings/emails");
    expect(transactional.text).not.toContain("/dashboard/settings/emails");
  });
});
