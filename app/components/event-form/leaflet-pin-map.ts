// Loaded on demand by venue-pin-map.tsx, like app/components/leaflet-map.ts: Leaflet costs nothing
// until the new-venue map comes near the screen.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapTileSettings } from "#app/components/event-map";

export interface PinMapTexts {
  zoomIn: string;
  zoomOut: string;
  /** The pin's accessible name. */
  pin: string;
}

export interface PinMap {
  /** Moves the pin (and the view) to a place typed into the fields. */
  setPin: (latitude: number, longitude: number) => void;
  /** Drops the pin at the centre of what the map shows now. */
  pinCenter: () => void;
  remove: () => void;
}

/** Washington, DC, when no pin is dropped yet (where the sample venues are). */
const FALLBACK_CENTER: L.LatLngTuple = [38.9072, -77.0369];
const PIN_ZOOM = 15;

/** Five decimals: about a metre, more than a venue needs. */
const rounded = (value: number) => Math.round(value * 100_000) / 100_000;

/**
 * A map where a click (or a drag of the pin) chooses a venue's place; `onPick` receives the
 * coordinates. The pin uses the site's marker shape (app.css `.event-map-pin`).
 */
export function mountPinMap(
  container: HTMLElement,
  {
    tiles,
    texts,
    initial,
    onPick,
    onTilesFailed,
  }: {
    tiles: MapTileSettings | null;
    texts: PinMapTexts;
    initial: { latitude: number; longitude: number } | null;
    onPick: (latitude: number, longitude: number) => void;
    onTilesFailed: () => void;
  },
): PinMap {
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

  let marker: L.Marker | null = null;
  const place = (latitude: number, longitude: number) => {
    if (marker) {
      marker.setLatLng([latitude, longitude]);
      return;
    }
    const shape = document.createElement("span");
    shape.className = "event-map-pin-shape";
    shape.setAttribute("aria-hidden", "true");
    marker = L.marker([latitude, longitude], {
      icon: L.divIcon({ html: shape, className: "event-map-pin", iconSize: [32, 40], iconAnchor: [16, 40] }),
      title: texts.pin,
      alt: texts.pin,
      draggable: true,
      keyboard: true,
    }).addTo(map);
    marker.on("dragend", () => {
      const { lat, lng } = marker!.getLatLng();
      onPick(rounded(lat), rounded(lng));
    });
  };
  const pick = (latitude: number, longitude: number) => {
    place(rounded(latitude), rounded(longitude));
    onPick(rounded(latitude), rounded(longitude));
  };

  map.on("click", (event: L.LeafletMouseEvent) => pick(event.latlng.lat, event.latlng.lng));
  if (initial) {
    place(initial.latitude, initial.longitude);
    map.setView([initial.latitude, initial.longitude], PIN_ZOOM);
  } else {
    map.setView(FALLBACK_CENTER, 11);
  }

  return {
    setPin(latitude, longitude) {
      place(latitude, longitude);
      map.setView([latitude, longitude], Math.max(map.getZoom(), PIN_ZOOM));
    },
    pinCenter() {
      const { lat, lng } = map.getCenter();
      pick(lat, lng);
    },
    remove: () => map.remove(),
  };
}

/** Leaflet writes attributions as markup; ours is configuration text, so it is shown as text. */
function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
