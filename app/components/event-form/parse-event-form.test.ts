import { describe, expect, it } from "vitest";
import { EVENT_PROBLEMS } from "#domain/event-input";
import enCore from "#app/i18n/locales/en.json";
import enPages from "#app/i18n/locales/pages/en.json";
import { createTranslator } from "#app/i18n/translator";
import { eventFormValuesOf, newEventFormValues, type EventFormValues } from "./event-form-values";
import { problemKey } from "./form-parts";
import { localDateTimePlusHours } from "./schedule-fields";
import { centsOf, FORM_PROBLEMS, formFieldOf, parseEventForm, problemsOfServiceFields } from "./parse-event-form";

/** All of a language's messages: those of every page and the page namespaces (app/i18n/messages.ts). */
const en = { ...enCore, ...enPages };

const LIMITS = { maxImageBytes: 10 * 1024 * 1024 };

function filled(changes: Partial<EventFormValues> = {}): EventFormValues {
  return {
    ...newEventFormValues(),
    title: "Jazz by the water",
    description: "An evening of **jazz**.",
    categoryId: "1",
    startsAt: "2027-06-12T19:30",
    venue: { id: 4, name: "The Anthem", address: "901 Wharf St SW", city: "Washington" },
    ticketTypes: [
      { id: "", name: "General", price: "25", quantity: "100", description: "", salesStart: "", salesEnd: "" },
    ],
    ...changes,
  };
}

describe("parseEventForm", () => {
  it("turns typed values into the schema's input, in the event's zone, ending 3 hours after the start", () => {
    const parsed = parseEventForm(filled(), [], LIMITS);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.input.startsAt.toISOString()).toBe("2027-06-12T23:30:00.000Z");
    expect(parsed.input.endsAt.toISOString()).toBe("2027-06-13T02:30:00.000Z");
    expect(parsed.input.venue).toEqual({ id: 4 });
    expect(parsed.input.ticketTypes[0]).toMatchObject({ name: "General", priceCents: 2500, quantity: 100 });
  });

  it("names each problem by the form's own field", () => {
    const parsed = parseEventForm(
      filled({
        endsAt: "2027-06-12T18:00",
        venue: null,
        ticketTypes: [
          { id: "", name: "General", price: "-5", quantity: "0", description: "", salesStart: "", salesEnd: "" },
        ],
      }),
      [{ slot: 1, size: 20 * 1024 * 1024, type: "image/png" }],
      LIMITS,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toMatchObject({
      endsAt: "end_before_start",
      venueId: "required",
      "ticketTypes.0.price": "price_negative",
      "ticketTypes.0.quantity": "quantity_too_small",
      "images.1.file": "image_too_large",
    });
  });

  it("asks for the alt text of a chosen picture, and says which new-venue field is missing", () => {
    const values = filled({ venueMode: "new" });
    values.newVenue = { ...values.newVenue, name: "Pier 4", address: "1 Water St", latitude: "38.87" };
    const parsed = parseEventForm(values, [{ slot: 0, size: 1000, type: "image/png" }], LIMITS);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toMatchObject({
      "images.0.alt": "alt_required",
      "venue.city": "required",
      "venue.longitude": "required",
    });
    expect(parsed.problems.venueId).toBeUndefined();
  });
});

describe("the form's fields", () => {
  it("read back from a posted form", () => {
    const form = new FormData();
    form.set("title", "Jazz");
    form.set("venueId", "4");
    form.set("venueLabel", "The Anthem\n901 Wharf St SW\nWashington");
    form.set("ticketTypes.0.name", "General");
    form.set("ticketTypes.1.name", "VIP");
    form.set("isPublic", "false");
    const values = eventFormValuesOf(form);
    expect(values.venue).toEqual({ id: 4, name: "The Anthem", address: "901 Wharf St SW", city: "Washington" });
    expect(values.ticketTypes.map((type) => type.name)).toEqual(["General", "VIP"]);
    expect(values.isPublic).toBe(false);
  });

  it("take a service's field paths, pictures by their place on the page", () => {
    expect(formFieldOf(["venue", "new", "city"], [])).toBe("venue.city");
    expect(formFieldOf(["ticketTypes", "1", "quantity"], [])).toBe("ticketTypes.1.quantity");
    expect(formFieldOf(["images", "0", "alt"], [2])).toBe("images.2.alt");
    expect(problemsOfServiceFields({ "ticketTypes.1.quantity": "below_sold" }, [])).toEqual({
      "ticketTypes.1.quantity": "below_sold",
    });
    expect(problemsOfServiceFields({ somethingNew: "odd_word" }, [])).toEqual({ form: "invalid" });
  });

  it("read prices as cents and propose the end on the same clock", () => {
    expect(centsOf("12.5")).toBe(1250);
    expect(centsOf("abc")).toBeNaN();
    expect(centsOf("")).toBeUndefined();
    expect(localDateTimePlusHours("2027-12-31T22:00", 3)).toBe("2028-01-01T01:00");
  });

  it("have an English message for every problem word", () => {
    const { t } = createTranslator("en", en);
    for (const word of [...EVENT_PROBLEMS, ...FORM_PROBLEMS]) {
      expect(t(problemKey(word)), word).not.toBe(problemKey(word));
    }
  });
});
