import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import ar from "#app/i18n/locales/ar.json";
import en from "#app/i18n/locales/en.json";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { SubmitButton } from "./submit-button";

function render(element: React.ReactElement, language: Language = "en", messages: object = en) {
  const router = createMemoryRouter([{ path: "/", element }], { initialEntries: ["/"] });
  return renderToStaticMarkup(
    <TranslationProvider value={createTranslator(language, messages as never)}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
}

/** The button element alone (the polite live region sits before it). */
function buttonOf(html: string): string {
  return html.slice(html.indexOf("<button"));
}

describe("SubmitButton", () => {
  it("is an enabled submit button in the site's button style while nothing is sent", () => {
    const html = render(
      <SubmitButton name="intent" value="pay" className="w-full">
        Pay $20.00
      </SubmitButton>,
    );
    const button = buttonOf(html);
    expect(button).toMatch(/^<button [^>]*type="submit" class="[^"]*bg-primary[^"]*w-full"/);
    expect(button).toContain('name="intent"');
    expect(button).toContain('value="pay"');
    expect(button).not.toContain(`disabled=""`);
    expect(button).not.toContain("aria-busy");
    expect(button).toContain(">Pay $20.00</button>");
    expect(html).toContain('<span aria-live="polite" class="sr-only"></span>');
  });

  it("while its form is sent, is disabled, busy, and says so in its pending label and status", () => {
    const html = render(
      <SubmitButton variant="outline" pending pendingLabel="Saving…">
        Save profile
      </SubmitButton>,
    );
    const button = buttonOf(html);
    expect(button).toContain('disabled=""');
    expect(button).toContain('aria-busy="true"');
    expect(button).toContain("border-border");
    expect(button).toContain(">Saving…</button>");
    expect(button).not.toContain("Save profile");
    expect(html).toContain('<span aria-live="polite" class="sr-only">Saving…</span>');
  });

  it("without a pending label keeps its text, adds a spinner and announces the generic one in the reader's language", () => {
    const html = render(<SubmitButton pending>تأكيد</SubmitButton>, "ar", ar);
    const button = buttonOf(html);
    expect(button).toContain('disabled=""');
    expect(button).toMatch(/<span aria-hidden="true" class="[^"]*animate-spin[^"]*"><\/span>تأكيد<\/button>/);
    expect(html).toContain(`<span aria-live="polite" class="sr-only">${ar.app.submitting}</span>`);
  });

  it("a bare button takes only the classes it is given", () => {
    const button = buttonOf(
      render(
        <SubmitButton variant="bare" className="menu-item">
          Log out
        </SubmitButton>,
      ),
    );
    expect(button).toContain('class="menu-item"');
  });
});
