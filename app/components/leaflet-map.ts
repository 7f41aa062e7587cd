// Loaded on demand by event-map.tsx, so Leaflet costs nothing before a map scrolls into view.
import L from "leaflet";
import { createBaseMap, FALLBACK_CENTER, FALLBACK_ZOOM, pinMarker, type ZoomTexts } from "./leaflet-setup";
import type { MapPlace, MapTileSettings } from "./map-places";

export interface MapTexts extends ZoomTexts {
  /** Shown in a marker's popup above its events. */
  eventsHere: (count: number) => string;
}

const SINGLE_PLACE_ZOOM = 14;

/**
 * Draws `places` on a Leaflet map in `container` and returns a function that removes it. Text from
 * the database only ever goes in as text nodes. `onTilesFailed` runs once if background tiles
 * cannot load; the markers keep working on the plain background.
 */
export function mountMap(
  container: HTMLElement,
  {
    places,
    tiles,
    texts,
    navigate,
    onTilesFailed,
  }: {
    places: MapPlace[];
    tiles: MapTileSettings | null;
    texts: MapTexts;
    navigate: (href: string) => void;
    onTilesFailed: () => void;
  },
): () => void {
  const map = createBaseMap(container, { tiles, texts, onTilesFailed });
  for (const place of places) {
    pinMarker(place.latitude, place.longitude, { name: place.name })
      .bindPopup(() => popup(place, texts, navigate))
      .addTo(map);
  }

  if (places.length === 0) map.setView(FALLBACK_CENTER, FALLBACK_ZOOM);
  else if (places.length === 1) map.setView([places[0]!.latitude, places[0]!.longitude], SINGLE_PLACE_ZOOM);
  else map.fitBounds(L.latLngBounds(places.map((place) => [place.latitude, place.longitude])), { padding: [32, 32] });

  return () => map.remove();
}

function popup(place: MapPlace, texts: MapTexts, navigate: (href: string) => void): HTMLElement {
  const root = element("div", "event-map-popup");
  root.append(element("p", "event-map-popup-place", place.name));
  root.append(element("p", "event-map-popup-count", texts.eventsHere(place.events.length)));
  const list = element("ul");
  for (const event of place.events) {
    const item = element("li");
    const link = element("a", undefined, event.title);
    link.href = event.href;
    if (event.language) link.lang = event.language;
    // A client-side navigation, like every other link of the site; the href still works without it.
    link.addEventListener("click", (click) => {
      if (click.metaKey || click.ctrlKey || click.shiftKey || click.button !== 0) return;
      click.preventDefault();
      navigate(event.href);
    });
    item.append(link, element("span", "event-map-popup-when", event.when));
    list.append(item);
  }
  root.append(list);
  return root;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
