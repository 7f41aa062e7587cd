import { IDEMPOTENCY_KEY_HEADER } from "#server/http/idempotency";
import {
  PATH_VALUES,
  QUERY_VALUES,
  JUNK_QUERIES,
  DAY_QUERY_VALUES,
  serialize,
  bodyVariants,
  nonJsonBodies,
} from "#tests/support/malformed-values";
import {
  probed,
  isWebhook,
  urlOf,
  filler,
  signed,
  baseBody,
  documentAccepts,
  type Operation,
  type Probe,
} from "#tests/support/malformed-operations";

/* The bad-input suite's malformed requests: bodies, paths, queries, headers and credentials. */

/** The JSON-body probes of one operation, from its malformed bodies. */
export function jsonBodyProbes(op: Operation): Probe[] {
  const base = baseBody(op);
  const probes: Probe[] = [];
  const json = { "Content-Type": "application/json" };
  for (const variant of bodyVariants(base)) {
    if (isWebhook(op)) {
      // Unsigned, it is refused for its signature; signed, the event itself is read.
      probes.push({
        op: op.key,
        variant: `unsigned ${variant.label}`,
        method: op.method,
        url: urlOf(op),
        headers: json,
        body: variant.text,
        as: "anonymous",
      });
      probes.push({
        op: op.key,
        variant: `signed ${variant.label}`,
        method: op.method,
        url: urlOf(op),
        headers: { ...json, "Stripe-Signature": signed(variant.text) },
        body: variant.text,
      });
      continue;
    }
    if (!variant.alwaysBad && documentAccepts(op, variant.text)) continue;
    probes.push({
      op: op.key,
      variant: variant.label,
      method: op.method,
      url: urlOf(op),
      headers: json,
      body: variant.text,
    });
  }
  return probes;
}

export function nonJsonProbes(op: Operation): Probe[] {
  return nonJsonBodies(serialize(baseBody(op))).flatMap(({ label, contentType, body }) => {
    const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
    const probe: Probe = { op: op.key, variant: label, method: op.method, url: urlOf(op), headers, body };
    if (!isWebhook(op) || typeof body !== "string") return [probe];
    return [probe, { ...probe, variant: `signed ${label}`, headers: { ...headers, "Stripe-Signature": signed(body) } }];
  });
}

export function pathProbes(op: Operation): Probe[] {
  const names = op.operation.parameters.filter((parameter) => parameter.in === "path").map(({ name }) => name);
  return names.flatMap((name) =>
    PATH_VALUES.map(([label, value]) => ({
      op: op.key,
      variant: `${name} = ${label}`,
      method: op.method,
      url: urlOf(op, { [name]: value }),
      ...filler(op),
    })),
  );
}

export function queryProbes(op: Operation): Probe[] {
  const probes: Probe[] = JUNK_QUERIES.map(([label, query]) => ({
    op: op.key,
    variant: `query ${label}`,
    method: op.method,
    url: urlOf(op, {}, query),
    ...filler(op),
  }));
  for (const parameter of op.operation.parameters.filter(({ in: where }) => where === "query")) {
    const { name, schema } = parameter;
    const values = [...QUERY_VALUES];
    if (typeof schema.pattern === "string" && schema.pattern.includes("\\d{4}")) values.push(...DAY_QUERY_VALUES);
    for (const bound of ["minimum", "maximum"] as const) {
      const limit = schema[bound];
      if (typeof limit === "number") {
        const step = schema.type === "integer" ? 1 : 0.001;
        values.push([
          `${bound} ${bound === "minimum" ? "-" : "+"} ${step}`,
          String(bound === "minimum" ? limit - step : limit + step),
        ]);
      }
    }
    const queries: [string, string][] = [
      ...values.map(([label, value]): [string, string] => [label, `${name}=${value}`]),
      ["repeated, the last malformed", `${name}=1&${name}=%ED%A0%80`],
      ["repeated, the first malformed", `${name}=%00&${name}=1`],
      ["array syntax", `${name}[]=1&${name}[]=2`],
      ["object syntax", `${name}[__proto__][polluted]=1`],
      ["key with different case", `${name.toUpperCase()}=1`],
      ["key percent-encoded", `${[...name].map((char) => `%${char.charCodeAt(0).toString(16)}`).join("")}=%zz`],
    ];
    for (const [label, query] of queries) {
      probes.push({
        op: op.key,
        variant: `${name}: ${label}`,
        method: op.method,
        url: urlOf(op, {}, query),
        ...filler(op),
      });
    }
  }
  return probes;
}

export const MALFORMED_KEYS: [string, string][] = [
  ["empty", ""],
  ["256 characters", "k".repeat(256)],
  ["10,000 characters", "k".repeat(10_000)],
  ["tab inside", "a\tb"],
  ["Latin-1", "clé-é"],
  ["DEL", "key\u007f"],
  ["ÿ", "\u00ff"],
];

/** Malformed credentials: none of them names anyone. */
export function malformedAuthorizations(): [string, string][] {
  const token = probed.myAccessToken;
  const [header, payload] = token.split(".");
  const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
  return [
    ["Bearer without a token", "Bearer"],
    ["Bearer and spaces", "Bearer    "],
    ["three dots", "Bearer a.b.c"],
    ["alg none", `Bearer ${unsigned}`],
    ["signature altered", `Bearer ${token.slice(0, -6)}AAAAAA`],
    ["extra part", `Bearer ${token}.extra`],
    ["header only", `Bearer ${header}`],
    ["8,000 characters", `Bearer ${"x".repeat(8000)}`],
    ["Basic", "Basic dXNlcjpwYXNz"],
    ["two tokens", `Bearer ${token} ${token}`],
  ];
}

export function headerProbes(op: Operation): Probe[] {
  const probes: Probe[] = [];
  const add = (variant: string, headers: Record<string, string>, extra: Partial<Probe> = {}) => {
    const base = filler(op);
    probes.push({
      op: op.key,
      variant,
      method: op.method,
      url: urlOf(op),
      ...base,
      headers: { ...base.headers, ...headers },
      ...extra,
    });
  };
  const languages = ["*;q=abc", "q=0.5", "x".repeat(4000), "ar;q=NaN, fr;q=-1, , ;", "\u00ff\u00fe", ",,,,"];
  for (const value of languages)
    add(`Accept-Language ${JSON.stringify(value.slice(0, 20))}`, { "Accept-Language": value });
  for (const value of ["x".repeat(5000), "\u00e9\u00e8", " "])
    add(`X-Request-Id ${JSON.stringify(value.slice(0, 20))}`, { "X-Request-Id": value });
  const cookies = [
    "session=garbage",
    "session=",
    "session=%E0%A4%A",
    `session=${"x".repeat(4000)}`,
    "session=a; session=b",
    "session=eyJ9",
  ];
  for (const cookie of cookies) add(`Cookie ${JSON.stringify(cookie.slice(0, 24))}`, { Cookie: cookie });
  add("Origin from elsewhere", { Origin: "https://evil.example" });
  add("Origin null", { Origin: "null" });
  for (const [label, authorization] of malformedAuthorizations()) {
    add(`Authorization ${label}`, { Authorization: authorization }, { as: "malformed credentials" });
  }
  for (const parameter of op.operation.parameters.filter(({ in: where }) => where === "header")) {
    if (parameter.name === IDEMPOTENCY_KEY_HEADER) {
      // With a body that is right in every other way: only the key is wrong.
      for (const [label, key] of MALFORMED_KEYS) {
        probes.push({
          op: op.key,
          variant: `Idempotency-Key ${label}`,
          method: op.method,
          url: urlOf(op),
          headers: { "Content-Type": "application/json", [IDEMPOTENCY_KEY_HEADER]: key },
          body: serialize(baseBody(op)),
        });
      }
    } else if (parameter.name === "X-Order-Token") {
      for (const token of ["", "short", "x".repeat(43) + "!", "x".repeat(10_000), "\u00e9".repeat(43), "a.b.c"]) {
        add(`X-Order-Token ${JSON.stringify(token.slice(0, 12))}`, { "X-Order-Token": token });
      }
    } else if (parameter.name === "If-None-Match") {
      for (const tag of ["*", '"unterminated', `W/"${"x".repeat(5000)}"`, ", , ,", "W/"])
        add(`If-None-Match ${tag.slice(0, 12)}`, { "If-None-Match": tag });
    } else if (parameter.name === "Stripe-Signature") {
      const signatures = [
        "",
        "t=",
        "v1=",
        "t=abc,v1=def",
        `t=1,v1=${"0".repeat(64)}`,
        `t=${"9".repeat(30)},v1=00`,
        "x".repeat(8000),
        "t=1,v1=a,v1=b,v0=c,,,,",
      ];
      for (const signature of signatures) {
        probes.push({
          op: op.key,
          variant: `Stripe-Signature ${JSON.stringify(signature.slice(0, 16))}`,
          method: op.method,
          url: urlOf(op),
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
          body: serialize(baseBody(op)),
        });
      }
    }
  }
  return probes;
}

// Pictures: crafted files and broken forms.
