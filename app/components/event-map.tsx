import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { useNavigate } from "react-router";
import type { MapPlace, MapTileSettings } from "./map-places";

type MapState = "waiting" | "ready" | "unavailable";

/**
 * A map of event places. Leaflet loads only when the map comes near the screen, so pages stay light;
 * until then, and without JavaScript, the box stays empty and the page's own list and address say
 * everything the map does. When tiles cannot load, the markers stay on a plain background and a note
 * says so.
 */
export function EventMap({
  places,
  tiles,
  label,
  className = "",
}: {
  places: MapPlace[];
  tiles: MapTileSettings | null;
  /** The map's accessible name. */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("waiting");
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let removeMap: (() => void) | null = null;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        import("./leaflet-map").then(
          ({ mountMap }) => {
            if (cancelled) return;
            removeMap = mountMap(element, {
              places,
              tiles,
              texts: {
                zoomIn: t("map.zoomIn"),
                zoomOut: t("map.zoomOut"),
                eventsHere: (count) => t("map.eventsHere", { count }),
              },
              navigate: (href) => void navigate(href),
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
      removeMap?.();
    };
  }, [places, tiles, t, navigate]);

  const note =
    state === "unavailable" ? t("map.unavailable") : tilesFailed || !tiles ? t("map.backgroundUnavailable") : null;
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      {/* isolate: Leaflet's layers use z-indexes up to 1000, which must stay under the site's header. */}
      <div className="relative isolate min-h-0 flex-1 overflow-hidden rounded-xl border border-border bg-muted">
        <div ref={container} role="region" aria-label={label} dir="ltr" className="h-full min-h-64 w-full" />
        {state !== "ready" && (
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 m-auto h-10 w-10 text-muted-foreground"
          />
        )}
      </div>
      {note && (
        <p role="status" className="text-sm text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
