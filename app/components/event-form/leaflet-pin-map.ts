// Loaded on demand by venue-pin-map.tsx, like app/components/leaflet-map.ts: Leaflet costs nothing
// until the new-venue map comes near the screen.
import type L from "leaflet";
import {
  createBaseMap,
  FALLBACK_CENTER,
  FALLBACK_ZOOM,
  pinMarker,
  type ZoomTexts,
} from "#app/components/leaflet-setup";
import type { MapTileSettings } from "#app/components/map-places";

export interface PinMapTexts extends ZoomTexts {
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
  const map = createBaseMap(container, { tiles, texts, onTilesFailed });

  let marker: L.Marker | null = null;
  const place = (latitude: number, longitude: number) => {
    if (marker) {
      marker.setLatLng([latitude, longitude]);
      return;
    }
    marker = pinMarker(latitude, longitude, { name: texts.pin, draggable: true }).addTo(map);
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
    map.setView(FALLBACK_CENTER, FALLBACK_ZOOM);
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
