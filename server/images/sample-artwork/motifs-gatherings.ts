import { pick } from "#domain/seeded-random";
import {
  BLEED,
  HEART_D,
  HEIGHT,
  WIDTH,
  between,
  circle,
  el,
  filled,
  heartTransform,
  num,
  personD,
  rectD,
  stroked,
  type Motif,
} from "./drawing";

// Category motifs for business, conferences, networking, education, wellness, technology, community and charity events.

export const business: Motif = (rng, p) => {
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

export const conference: Motif = (rng, p) => {
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

export const networking: Motif = (rng, p) => {
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

export const education: Motif = (rng, p) => {
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

export const wellness: Motif = (rng, p) => {
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

export const technology: Motif = (rng, p) => {
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

export const community: Motif = (rng, p) => {
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

export const charity: Motif = (rng, p) => {
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
