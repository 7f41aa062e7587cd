import { pick, seededRandom } from "#domain/seeded-random";
import { FONT_FAMILY, between, circle, escapeXml, filled, num, personD } from "./drawing";

// Avatars for sample people: initials on a colour chosen from the seed.

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
