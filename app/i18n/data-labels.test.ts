import { describe, expect, it } from "vitest";
import { callToActionLabel, industryLabel } from "./data-labels";
import { translatorFor } from "./translator";
import ar from "./locales/ar.json";
import am from "./locales/am.json";

const arabic = translatorFor("ar", ar).t;
const amharic = translatorFor("am", am).t;

describe("words from the data's known lists", () => {
  it("show a sponsor's industry in the page's language", () => {
    expect(industryLabel(arabic, "Financial services")).toBe("الخدمات المالية");
    expect(industryLabel(amharic, "Bakery")).toBe("ዳቦ ቤት");
  });

  it("show a promotion's call to action in the page's language", () => {
    expect(callToActionLabel(arabic, "Learn more")).toBe("اعرف المزيد");
    expect(callToActionLabel(amharic, "Get tickets")).toBe(am.event.getTickets);
  });

  it("show anything else as it was written", () => {
    expect(industryLabel(arabic, "Urban beekeeping")).toBe("Urban beekeeping");
    expect(callToActionLabel(amharic, "RSVP today")).toBe("RSVP today");
  });
});
