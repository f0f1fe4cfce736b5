// What every "How to play" drawing is made of besides the board kit's pieces: the picture's root, a
// numbered panel (one step of the round), a step's number, an arrow, a hexagon, a card.
import { s } from "../dom.js";
import { svgRoot, group, inkOn } from "../boards/kit.js";

// The drawing's <svg>, `w`×`h` viewBox units, labelled by its section's heading.
export function pictureRoot(w, h, label) {
  const root = svgRoot(w, h, label || "");
  root.classList.add("howto-picture-svg");
  return root;
}

// A step's number in a circle.
export function stepMark(x, y, n) {
  return group({ class: "howto-step" },
    s("circle", { cx: x, cy: y, r: 13, class: "howto-step-disc" }),
    s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", class: "howto-step-num" }, String(n)));
}

// A framed panel for step `n` (its number at the top left); add the step's pieces to the group returned.
export function panel(x, y, w, h, n) {
  const g = group({ class: "howto-panel", "data-step": String(n) });
  g.append(s("rect", { x, y, width: w, height: h, rx: 10, class: "howto-panel-frame" }));
  if (n) g.append(stepMark(x + 20, y + 20, n));
  return g;
}

export function arrow(x1, y1, x2, y2, cls = "") {
  const a = Math.atan2(y2 - y1, x2 - x1), k = 9;
  const head = `${x2},${y2} ${x2 - k * Math.cos(a - 0.45)},${y2 - k * Math.sin(a - 0.45)} ${x2 - k * Math.cos(a + 0.45)},${y2 - k * Math.sin(a + 0.45)}`;
  return group({ class: `howto-arrow ${cls}` }, s("line", { x1, y1, x2, y2 }), s("polygon", { points: head }));
}

// A pointy-top hexagon centred on (x, y) with radius r.
export function hex(x, y, r, fill) {
  const pts = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = Math.PI / 180 * (60 * i - 90);
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return s("polygon", { points: pts, fill, class: "howto-hex" });
}

// A number written on the drawing (a count, a cost) at (x, y), centred.
export function number(x, y, n, cls = "") {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", class: `howto-num ${cls}` }, String(n));
}

// A card `w`×`h` with its top-left corner at (x, y): face up, a band in `band` colour at its top; face
// down (opts.back), the pattern of its back only.
export function card(x, y, w, h, opts = {}) {
  const g = group({ class: `howto-card-piece ${opts.back ? "back" : "face"} ${opts.cls || ""}`, "data-piece": "card" });
  if (opts.back) {
    g.setAttribute("data-face", "down");
    g.append(s("rect", { x, y, width: w, height: h, rx: 5, class: "howto-card-back" }));
    g.append(s("path", { d: `M${x + 6},${y + 6} L${x + w - 6},${y + h - 6} M${x + w - 6},${y + 6} L${x + 6},${y + h - 6}`, class: "howto-card-cross" }));
    return g;
  }
  g.append(s("rect", { x, y, width: w, height: h, rx: 5, class: "howto-card-face" }));
  if (opts.band) g.append(s("rect", { x: x + 3, y: y + 3, width: w - 6, height: h * 0.26, rx: 3, fill: opts.band, class: "howto-card-band" }));
  if (opts.label !== undefined) {
    g.append(s("text", { x: x + w / 2, y: y + 3 + h * 0.13, "text-anchor": "middle", "dominant-baseline": "central",
      fill: opts.band ? inkOn(opts.band) : "#1d1d1f", class: "howto-card-label" }, String(opts.label)));
  }
  return g;
}

// The crown (Citadels' crown, Versailles' King, God's Playground's elected King), `size` wide, centred
// on (x, y).
export function crown(x, y, size = 30, title = "") {
  const k = size / 44;
  const g = group({ class: "piece crown", "data-piece": "crown", transform: `translate(${x - 22 * k} ${y - 15 * k}) scale(${k})` },
    s("path", { d: "M3,26 L6,6 L15,16 L22,3 L29,16 L38,6 L41,26 Z", class: "howto-crown-body" }),
    s("rect", { x: 3, y: 24, width: 38, height: 5, rx: 1.5, class: "howto-crown-band" }),
    s("circle", { cx: 22, cy: 3.5, r: 2.5, class: "howto-crown-gem" }), s("circle", { cx: 6, cy: 6, r: 2.2, class: "howto-crown-gem" }),
    s("circle", { cx: 38, cy: 6, r: 2.2, class: "howto-crown-gem" }));
  if (title) g.prepend(s("title", {}, title));
  return g;
}

// A gold coin centred on (x, y).
export function coin(x, y, r = 9) {
  return group({ class: "piece coin", "data-piece": "coin" },
    s("circle", { cx: x, cy: y + r * 0.15, r, class: "howto-coin-edge" }),
    s("circle", { cx: x, cy: y, r, class: "howto-coin" }),
    s("circle", { cx: x, cy: y, r: r * 0.6, class: "howto-coin-ring" }));
}
