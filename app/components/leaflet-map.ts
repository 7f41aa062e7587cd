// Loaded on demand by event-map.tsx, so Leaflet (about 40 KB of script) costs nothing on pages
// without a map and nothing before a map scrolls into view.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapPlace, MapTileSettings } from "./event-map";

export interface MapTexts {
  zoomIn: string;
  zoomOut: string;
  /** Shown in a marker's popup above its events. */
  eventsHere: (count: number) => string;
}

/** Washington, DC, when a map has nothing to show. */
const FALLBACK_CENTER: L.LatLngTuple = [38.9072, -77.0369];
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
  const map = L.map(container, { zoomControl: false, scrollWheelZoom: false });
  L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(map);
  if (tiles) {
    const layer = L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 });
    let reported = false;
    layer.on("tileerror", () => {
      if (reported) return;
      reported = true;
      onTilesFailed();
    });
    layer.addTo(map);
  }

  for (const place of places) {
    L.marker([place.latitude, place.longitude], {
      icon: L.divIcon({ html: pin(), className: "event-map-pin", iconSize: [32, 40], iconAnchor: [16, 40] }),
      title: place.name,
      alt: place.name,
      keyboard: true,
    })
      .bindPopup(() => popup(place, texts, navigate))
      .addTo(map);
  }

  if (places.length === 0) map.setView(FALLBACK_CENTER, 11);
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

function pin(): HTMLElement {
  const marker = element("span", "event-map-pin-shape");
  marker.setAttribute("aria-hidden", "true");
  return marker;
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

/** Leaflet writes attributions as markup; ours is configuration text, so it is shown as text. */
function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
