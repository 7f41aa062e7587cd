import type { CategoryKey } from "#domain/catalog";
import { pick, seededRandom } from "#domain/seeded-random";
import { ARTWORK } from "./category-artwork";
import {
  BLEED,
  HEIGHT,
  WIDTH,
  between,
  circle,
  circleD,
  el,
  filled,
  num,
  rectD,
  stroked,
  waveD,
  type Palette,
  type Rng,
} from "./drawing";

// Event pictures: the category artwork varied per event (palette, backdrop and composition).

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
