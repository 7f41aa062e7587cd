import { describe, expect, it } from "vitest";
import { areaOfState, fitsCapacity, rankVenues, type VenueCandidate } from "./venue-suggestions";

let nextId = 1;
function venue(fields: Partial<VenueCandidate>): VenueCandidate {
  const id = nextId++;
  return {
    id,
    name: `Venue ${id}`,
    city: "Arlington",
    state: "VA",
    capacity: null,
    eventsOfType: 0,
    events: 0,
    ...fields,
  };
}

const conference = { attendance: 150, area: "va" as const };

describe("venue capacity", () => {
  it("fits when it has held the crowd without being absurdly larger", () => {
    expect(fitsCapacity(150, 150)).toBe(true);
    expect(fitsCapacity(149, 150)).toBe(false);
    expect(fitsCapacity(450, 150)).toBe(true);
    expect(fitsCapacity(451, 150)).toBe(false);
    expect(fitsCapacity(60, 10)).toBe(true); // a small group fits a 60-seat room
    expect(fitsCapacity(61, 10)).toBe(false);
    expect(fitsCapacity(null, 10)).toBe(false);
  });

  it("reads the states of the region however they are written", () => {
    expect(areaOfState("DC")).toBe("dc");
    expect(areaOfState(" District of Columbia ")).toBe("dc");
    expect(areaOfState("md")).toBe("md");
    expect(areaOfState("Virginia")).toBe("va");
    expect(areaOfState("NY")).toBeNull();
  });
});

describe("venue ranking", () => {
  it("puts the venue in the area, with room for the crowd and past events of the type, first, with its reasons", () => {
    const best = venue({ name: "Arlington Hall", capacity: 200, eventsOfType: 2, events: 10 });
    const inAreaOnly = venue({ name: "Clarendon Loft", capacity: 40, events: 30 });
    const fitsOnly = venue({ name: "Bethesda Center", state: "MD", capacity: 180, events: 3 });
    const hostedOnly = venue({ name: "Hall in DC", state: "DC", capacity: 5_000, eventsOfType: 4, events: 50 });
    const nothing = venue({ name: "Tiny Studio", state: "MD", capacity: 12, events: 80 });
    const ranked = rankVenues([nothing, hostedOnly, fitsOnly, inAreaOnly, best], conference, 10);
    expect(ranked.map((suggestion) => [suggestion.venue.name, suggestion.reasons])).toEqual([
      ["Arlington Hall", ["fits-capacity", "in-area", "hosted-this-type"]],
      ["Clarendon Loft", ["in-area"]],
      ["Bethesda Center", ["fits-capacity"]],
      ["Hall in DC", ["hosted-this-type"]],
    ]);
  });

  it("breaks ties by more events of the type, then more events, then name", () => {
    const a = venue({ name: "B venue", capacity: 150, eventsOfType: 1, events: 5 });
    const b = venue({ name: "A venue", capacity: 150, eventsOfType: 3, events: 4 });
    const c = venue({ name: "C venue", capacity: 150, eventsOfType: 1, events: 9 });
    const d = venue({ name: "A2 venue", capacity: 150, eventsOfType: 1, events: 5 });
    expect(rankVenues([a, b, c, d], conference, 10).map((suggestion) => suggestion.venue.name)).toEqual([
      "A venue",
      "C venue",
      "A2 venue",
      "B venue",
    ]);
  });

  it("suggests at most three by default, and nothing in the area for an event elsewhere", () => {
    const many = Array.from({ length: 8 }, () => venue({ capacity: 160, eventsOfType: 1, events: 2 }));
    expect(rankVenues(many, conference)).toHaveLength(3);
    const elsewhere = rankVenues(many, { attendance: 150, area: "elsewhere" });
    expect(elsewhere.every((suggestion) => !suggestion.reasons.includes("in-area"))).toBe(true);
    expect(rankVenues([], conference)).toEqual([]);
  });
});
