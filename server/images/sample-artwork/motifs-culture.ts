import {
  BLEED,
  HEIGHT,
  WIDTH,
  between,
  blobD,
  circle,
  circleD,
  el,
  filled,
  num,
  rectD,
  stroked,
  waveD,
  type Motif,
} from "./drawing";

// Category motifs for music, arts, parties, food and drink, sports, fashion and family events.

export const music: Motif = (rng, p) => {
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

export const arts: Motif = (rng, p) => {
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

export const party: Motif = (rng, p) => {
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

export const foodDrink: Motif = (rng, p) => {
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

export const sports: Motif = (rng, p) => {
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

export const family: Motif = (rng, p) => {
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

export const fashion: Motif = (rng, p) => {
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
