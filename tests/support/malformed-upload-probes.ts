import { deflateSync } from "node:zlib";
import { type Random, below } from "#tests/support/malformed-values";
import { urlOf, type Operation, type Probe } from "#tests/support/malformed-operations";

/* The bad-input suite's broken pictures and broken forms. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
export function png(width: number, height: number, idat: Uint8Array | null): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = [signature, pngChunk("IHDR", header)];
  if (idat) chunks.push(pngChunk("IDAT", idat));
  chunks.push(pngChunk("IEND", new Uint8Array()));
  return new Uint8Array(Buffer.concat(chunks));
}

export function uploadProbes(op: Operation, random: Random): Probe[] {
  const goodPng = png(1, 1, deflateSync(Buffer.from([0, 200, 40, 90, 255])));
  const gif = new Uint8Array(
    Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0])]),
  );
  const noise = new Uint8Array(Array.from({ length: 4096 }, () => below(random, 256)));
  const files: [string, Uint8Array<ArrayBuffer> | string, string][] = [
    ["PNG signature only", goodPng.slice(0, 8), "image/png"],
    ["PNG claiming 65,535 × 65,535 pixels", png(65_535, 65_535, null), "image/png"],
    ["PNG claiming 2^31 pixels wide", png(0x7fffffff, 1, deflateSync(Buffer.from([0]))), "image/png"],
    ["PNG with corrupt pixels", png(4, 4, new Uint8Array([1, 2, 3, 4, 5])), "image/png"],
    ["PNG cut short", goodPng.slice(0, goodPng.length - 20), "image/png"],
    ["JPEG start only", new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg"],
    ["GIF claiming 65,535 × 65,535 pixels", gif, "image/gif"],
    ["SVG with a script", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml"],
    ["text", "not a picture", "text/plain"],
    ["empty file", new Uint8Array(), "image/png"],
    ["4 KB of noise", noise, "image/webp"],
  ];
  const form = (entries: [string, string | Blob, string?][]) => () => {
    const data = new FormData();
    for (const [name, value, filename] of entries) {
      if (typeof value === "string") data.append(name, value);
      else data.append(name, value, filename);
    }
    return data;
  };
  const file = (bytes: Uint8Array | string, type: string) => new Blob([bytes as BlobPart], { type });
  const probes: Probe[] = [];
  const add = (variant: string, body: Probe["body"], headers?: Record<string, string>) =>
    probes.push({ op: op.key, variant, method: op.method, url: urlOf(op), body, ...(headers ? { headers } : {}) });
  for (const [label, bytes, type] of files)
    add(
      `file: ${label}`,
      form([
        ["file", file(bytes, type), "picture"],
        ["alt", "A picture"],
      ]),
    );
  const alts: [string, string | null][] = [
    ["missing", null],
    ["empty", ""],
    ["spaces", "   "],
    ["NUL", "a\u0000b"],
    ["lone surrogate", "a\uD800b"],
    ["201 characters", "a".repeat(201)],
    ["10,000 characters", "a".repeat(10_000)],
  ];
  for (const [label, alt] of alts) {
    const entries: [string, string | Blob, string?][] = [["file", file(goodPng, "image/png"), "p.png"]];
    if (alt !== null) entries.push(["alt", alt]);
    add(`good picture, alt ${label}`, form(entries));
  }
  add(
    "file as a text field",
    form([
      ["file", "not a file"],
      ["alt", "A picture"],
    ]),
  );
  add(
    "alt as a file",
    form([
      ["file", file(noise, "image/png"), "p.png"],
      ["alt", file("x", "text/plain"), "alt.txt"],
    ]),
  );
  add("only the alt", form([["alt", "A picture"]]));
  add(
    "two files, the first broken",
    form([
      ["file", file(noise, "image/png"), "a.png"],
      ["file", file(goodPng, "image/png"), "b.png"],
      ["alt", ""],
    ]),
  );
  add(
    "__proto__ field",
    form([
      ["__proto__", "x"],
      ["constructor", "y"],
      ["alt", ""],
    ]),
  );
  add("empty form", form([]));
  add("no body", undefined);
  add("JSON instead of a form", '{"file": "x", "alt": "y"}', { "Content-Type": "application/json" });
  add("multipart without boundary", '--x\r\nContent-Disposition: form-data; name="alt"\r\n\r\ny\r\n--x--', {
    "Content-Type": "multipart/form-data",
  });
  add("boundary that never comes", "--y\r\n\r\n", { "Content-Type": "multipart/form-data; boundary=x" });
  add("unterminated part", '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG', {
    "Content-Type": "multipart/form-data; boundary=x",
  });
  add(
    "over the upload limit",
    form([
      ["file", file(new Uint8Array(11 * 1024 * 1024), "image/png"), "big.png"],
      ["alt", "Big"],
    ]),
  );
  return probes;
}

// Seeded random combinations.
