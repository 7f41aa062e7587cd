/**
 * Decorative SVG artwork for sample data: event cards, avatars and sponsor logos.
 *
 * Pure and deterministic (same inputs, same string) so the rendered files can be cached forever
 * and regenerated on any machine without a network. The SVGs are deliberately cheap for librsvg:
 * flat fills, at most two gradients, no filters (blur is very slow there) and about 25 shapes.
 * The SVGs carry a viewBox but no width/height, so the renderer can choose the pixel size.
 */
import type { CategoryKey } from "#domain/catalog";
import { pick, seededRandom } from "#domain/seeded-random";

type Rng = () => number;
type Attrs = Record<string, string | number | undefined>;

/** The colours of one category: a background gradient, two accents, a light and a dark tone. */
interface Palette {
  from: string;
  to: string;
  a: string;
  b: string;
  c: string;
  light: string;
  ink: string;
}

type Motif = (rng: Rng, p: Palette) => string[];

const WIDTH = 1600;
const HEIGHT = 900;
/** Full-bleed shapes reach this far past the edges so shifted or rotated variants never show gaps. */
const BLEED = 240;

// ---------------------------------------------------------------------------------------------
// Small drawing vocabulary

function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

/** One decimal is plenty at these sizes and keeps the SVG short and stable across platforms. */
function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function el(tag: string, attrs: Attrs): string {
  const parts = Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${typeof value === "number" ? num(value) : value}"`);
  return `<${tag}${parts.join("")}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, opacity?: number): string {
  return el("circle", { cx, cy, r, fill, opacity });
}

function stroked(d: string, stroke: string, width: number, opacity?: number): string {
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

function filled(d: string, fill: string, opacity?: number, transform?: string): string {
  return el("path", { d, fill, opacity, transform });
}

/** A closed circle as path data, so several circles can share one <path> (one shape to render). */
function circleD(cx: number, cy: number, r: number): string {
  return `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0Z`;
}

function rectD(x: number, y: number, w: number, h: number): string {
  return `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}Z`;
}

/** A sine-like wave across the full bleed width, built from smooth quadratic segments. */
function waveD(y: number, amplitude: number, wavelength: number, phase: number): string {
  const start = -BLEED - phase;
  let d = `M${num(start)} ${num(y)}Q${num(start + wavelength / 4)} ${num(y - amplitude)} ${num(start + wavelength / 2)} ${num(y)}`;
  for (let x = start + wavelength; x <= WIDTH + BLEED + wavelength; x += wavelength / 2) {
    d += `T${num(x)} ${num(y)}`;
  }
  return d;
}

/** An organic closed blob: points around a circle joined with Catmull-Rom curves. */
function blobD(rng: Rng, cx: number, cy: number, r: number, wobble: number, count = 7): string {
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
const HEART_D =
  "M50 88C20 66 0 47 0 28C0 12 12 0 27 0C38 0 46 7 50 16C54 7 62 0 73 0C88 0 100 12 100 28C100 47 80 66 50 88Z";

function heartTransform(x: number, y: number, size: number, angle: number): string {
  return `translate(${num(x)} ${num(y)}) rotate(${num(angle)}) scale(${num(size / 100)}) translate(-50 -44)`;
}

/** A person glyph (head and shoulders) centred on (x, y), used by networking and avatars. */
function personD(x: number, y: number, size: number): string {
  const head = circleD(x, y - size * 0.28, size * 0.22);
  const body = `M${num(x - size * 0.42)} ${num(y + size * 0.5)}C${num(x - size * 0.42)} ${num(y + size * 0.02)} ${num(x + size * 0.42)} ${num(y + size * 0.02)} ${num(x + size * 0.42)} ${num(y + size * 0.5)}Z`;
  return head + body;
}

// ---------------------------------------------------------------------------------------------
// Category motifs. Each returns the shapes drawn above the background, in paint order.

const music: Motif = (rng, p) => {
  const recordX = between(rng, 1060, 1200);
  const recordY = between(rng, 380, 470);
  const waveY = between(rng, 560, 640);
  return [
    stroked(waveD(waveY, 70, 520, between(rng, 0, 260)), p.b, 26, 0.35),
    stroked(waveD(waveY + 30, 110, 700, between(rng, 0, 350)), p.a, 12, 0.9),
    stroked(waveD(waveY - 40, 45, 380, between(rng, 0, 190)), p.light, 6, 0.55),
    circle(recordX, recordY, 300, p.ink),
    el("circle", { cx: recordX, cy: recordY, r: 220, fill: "none", stroke: p.light, "stroke-width": 3, opacity: 0.16 }),
    el("circle", { cx: recordX, cy: recordY, r: 160, fill: "none", stroke: p.light, "stroke-width": 3, opacity: 0.12 }),
    circle(recordX, recordY, 92, p.a),
    circle(recordX, recordY, 14, p.ink),
    ...beamedNotes(between(rng, 260, 420), between(rng, 200, 300), between(rng, 0.9, 1.15), p.b),
    circle(between(rng, 640, 760), between(rng, 150, 260), 12, p.light, 0.7),
    circle(between(rng, 150, 300), between(rng, 700, 800), 18, p.a, 0.8),
  ];
};

function beamedNotes(x: number, y: number, scale: number, fill: string): string[] {
  const s = (v: number) => v * scale;
  const head = (hx: number, hy: number) =>
    el("ellipse", { cx: hx, cy: hy, rx: s(38), ry: s(28), fill, transform: `rotate(-20 ${num(hx)} ${num(hy)})` });
  const stems = rectD(x + s(30), y, s(12), s(190)) + rectD(x + s(170), y - s(40), s(12), s(190));
  const beam = `M${num(x + s(30))} ${num(y)}L${num(x + s(182))} ${num(y - s(40))}L${num(x + s(182))} ${num(y - s(4))}L${num(x + s(30))} ${num(y + s(36))}Z`;
  return [head(x, y + s(190)), head(x + s(140), y + s(150)), filled(stems + beam, fill)];
}

const arts: Motif = (rng, p) => {
  const px = between(rng, 1000, 1140);
  const py = between(rng, 430, 500);
  const strokes = [p.a, p.b, p.c].map((colour, i) => {
    const y = 220 + i * 190 + between(rng, -30, 30);
    const d = `M${num(between(rng, -60, 120))} ${num(y)}Q${num(between(rng, 300, 500))} ${num(y - between(rng, 80, 180))} ${num(between(rng, 700, 860))} ${num(y + between(rng, -40, 60))}`;
    return stroked(d, colour, between(rng, 70, 100), 0.92);
  });
  const dabs = [p.a, p.b, p.c, p.ink].map((colour, i) => {
    const angle = -2.4 + i * 0.72;
    return circle(px + Math.cos(angle) * 190, py + Math.sin(angle) * 130, 44 + (i % 2) * 8, colour);
  });
  return [
    filled(blobD(rng, px + 20, py + 20, 330, 0.08), p.ink, 0.12),
    filled(blobD(rng, px, py, 330, 0.08), p.light),
    circle(px + 150, py + 120, 52, p.from),
    ...dabs,
    ...strokes,
    circle(between(rng, 820, 900), between(rng, 700, 780), 22, p.a),
    circle(between(rng, 180, 300), between(rng, 760, 820), 14, p.b),
    circle(between(rng, 560, 680), between(rng, 90, 140), 18, p.c),
  ];
};

const business: Motif = (rng, p) => {
  const skyline = (count: number, baseHeight: number, spread: number) => {
    let d = "";
    let x = -BLEED;
    const step = (WIDTH + 2 * BLEED) / count;
    for (let i = 0; i < count; i++) {
      const w = step * between(rng, 0.55, 0.85);
      const h = baseHeight + between(rng, 0, spread);
      d += rectD(x + between(rng, 0, step - w), HEIGHT - h, w, h + BLEED);
      x += step;
    }
    return d;
  };
  const windows = Array.from({ length: 14 }, (_, i) => {
    const col = i % 7;
    const row = Math.floor(i / 7);
    return rectD(220 + col * 170 + between(rng, -10, 10), 640 + row * 90, 26, 40);
  }).join("");
  const points = Array.from({ length: 6 }, (_, i) => [180 + i * 230, 560 - i * 70 + between(rng, -40, 40)] as const);
  const line = points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`).join("");
  const last = points[points.length - 1] ?? [1330, 200];
  return [
    circle(between(rng, 1200, 1380), between(rng, 180, 260), 120, p.b, 0.18),
    filled(skyline(11, 300, 280), p.light, 0.1),
    filled(skyline(9, 180, 220), p.b, 0.45),
    filled(windows, p.light, 0.35),
    stroked(line, p.a, 14),
    circle(last[0], last[1], 30, p.a),
    circle(last[0], last[1], 58, p.a, 0.25),
    el("circle", {
      cx: between(rng, 200, 420),
      cy: between(rng, 150, 260),
      r: 70,
      fill: "none",
      stroke: p.light,
      "stroke-width": 6,
      opacity: 0.2,
    }),
  ];
};

const conference: Motif = (rng, p) => {
  const stageTop = 640;
  const beams = [360, 800, 1240].map((x) => {
    const top = x + between(rng, -60, 60);
    const spread = between(rng, 180, 240);
    return filled(
      `M${num(top - 18)} -20L${num(top + 18)} -20L${num(x + spread)} ${stageTop}L${num(x - spread)} ${stageTop}Z`,
      p.light,
      0.13,
    );
  });
  const pools = [360, 800, 1240].map((x) =>
    el("ellipse", { cx: x, cy: stageTop, rx: 230, ry: 34, fill: p.a, opacity: 0.28 }),
  );
  let audience = "";
  for (let i = 0; i < 11; i++) {
    const x = 40 + i * 155 + between(rng, -20, 20);
    const y = 800 + between(rng, -10, 25);
    audience += personD(x, y, 150);
  }
  return [
    el("rect", { x: 470, y: 130, width: 660, height: 330, rx: 18, fill: p.b, opacity: 0.3 }),
    el("rect", { x: 500, y: 160, width: 600, height: 270, rx: 10, fill: p.ink, opacity: 0.35 }),
    filled(
      rectD(560, 330 - between(rng, 0, 60), 60, 100 + between(rng, 0, 60)) +
        rectD(660, 270, 60, 160) +
        rectD(760, 230 - between(rng, 0, 40), 60, 200 + between(rng, 0, 40)),
      p.a,
      0.85,
    ),
    filled(`M${-BLEED} ${stageTop}H${WIDTH + BLEED}V${HEIGHT + BLEED}H${-BLEED}Z`, p.ink),
    filled(rectD(-BLEED, stageTop, WIDTH + 2 * BLEED, 14), p.a, 0.6),
    ...pools,
    ...beams,
    filled(personD(1050, 420, 180), "#0b0a18"),
    filled(`M975 500H1125L1110 ${stageTop}H990Z`, "#2a2352"),
    filled(rectD(960, 490, 180, 22), p.a),
    circle(1050, 560, 22, p.b),
    filled(audience, "#0b0a18"),
  ];
};

const party: Motif = (rng, p) => {
  // A popper in the lower left firing confetti up and to the right.
  const mouthX = between(rng, 330, 400);
  const mouthY = between(rng, 600, 660);
  const colours = [p.a, p.b, p.c, p.light];
  const confetti = Array.from({ length: 15 }, (_, i) => {
    const spread = between(rng, -1.35, 0.15);
    const distance = 180 + (i / 15) * 1050 + between(rng, -60, 60);
    const x = mouthX + Math.cos(spread) * distance;
    const y = mouthY + Math.sin(spread) * distance * 0.75;
    const colour = colours[i % colours.length] ?? p.a;
    if (i % 3 === 0) return circle(x, y, between(rng, 12, 20), colour);
    const angle = between(rng, 0, 180);
    return el("rect", {
      x: x - 13,
      y: y - 30,
      width: 26,
      height: 60,
      rx: 6,
      fill: colour,
      transform: `rotate(${num(angle)} ${num(x)} ${num(y)})`,
    });
  });
  let rays = "";
  for (let i = 0; i < 12; i++) {
    const a0 = (i / 12) * Math.PI * 2;
    const a1 = a0 + Math.PI / 24;
    rays += `M${num(mouthX)} ${num(mouthY)}L${num(mouthX + Math.cos(a0) * 2200)} ${num(mouthY + Math.sin(a0) * 2200)}L${num(mouthX + Math.cos(a1) * 2200)} ${num(mouthY + Math.sin(a1) * 2200)}Z`;
  }
  const streamer = (bend: number, colour: string) =>
    stroked(
      `M${num(mouthX + 20)} ${num(mouthY - 20)}C${num(mouthX + 200)} ${num(mouthY - 300 - bend)} ${num(mouthX + 420 + bend)} ${num(mouthY - 40)} ${num(mouthX + 640 + bend)} ${num(mouthY - 260 - bend)}`,
      colour,
      12,
      0.9,
    );
  const cone = `M${num(mouthX - 90)} ${num(mouthY - 70)}L${num(mouthX + 70)} ${num(mouthY + 90)}L${num(mouthX - 260)} ${num(mouthY + 260)}Z`;
  const band = `M${num(mouthX - 150)} ${num(mouthY + 30)}L${num(mouthX - 60)} ${num(mouthY + 120)}L${num(mouthX - 110)} ${num(mouthY + 150)}L${num(mouthX - 180)} ${num(mouthY + 80)}Z`;
  return [
    filled(rays, p.light, 0.06),
    circle(between(rng, 1150, 1350), between(rng, 220, 320), 240, p.a, 0.12),
    streamer(between(rng, 0, 80), p.b),
    streamer(between(rng, 160, 240), p.c),
    filled(cone, p.a),
    filled(band, p.c),
    el("ellipse", {
      cx: mouthX - 10,
      cy: mouthY + 10,
      rx: 115,
      ry: 40,
      fill: p.ink,
      transform: `rotate(45 ${num(mouthX - 10)} ${num(mouthY + 10)})`,
    }),
    ...confetti,
  ];
};

const foodDrink: Motif = (rng, p) => {
  const plate = (x: number, y: number, r: number) => [
    circle(x + 14, y + 18, r, p.ink, 0.08),
    circle(x, y, r, p.light),
    el("circle", { cx: x, cy: y, r: r * 0.74, fill: "none", stroke: p.to, "stroke-width": 6, opacity: 0.6 }),
  ];
  const x1 = between(rng, 560, 660);
  const y1 = between(rng, 440, 500);
  const x2 = between(rng, 1160, 1240);
  const y2 = between(rng, 260, 320);
  const leaf = (x: number, y: number, angle: number) =>
    el("ellipse", { cx: x, cy: y, rx: 50, ry: 22, fill: p.b, transform: `rotate(${num(angle)} ${num(x)} ${num(y)})` });
  return [
    ...plate(x1, y1, 250),
    circle(x1 - 60, y1 - 30, 70, p.a),
    circle(x1 + 70, y1 + 40, 58, p.a, 0.85),
    circle(x1 + 30, y1 - 90, 42, p.c),
    leaf(x1 - 40, y1 + 90, between(rng, 10, 50)),
    leaf(x1 + 100, y1 - 60, between(rng, -60, -20)),
    ...plate(x2, y2, 160),
    circle(x2, y2, 72, p.c, 0.9),
    leaf(x2 + 10, y2 - 10, between(rng, -30, 30)),
    circle(x2 + 30, y2 + 400, 92, p.light, 0.55),
    circle(x2 + 30, y2 + 400, 68, p.a, 0.75),
    filled(forkD(x1 - 340, y1) + knifeD(x1 + 340, y1), p.ink, 0.55),
  ];
};

/** A fork standing upright, centred on (x, y): three tines over a tapered handle. */
function forkD(x: number, y: number): string {
  const tines = [-26, -6, 14].map((dx) => rectD(x + dx, y - 200, 12, 80)).join("");
  const head = `M${x - 26} ${y - 130}H${x + 26}C${x + 26} ${y - 80} ${x + 10} ${y - 70} ${x + 8} ${y - 50}V${y + 190}H${x - 8}V${y - 50}C${x - 10} ${y - 70} ${x - 26} ${y - 80} ${x - 26} ${y - 130}Z`;
  return tines + head;
}

/** A table knife centred on (x, y): a rounded blade over a narrower handle. */
function knifeD(x: number, y: number): string {
  return `M${x - 10} ${y + 190}V${y - 20}H${x - 14}V${y - 150}C${x - 14} ${y - 190} ${x + 18} ${y - 210} ${x + 18} ${y - 200}V${y + 190}Z`;
}

const sports: Motif = (rng, p) => {
  let bands = "";
  for (let x = -BLEED; x < WIDTH + BLEED; x += 240) bands += rectD(x, -BLEED, 120, HEIGHT + 2 * BLEED);
  const inset = 80;
  const lines =
    rectD(inset, inset, WIDTH - 2 * inset, HEIGHT - 2 * inset) +
    `M800 ${inset}V${HEIGHT - inset}` +
    circleD(800, 450, 130) +
    rectD(inset, 250, 220, 400) +
    rectD(WIDTH - inset - 220, 250, 220, 400) +
    rectD(inset, 350, 80, 200) +
    rectD(WIDTH - inset - 80, 350, 80, 200);
  const bx = between(rng, 1000, 1240);
  const by = between(rng, 260, 620);
  const r = 64;
  const pentagon = Array.from({ length: 5 }, (_, i) => {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    return `${i === 0 ? "M" : "L"}${num(bx + Math.cos(angle) * r * 0.42)} ${num(by + Math.sin(angle) * r * 0.42)}`;
  }).join("");
  const trail = [0, 1, 2].map((i) =>
    stroked(`M${num(bx - r - 40 - i * 30)} ${num(by - 30 + i * 30)}h${num(-140 + i * 30)}`, p.light, 10, 0.5 - i * 0.1),
  );
  return [
    filled(bands, p.light, 0.05),
    stroked(lines, p.light, 8, 0.65),
    circle(800, 450, 10, p.light, 0.8),
    circle(bx + 10, by + 14, r, p.ink, 0.25),
    circle(bx, by, r, p.light),
    filled(`${pentagon}Z`, p.ink),
    ...trail,
    circle(between(rng, 300, 500), between(rng, 150, 250), 40, p.a, 0.9),
  ];
};

const networking: Motif = (rng, p) => {
  const nodes = Array.from({ length: 12 }, (_, i) => {
    const col = i % 4;
    const row = Math.floor(i / 4);
    return { x: 230 + col * 380 + between(rng, -110, 110), y: 180 + row * 270 + between(rng, -70, 70) };
  });
  let edges = "";
  nodes.forEach((node, i) => {
    const nearest = nodes
      .map((other, j) => ({ j, d: Math.hypot(other.x - node.x, other.y - node.y) }))
      .filter(({ j }) => j > i)
      .sort((m, n) => m.d - n.d)
      .slice(0, 2);
    for (const { j } of nearest) {
      const other = nodes[j] ?? node;
      edges += `M${num(node.x)} ${num(node.y)}L${num(other.x)} ${num(other.y)}`;
    }
  });
  const hubs = [nodes[5], nodes[6]].filter((n) => n !== undefined);
  const dots = nodes.map((node, i) => {
    if (hubs.includes(node)) return circle(node.x, node.y, 72, p.a);
    return circle(node.x, node.y, 14 + (i % 3) * 10, i % 3 === 0 ? p.b : p.light, i % 3 === 2 ? 0.9 : 1);
  });
  return [
    stroked(edges, p.light, 4, 0.35),
    ...hubs.map((hub) =>
      el("circle", { cx: hub.x, cy: hub.y, r: 110, fill: "none", stroke: p.light, "stroke-width": 4, opacity: 0.3 }),
    ),
    ...dots,
    filled(hubs.map((hub) => personD(hub.x, hub.y + 4, 80)).join(""), p.ink),
  ];
};

const education: Motif = (rng, p) => {
  let grid = "";
  for (let x = -BLEED; x <= WIDTH + BLEED; x += 80) grid += `M${x} ${-BLEED}V${HEIGHT + BLEED}`;
  for (let y = -BLEED; y <= HEIGHT + BLEED; y += 80) grid += `M${-BLEED} ${y}H${WIDTH + BLEED}`;
  const cx = between(rng, 880, 1000);
  const top = between(rng, 380, 430);
  const left = `M${cx} ${top + 30}C${cx - 120} ${top - 20} ${cx - 260} ${top - 20} ${cx - 380} ${top + 10}V${top + 330}C${cx - 260} ${top + 300} ${cx - 120} ${top + 300} ${cx} ${top + 350}Z`;
  const right = `M${cx} ${top + 30}C${cx + 120} ${top - 20} ${cx + 260} ${top - 20} ${cx + 380} ${top + 10}V${top + 330}C${cx + 260} ${top + 300} ${cx + 120} ${top + 300} ${cx} ${top + 350}Z`;
  let text = "";
  for (let i = 0; i < 5; i++) {
    const y = top + 70 + i * 45;
    text += `M${cx - 320} ${y}H${cx - 60 - (i === 4 ? 100 : 0)}M${cx + 60} ${y}H${cx + 320 - (i === 2 ? 120 : 0)}`;
  }
  const capX = cx + between(rng, -40, 40);
  const capY = top - 170;
  return [
    stroked(grid, p.light, 2, 0.06),
    filled(`M${cx - 400} ${top}H${cx + 400}V${top + 370}H${cx - 400}Z`, p.a, 1),
    filled(left, p.light),
    filled(right, "#dfe8f1"),
    stroked(text, p.from, 8, 0.25),
    filled(`M${capX} ${capY - 80}L${capX + 210} ${capY}L${capX} ${capY + 80}L${capX - 210} ${capY}Z`, p.ink),
    filled(
      `M${capX - 120} ${capY + 30}V${capY + 120}C${capX - 60} ${capY + 160} ${capX + 60} ${capY + 160} ${capX + 120} ${capY + 120}V${capY + 30}L${capX} ${capY + 80}Z`,
      p.ink,
      0.85,
    ),
    stroked(`M${capX} ${capY}L${capX + 170} ${capY + 20}V${capY + 130}`, p.b, 8),
    circle(capX + 170, capY + 140, 16, p.b),
    circle(between(rng, 200, 360), between(rng, 180, 320), 26, p.b, 0.8),
    circle(between(rng, 1350, 1480), between(rng, 620, 760), 40, p.a, 0.5),
  ];
};

const wellness: Motif = (rng, p) => {
  const stemX = between(rng, 330, 430);
  const stem = `M${stemX} 960C${stemX + 40} 700 ${stemX - 60} 420 ${stemX + 60} 120`;
  const leaves = Array.from({ length: 6 }, (_, i) => {
    const t = i / 6;
    const y = 860 - t * 680;
    const x = stemX + Math.sin(t * 3) * 30;
    // Leaves alternate sides and point upwards: -40deg is up-right, -140deg is up-left.
    const angle = (i % 2 === 0 ? -140 : -40) + between(rng, -12, 12);
    const size = 130 - i * 10;
    const leaf = `M0 0C${size * 0.3} ${-size * 0.35} ${size * 0.8} ${-size * 0.35} ${size} 0C${size * 0.8} ${size * 0.35} ${size * 0.3} ${size * 0.35} 0 0Z`;
    return filled(leaf, i % 3 === 1 ? p.c : p.a, 0.95, `translate(${num(x)} ${num(y)}) rotate(${num(angle)})`);
  });
  const stonesX = between(rng, 1100, 1220);
  return [
    circle(between(rng, 1050, 1200), between(rng, 260, 340), 260, p.light, 0.55),
    circle(between(rng, 1250, 1400), between(rng, 480, 560), 220, p.b, 0.35),
    circle(between(rng, 700, 820), between(rng, 640, 760), 200, p.a, 0.12),
    el("circle", {
      cx: between(rng, 600, 760),
      cy: between(rng, 220, 320),
      r: 110,
      fill: "none",
      stroke: p.a,
      "stroke-width": 8,
      opacity: 0.35,
    }),
    stroked(stem, p.ink, 10, 0.8),
    ...leaves,
    el("ellipse", { cx: stonesX, cy: 770, rx: 190, ry: 60, fill: p.ink }),
    el("ellipse", { cx: stonesX + 10, cy: 670, rx: 140, ry: 50, fill: p.a }),
    el("ellipse", { cx: stonesX - 5, cy: 585, rx: 95, ry: 38, fill: p.c }),
    el("ellipse", { cx: stonesX + 5, cy: 522, rx: 55, ry: 26, fill: p.b }),
  ];
};

const technology: Motif = (rng, p) => {
  let grid = "";
  for (let x = -BLEED; x <= WIDTH + BLEED; x += 100) grid += `M${x} ${-BLEED}V${HEIGHT + BLEED}`;
  for (let y = -BLEED; y <= HEIGHT + BLEED; y += 100) grid += `M${-BLEED} ${y}H${WIDTH + BLEED}`;
  const cx = between(rng, 760, 860);
  const cy = between(rng, 400, 480);
  const half = 140;
  let pins = "";
  for (let i = -2; i <= 2; i++) {
    const o = i * 50;
    pins += `M${cx + o} ${cy - half}v-34M${cx + o} ${cy + half}v34M${cx - half} ${cy + o}h-34M${cx + half} ${cy + o}h34`;
  }
  const traces: string[] = [];
  const pads: string[] = [];
  const exits = [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ] as const;
  exits.forEach(([dx, dy], i) => {
    const colour = i % 3 === 0 ? p.b : p.a;
    const sx = cx + dx * (half + 34) + (dx === 0 ? between(rng, -80, 80) : 0);
    const sy = cy + dy * (half + 34) + (dy === 0 ? between(rng, -80, 80) : dx !== 0 ? -dy * 50 : 0);
    const run = between(rng, 120, 260);
    const ex = sx + dx * between(rng, 200, 480) + (dx === 0 ? between(rng, -200, 200) : 0);
    const ey = sy + dy * run;
    const d =
      dx !== 0
        ? `M${num(sx)} ${num(sy)}H${num((sx + ex) / 2)}L${num((sx + ex) / 2 + dx * Math.abs(ey - sy))} ${num(ey)}H${num(ex)}`
        : `M${num(sx)} ${num(sy)}V${num((sy + ey) / 2)}L${num(ex)} ${num((sy + ey) / 2 + dy * Math.abs(ex - sx))}V${num(ey + dy * 40)}`;
    traces.push(stroked(d, colour, 6, 0.85));
    const endX = dx !== 0 ? ex : ex;
    const endY = dx !== 0 ? ey : (sy + ey) / 2 + dy * Math.abs(ex - sx) + dy * 40;
    pads.push(el("circle", { cx: endX, cy: endY, r: 14, fill: p.from, stroke: colour, "stroke-width": 6 }));
  });
  return [
    stroked(grid, p.light, 2, 0.06),
    ...traces,
    ...pads,
    stroked(pins, p.a, 8),
    el("rect", {
      x: cx - half,
      y: cy - half,
      width: half * 2,
      height: half * 2,
      rx: 22,
      fill: p.ink,
      stroke: p.a,
      "stroke-width": 6,
    }),
    el("rect", { x: cx - 70, y: cy - 70, width: 140, height: 140, rx: 12, fill: p.a, opacity: 0.25 }),
    circle(cx, cy, 28, p.b),
  ];
};

const community: Motif = (rng, p) => {
  const ground = 760;
  const houses: string[] = [];
  let windows = "";
  let x = between(rng, 90, 170);
  const colours = [p.a, p.b, p.ink, p.a, p.b, p.ink];
  for (let i = 0; i < 6 && x < 1500; i++) {
    const w = between(rng, 150, 210);
    const h = between(rng, 150, 260);
    const roof = w * 0.45;
    houses.push(
      filled(
        `M${num(x)} ${ground}V${num(ground - h)}L${num(x + w / 2)} ${num(ground - h - roof)}L${num(x + w)} ${num(ground - h)}V${ground}Z`,
        colours[i] ?? p.a,
      ),
    );
    windows +=
      rectD(x + w / 2 - 22, ground - 80, 44, 80) +
      rectD(x + w * 0.2, ground - h + 30, 34, 34) +
      rectD(x + w * 0.8 - 34, ground - h + 30, 34, 34);
    x += w + between(rng, 40, 90);
  }
  const heartX = between(rng, 700, 900);
  return [
    circle(between(rng, 1150, 1350), between(rng, 200, 260), 150, p.light, 0.7),
    filled(
      `M${-BLEED} 640C300 520 700 560 1000 620S1500 560 ${WIDTH + BLEED} 600V${HEIGHT + BLEED}H${-BLEED}Z`,
      p.a,
      0.18,
    ),
    filled(
      `M${-BLEED} 720C400 660 900 700 1200 690S1600 660 ${WIDTH + BLEED} 700V${HEIGHT + BLEED}H${-BLEED}Z`,
      p.a,
      0.3,
    ),
    ...houses,
    filled(windows, p.light, 0.9),
    filled(rectD(-BLEED, ground, WIDTH + 2 * BLEED, HEIGHT - ground + BLEED), p.ink, 0.85),
    filled(HEART_D, p.b, 1, heartTransform(heartX, between(rng, 170, 260), 130, between(rng, -12, 12))),
    circle(between(rng, 250, 450), between(rng, 160, 240), 20, p.light, 0.8),
  ];
};

const charity: Motif = (rng, p) => {
  const hx = between(rng, 980, 1120);
  const hy = between(rng, 360, 420);
  const small = Array.from({ length: 6 }, () =>
    filled(
      HEART_D,
      pick(rng, [p.light, p.b, p.c]),
      between(rng, 0.5, 0.95),
      heartTransform(between(rng, 100, 700), between(rng, 100, 800), between(rng, 50, 120), between(rng, -25, 25)),
    ),
  );
  // Cupped hands: a crescent whose outer edge dips lower than the inner one, thinning at the tips.
  const hands = `M${num(hx - 380)} ${num(hy + 60)}C${num(hx - 360)} ${num(hy + 470)} ${num(hx + 360)} ${num(hy + 470)} ${num(hx + 380)} ${num(hy + 60)}C${num(hx + 330)} ${num(hy + 110)} ${num(hx + 320)} ${num(hy + 120)} ${num(hx + 300)} ${num(hy + 150)}C${num(hx + 220)} ${num(hy + 330)} ${num(hx - 220)} ${num(hy + 330)} ${num(hx - 300)} ${num(hy + 150)}C${num(hx - 320)} ${num(hy + 120)} ${num(hx - 330)} ${num(hy + 110)} ${num(hx - 380)} ${num(hy + 60)}Z`;
  return [
    circle(hx, hy, 360, p.light, 0.08),
    circle(hx, hy, 260, p.light, 0.08),
    ...small,
    filled(HEART_D, p.ink, 0.2, heartTransform(hx + 16, hy + 20, 380, -6)),
    filled(HEART_D, p.light, 1, heartTransform(hx, hy, 380, -6)),
    filled(hands, p.b),
    stroked(
      `M${num(hx - 200)} ${num(hy + 300)}C${num(hx - 80)} ${num(hy + 345)} ${num(hx + 80)} ${num(hy + 345)} ${num(hx + 200)} ${num(hy + 300)}`,
      p.a,
      10,
      0.8,
    ),
  ];
};

const family: Motif = (rng, p) => {
  const colours = [p.a, p.b, p.c, p.ink, p.a];
  const knotY = 700;
  const balloons = colours.flatMap((colour, i) => {
    const x = 780 + i * 150 + between(rng, -30, 30);
    const y = 220 + between(rng, 0, 200) + (i % 2) * 60;
    const rx = 78;
    const ry = 96;
    const body = `M${num(x)} ${num(y + ry)}C${num(x - rx * 1.35)} ${num(y + ry * 0.6)} ${num(x - rx * 1.2)} ${num(y - ry)} ${num(x)} ${num(y - ry)}C${num(x + rx * 1.2)} ${num(y - ry)} ${num(x + rx * 1.35)} ${num(y + ry * 0.6)} ${num(x)} ${num(y + ry)}Z`;
    const knot = `M${num(x)} ${num(y + ry - 4)}l-14 22h28Z`;
    const string = `M${num(x)} ${num(y + ry + 18)}C${num(x - 40)} ${num(y + ry + 120)} ${num(x + 30)} ${num(knotY - 120)} 1000 ${knotY + 180}`;
    return [
      stroked(string, p.ink, 3, 0.45),
      filled(body + knot, colour),
      el("ellipse", {
        cx: x - 30,
        cy: y - 35,
        rx: 16,
        ry: 26,
        fill: "#ffffff",
        opacity: 0.4,
        transform: `rotate(25 ${num(x - 30)} ${num(y - 35)})`,
      }),
    ];
  });
  const cloud = (x: number, y: number, s: number) =>
    filled(
      circleD(x, y, 60 * s) +
        circleD(x + 70 * s, y - 30 * s, 75 * s) +
        circleD(x + 150 * s, y, 60 * s) +
        rectD(x + 150 * s, y - 10 * s, -150 * s, 70 * s),
      "#ffffff",
      0.85,
    );
  return [
    circle(between(rng, 180, 320), between(rng, 160, 240), 90, p.b, 0.9),
    cloud(between(rng, 240, 420), between(rng, 470, 560), 1.2),
    cloud(between(rng, 420, 600), between(rng, 150, 220), 0.8),
    filled(`M${-BLEED} 820C400 760 1100 780 ${WIDTH + BLEED} 800V${HEIGHT + BLEED}H${-BLEED}Z`, p.light, 0.8),
    ...balloons,
  ];
};

const fashion: Motif = (rng, p) => {
  const angle = between(rng, -32, -22);
  const bandColours = [p.ink, p.light, p.b, p.a, p.light];
  let x = between(rng, 420, 560);
  const bands = bandColours.map((colour, i) => {
    const w = [170, 60, 120, 220, 40][i] ?? 80;
    const band = `M${num(x)} -600C${num(x + 40)} 0 ${num(x - 40)} 600 ${num(x)} 1500H${num(x + w)}C${num(x + w - 40)} 600 ${num(x + w + 40)} 0 ${num(x + w)} -600Z`;
    x += w + between(rng, 10, 40);
    return filled(band, colour, colour === p.light ? 0.7 : 0.92);
  });
  let pins = "";
  for (let i = 0; i < 8; i++) pins += `M${num(x + 30 + i * 22)} -600V1500`;
  // Lower left stays clear of the bands at every seeded angle, so the hanger never sits on the ink band.
  const hx = between(rng, 290, 310);
  const hy = between(rng, 560, 600);
  const hanger = `M${hx} ${hy - 70}c0 -40 50 -40 50 -5c0 25 -50 25 -50 60L${hx - 170} ${hy + 110}H${hx + 170}L${hx} ${hy - 15}`;
  return [
    `<g transform="rotate(${num(angle)} 800 450)">${bands.join("")}${stroked(pins, p.ink, 3, 0.35)}</g>`,
    stroked(hanger, p.ink, 16, 0.9),
    circle(between(rng, 1280, 1420), between(rng, 160, 260), 26, p.b),
    circle(between(rng, 1300, 1460), between(rng, 640, 760), 16, p.ink, 0.7),
  ];
};

// ---------------------------------------------------------------------------------------------
// Category table

/**
 * focus is where the motif's main subject sits, which a close-up frames (elsewhere it could show only sky).
 * mirror: false marks motifs with a reading direction (a rising chart, bar charts, music notation)
 * that would look wrong flipped; they are never flipped.
 */
const ARTWORK: Record<
  CategoryKey,
  { palette: Palette; motif: Motif; focus: readonly [number, number]; mirror?: false }
> = {
  music: {
    palette: {
      from: "#1c1446",
      to: "#4f2a8f",
      a: "#ff6b8b",
      b: "#ffc46b",
      c: "#8fd3ff",
      light: "#f5e9ff",
      ink: "#100b2b",
    },
    motif: music,
    focus: [1100, 440],
    mirror: false,
  },
  arts: {
    palette: {
      from: "#f8ebdc",
      to: "#f1c6a6",
      a: "#e4572e",
      b: "#2a7f8e",
      c: "#f3b61f",
      light: "#fffaf3",
      ink: "#2d2a32",
    },
    motif: arts,
    focus: [1000, 470],
  },
  business: {
    palette: {
      from: "#0d213d",
      to: "#1f4e79",
      a: "#f2b84b",
      b: "#4fa3d1",
      c: "#9cc9e6",
      light: "#dce9f5",
      ink: "#081629",
    },
    motif: business,
    focus: [820, 600],
    mirror: false,
  },
  conference: {
    palette: {
      from: "#161430",
      to: "#3b2466",
      a: "#ffc978",
      b: "#7d6bff",
      c: "#ff8fab",
      light: "#fff2d6",
      ink: "#1d1838",
    },
    motif: conference,
    focus: [850, 470],
    mirror: false,
  },
  party: {
    palette: {
      from: "#3a0b48",
      to: "#b8195e",
      a: "#ffd54f",
      b: "#4dd0e1",
      c: "#ff8a65",
      light: "#fff3f8",
      ink: "#22062b",
    },
    motif: party,
    focus: [560, 480],
  },
  "food-drink": {
    palette: {
      from: "#fbf0df",
      to: "#efd3aa",
      a: "#d64933",
      b: "#4f7942",
      c: "#f2a541",
      light: "#ffffff",
      ink: "#3b2f2f",
    },
    motif: foodDrink,
    focus: [760, 430],
  },
  sports: {
    palette: {
      from: "#14613a",
      to: "#23914f",
      a: "#f7a531",
      b: "#ffffff",
      c: "#d7f5e1",
      light: "#ffffff",
      ink: "#0b2e1c",
    },
    motif: sports,
    focus: [1000, 450],
  },
  networking: {
    palette: {
      from: "#0a3644",
      to: "#127584",
      a: "#ffc857",
      b: "#ff7f6e",
      c: "#9ee6e9",
      light: "#e0fbfc",
      ink: "#0a3644",
    },
    motif: networking,
    focus: [800, 450],
  },
  education: {
    palette: {
      from: "#1b3354",
      to: "#2f5f8f",
      a: "#f4a261",
      b: "#e9c46a",
      c: "#a8dadc",
      light: "#f6fbf7",
      ink: "#0f1f33",
    },
    motif: education,
    focus: [900, 430],
  },
  wellness: {
    palette: {
      from: "#eef5ea",
      to: "#c6dcbf",
      a: "#5e8c61",
      b: "#f2b5a0",
      c: "#8fb98b",
      light: "#ffffff",
      ink: "#3d5a45",
    },
    motif: wellness,
    focus: [900, 560],
  },
  technology: {
    palette: {
      from: "#081226",
      to: "#0f2f57",
      a: "#35d0ff",
      b: "#7cf0c5",
      c: "#5b8cff",
      light: "#cfe8ff",
      ink: "#0c1c36",
    },
    motif: technology,
    focus: [810, 440],
  },
  community: {
    palette: {
      from: "#fde7b0",
      to: "#f5a962",
      a: "#3d5a80",
      b: "#e76f51",
      c: "#98c1d9",
      light: "#fff8ec",
      ink: "#293241",
    },
    motif: community,
    focus: [720, 640],
  },
  charity: {
    palette: {
      from: "#6e1a3a",
      to: "#c9485f",
      a: "#ffb4a2",
      b: "#ffcdb2",
      c: "#ff8fa3",
      light: "#ffe5ec",
      ink: "#3d0d20",
    },
    motif: charity,
    focus: [1040, 520],
  },
  family: {
    palette: {
      from: "#8fcbef",
      to: "#e6f5fd",
      a: "#fb8500",
      b: "#ffb703",
      c: "#e63946",
      light: "#ffffff",
      ink: "#219ebc",
    },
    motif: family,
    focus: [1050, 420],
  },
  fashion: {
    palette: {
      from: "#f7e1dc",
      to: "#e8b9c1",
      a: "#b5838d",
      b: "#c9a96e",
      c: "#6d6875",
      light: "#fff7f3",
      ink: "#2e2a4f",
    },
    motif: fashion,
    focus: [640, 470],
  },
};

// ---------------------------------------------------------------------------------------------
// Per-event variety: palette, backdrop and composition

/**
 * How far round the colour wheel an event's palette is turned from its category's. Spread so that
 * two events of one category rarely share a colour family; 0 keeps the category's own colours.
 */
const HUE_TURNS = [0, 40, 80, 125, 165, 205, 245, 290, 325] as const;
/** The gallery's second and third pictures turn a little further, so the set reads as one series. */
const PICTURE_HUE_STEPS = [0, 28, -28] as const;

/** The category palette turned by `degrees`, with its three accents in an event-chosen order. */
function eventPalette(base: Palette, degrees: number, accentOrder: readonly [number, number, number]): Palette {
  const turn = (hex: string) => turnHue(hex, degrees);
  const accents = [base.a, base.b, base.c].map(turn);
  return {
    from: turn(base.from),
    to: turn(base.to),
    a: accents[accentOrder[0]]!,
    b: accents[accentOrder[1]]!,
    c: accents[accentOrder[2]]!,
    light: turn(base.light),
    ink: turn(base.ink),
  };
}

const ACCENT_ORDERS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [1, 0, 2],
] as const;

/** Rotates a #rrggbb colour's hue in HSL, keeping its saturation and lightness (so contrasts hold). */
function turnHue(hex: string, degrees: number): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0 || degrees % 360 === 0) return hex;
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  const hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  const turned = (((hue * 60 + degrees) % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs(((turned / 60) % 2) - 1));
  const m = lightness - c / 2;
  const sector = Math.floor(turned / 60);
  const [r1, g1, b1] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector]!;
  return `#${[r1!, g1!, b1!]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * Backdrops drawn between the background and the motif, each one path (one shape to render) in a
 * faint tone, so they change the picture's texture without costing much to draw or to encode.
 */
type Backdrop = (rng: Rng, colour: string) => string;

const BACKDROPS: readonly Backdrop[] = [
  // A grid of dots.
  (rng, colour) => {
    const gap = between(rng, 90, 130);
    let d = "";
    for (let y = gap / 2; y < HEIGHT; y += gap) for (let x = gap / 2; x < WIDTH; x += gap) d += circleD(x, y, 9);
    return filled(d, colour, 0.22);
  },
  // Broad diagonal stripes.
  (rng, colour) => {
    const slope = between(rng, 0.4, 0.9) * (rng() < 0.5 ? -1 : 1);
    let d = "";
    for (let x = -HEIGHT - BLEED; x < WIDTH + HEIGHT; x += 200) {
      d += `M${num(x)} ${-BLEED}h90L${num(x + 90 + slope * (HEIGHT + 2 * BLEED))} ${HEIGHT + BLEED}h-90Z`;
    }
    return filled(d, colour, 0.12);
  },
  // Rings spreading from a point.
  (rng, colour) => {
    const cx = between(rng, 0, WIDTH);
    const cy = between(rng, 0, HEIGHT);
    let d = "";
    for (let r = 90; r < 1500; r += 110) d += circleD(cx, cy, r);
    return stroked(d, colour, 18, 0.16);
  },
  // Rays from a corner.
  (rng, colour) => {
    const cx = rng() < 0.5 ? -100 : WIDTH + 100;
    const cy = between(rng, -100, HEIGHT + 100);
    let d = "";
    for (let i = 0; i < 18; i++) {
      const a0 = (i / 18) * Math.PI * 2;
      const a1 = a0 + Math.PI / 36;
      d += `M${num(cx)} ${num(cy)}L${num(cx + Math.cos(a0) * 2400)} ${num(cy + Math.sin(a0) * 2400)}L${num(cx + Math.cos(a1) * 2400)} ${num(cy + Math.sin(a1) * 2400)}Z`;
    }
    return filled(d, colour, 0.12);
  },
  // Rolling waves across the picture.
  (rng, colour) => {
    const wavelength = between(rng, 320, 520);
    let d = "";
    for (let y = 60; y < HEIGHT + 100; y += 120) d += waveD(y, between(rng, 20, 40), wavelength, between(rng, 0, 200));
    return stroked(d, colour, 14, 0.16);
  },
  // Large checks.
  (rng, colour) => {
    const size = between(rng, 150, 220);
    let d = "";
    for (let row = 0; row * size < HEIGHT; row++) {
      for (let col = row % 2; col * size < WIDTH; col += 2) d += rectD(col * size, row * size, size, size);
    }
    return filled(d, colour, 0.08);
  },
  // Scattered plus signs.
  (rng, colour) => {
    let d = "";
    for (let i = 0; i < 26; i++) {
      const x = between(rng, 40, WIDTH - 40);
      const y = between(rng, 40, HEIGHT - 40);
      d += `M${num(x - 22)} ${num(y)}h44M${num(x)} ${num(y - 22)}v44`;
    }
    return stroked(d, colour, 10, 0.3);
  },
  // Soft hills along the bottom.
  (rng, colour) => {
    let d = "";
    for (let i = 0; i < 3; i++) {
      const top = 520 + i * 110 + between(rng, -30, 30);
      d += `M${-BLEED} ${num(top)}C${num(between(rng, 200, 500))} ${num(top - between(rng, 80, 160))} ${num(between(rng, 900, 1200))} ${num(top + between(rng, 40, 120))} ${WIDTH + BLEED} ${num(top - between(rng, 0, 80))}V${HEIGHT + BLEED}H${-BLEED}Z`;
    }
    return filled(d, colour, 0.1);
  },
];

/**
 * How a picture frames its category motif: the whole scene, a close-up of part of it, or the scene
 * small to one side, flipped, in the other tone (a light picture of a dark palette, or the reverse).
 * An event's three pictures use all three framings.
 */
type Framing = "scene" | "close-up" | "aside";
const FRAMING_ORDERS: readonly (readonly [Framing, Framing, Framing])[] = [
  ["scene", "close-up", "aside"],
  ["scene", "aside", "close-up"],
  ["close-up", "scene", "aside"],
  ["aside", "scene", "close-up"],
  ["close-up", "aside", "scene"],
  ["aside", "close-up", "scene"],
];

function framingTransform(
  rng: Rng,
  framing: Framing,
  flip: boolean,
  [focusX, focusY]: readonly [number, number],
): string {
  const mirror = flip ? `translate(${WIDTH} 0) scale(-1 1)` : "";
  if (framing === "scene") {
    return `translate(${num(between(rng, -60, 60))} ${num(between(rng, -30, 30))}) ${mirror}`.trim();
  }
  if (framing === "close-up") {
    // Zoom about a point near the motif's subject (mirrored with it), so the crop shows a detail of it.
    const fx = (flip ? WIDTH - focusX : focusX) + between(rng, -120, 120);
    const fy = focusY + between(rng, -80, 80);
    const scale = between(rng, 1.5, 1.9);
    const angle = between(rng, -8, 8);
    return `translate(${num(WIDTH / 2)} ${num(HEIGHT / 2)}) rotate(${num(angle)}) scale(${num(scale)}) translate(${num(-fx)} ${num(-fy)}) ${mirror}`.trim();
  }
  const scale = between(rng, 0.6, 0.7);
  const toRight = rng() < 0.5;
  const x = toRight ? WIDTH * (1 - scale) - between(rng, 20, 80) : between(rng, 20, 80);
  const y = between(rng, 0.1, 0.9) * HEIGHT * (1 - scale);
  return `translate(${num(x)} ${num(y)}) scale(${num(scale)}) ${mirror}`.trim();
}

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * A 16:9 decorative picture for an event of the given category; the seed is the event's id and the
 * variant the picture's place in its gallery. The category gives the motif. The seed gives the
 * event its own palette (the category's turned round the colour wheel, accents reordered), backdrop
 * and framing, so two events of one category do not look alike; each variant of one event has its
 * own framing (scene, close-up, aside), backdrop and a small further turn of the palette, so the
 * gallery shows three pictures of one series rather than one picture three times.
 */
export function eventArtworkSvg(categoryKey: CategoryKey, seed: number, variant: 0 | 1 | 2): string {
  const { palette: base, motif, focus, mirror = true } = ARTWORK[categoryKey];
  // What the three pictures share comes from the event's stream; the rest from the picture's own.
  const eventRng = seededRandom(Math.imul(seed | 0, 0x9e3779b1) ^ 0x5bd1e995);
  const hueTurn = pick(eventRng, HUE_TURNS);
  const accentOrder = pick(eventRng, ACCENT_ORDERS);
  const framings = pick(eventRng, FRAMING_ORDERS);
  const firstBackdrop = Math.floor(eventRng() * BACKDROPS.length);
  const flipsEvent = mirror && eventRng() < 0.5;

  const rng = seededRandom(Math.imul(seed | 0, 31) + variant);
  const turned = eventPalette(base, hueTurn + PICTURE_HUE_STEPS[variant], accentOrder);
  const palette = framings[variant] === "aside" ? otherTone(turned) : turned;
  // Backdrops three apart in the list of eight: never the same one twice in a gallery.
  const backdrop = BACKDROPS[(firstBackdrop + variant * 3) % BACKDROPS.length]!;
  const backdropColour = variant === 1 ? palette.ink : palette.light;
  const transform = framingTransform(
    rng,
    framings[variant],
    mirror && flipsEvent !== (framings[variant] === "aside"),
    focus,
  );
  const glowX = between(rng, 300, 1300);
  const glowY = between(rng, 150, 450);
  const angle = between(rng, 0, 360);
  const shapes = motif(rng, palette);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    "<defs>",
    backgroundGradient(palette, angle),
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.light}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.light}" stop-opacity="0"/></radialGradient>`,
    "</defs>",
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    backdrop(rng, backdropColour),
    circle(glowX, glowY, 560, "url(#glow)"),
    `<g transform="${transform}">`,
    ...shapes,
    "</g>",
    "</svg>",
  ].join("");
}

/**
 * The background of the other tone: the palette's darkest colour under a light palette; under a dark
 * one its deepest accent, as its light colour would hide the motifs drawn in it.
 */
function otherTone(p: Palette): Palette {
  const isLight = lightness(p.from) > 0.5;
  if (isLight) return { ...p, from: p.ink, to: turnHue(p.ink, 30) };
  const deepestAccent = [p.a, p.b, p.c].reduce((deepest, colour) =>
    lightness(colour) < lightness(deepest) ? colour : deepest,
  );
  return { ...p, from: deepestAccent, to: turnHue(deepestAccent, 40) };
}

function lightness(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  return (Math.max(...channels) + Math.min(...channels)) / 2;
}

/** The background runs from the palette's first colour to its second at a seeded angle. */
function backgroundGradient(p: Palette, degrees: number): string {
  const radians = (degrees * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  const direction = { x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy };
  return `${el("linearGradient", { id: "bg", ...direction }).replace("/>", ">")}<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`;
}

// ---------------------------------------------------------------------------------------------
// Avatars

/** Tailwind 700-level hues: each keeps white text above a 4.5:1 contrast ratio. */
const AVATAR_COLOURS = [
  "#1d4ed8",
  "#6d28d9",
  "#be185d",
  "#b91c1c",
  "#c2410c",
  "#a16207",
  "#15803d",
  "#0f766e",
  "#0369a1",
  "#4338ca",
  "#7e22ce",
  "#334155",
] as const;

const FONT_FAMILY = "Noto Sans, Arial, sans-serif";

/**
 * The initials shown on an avatar: the first letter of the first and of the last word. Letters
 * only (any script), so punctuation such as "<" or "&" never becomes an initial; "" when the name
 * has no letters at all. A letter whose upper case is longer than one letter (ß -> SS) is kept as is.
 */
export function nameInitials(name: string): string {
  const words = name
    .normalize("NFC")
    .split(/\s+/u)
    .map((word) => word.match(/\p{L}/u)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .filter((letter): letter is string => letter !== undefined)
    .map(upperLetter)
    .join("");
}

function upperLetter(letter: string): string {
  const upper = letter.toUpperCase();
  return [...upper].length === 1 ? upper : letter;
}

/** A square avatar (crop it to a circle freely) with the person's initials. */
export function avatarSvg(name: string, seed: number): string {
  return avatarSvgForInitials(nameInitials(name), seed);
}

/**
 * The same avatar drawn from ready-made initials, for renderers that only have the storage key.
 * Empty initials draw a neutral person glyph instead.
 */
export function avatarSvgForInitials(initials: string, seed: number): string {
  const rng = seededRandom(Math.imul(seed | 0, 31) + 7);
  const colour = pick(rng, AVATAR_COLOURS);
  const size = [...initials].length > 1 ? 104 : 124;
  const content = initials
    ? `<text x="128" y="${num(128 + size * 0.36)}" text-anchor="middle" font-family="${FONT_FAMILY}" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(initials)}</text>`
    : filled(personD(128, 142, 150), "#ffffff", 0.92);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256">',
    `<rect width="256" height="256" fill="${colour}"/>`,
    circle(between(rng, 0, 256), between(rng, -40, 40), between(rng, 110, 150), "#ffffff", 0.12),
    circle(between(rng, 0, 256), between(rng, 230, 290), between(rng, 70, 110), "#000000", 0.1),
    content,
    "</svg>",
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Sponsor logos

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

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
