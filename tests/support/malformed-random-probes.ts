import { type JsonSchema } from "#server/api/openapi-document-shape";
import {
  type Random,
  below,
  pick,
  PATH_VALUES,
  QUERY_VALUES,
  Raw,
  type Value,
  BAD_VALUES,
  serialize,
  placesOf,
  at,
  changed,
  valuesFor,
} from "#tests/support/malformed-values";
import {
  probed,
  isWebhook,
  urlOf,
  signed,
  baseBody,
  documentAccepts,
  type Operation,
  type Probe,
} from "#tests/support/malformed-operations";

/* The bad-input suite's seeded random combinations of malformed parts. */

export const JUNK_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "unexpected",
  "",
  "\u0000",
  "\uD800",
  "a".repeat(300),
];
/** The same, as query keys in a URL. */
export const JUNK_QUERY_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "unexpected",
  "",
  "%00",
  "%ED%A0%80",
  "a".repeat(300),
];

export function randomString(random: Random): string {
  const kinds = [
    () =>
      pick(
        random,
        BAD_VALUES.filter(({ value }) => typeof value === "string"),
      ).value as string,
    () => String.fromCharCode(...Array.from({ length: 1 + below(random, 12) }, () => below(random, 0x10000))),
    () => "z".repeat(below(random, 20_000)),
    () => pick(random, ["music", "en", "homepage", "ada@example.com", "4242 4242 4242 4242", "2026-12-11T19:00:00Z"]),
  ];
  return pick(random, kinds)();
}

export function randomJson(random: Random, keys: string[], depth = 0): Value {
  const choice = below(random, depth > 3 ? 6 : 8);
  switch (choice) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, [0, -1, 1, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53, 5e-324, new Raw("-0"), new Raw("1e999")]);
    case 3:
    case 4:
      return randomString(random);
    case 5:
      return Math.floor((random() - 0.5) * 2 ** (1 + below(random, 60)));
    case 6:
      return Array.from({ length: below(random, 4) }, () => randomJson(random, keys, depth + 1));
    default: {
      const object: Record<string, Value> = {};
      for (let i = below(random, 6); i > 0; i--) {
        const key = random() < 0.7 && keys.length ? pick(random, keys) : pick(random, JUNK_KEYS);
        Object.defineProperty(object, key, {
          value: randomJson(random, keys, depth + 1),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return object;
    }
  }
}

export function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const name = typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : null;
  const resolved = name ? probed.document.components.schemas[name]! : schema;
  const names = Object.keys((resolved.properties as object | undefined) ?? {});
  for (const part of [...((resolved.allOf as JsonSchema[]) ?? []), ...((resolved.anyOf as JsonSchema[]) ?? [])]) {
    names.push(...propertyNames(part));
  }
  return names;
}

export function randomProbes(op: Operation, random: Random, count: number): Probe[] {
  const probes: Probe[] = [];
  const pathNames = op.operation.parameters.filter(({ in: where }) => where === "path").map(({ name }) => name);
  const queryNames = op.operation.parameters.filter(({ in: where }) => where === "query").map(({ name }) => name);
  const base = op.json ? baseBody(op) : undefined;
  const places = base === undefined ? [] : placesOf(base);
  const keys = op.json ? [...new Set([...propertyNames(op.json.schema), ...places.map(String)])] : [];
  let attempts = 0;
  while (probes.length < count && attempts++ < count * 20) {
    const parts: string[] = [];
    const params: Record<string, string> = {};
    for (const name of pathNames) {
      if (random() < 0.5) {
        const [label, value] = pick(random, PATH_VALUES);
        params[name] = value;
        parts.push(`${name} = ${label}`);
      }
    }
    const pairs: string[] = [];
    for (let i = random() < 0.5 ? 1 + below(random, 3) : 0; i > 0; i--) {
      const name = queryNames.length && random() < 0.7 ? pick(random, queryNames) : pick(random, JUNK_QUERY_KEYS);
      const [label, value] = pick(random, QUERY_VALUES);
      pairs.push(`${name}=${value}`);
      parts.push(`${name.slice(0, 20)}: ${label}`);
    }
    const probe: Probe = { op: op.key, variant: "", method: op.method, url: urlOf(op, params, pairs.join("&")) };
    if (op.json && base !== undefined) {
      let body: Value;
      // Which changed places hold a value no document can refuse (a lone surrogate): a later change of the
      // same place, or of one above it, replaces that value, and with it the reason to send the body.
      const alwaysBadAt = new Map<string, boolean>();
      if (random() < 0.5) {
        body = randomJson(random, keys);
        parts.push("random JSON");
      } else {
        body = base;
        for (let i = 1 + below(random, 3); i > 0 && places.length; i--) {
          const place = pick(random, placesOf(body).length ? placesOf(body) : places);
          const bad = pick(random, valuesFor(at(body, place)));
          body = changed(body, place, bad.value);
          const key = JSON.stringify(place);
          for (const earlier of [...alwaysBadAt.keys()]) {
            if (earlier === key || earlier.startsWith(key.slice(0, -1) + ",")) alwaysBadAt.delete(earlier);
          }
          alwaysBadAt.set(key, !!bad.alwaysBad);
          parts.push(`${place.join(".")} = ${bad.label}`);
        }
      }
      const alwaysBad = [...alwaysBadAt.values()].some(Boolean);
      const text = serialize(body);
      if (!isWebhook(op) && !alwaysBad && documentAccepts(op, text)) continue;
      probe.headers = {
        "Content-Type": "application/json",
        ...(isWebhook(op) ? { "Stripe-Signature": signed(text) } : {}),
      };
      probe.body = text;
    } else if (op.multipart) {
      probe.body = serialize(randomJson(random, ["file", "alt"]));
      parts.push("random text body");
    } else if (!parts.length) {
      continue;
    }
    probe.variant = `random: ${parts.join("; ")}`;
    probes.push(probe);
  }
  return probes;
}

// Sending and checking.
