import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import ar from "#app/i18n/locales/ar.json";
import en from "#app/i18n/locales/en.json";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { MyEventRow } from "#server/services/event-authoring";
import { MyEventsSection } from "./my-events";

function row(changes: Partial<MyEventRow>): MyEventRow {
  return {
    id: 7,
    title: "Harbor Lights Jazz Night",
    status: "published",
    startsAt: new Date("2027-06-12T23:30:00Z"),
    endsAt: new Date("2027-06-13T02:30:00Z"),
    timeZone: "America/New_York",
    sold: 12,
    capacity: 110,
    revenueCents: 30_050,
    hasStarted: false,
    isPast: false,
    role: "organizer",
    ...changes,
  };
}

function render(events: MyEventRow[], language: Language = "en", messages: object = en) {
  const router = createMemoryRouter([{ path: "/dashboard", element: <MyEventsSection events={events} /> }], {
    initialEntries: ["/dashboard"],
  });
  const html = renderToStaticMarkup(
    <TranslationProvider value={createTranslator(language, messages as never)}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  const actions = [...html.matchAll(/action="([^"]+)"/g)].map((match) => match[1]);
  return { html, hrefs, actions };
}

describe("My Events", () => {
  it("shows an organizer's event with its status, sales, revenue and every way to manage it", () => {
    const { html, hrefs, actions } = render([row({})]);
    expect(html).toContain("Published");
    expect(html).toContain("12 / 110");
    expect(html).toContain("$300.50");
    expect(html).toContain("Sat, Jun 12, 2027 at 07:30 PM");
    expect(hrefs).toEqual([
      "/create",
      "/events/7",
      "/events/7/edit",
      "/events/7/orders",
      "/events/7/check-in",
      "/promote?event=7",
    ]);
    expect(actions).toEqual(["/events/7/duplicate"]);
  });

  it("offers a co-organizer every way to manage the event too, and a draft neither check-in nor promotion", () => {
    const organizer = render([row({})]);
    const helper = render([row({ role: "co_organizer" })]);
    expect(helper.hrefs).toEqual(organizer.hrefs);
    expect(helper.hrefs).toContain("/promote?event=7");
    expect(helper.actions).toEqual(["/events/7/duplicate"]);
    expect(helper.html).toContain("Co-organizer");
    const draft = render([row({ status: "draft" })]);
    expect(draft.hrefs).toEqual(["/create", "/events/7", "/events/7/edit", "/events/7/orders"]);
    expect(draft.html).toContain("Draft");
  });

  it("offers no promotion once the event has started, as the promote page takes none", () => {
    const started = render([row({ hasStarted: true })]);
    expect(started.hrefs).toContain("/events/7/orders");
    expect(started.hrefs).not.toContain("/promote?event=7");
  });

  it("says when there is nothing yet, and speaks Arabic", () => {
    expect(render([]).html).toContain("You have not created any events yet.");
    const { html } = render([row({ status: "cancelled" })], "ar", ar);
    expect(html).toContain("ملغاة");
    expect(html).not.toContain("/events/7/edit");
  });
});
