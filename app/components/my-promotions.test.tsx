import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import arCore from "#app/i18n/locales/ar.json";
import arPages from "#app/i18n/locales/pages/ar.json";
import enCore from "#app/i18n/locales/en.json";
import enPages from "#app/i18n/locales/pages/en.json";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { CampaignSummary } from "#server/services/promotions";
import { MyPromotionsSection } from "./my-promotions";

/** All of a language's messages: those of every page and the page namespaces (app/i18n/messages.ts). */
const ar = { ...arCore, ...arPages };
const en = { ...enCore, ...enPages };

function campaign(changes: Partial<CampaignSummary>): CampaignSummary {
  return {
    id: "6f1c2a9e-0000-4000-8000-000000000001",
    eventId: 7,
    eventTitle: "Harbor Lights Jazz Night",
    eventTimeZone: "America/New_York",
    types: ["homepage", "social"],
    days: 3,
    budgetCents: 200_00,
    priceCents: 94_00,
    startsAt: new Date("2027-06-01T16:00:00Z"),
    endsAt: new Date("2027-06-04T16:00:00Z"),
    endedAt: null,
    paidAt: new Date("2027-05-30T12:00:00Z"),
    state: "active",
    ...changes,
  };
}

/** A fragment's text as read: tags dropped, the few entities React writes decoded. */
function textOf(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

function render(campaigns: CampaignSummary[], language: Language = "en", messages: object = en) {
  const router = createMemoryRouter([{ path: "/dashboard", element: <MyPromotionsSection campaigns={campaigns} /> }], {
    initialEntries: ["/dashboard"],
  });
  const html = renderToStaticMarkup(
    <TranslationProvider value={createTranslator(language, messages as never)}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  // Each group as the person reads it: its heading and the campaigns listed under it, in page order.
  const groups = [...html.matchAll(/<section aria-labelledby="my-promotions-[a-z]+"[^>]*>(.*?)<\/section>/gs)].map(
    ([, group]) => ({
      heading: textOf(/<h3[^>]*>(.*?)<\/h3>/s.exec(group!)![1]!),
      campaigns: [...group!.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map(([, item]) => ({
        title: textOf(/<a [^>]*>(.*?)<\/a>/s.exec(item!)![1]!),
        href: /href="([^"]+)"/.exec(item!)![1],
        text: textOf(item!),
      })),
    }),
  );
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  return { html, groups, hrefs };
}

describe("My Promotions", () => {
  it("groups the campaigns as scheduled, active and ended, in that order, each linking to its page", () => {
    const { groups } = render([
      campaign({ id: "c-ended", eventTitle: "Spring Gala", state: "ended" }),
      campaign({ id: "c-active", eventTitle: "Harbor Lights Jazz Night", state: "active" }),
      campaign({ id: "c-next", eventTitle: "Go-go on U Street", state: "scheduled" }),
      campaign({ id: "c-next-too", eventTitle: "Lantern Walk", state: "scheduled" }),
    ]);
    expect(groups.map((group) => group.heading)).toEqual(["Scheduled", "Active", "Ended"]);
    expect(groups.map((group) => group.campaigns.map((item) => item.title))).toEqual([
      ["Go-go on U Street", "Lantern Walk"],
      ["Harbor Lights Jazz Night"],
      ["Spring Gala"],
    ]);
    expect(groups[0]!.campaigns.map((item) => item.href)).toEqual(["/promote/c-next", "/promote/c-next-too"]);
  });

  it("says what each campaign buys, when it runs in the event's zone, what it cost, and where it stands", () => {
    const { groups } = render([campaign({})]);
    expect(groups).toHaveLength(1);
    const [item] = groups[0]!.campaigns;
    expect(item!.text).toContain("Feature on the home page, Social media kit");
    expect(item!.text).toContain("Tue, Jun 1, 2027 – Fri, Jun 4, 2027");
    expect(item!.text).toContain("$94.00");
    expect(item!.text).toContain("Active");
  });

  it("leaves out groups with no campaign, and says when there is none at all", () => {
    const { groups } = render([campaign({ state: "ended" })]);
    expect(groups.map((group) => group.heading)).toEqual(["Ended"]);
    const empty = render([]);
    expect(empty.groups).toEqual([]);
    expect(empty.html).toContain("You have not promoted any event yet.");
    expect(empty.html).toContain("Promote an event");
    expect(empty.hrefs).toEqual(["/promote"]);
  });

  it("speaks Arabic", () => {
    const { groups } = render([campaign({ state: "scheduled" }), campaign({ id: "c-2", state: "ended" })], "ar", ar);
    expect(groups.map((group) => group.heading)).toEqual(["مجدولة", "منتهية"]);
  });
});
