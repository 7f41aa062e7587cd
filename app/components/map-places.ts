/*
 * What a map shows, without Leaflet: pages build these on the server and in the browser, and
 * Leaflet (leaflet-setup.ts) loads only when a map comes near the screen.
 */

/** The tile server the site is configured with (server/env.ts), as pages receive it. */
export interface MapTileSettings {
  url: string;
  attribution: string;
}

/** One marker: a place and the events that happen there. */
export interface MapPlace {
  key: string;
  name: string;
  latitude: number;
  longitude: number;
  events: { id: number; title: string; href: string; when: string; language?: string }[];
}

/** One marker per place: events at the same venue share it. */
export function groupByPlace<T>(
  items: T[],
  placeOf: (item: T) => { name: string; latitude: number; longitude: number },
  eventOf: (item: T) => MapPlace["events"][number],
): MapPlace[] {
  const places = new Map<string, MapPlace>();
  for (const item of items) {
    const { name, latitude, longitude } = placeOf(item);
    const key = `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
    const place = places.get(key) ?? { key, name, latitude, longitude, events: [] };
    place.events.push(eventOf(item));
    places.set(key, place);
  }
  return [...places.values()];
}
