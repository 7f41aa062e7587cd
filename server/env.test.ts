import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./env";

describe("map tile configuration", () => {
  it("uses OpenStreetMap's tiles unless told otherwise, and lets pages load them", () => {
    const { mapTiles } = readConfig({});
    expect(mapTiles?.url).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(mapTiles?.cspSource).toBe("https://tile.openstreetmap.org");
    expect(mapTiles?.attribution).toContain("OpenStreetMap");
  });

  it("takes another tile server, with subdomains as a wildcard source", () => {
    const { mapTiles } = readConfig({
      MAP_TILE_URL: "https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "© Example Maps",
    });
    expect(mapTiles).toEqual({
      url: "https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png",
      attribution: "© Example Maps",
      cspSource: "https://*.tiles.example.org",
    });
    expect(readConfig({ MAP_TILE_URL: "http://127.0.0.1:8080/{z}/{x}/{y}.png" }).mapTiles?.cspSource).toBe(
      "http://127.0.0.1:8080",
    );
  });

  it("turns tiles off with none", () => {
    expect(readConfig({ MAP_TILE_URL: "none" }).mapTiles).toBeNull();
  });

  it("refuses a tile address that is not an http(s) template", () => {
    for (const bad of ["javascript:alert(1)//{z}/{x}/{y}", "https://tiles.example.org/static.png", "ftp://x/{z}/{x}/{y}"]) {
      expect(() => readConfig({ MAP_TILE_URL: bad })).toThrow(ConfigError);
    }
  });
});
