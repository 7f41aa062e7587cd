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

describe("the development mailbox", () => {
  const production = { NODE_ENV: "production" };
  const smtp = { SMTP_URL: "smtp://user:secret@mail.example.com:587" };

  it("is open outside production, whatever the address", () => {
    expect(readConfig({}).mail.isDevMailboxOpen).toBe(true);
    expect(readConfig({ NODE_ENV: "test", PUBLIC_URL: "https://events.example.com" }).mail.isDevMailboxOpen).toBe(true);
  });

  it("opens by itself under npm start on this machine, when no SMTP server is set", () => {
    for (const url of [
      undefined,
      "http://localhost:8080",
      "http://127.0.0.1:3000",
      "http://127.1.2.3",
      "http://[::1]:3000",
      "http://dmv.localhost",
    ]) {
      expect(readConfig({ ...production, PUBLIC_URL: url }).mail.isDevMailboxOpen, url).toBe(true);
    }
  });

  it("stays closed in production once e-mail goes out through SMTP", () => {
    expect(readConfig({ ...production, ...smtp }).mail.isDevMailboxOpen).toBe(false);
    expect(readConfig({ ...production, ...smtp, PUBLIC_URL: "https://events.example.com" }).mail.isDevMailboxOpen).toBe(
      false,
    );
  });

  it("does what DEV_MAILBOX says, when it says", () => {
    expect(readConfig({ ...production, DEV_MAILBOX: "false" }).mail.isDevMailboxOpen).toBe(false);
    expect(readConfig({ ...production, ...smtp, DEV_MAILBOX: "true" }).mail.isDevMailboxOpen).toBe(true);
    expect(
      readConfig({ ...production, PUBLIC_URL: "https://staging.example.com", DEV_MAILBOX: "true" }).mail
        .isDevMailboxOpen,
    ).toBe(true);
    expect(readConfig({ DEV_MAILBOX: "false" }).mail.isDevMailboxOpen).toBe(false);
  });

  it("refuses to start a public site that could send no e-mail, saying what to set", () => {
    for (const url of [
      "https://events.example.com",
      "http://192.168.1.20:3000",
      "http://localhost.example.com",
      "http://128.0.0.1",
    ]) {
      expect(() => readConfig({ ...production, PUBLIC_URL: url }), url).toThrow(ConfigError);
    }
    expect(() => readConfig({ ...production, PUBLIC_URL: "https://events.example.com" })).toThrow(
      /SMTP_URL: is required on a public site[\s\S]*DEV_MAILBOX=true on a private staging machine/,
    );
  });

  it("lets a public site start without SMTP when the mailbox is explicitly closed or opened", () => {
    const site = { ...production, PUBLIC_URL: "https://events.example.com" };
    expect(readConfig({ ...site, DEV_MAILBOX: "false" }).mail).toMatchObject({
      smtpUrl: null,
      isDevMailboxOpen: false,
    });
    expect(readConfig({ ...site, ...smtp }).mail.smtpUrl).toBe(smtp.SMTP_URL);
  });
});

describe("the log format", () => {
  it("follows the terminal unless LOG_FORMAT says, and refuses other formats", () => {
    expect(readConfig({}).logFormat).toBeUndefined();
    expect(readConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(readConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(() => readConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });
});

describe("staff and contact addresses", () => {
  it("makes nobody staff and sends contact messages to the sender address unless told otherwise", () => {
    expect(readConfig({}).staffEmails).toEqual([]);
    expect(readConfig({}).contactEmail).toBe("no-reply@localhost");
    expect(readConfig({ MAIL_FROM: "Events <hello@events.example.com>" }).contactEmail).toBe(
      "hello@events.example.com",
    );
  });

  it("takes a comma-separated list of staff and a contact address, and refuses what is not an address", () => {
    const config = readConfig({
      STAFF_EMAILS: " ana@example.com,ben@example.org ,",
      CONTACT_EMAIL: "team@example.com",
    });
    expect(config.staffEmails).toEqual(["ana@example.com", "ben@example.org"]);
    expect(config.contactEmail).toBe("team@example.com");
    expect(() => readConfig({ STAFF_EMAILS: "ana@example.com, ben" })).toThrow(/STAFF_EMAILS/);
    expect(() => readConfig({ CONTACT_EMAIL: "team" })).toThrow(/CONTACT_EMAIL/);
  });
});

describe("the planner's assistant configuration", () => {
  it("is off unless both LLM_BASE_URL and LLM_MODEL are set, and takes the key when given", () => {
    expect(readConfig({}).assistant).toBeNull();
    expect(readConfig({ LLM_BASE_URL: "http://127.0.0.1:11434/v1" }).assistant).toBeNull();
    expect(readConfig({ LLM_MODEL: "llama3.1:8b" }).assistant).toBeNull();
    expect(readConfig({ LLM_BASE_URL: "http://127.0.0.1:11434/v1/", LLM_MODEL: "llama3.1:8b" }).assistant).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: null,
      model: "llama3.1:8b",
    });
    expect(
      readConfig({ LLM_BASE_URL: "https://api.example.com/v1", LLM_API_KEY: "sk-test", LLM_MODEL: "m" }).assistant
        ?.apiKey,
    ).toBe("sk-test");
  });

  it("refuses a base that is no http(s) address", () => {
    expect(() => readConfig({ LLM_BASE_URL: "api.example.com", LLM_MODEL: "m" })).toThrow(/LLM_BASE_URL/);
  });
});
