import { describe, expect, it } from "vitest";
import {
  capacity,
  defaultEndsAt,
  isAffordable,
  isFree,
  isMicroEvent,
  isPast,
  isSoldOut,
  isVip,
  MICRO_EVENT_MAX_CAPACITY,
  type EventFacts,
} from "./event";

const now = new Date("2026-06-01T12:00:00Z");
function buildEvent(overrides: Partial<EventFacts> = {}): EventFacts {
  return {
    title: "Jazz at the Wharf",
    isPublic: true,
    endsAt: new Date("2026-06-02T00:00:00Z"),
    ticketTypes: [{ priceCents: 25_00, quantity: 100, sold: 10 }],
    ...overrides,
  };
}

describe("event states", () => {
  it("an event is past once its end is before now, not while it is running", () => {
    expect(isPast(buildEvent({ endsAt: new Date("2026-06-01T11:59:59Z") }), now)).toBe(true);
    expect(isPast(buildEvent({ endsAt: new Date("2026-06-01T12:00:00Z") }), now)).toBe(false);
  });

  it("event 34 is sold out: General Admission 200 of 200 and VIP Access 50 of 50", () => {
    const event34 = buildEvent({
      ticketTypes: [
        { priceCents: 45_00, quantity: 200, sold: 200 },
        { priceCents: 120_00, quantity: 50, sold: 50 },
      ],
    });
    expect(isSoldOut(event34)).toBe(true);
  });

  it("an event with one ticket type left is not sold out, nor is one with no ticket types", () => {
    expect(
      isSoldOut(
        buildEvent({
          ticketTypes: [
            { priceCents: 45_00, quantity: 200, sold: 200 },
            { priceCents: 120_00, quantity: 50, sold: 49 },
          ],
        }),
      ),
    ).toBe(false);
    expect(isSoldOut(buildEvent({ ticketTypes: [] }))).toBe(false);
  });

  it("events with a Free Registration ticket at $0 are free", () => {
    expect(isFree(buildEvent({ ticketTypes: [{ priceCents: 0, quantity: 200, sold: 50 }] }))).toBe(true);
    expect(isFree(buildEvent())).toBe(false);
  });

  it("an event is affordable with any ticket at $30 or less", () => {
    expect(isAffordable(buildEvent({ ticketTypes: [{ priceCents: 30_00, quantity: 1, sold: 0 }] }))).toBe(true);
    expect(isAffordable(buildEvent({ ticketTypes: [{ priceCents: 30_01, quantity: 1, sold: 0 }] }))).toBe(false);
  });

  it("event 36 is VIP: invitation only at $500 and not public", () => {
    expect(isVip(buildEvent({ isPublic: false, ticketTypes: [{ priceCents: 500_00, quantity: 100, sold: 75 }] }))).toBe(
      true,
    );
  });

  it("an event is VIP when private, priced above $200, or titled VIP, Elite or Exclusive", () => {
    expect(isVip(buildEvent({ isPublic: false }))).toBe(true);
    expect(isVip(buildEvent({ ticketTypes: [{ priceCents: 200_01, quantity: 1, sold: 0 }] }))).toBe(true);
    expect(isVip(buildEvent({ ticketTypes: [{ priceCents: 200_00, quantity: 1, sold: 0 }] }))).toBe(false);
    expect(isVip(buildEvent({ title: "VIP Rooftop Night" }))).toBe(true);
    expect(isVip(buildEvent({ title: "The elite chess open" }))).toBe(true);
    expect(isVip(buildEvent({ title: "An Exclusive Tasting" }))).toBe(true);
    expect(isVip(buildEvent({ title: "Vipassana morning" }))).toBe(false);
  });

  it("an event ends three hours after it starts by default", () => {
    expect(defaultEndsAt(new Date("2026-06-01T23:30:00Z")).toISOString()).toBe("2026-06-02T02:30:00.000Z");
  });
});

describe("micro events", () => {
  const withQuantities = (...quantities: number[]) => ({
    ticketTypes: quantities.map((quantity) => ({ priceCents: 10_00, quantity, sold: 0 })),
  });

  it("counts every ticket of every type as capacity", () => {
    expect(capacity(withQuantities(12, 20, 8))).toBe(40);
    expect(capacity(withQuantities())).toBe(0);
  });

  it("calls a gathering of at most 50 people a micro event, and nothing bigger", () => {
    expect(isMicroEvent(withQuantities(49))).toBe(true);
    expect(isMicroEvent(withQuantities(30, 19))).toBe(true);
    expect(isMicroEvent(withQuantities(30, 20))).toBe(true);
    expect(isMicroEvent(withQuantities(51))).toBe(false);
    expect(isMicroEvent(withQuantities(MICRO_EVENT_MAX_CAPACITY))).toBe(true);
    expect(isMicroEvent(withQuantities(30, 21))).toBe(false);
    expect(isMicroEvent(withQuantities(200))).toBe(false);
  });

  it("does not call an event without tickets a micro event", () => {
    expect(isMicroEvent(withQuantities())).toBe(false);
    expect(isMicroEvent(withQuantities(0, 0))).toBe(false);
  });
});
