/**
 * The filters a /events address has set, one chip each, with the address the search has without it:
 * a chip is a plain link, so removing a filter works before (and without) scripts.
 */
export interface FilterChip {
  /** The parameter the chip stands for (lat stands for the visitor's position, lat and lng). */
  name: ChipParameter;
  value: string;
  /** /events without this filter (and on its first page). */
  removeHref: string;
}

/** In the order the filter form asks for them. */
const CHIP_PARAMETERS = [
  "q",
  "category",
  "date",
  "from",
  "to",
  "price",
  "maxPrice",
  "language",
  "near",
  "lat",
  "radius",
  "vip",
  "featured",
  "past",
  "sort",
] as const;
export type ChipParameter = (typeof CHIP_PARAMETERS)[number];

/** What else goes when a chip goes: a position is two numbers; a radius means nothing without a place. */
const REMOVED_WITH: Partial<Record<ChipParameter, string[]>> = {
  lat: ["lng"],
  near: ["radius"],
};

export function filterChips(search: string): FilterChip[] {
  const params = new URLSearchParams(search);
  const hasPlace = Boolean(params.get("near") || params.get("lat"));
  return CHIP_PARAMETERS.flatMap((name) => {
    const value = params.get(name);
    // An empty field of the GET form means "any"; a checkbox left off is not sent; the date window
    // "custom" is shown by its from and to; a radius only counts around a place.
    if (!value || value === "0" || value === "false" || value === "off") return [];
    if (name === "date" && value === "custom") return [];
    if (name === "radius" && !hasPlace) return [];
    const without = new URLSearchParams(params);
    for (const removed of [name, ...(REMOVED_WITH[name] ?? []), "page"]) without.delete(removed);
    // Best match ranks by the words searched for: it goes with them.
    if (name === "q" && without.get("sort") === "relevance") without.delete("sort");
    if (name === "from" || name === "to") {
      // The custom window needs a start or an end: without either, it goes too.
      if (without.get("date") === "custom" && !without.get("from") && !without.get("to")) without.delete("date");
    }
    const query = without.toString();
    return [{ name, value, removeHref: query ? `/events?${query}` : "/events" }];
  });
}
