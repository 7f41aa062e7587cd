import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { MapTileSettings } from "#app/components/map-places";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";
import type { PinMap } from "./leaflet-pin-map";

type MapState = "waiting" | "ready" | "unavailable";

/**
 * The map where an organizer drops a new venue's pin. Like EventMap, Leaflet loads only when the map
 * comes near the screen; until then, without JavaScript, or for keyboard users, the latitude and
 * longitude fields beside it say the same thing. `pin` follows those fields.
 */
export function VenuePinMap({
  tiles,
  pin,
  onPick,
}: {
  tiles: MapTileSettings | null;
  pin: { latitude: number; longitude: number } | null;
  onPick: (latitude: number, longitude: number) => void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<PinMap | null>(null);
  const [state, setState] = useState<MapState>("waiting");
  const [tilesFailed, setTilesFailed] = useState(false);
  // The map is made once; later pins and callbacks reach it through refs.
  const latest = useRef({ pin, onPick });
  useEffect(() => {
    latest.current = { pin, onPick };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        import("./leaflet-pin-map").then(
          ({ mountPinMap }) => {
            if (cancelled) return;
            map.current = mountPinMap(element, {
              tiles,
              texts: { zoomIn: t("map.zoomIn"), zoomOut: t("map.zoomOut"), pin: t("eventForm.venuePin") },
              initial: latest.current.pin,
              onPick: (latitude, longitude) => latest.current.onPick(latitude, longitude),
              onTilesFailed: () => setTilesFailed(true),
            });
            setState("ready");
          },
          () => setState("unavailable"),
        );
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      map.current?.remove();
      map.current = null;
    };
  }, [tiles, t]);

  const latitude = pin?.latitude;
  const longitude = pin?.longitude;
  useEffect(() => {
    if (latitude !== undefined && longitude !== undefined) map.current?.setPin(latitude, longitude);
  }, [latitude, longitude, state]);

  const note =
    state === "unavailable"
      ? t("eventForm.mapUnavailable")
      : tilesFailed || !tiles
        ? t("map.backgroundUnavailable")
        : null;
  return (
    <div className="flex flex-col gap-2">
      <p id="event-venue-map-hint" className="text-xs text-muted-foreground">
        {t("eventForm.venueMapHint")}
      </p>
      {/* isolate: Leaflet's layers use z-indexes up to 1000, which must stay under the site's header. */}
      <div className="relative isolate h-64 overflow-hidden rounded-xl border border-border bg-muted">
        <div
          ref={container}
          role="region"
          aria-label={t("eventForm.venueMap")}
          aria-describedby="event-venue-map-hint"
          dir="ltr"
          className="h-full w-full"
        />
        {state !== "ready" && (
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 m-auto h-10 w-10 text-muted-foreground"
          />
        )}
      </div>
      {state === "ready" && (
        <button
          type="button"
          onClick={() => map.current?.pinCenter()}
          className={buttonClasses("outline", "sm", "self-start")}
        >
          {t("eventForm.pinAtCenter")}
        </button>
      )}
      {note && (
        <p role="status" className="text-sm text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
