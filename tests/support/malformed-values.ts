import { MAX_JSON_BODY_BYTES } from "#server/http/json-body";

/*
 * The malformed values of the bad-input suites (quality-bars.md): what a client can put in a path, a
 * query, a JSON body or in place of one, generated deterministically so that a failure repeats. Shared
 * by the /api/v1 suite and the /auth/v1 suite.
 */

/** The largest body limit of a JSON route (an event's JSON, Stripe's webhook): past it, every route refuses. */
export const LARGEST_JSON_LIMIT = 256 * 1024;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness.

export function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Random = ReturnType<typeof mulberry32>;
export const below = (random: Random, n: number) => Math.floor(random() * n);
export const pick = <T>(random: Random, list: readonly T[]): T => list[below(random, list.length)]!;

// ---------------------------------------------------------------------------------------------
// The malformed values.

/** Path segments, as they appear in the URL (percent-encoded where a client would have to). */
export const PATH_VALUES: [string, string][] = [
  ["negative", "-1"],
  ["zero", "0"],
  ["huge", "99999999999999999999999999"],
  ["largest serial + 1", "2147483648"],
  ["leading zeros", "0001"],
  ["float", "1.5"],
  ["exponent", "1e3"],
  ["hex", "0x1F"],
  ["non-numeric", "abc"],
  ["number then letters", "1abc"],
  ["é", "%C3%A9"],
  ["emoji", "%F0%9F%8E%AB"],
  ["fullwidth digits", encodeURIComponent("１２")],
  ["Arabic-Indic digits", encodeURIComponent("١٢")],
  ["right-to-left override", encodeURIComponent("\u202E1")],
  ["zero-width space", encodeURIComponent("1\u200B")],
  ["lone high surrogate", "%ED%A0%80"],
  ["lone low surrogate", "%ED%B0%80"],
  ["overlong slash", "%C0%AF"],
  ["invalid UTF-8", "%FF%FE"],
  ["NUL", "%00"],
  ["digit then NUL", "1%00"],
  ["newline", "1%0A"],
  ["leading space", "%201"],
  ["plus", "+1"],
  ["../ encoded", "..%2F..%2Fetc%2Fpasswd"],
  ["..", ".."],
  ["..\\ encoded", "..%5C..%5Cwindows"],
  ["lone %", "%"],
  ["bad escape", "%zz"],
  ["half escape", "%E"],
  ["empty", ""],
  ["10,000 digits", "9".repeat(10_000)],
  ["10,000 letters", "a".repeat(10_000)],
  ["__proto__", "__proto__"],
  ["constructor", "constructor"],
  ["prototype", "prototype"],
  ["toString", "toString"],
  ["SQL", "1'%20OR%20'1'%3D'1"],
  ["semicolon", "1%3B"],
  ["null", "null"],
  ["undefined", "undefined"],
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["true", "true"],
  ["JSON object", "%7B%7D"],
  ["JSON array", "%5B1%5D"],
  ["nil UUID", "00000000-0000-0000-0000-000000000000"],
  ["max UUID", "ffffffff-ffff-ffff-ffff-ffffffffffff"],
  ["UUID without dashes", "0000000000004000800000000000000a"],
  ["UUID in braces", "%7B00000000-0000-4000-8000-00000000000a%7D"],
  ["UUID too long", "00000000-0000-4000-8000-00000000000a0"],
  ["UUID with NUL", "00000000-0000-4000-8000-%0000000000000a"],
];

/** Query values, as they appear in the URL. */
export const QUERY_VALUES: [string, string][] = [
  ["empty", ""],
  ["lone %", "%"],
  ["bad escape", "%zz"],
  ["cut escape", "%E0%A4%A"],
  ["lone surrogate", "%ED%A0%80"],
  ["NUL", "%00"],
  ["NUL inside", "a%00b"],
  ["invalid UTF-8", "%FF"],
  ["overlong slash", "%C0%AF"],
  ["10,000 chars", "x".repeat(10_000)],
  ["300 chars", "y".repeat(300)],
  ["__proto__", "__proto__"],
  ["null", "null"],
  ["true", "true"],
  ["JSON array", "%5B%5D"],
  ["JSON object", "%7B%7D"],
  ["negative", "-1"],
  ["zero", "0"],
  ["1e308", "1e308"],
  ["-1e308", "-1e308"],
  ["1e-400", "1e-400"],
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["float", "1.5"],
  ["comma decimal", "1,5"],
  ["hex", "0x10"],
  ["padded", "%201%20"],
  ["fullwidth digit", encodeURIComponent("１")],
  ["right-to-left override", encodeURIComponent("\u202E1")],
  ["plus", "+"],
  ["huge integer", "99999999999999999999"],
];
export const DAY_QUERY_VALUES: [string, string][] = [
  ["month 13", "2026-13-45"],
  ["zeros", "0000-00-00"],
  ["nines", "9999-99-99"],
  ["February 30", "2026-02-30"],
  ["year 0001", "0001-01-01"],
  ["unpadded", "2026-1-1"],
  ["five-digit year", "99999-01-01"],
  ["with time", "2026-01-01T00:00:00Z"],
];
/** Added to any operation's URL: declared or not, they must be refused or ignored. */
export const JUNK_QUERIES: [string, string][] = [
  ["__proto__ bracket", "__proto__[polluted]=1"],
  ["__proto__", "__proto__=1"],
  ["constructor.prototype", "constructor[prototype][polluted]=1"],
  ["toString", "toString=1&hasOwnProperty=1"],
  ["broken escapes", "%=%&%zz=%E0%A4%A"],
  ["lone surrogate key", "%ED%A0%80=1"],
  ["NUL key", "%00=%00"],
  ["empty pairs", "=&&&="],
  ["long key", `${"k".repeat(5000)}=1`],
  ["long value", `v=${"w".repeat(10_000)}`],
  ["array syntax", "a[]=1&a[]=2&a[b][c]=3"],
  ["repeated", "a=1&a=2&a=3&a=4"],
];

/** JSON text spliced in as it is: values JSON.stringify cannot write. */
export class Raw {
  constructor(readonly text: string) {}
}
export type Value = unknown;
export interface BadValue {
  label: string;
  value: Value;
  /** Refused by the server whatever the document's schema says (text no person types, impossible dates). */
  alwaysBad?: boolean;
}

export const parseJson = (text: string): Value => JSON.parse(text);
export function nested(depth: number, kind: "array" | "object"): Value {
  return parseJson(
    kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
  );
}

export const BAD_VALUES: BadValue[] = [
  { label: "null", value: null },
  { label: "true", value: true },
  { label: "false", value: false },
  { label: "0", value: 0 },
  { label: "-1", value: -1 },
  { label: "1.5", value: 1.5 },
  { label: "1e308", value: 1e308 },
  { label: "-1e308", value: -1e308 },
  { label: "-0", value: new Raw("-0") },
  { label: "1e400", value: new Raw("1e400") },
  { label: "5e-324", value: 5e-324 },
  { label: "2^31", value: 2_147_483_648 },
  { label: "-2^31 - 1", value: -2_147_483_649 },
  { label: "2^53 + 1", value: new Raw("9007199254740993") },
  { label: "30-digit integer", value: new Raw("123456789012345678901234567890") },
  { label: '"NaN"', value: "NaN" },
  { label: '"Infinity"', value: "Infinity" },
  { label: "number in a string", value: "-1" },
  { label: '""', value: "" },
  { label: "whitespace", value: " \t\n " },
  { label: '"x"', value: "x" },
  { label: "100k chars", value: "x".repeat(100_000) },
  { label: "NUL", value: "a\u0000b", alwaysBad: true },
  { label: "lone high surrogate", value: "a\uD800b", alwaysBad: true },
  { label: "lone low surrogate", value: "\uDC00", alwaysBad: true },
  { label: "U+FFFD", value: "\uFFFD", alwaysBad: true },
  { label: "right-to-left override", value: "\u202Eabc" },
  { label: "zero-width space", value: "\u200B" },
  { label: "fullwidth digits", value: "１２３" },
  { label: "combining accent", value: "e\u0301" },
  { label: "emoji", value: "🎫" },
  { label: "[]", value: [] },
  { label: "array", value: [1, "a", null] },
  { label: "{}", value: {} },
  { label: "object", value: { a: 1 } },
  { label: "__proto__ object", value: parseJson('{"__proto__":{"polluted":true}}') },
  { label: "constructor.prototype", value: parseJson('{"constructor":{"prototype":{"polluted":true}}}') },
  { label: "nested 1,000 arrays", value: nested(1000, "array") },
  { label: "nested 500 objects", value: nested(500, "object") },
  { label: "a key with NUL", value: { "na\u0000me": "Abebe" }, alwaysBad: true },
  { label: "8 KB of metadata", value: oversizedMetadata(8 * 1024) },
];

/** An object of short string fields about `bytes` long as JSON: metadata far past what any record keeps. */
export function oversizedMetadata(bytes: number): Record<string, string> {
  const field = (index: number): [string, string] => [`field${index}`, "metadata-value-".padEnd(20, "x")];
  return Object.fromEntries(Array.from({ length: Math.ceil(bytes / 36) }, (_, index) => field(index)));
}
export const DATE_VALUES: BadValue[] = [
  { label: "February 30", value: "2026-02-30T10:00:00Z" },
  { label: "hour 24", value: "2026-06-01T24:00:00Z" },
  { label: "offset +24:00", value: "2026-06-01T10:00:00+24:00" },
  { label: "no offset", value: "2026-06-01T10:00:00" },
  { label: "date only", value: "2026-06-01" },
  { label: "year 0", value: "0000-01-01T00:00:00Z", alwaysBad: true },
  { label: "year 1899", value: "1899-12-31T23:59:59Z", alwaysBad: true },
  { label: "year 9999", value: "9999-12-31T23:59:59+14:00", alwaysBad: true },
  { label: "JS minimum", value: "-271821-04-20T00:00:00.000Z" },
  { label: "JS maximum", value: "+275760-09-13T00:00:00.000Z" },
  { label: "epoch milliseconds", value: 1_800_000_000_000 },
];
export const EMAIL_VALUES: BadValue[] = [
  { label: "no domain", value: "ada@" },
  { label: "no local part", value: "@example.com" },
  { label: "two @", value: "a@b@example.com" },
  { label: "space", value: "ada lovelace@example.com" },
  { label: "fullwidth", value: "ａｄａ@ｅｘａｍｐｌｅ.com" },
  { label: "NUL", value: "ada\u0000@example.com", alwaysBad: true },
  { label: "330 chars", value: `${"a".repeat(320)}@example.com` },
  { label: "markup", value: "<script>@example.com" },
];

// ---------------------------------------------------------------------------------------------
// JSON bodies: the operation's example with real ids, then changed one place at a time.

export type Path = (string | number)[];

/** JSON text of `value`, with Raw values spliced in as their text. */
export function serialize(value: Value): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Raw) {
      raws.push(item.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return item;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_, index: string) => raws[Number(index)]!);
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Raw);

/** Every place inside `value` (not the root), parents before children. */
export function placesOf(value: Value, prefix: Path = []): Path[] {
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : [];
  const fields = isObject(value) ? Object.entries(value) : entries;
  return fields.flatMap(([key, item]) => [[...prefix, key], ...placesOf(item, [...prefix, key])]);
}

export const at = (value: Value, place: Path): Value =>
  place.reduce<Value>((node, key) => (node as Record<string | number, Value>)[key], value);

/** A deep copy that keeps Raw values and own "__proto__" keys. */
export function clone(value: Value): Value {
  if (Array.isArray(value)) return value.map(clone);
  if (!isObject(value)) return value;
  const copy: Record<string, Value> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(copy, key, { value: clone(item), enumerable: true, configurable: true, writable: true });
  }
  return copy;
}

/** A copy of `base` with the value at `place` replaced by `replacement`, or removed when it is `undefined`. */
export function changed(base: Value, place: Path, replacement: Value | undefined): Value {
  const copy = clone(base);
  const parent = at(copy, place.slice(0, -1)) as Record<string | number, Value>;
  const key = place.at(-1)!;
  if (replacement !== undefined) parent[key] = replacement;
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
  return copy;
}

/** A copy of the object at `place` with an own key (even "__proto__") set. */
export function withKey(base: Value, place: Path, key: string, value: Value): Value {
  const copy = clone(base);
  Object.defineProperty(at(copy, place), key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

export interface BodyVariant {
  label: string;
  text: string;
  alwaysBad: boolean;
}

export function valuesFor(current: Value): BadValue[] {
  const extra =
    typeof current === "string" && /^\d{4}-\d{2}-\d{2}T/.test(current)
      ? DATE_VALUES
      : typeof current === "string" && current.includes("@")
        ? EMAIL_VALUES
        : [];
  return [...BAD_VALUES, ...extra];
}

/** The malformed bodies made from `base`: each place changed, each field dropped, keys added. */
export function bodyVariants(base: Value): BodyVariant[] {
  const variants: BodyVariant[] = [];
  const places = placesOf(base);
  for (const place of places) {
    for (const { label, value, alwaysBad } of valuesFor(at(base, place))) {
      variants.push({
        label: `${place.join(".")} = ${label}`,
        text: serialize(changed(base, place, value)),
        alwaysBad: !!alwaysBad,
      });
    }
    variants.push({
      label: `without ${place.join(".")}`,
      text: serialize(changed(base, place, undefined)),
      alwaysBad: false,
    });
  }
  for (const place of [[], ...places.filter((candidate) => isObject(at(base, candidate)))]) {
    const where = place.length ? place.join(".") : "the body";
    const keys: [string, string, Value, boolean][] = [
      ["an unknown key", "unexpected", 1, false],
      ["__proto__", "__proto__", { polluted: true, isAdmin: true }, false],
      ["constructor.prototype", "constructor", { prototype: { polluted: true } }, false],
      ["a key with NUL", "na\u0000me", "Abebe", true],
    ];
    for (const [label, key, value, alwaysBad] of keys) {
      variants.push({ label: `${where} with ${label}`, text: serialize(withKey(base, place, key, value)), alwaysBad });
    }
  }
  const everyField = (replace: (value: Value) => Value) =>
    isObject(base) ? Object.fromEntries(Object.entries(base).map(([key, value]) => [key, replace(value)])) : base;
  const wholes: [string, Value][] = [
    ["null", null],
    ["true", true],
    ["0", 0],
    ["a string", "hello"],
    ['""', ""],
    ["[]", []],
    ["the body in an array", [base]],
    ["{}", {}],
    ["only __proto__", parseJson('{"__proto__":{"polluted":true}}')],
    ["only constructor.prototype", parseJson('{"constructor":{"prototype":{"polluted":true}}}')],
    ["every field null", everyField(() => null)],
    ["every field an array", everyField((value) => [value])],
    ["every field a string", everyField((value) => String(value))],
    ["nested 2,000 objects", nested(2000, "object")],
  ];
  for (const [label, value] of wholes)
    variants.push({ label: `body = ${label}`, text: serialize(value), alwaysBad: false });
  return variants;
}

/** Bodies that are not JSON, or not the JSON asked for, with the Content-Type they claim. */
export function nonJsonBodies(
  base: string,
): { label: string; contentType?: string; body: string | Uint8Array<ArrayBuffer> }[] {
  const json = "application/json";
  const padding = (bytes: number) => `{"padding":"${"x".repeat(bytes)}"}`;
  return [
    { label: "truncated JSON", contentType: json, body: base.slice(0, Math.ceil(base.length / 2)) },
    { label: "JSON without its last brace", contentType: json, body: base.slice(0, -1) },
    { label: "trailing comma", contentType: json, body: `${base.slice(0, -1)},}` },
    { label: "two JSON documents", contentType: json, body: base + base },
    { label: "single quotes", contentType: json, body: "{'a': 1}" },
    { label: "comment", contentType: json, body: "{/* a */}" },
    { label: "NaN literal", contentType: json, body: '{"a": NaN}' },
    { label: "undefined literal", contentType: json, body: '{"a": undefined}' },
    { label: "empty body", contentType: json, body: "" },
    { label: "whitespace only", contentType: json, body: " \n\t " },
    { label: "NUL only", contentType: json, body: "\u0000" },
    { label: "BOM then truncated JSON", contentType: json, body: `\uFEFF${base.slice(0, -1)}` },
    {
      label: "invalid UTF-8",
      contentType: json,
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    },
    { label: "lone surrogate bytes", contentType: json, body: new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]) },
    {
      label: "UTF-16",
      contentType: `${json}; charset=utf-16le`,
      body: new Uint8Array(Buffer.from('{"a":"b"}', "utf16le")),
    },
    { label: "text/plain prose", contentType: "text/plain", body: "hello, server" },
    { label: "text/plain truncated JSON", contentType: "text/plain", body: base.slice(0, -1) },
    { label: "form-encoded", contentType: "application/x-www-form-urlencoded", body: "a=1&b=%ZZ&__proto__[x]=1" },
    {
      label: "XML",
      contentType: "application/xml",
      body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
    },
    { label: "multipart without boundary", contentType: "multipart/form-data", body: "--x\r\n\r\n" },
    { label: "no Content-Type, truncated JSON", body: base.slice(0, -1) },
    { label: "Content-Type with junk parameters", contentType: `${json}; charset=\u00ff; boundary`, body: "{" },
    { label: "nested 8,000 arrays", contentType: json, body: "[".repeat(8000) + "]".repeat(8000) },
    { label: "nested 2,500 objects unclosed", contentType: json, body: '{"a":'.repeat(2500) },
    {
      label: "1,500 keys",
      contentType: json,
      body: JSON.stringify(Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`k${i}`, i]))),
    },
    { label: "5,000-element array", contentType: json, body: `[${"0,".repeat(5000)}0]` },
    { label: "just over the JSON body limit", contentType: json, body: padding(MAX_JSON_BODY_BYTES) },
    { label: "over the largest body limit", contentType: json, body: padding(LARGEST_JSON_LIMIT) },
    { label: "a megabyte", contentType: json, body: padding(1024 * 1024) },
  ];
}
