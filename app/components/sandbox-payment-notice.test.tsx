import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ar from "#app/i18n/locales/ar.json";
import en from "#app/i18n/locales/en.json";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { SandboxPaymentNotice } from "./sandbox-payment-notice";

function render(language: Language, messages: object) {
  return renderToStaticMarkup(
    <TranslationProvider value={createTranslator(language, messages as never)}>
      <SandboxPaymentNotice />
    </TranslationProvider>,
  );
}

describe("the sandbox payment notice", () => {
  it("says no money is taken and which test cards to type, as a labelled note", () => {
    const html = render("en", en);
    expect(html).toContain('role="note"');
    expect(html).toContain('aria-labelledby="sandbox-payment-notice-title"');
    expect(html).toContain("Test mode: no money is taken.");
    expect(html).toContain("4242 4242 4242 4242</bdi> with any future expiry date and any CVC.");
    expect(html).toContain("4000 0000 0000 0002");
    expect(html).not.toContain("{{");
  });

  it("keeps card numbers left to right inside an Arabic sentence", () => {
    const html = render("ar", ar);
    expect(html).toContain("وضع الاختبار");
    expect(html).toMatch(/<bdi dir="ltr"[^>]*>4000 0000 0000 0002<\/bdi>/);
    expect(html).not.toContain("{{");
  });
});
