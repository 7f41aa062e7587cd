// The one place Leaflet is set up: its stylesheet, the base map (zoom buttons in the page's language,
// the configured tiles and their attribution) and the site's pin. The event maps (leaflet-map.ts) and
// the event form's venue pin map (event-form/leaflet-pin-map.ts) draw on it. Only those two load it,
// on demand, so Leaflet (about 40 KB of script) costs nothing on pages without a map.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapTileSettings } from "./map-places";

/** Washington, DC (where the sample venues are), when a map has nothing to show yet. */
export const FALLBACK_CENTER: L.LatLngTuple = [38.9072, -77.0369];
export const FALLBACK_ZOOM = 11;

export interface ZoomTexts {
  zoomIn: string;
  zoomOut: string;
}

/**
 * A Leaflet map in `container` with our zoom buttons and, when the site has a tile server, its
 * tiles. `onTilesFailed` runs once if tiles cannot load; whatever is drawn keeps working on the
 * plain background.
 */
export function createBaseMap(
  container: HTMLElement,
  { tiles, texts, onTilesFailed }: { tiles: MapTileSettings | null; texts: ZoomTexts; onTilesFailed: () => void },
): L.Map {
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
  return map;
}

/** A marker with the site's pin shape (app.css `.event-map-pin`), named for screen readers. */
export function pinMarker(
  latitude: number,
  longitude: number,
  options: { name: string; draggable?: boolean },
): L.Marker {
  const shape = document.createElement("span");
  shape.className = "event-map-pin-shape";
  shape.setAttribute("aria-hidden", "true");
  return L.marker([latitude, longitude], {
    icon: L.divIcon({ html: shape, className: "event-map-pin", iconSize: [32, 40], iconAnchor: [16, 40] }),
    title: options.name,
    alt: options.name,
    draggable: options.draggable ?? false,
    keyboard: true,
  });
}

/** Leaflet writes attributions as markup; ours is configuration text, so it is shown as text. */
function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
