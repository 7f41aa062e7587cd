import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en.json";
import fr from "#app/i18n/locales/fr.json";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { CalendarFeedLink } from "./calendar-feed-link";

/** The link as /events draws it at `url`, on a site whose public address is https://events.example. */
function render(url: string, language: Language = "en", messages: object = en) {
  const router = createMemoryRouter(
    [{ id: "root", path: "/events", element: <CalendarFeedLink />, loader: () => null }],
    {
      initialEntries: [url],
      hydrationData: { loaderData: { root: { origin: "https://events.example", language } } },
    },
  );
  const html = renderToStaticMarkup(
    <TranslationProvider value={createTranslator(language, messages as never)}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  return { html, hrefs };
}

describe("the calendar feed link of /events", () => {
  it("subscribes by webcal:// and offers the same feed over https, with the page's filters", () => {
    const { html, hrefs } = render("/events?category=music&near=arlington&radius=25&free=");
    expect(hrefs).toEqual([
      "webcal://events.example/events.ics?category=music&near=arlington&radius=25&lang=en",
      "https://events.example/events.ics?category=music&near=arlington&radius=25&lang=en",
    ]);
    expect(html).toContain("Subscribe to calendar");
    expect(html).toContain("Calendar feed address (.ics)");
  });

  it("leaves out paging, sorting and past events, and names the calendar in the page's language", () => {
    const { hrefs, html } = render("/events?language=fr&page=3&sort=title&past=1&limit=5&lang=en", "fr", fr);
    expect(hrefs[1]).toBe("https://events.example/events.ics?language=fr&lang=fr");
    expect(html).toContain("S&#x27;abonner au calendrier");
  });
});
