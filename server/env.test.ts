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
    for (const bad of [
      "javascript:alert(1)//{z}/{x}/{y}",
      "https://tiles.example.org/static.png",
      "ftp://x/{z}/{x}/{y}",
    ]) {
      expect(() => readConfig({ MAP_TILE_URL: bad })).toThrow(ConfigError);
    }
  });
});

describe("payment configuration", () => {
  const stripeKeys = { STRIPE_SECRET_KEY: "sk_test_51AbCdEf", STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef" };

  it("pays through the sandbox unless told otherwise", () => {
    expect(readConfig({}).payments).toEqual({ provider: "sandbox" });
    expect(readConfig({ PAYMENT_PROVIDER: "sandbox" }).payments).toEqual({ provider: "sandbox" });
  });

  it("pays through Stripe once a secret key is set, with the webhook's signing secret", () => {
    expect(readConfig(stripeKeys).payments).toEqual({
      provider: "stripe",
      secretKey: "sk_test_51AbCdEf",
      webhookSecret: "whsec_0123456789abcdef",
    });
    expect(readConfig({ PAYMENT_PROVIDER: "stripe", ...stripeKeys }).payments.provider).toBe("stripe");
  });

  it("keeps the sandbox when asked to, even with Stripe's keys present", () => {
    expect(readConfig({ PAYMENT_PROVIDER: "sandbox", ...stripeKeys }).payments).toEqual({ provider: "sandbox" });
  });

  it("refuses to start on Stripe without both keys, naming each missing one", () => {
    expect(() => readConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY: is required[\s\S]*STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(() => readConfig({ STRIPE_SECRET_KEY: "sk_live_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
  });

  it("lists a missing Stripe key alongside the other bad settings", () => {
    const problems = (() => {
      try {
        readConfig({ PORT: "seventy", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/STRIPE_WEBHOOK_SECRET/);
  });

  it("refuses an unknown provider and keys that are not Stripe's", () => {
    for (const env of [
      { PAYMENT_PROVIDER: "paypal" },
      { ...stripeKeys, STRIPE_SECRET_KEY: "pk_test_publishable" },
      { ...stripeKeys, STRIPE_WEBHOOK_SECRET: "secret" },
    ]) {
      expect(() => readConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});

describe("the controllable clock", () => {
  it("is off unless asked for, and on for development and tests when asked", () => {
    expect(readConfig({}).isDevClockOn).toBe(false);
    expect(readConfig({ NODE_ENV: "test", DEV_CLOCK: "true" }).isDevClockOn).toBe(true);
  });

  it("refuses to start a production server whose time can be moved", () => {
    expect(() => readConfig({ NODE_ENV: "production", DEV_CLOCK: "true" })).toThrow(
      /DEV_CLOCK: cannot be true in production/,
    );
  });
});
