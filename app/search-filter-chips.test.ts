import { describe, expect, it } from "vitest";
import { filterChips } from "./search-filter-chips";

describe("filter chips", () => {
  it("has one chip per filter set, each removing only its own", () => {
    const chips = filterChips("?q=jazz&category=music&date=&price=free&vip=1&page=3&lang=fr");
    expect(chips.map((chip) => [chip.name, chip.value, chip.removeHref])).toEqual([
      ["q", "jazz", "/events?category=music&date=&price=free&vip=1&lang=fr"],
      ["category", "music", "/events?q=jazz&date=&price=free&vip=1&lang=fr"],
      ["price", "free", "/events?q=jazz&category=music&date=&vip=1&lang=fr"],
      ["vip", "1", "/events?q=jazz&category=music&date=&price=free&lang=fr"],
    ]);
  });

  it("has none for an address without filters, and removing the last one leads to plain /events", () => {
    expect(filterChips("?lang=ar&page=2")).toEqual([]);
    expect(filterChips("?featured=on")[0]!.removeHref).toBe("/events");
  });

  it("removes what means nothing without the filter: lng with lat, radius with the place, a custom window without dates, best match without words", () => {
    const byName = (search: string) => Object.fromEntries(filterChips(search).map((chip) => [chip.name, chip]));
    const located = byName("?lat=38.9&lng=-77&radius=5");
    expect(located.lat!.removeHref).toBe("/events?radius=5");
    expect(Object.keys(byName("?radius=5"))).toEqual([]);
    expect(byName("?near=arlington&radius=25").near!.removeHref).toBe("/events");
    expect(byName("?date=custom&from=2027-01-02").from!.removeHref).toBe("/events");
    expect(byName("?date=custom&from=2027-01-02&to=2027-01-09").to!.removeHref).toBe(
      "/events?date=custom&from=2027-01-02",
    );
    expect(byName("?q=jazz&sort=relevance").q!.removeHref).toBe("/events");
  });
});
