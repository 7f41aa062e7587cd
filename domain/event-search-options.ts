// The choices of an event search, without the parser (zod): browser code shows them, and zod would
// add 21 KB to the page and test `eval` against the site's Content-Security-Policy.

/**
 * Places a visitor can search near, without any geocoding service: the DMV's cities and
 * neighbourhoods with their centres. Keys appear in URLs (?near=arlington).
 */
export const PLACES = {
  washington: { name: "Washington, DC", latitude: 38.8951, longitude: -77.0364 },
  "capitol-hill": { name: "Capitol Hill, DC", latitude: 38.8899, longitude: -76.9981 },
  georgetown: { name: "Georgetown, DC", latitude: 38.9097, longitude: -77.0654 },
  "navy-yard": { name: "Navy Yard, DC", latitude: 38.8764, longitude: -77.0033 },
  arlington: { name: "Arlington, VA", latitude: 38.8816, longitude: -77.091 },
  alexandria: { name: "Alexandria, VA", latitude: 38.8048, longitude: -77.0469 },
  fairfax: { name: "Fairfax, VA", latitude: 38.8462, longitude: -77.3064 },
  tysons: { name: "Tysons, VA", latitude: 38.9187, longitude: -77.2311 },
  reston: { name: "Reston, VA", latitude: 38.9586, longitude: -77.357 },
  bethesda: { name: "Bethesda, MD", latitude: 38.9847, longitude: -77.0947 },
  "silver-spring": { name: "Silver Spring, MD", latitude: 38.9907, longitude: -77.0261 },
  rockville: { name: "Rockville, MD", latitude: 39.084, longitude: -77.1528 },
  "college-park": { name: "College Park, MD", latitude: 38.9807, longitude: -76.9369 },
  columbia: { name: "Columbia, MD", latitude: 39.2037, longitude: -76.861 },
  annapolis: { name: "Annapolis, MD", latitude: 38.9784, longitude: -76.4922 },
  baltimore: { name: "Baltimore, MD", latitude: 39.2904, longitude: -76.6122 },
} as const;
export type PlaceKey = keyof typeof PLACES;
export const PLACE_KEYS = Object.keys(PLACES) as [PlaceKey, ...PlaceKey[]];

export const DATE_WINDOWS = ["today", "weekend", "week", "month", "custom"] as const;
export type DateWindow = (typeof DATE_WINDOWS)[number];
export const PRICE_FILTERS = ["free", "under30"] as const;
export const SORTS = ["date", "date_desc", "title", "relevance", "distance"] as const;
export type EventSort = (typeof SORTS)[number];

/**
 * What decides a search's origin and default order: the fields of a parsed search (EventSearch in
 * event-search.ts) they read, named here so that this file need not import the parser's.
 */
export interface SearchOrdering {
  q?: string;
  sort?: EventSort;
  near?: PlaceKey;
  lat?: number;
  lng?: number;
}

/** The point a search is near, if any: the visitor's own position wins over a named place. */
export function searchOrigin(search: SearchOrdering): { latitude: number; longitude: number } | null {
  if (search.lat !== undefined && search.lng !== undefined) return { latitude: search.lat, longitude: search.lng };
  return search.near ? PLACES[search.near] : null;
}

/** The sort a search gets when none is asked for: best match, then nearest, then soonest. */
export function effectiveSort(search: SearchOrdering): EventSort {
  if (search.sort) return search.sort;
  if (search.q) return "relevance";
  if (searchOrigin(search)) return "distance";
  return "date";
}
