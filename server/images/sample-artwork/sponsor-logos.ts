import { pick, seededRandom } from "#domain/seeded-random";
import { FONT_FAMILY, circle, el, escapeXml, filled, num, rectD } from "./drawing";

// Sponsor logos for sample sponsors: a mark beside the name, sized to fit.

const LOGO_COLOURS = [
  ["#2563eb", "#60a5fa"],
  ["#059669", "#34d399"],
  ["#dc2626", "#f87171"],
  ["#7c3aed", "#a78bfa"],
  ["#d97706", "#fbbf24"],
  ["#0f766e", "#5eead4"],
  ["#db2777", "#f9a8d4"],
  ["#1e293b", "#64748b"],
] as const;

type LogoMark = (x: number, y: number, s: number, a: string, b: string) => string;

/** Logo marks drawn in an s-by-s box with its top-left corner at (x, y). */
const LOGO_MARKS: readonly LogoMark[] = [
  (x, y, s, a, b) =>
    el("rect", { x, y, width: s, height: s, rx: s * 0.24, fill: a }) + circle(x + s / 2, y + s / 2, s * 0.22, b),
  (x, y, s, a, b) =>
    filled(rectD(x, y + s * 0.55, s * 0.26, s * 0.45) + rectD(x + s * 0.37, y + s * 0.3, s * 0.26, s * 0.7), b) +
    filled(rectD(x + s * 0.74, y, s * 0.26, s), a),
  (x, y, s, a, b) =>
    el("circle", { cx: x + s / 2, cy: y + s / 2, r: s * 0.4, fill: "none", stroke: a, "stroke-width": s * 0.16 }) +
    circle(x + s * 0.78, y + s * 0.22, s * 0.14, b),
  (x, y, s, a, b) => circle(x + s * 0.36, y + s / 2, s * 0.36, a) + circle(x + s * 0.64, y + s / 2, s * 0.36, b, 0.85),
  (x, y, s, a, b) =>
    filled(
      `M${num(x + s / 2)} ${num(y)}L${num(x + s)} ${num(y + s / 2)}L${num(x + s / 2)} ${num(y + s)}L${num(x)} ${num(y + s / 2)}Z`,
      a,
    ) +
    filled(
      `M${num(x + s / 2)} ${num(y + s * 0.3)}L${num(x + s * 0.7)} ${num(y + s / 2)}L${num(x + s / 2)} ${num(y + s * 0.7)}L${num(x + s * 0.3)} ${num(y + s / 2)}Z`,
      b,
    ),
  (x, y, s, a, b) =>
    filled(`M${num(x)} ${num(y + s)}L${num(x + s * 0.38)} ${num(y + s * 0.2)}L${num(x + s * 0.76)} ${num(y + s)}Z`, a) +
    filled(
      `M${num(x + s * 0.4)} ${num(y + s)}L${num(x + s * 0.7)} ${num(y + s * 0.42)}L${num(x + s)} ${num(y + s)}Z`,
      b,
      0.9,
    ),
];

/**
 * A 2:1 sponsor logo: a seeded geometric mark and the sponsor's name. The name is sized from an
 * estimate of its rendered width (a conservative per-character table for bold sans faces) because
 * librsvg ignores textLength, so the size is the only guard against overflow.
 */
export function sponsorLogoSvg(name: string, seed: number): string {
  const rng = seededRandom(Math.imul(seed | 0, 31) + 11);
  const [a, b] = pick(rng, LOGO_COLOURS);
  const mark = pick(rng, LOGO_MARKS);
  const text = name.normalize("NFC").trim().replace(/\s+/gu, " ");
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200">',
    '<rect width="400" height="200" fill="#ffffff"/>',
    logoLayout(text, (x, y, s) => mark(x, y, s, a, b)),
    "</svg>",
  ].join("");
}

function logoLayout(text: string, drawMark: (x: number, y: number, s: number) => string): string {
  // Side by side reads best for short names; longer ones stack under the mark, on two lines if needed.
  const sideSize = Math.min(46, 240 / emWidth(text));
  const oneLineSize = Math.min(40, 360 / emWidth(text));
  if (sideSize >= 32 || sideSize >= oneLineSize || !text) {
    return drawMark(28, 64, 72) + logoText([text], 120, 100, sideSize, "start");
  }
  if (oneLineSize >= 24) return drawMark(168, 28, 64) + logoText([text], 200, 148, oneLineSize, "middle");
  const lines = splitInTwo(text);
  const size = Math.min(34, ...lines.map((line) => 360 / emWidth(line)));
  return drawMark(176, 16, 48) + logoText(lines, 200, 118 + size * 0.2, size, "middle");
}

function logoText(lines: string[], x: number, middleY: number, size: number, anchor: "start" | "middle"): string {
  const lineHeight = size * 1.15;
  const firstBaseline = middleY - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const spans = lines
    .map((line, i) => `<tspan x="${num(x)}" y="${num(firstBaseline + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<text text-anchor="${anchor}" font-family="${FONT_FAMILY}" font-weight="700" font-size="${num(size)}" fill="#1e293b">${spans}</text>`;
}

/** Split at the space closest to the middle; a name without spaces stays one line. */
function splitInTwo(text: string): string[] {
  const middle = text.length / 2;
  let best = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === " " && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return best < 0 ? [text] : [text.slice(0, best), text.slice(best + 1)];
}

/** Approximate width in ems of bold sans text, erring wide so the fitted size never overflows. */
export function emWidth(text: string): number {
  let total = 0;
  for (const ch of text) total += charEm(ch);
  return Math.max(total, 0.5);
}

function charEm(ch: string): number {
  if (ch === " ") return 0.3;
  if ("iljtfrI.,:;'!|".includes(ch)) return 0.36;
  if ("mwMW".includes(ch)) return 0.98;
  if (/[A-Z]/.test(ch)) return 0.78;
  if (/[a-z0-9]/.test(ch)) return 0.64;
  return 1; // other scripts and symbols: assume a full em
}
