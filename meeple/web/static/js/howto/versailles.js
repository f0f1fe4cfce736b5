// Versailles' drawings for the "How to play" sheet (see ../howto-pictures.js): a turn on the ring of
// locations (a worker moved one step along the arrows, the activation marker, the location activated
// with your workers there) and building the palace (a tile's workers, resources and decorations; the
// tile placed edge to edge). Locations, arrows, yields and tiles are the game's content.
import { s } from "../dom.js";
import { group, cube, disc, meeple, shield, tip } from "../boards/kit.js";
import { named } from "../boards/common.js";
import { SEAT_COLOURS, RESOURCE_COLOURS, INDOOR, OUTDOOR, PARQUET, LAWN, DECORATION_COLOURS } from "../boards/versailles.js";
import { pictureRoot, panel, arrow, number, stepMark } from "./parts.js";

const GAME = "versailles";
const BOX = { w: 102, h: 78, gap: 18, left: 7, top: 6, rowGap: 44 };

// The box of location `loc` on the ring: the top row left to right, the bottom row under it.
function box(content, loc) {
  const top = content.top_row.indexOf(loc);
  const col = top >= 0 ? top : content.bottom_row.indexOf(loc);
  return { x: BOX.left + col * (BOX.w + BOX.gap), y: top >= 0 ? BOX.top : BOX.top + BOX.h + BOX.rowGap, w: BOX.w, h: BOX.h };
}

// A location's name in the page's language, on one line or two (split at the space nearest the middle).
function nameLines(x, y, name) {
  const spaces = [...name.matchAll(/ /g)].map((m) => m.index);
  const lines = name.length > 10 && spaces.length
    ? (() => { const at = spaces.reduce((a, b) => (Math.abs(b - name.length / 2) < Math.abs(a - name.length / 2) ? b : a)); return [name.slice(0, at), name.slice(at + 1)]; })()
    : [name];
  return lines.map((line, i) => s("text", { x, y: y + i * 17, "text-anchor": "middle", class: "howto-place-name" }, line));
}

// An arrow of the ring from location a's box to location b's box (edge to edge).
function ringArrow(content, a, b) {
  const p = box(content, a), q = box(content, b);
  if (p.y === q.y) {   // along a row
    const right = q.x > p.x;
    const y = p.y + p.h / 2;
    return arrow(right ? p.x + p.w + 2 : p.x - 2, y, right ? q.x - 2 : q.x + q.w + 2, y, "howto-ring");
  }
  const x = p.x + p.w / 2, down = q.y > p.y;
  return arrow(x, down ? p.y + p.h + 2 : p.y - 2, x, down ? q.y - 2 : q.y + q.h + 2, "howto-ring");
}

// Your turn: Red moves one worker from the Marble Quarry to the Gold Mine (the next location along the
// arrows), puts its activation marker there and activates it: its two workers there give the content's
// yield for two (Blue's worker there does not count).
function turn(content, label) {
  const yields = content.yields || {};
  const locs = content.locations || [];
  const from = locs.indexOf("mq"), to = locs.indexOf("gm");
  const mine = yields.gm;
  if (!content.top_row || !content.arrows || from < 0 || to < 0 || !mine) return null;
  const root = pictureRoot(480, 2 * BOX.h + BOX.rowGap + 16, label);
  for (const [a, b] of content.arrows) root.append(ringArrow(content, a, b));
  locs.forEach((code, i) => {
    const b = box(content, i);
    const g = group({ class: `howto-place ${i === to ? "active" : ""}`, "data-location": code });
    g.append(s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, class: "howto-place-frame" }));
    g.append(...nameLines(b.x + b.w / 2, b.y + 17, named(GAME, "location", i, (content.location_names || [])[i] || code)));
    root.append(tip(g, named(GAME, "location", i, code)));
  });
  const f = box(content, from), t = box(content, to);
  const red = SEAT_COLOURS[0];
  root.append(meeple(f.x + 30, f.y + 56, red, { size: 24 }));                     // the worker that stays
  root.append(s("path", { d: `M${f.x + 60},${f.y + 50} Q${f.x + f.w + BOX.gap / 2},${f.y + 22} ${t.x + 26},${t.y + 46}`, class: "howto-move" }));
  root.append(stepMark(f.x + 4, f.y + 4, 1));
  root.append(meeple(t.x + 20, t.y + 56, red, { size: 24 }), meeple(t.x + 44, t.y + 56, red, { size: 24 }));
  root.append(meeple(t.x + 86, t.y + 56, SEAT_COLOURS[1], { size: 20 }));
  root.append(disc(t.x + 66, t.y + 40, red, { r: 8, title: "" }));              // the activation marker
  const n = mine.amounts[1];
  const gold = RESOURCE_COLOURS[(content.resources || []).indexOf(mine.resource)] || RESOURCE_COLOURS[2];
  const gy = t.y + t.h + BOX.rowGap / 2;
  root.append(stepMark(t.x + 4, gy, 2));
  for (let k = 0; k < n; k++) root.append(cube(t.x + 30 + k * 20, gy, gold, { size: 14 }));
  root.append(number(t.x + 40 + n * 20, gy, `+${n}`, "howto-count"));
  return root;
}

// A palace tile `size` wide at (x, y): its four edges indoor (burgundy) or outdoor (green), its points.
function tile(x, y, size, t, id, opts = {}) {
  const g = group({ class: `howto-tile ${opts.cls || ""}`, "data-tile": String(id) });
  const indoor = [...t.edges].filter((e) => e === "I").length;
  g.append(s("rect", { x, y, width: size, height: size, rx: 4, fill: indoor >= 2 ? PARQUET : LAWN, class: "howto-tile-base" }));
  const b = size * 0.15;
  const corners = [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];
  const inner = [[x + b, y + b], [x + size - b, y + b], [x + size - b, y + size - b], [x + b, y + size - b]];
  for (let d = 0; d < 4; d++) {
    const [a, z, ia, iz] = [corners[d], corners[(d + 1) % 4], inner[d], inner[(d + 1) % 4]];
    g.append(s("polygon", { points: `${a[0]},${a[1]} ${z[0]},${z[1]} ${iz[0]},${iz[1]} ${ia[0]},${ia[1]}`,
      fill: t.edges[d] === "I" ? INDOOR : OUTDOOR, "data-edge": t.edges[d] === "I" ? "indoor" : "outdoor" }));
  }
  g.append(number(x + size / 2, y + size * 0.42, t.vp, "howto-tile-vp"));
  [...(t.decorations || "")].forEach((code, i, all) => g.append(s("circle", { cx: x + size / 2 + (i - (all.length - 1) / 2) * size * 0.22,
    cy: y + size * 0.68, r: size * 0.08, fill: DECORATION_COLOURS[code] || "#777", class: "howto-decoration" })));
  return tip(g, `${named(GAME, "tile", id, t.name)} · ${t.vp}`);
}

// Building: (1) the tile's workers at the Construction Site, its resources and decorations paid;
// (2) the tile put on the site beside a built one, the edges that meet alike, its points scored.
function build(content, label) {
  const tiles = content.tiles || [];
  const t = tiles.find((x) => x.workers === 2 && x.decorations.length === 1 && /I/.test(x.edges) && /O/.test(x.edges));
  const left = t && tiles.find((x) => x !== t && x.edges[1] === t.edges[3] && x.edges[3] === t.edges[1]);
  if (!t || !left) return null;
  const root = pictureRoot(480, 188, label);
  const one = panel(4, 4, 208, 180, 1);
  one.append(tile(28, 40, 68, t, tiles.indexOf(t)));
  const site = (content.locations || []).indexOf("cs");
  one.append(s("rect", { x: 106, y: 14, width: 98, height: 100, rx: 8, class: "howto-place-frame" }));
  one.append(...nameLines(155, 32, named(GAME, "location", site, (content.location_names || [])[site] || "")));
  for (let k = 0; k < t.workers; k++) one.append(meeple(155 + (k - (t.workers - 1) / 2) * 28, 88, SEAT_COLOURS[0], { size: 26 }));
  let x = 24;
  t.cost.forEach((n, r) => {
    if (!n) return;
    one.append(cube(x + 8, 148, RESOURCE_COLOURS[r], { size: 18 }), number(x + 28, 148, n, "howto-count"));
    x += 48;
  });
  [...t.decorations].forEach((code) => one.append(s("circle", { cx: x + 12, cy: 148, r: 11, fill: DECORATION_COLOURS[code] || "#777", class: "howto-decoration" })));
  root.append(one);

  const two = panel(220, 4, 256, 180, 2);
  const cell = 56, gx = 264, gy = 12;
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) two.append(s("rect", { x: gx + c * cell, y: gy + r * cell, width: cell, height: cell, class: "howto-site-cell" }));
  two.append(tile(gx + cell + 2, gy + cell + 2, cell - 4, left, tiles.indexOf(left), { cls: "built" }));
  two.append(s("rect", { x: gx + 2 * cell - 2, y: gy + cell - 2, width: cell + 4, height: cell + 4, rx: 6, class: "howto-lit" }));
  two.append(tile(gx + 2 * cell + 2, gy + cell + 2, cell - 4, t, tiles.indexOf(t), { cls: "new" }));
  two.append(shield(gx + 3 * cell + 18, gy + cell + cell / 2, t.vp, { size: 26 }));
  root.append(two);
  return root;
}

export const PICTURES = { turn, build };
