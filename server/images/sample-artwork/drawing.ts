// The small SVG drawing vocabulary every sample picture uses: sizes, palettes, and shapes as elements or path data.

export type Rng = () => number;

type Attrs = Record<string, string | number | undefined>;

/** The colours of one category: a background gradient, two accents, a light and a dark tone. */
export interface Palette {
  from: string;
  to: string;
  a: string;
  b: string;
  c: string;
  light: string;
  ink: string;
}

export type Motif = (rng: Rng, p: Palette) => string[];

export const WIDTH = 1600;

export const HEIGHT = 900;

/** Full-bleed shapes reach this far past the edges so shifted or rotated variants never show gaps. */
export const BLEED = 240;

export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

/** One decimal is plenty at these sizes and keeps the SVG short and stable across platforms. */
export function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function el(tag: string, attrs: Attrs): string {
  const parts = Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${typeof value === "number" ? num(value) : value}"`);
  return `<${tag}${parts.join("")}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, opacity?: number): string {
  return el("circle", { cx, cy, r, fill, opacity });
}

export function stroked(d: string, stroke: string, width: number, opacity?: number): string {
  return el("path", {
    d,
    fill: "none",
    stroke,
    "stroke-width": width,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    opacity,
  });
}

export function filled(d: string, fill: string, opacity?: number, transform?: string): string {
  return el("path", { d, fill, opacity, transform });
}

/** A closed circle as path data, so several circles can share one <path> (one shape to render). */
export function circleD(cx: number, cy: number, r: number): string {
  return `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0Z`;
}

export function rectD(x: number, y: number, w: number, h: number): string {
  return `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}Z`;
}

/** A sine-like wave across the full bleed width, built from smooth quadratic segments. */
export function waveD(y: number, amplitude: number, wavelength: number, phase: number): string {
  const start = -BLEED - phase;
  let d = `M${num(start)} ${num(y)}Q${num(start + wavelength / 4)} ${num(y - amplitude)} ${num(start + wavelength / 2)} ${num(y)}`;
  for (let x = start + wavelength; x <= WIDTH + BLEED + wavelength; x += wavelength / 2) {
    d += `T${num(x)} ${num(y)}`;
  }
  return d;
}

/** An organic closed blob: points around a circle joined with Catmull-Rom curves. */
export function blobD(rng: Rng, cx: number, cy: number, r: number, wobble: number, count = 7): string {
  const points = Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2;
    const radius = r * (1 + between(rng, -wobble, wobble));
    return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius * 0.82] as const;
  });
  const at = (i: number) => points[(i + count) % count] ?? [cx, cy];
  let d = `M${num(at(0)[0])} ${num(at(0)[1])}`;
  for (let i = 0; i < count; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${c1.map(num).join(" ")} ${c2.map(num).join(" ")} ${num(p2[0])} ${num(p2[1])}`;
  }
  return `${d}Z`;
}

/** A heart in a 100x88 box; place it with heartTransform. */
export const HEART_D =
  "M50 88C20 66 0 47 0 28C0 12 12 0 27 0C38 0 46 7 50 16C54 7 62 0 73 0C88 0 100 12 100 28C100 47 80 66 50 88Z";

export function heartTransform(x: number, y: number, size: number, angle: number): string {
  return `translate(${num(x)} ${num(y)}) rotate(${num(angle)}) scale(${num(size / 100)}) translate(-50 -44)`;
}

/** A person glyph (head and shoulders) centred on (x, y), used by networking and avatars. */
export function personD(x: number, y: number, size: number): string {
  const head = circleD(x, y - size * 0.28, size * 0.22);
  const body = `M${num(x - size * 0.42)} ${num(y + size * 0.5)}C${num(x - size * 0.42)} ${num(y + size * 0.02)} ${num(x + size * 0.42)} ${num(y + size * 0.02)} ${num(x + size * 0.42)} ${num(y + size * 0.5)}Z`;
  return head + body;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export const FONT_FAMILY = "Noto Sans, Arial, sans-serif";
