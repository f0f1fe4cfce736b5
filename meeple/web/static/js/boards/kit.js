// The shared board kit: the pieces every game's board draws (meeples, cubes, discs, tokens, dice,
// tracks, buttons), the contract that makes them playable (`data-action` targets, `data-pick` sources,
// highlight of the legal targets, tooltips), and the marks of what changed (since your last turn, and
// the brief animation of a change you have not seen yet). Plain SVG built with dom.js `s()`: no images,
// no fonts, no symbol glyphs.
//
//   const root = svgRoot(1400, 1000, t("web.gp.board_label"));
//   root.append(cube(40, 40, "#c0392b", { label: "3" }));
//   target(spot, entry, ui, { tip: entry.label });   // spot now plays `entry` when clicked
import { h, s } from "../dom.js";

export const SVGNS = "http://www.w3.org/2000/svg";

// A scalable SVG drawing area: viewBox w×h, as wide as its container allows.
export function svgRoot(w, h_, label) {
  return s("svg", { viewBox: `0 0 ${w} ${h_}`, class: "board-svg", role: "img", "aria-label": label,
    preserveAspectRatio: "xMidYMid meet" });
}

export function group(attrs = {}, ...children) { return s("g", attrs, ...children); }

export function label(x, y, text, attrs = {}) {
  return s("text", { x, y, class: "kit-label", ...attrs }, text);
}

// A readable ink (black or white) for text drawn on `fill` (#rgb or #rrggbb).
export function inkOn(fill) {
  const hex = String(fill).replace("#", "");
  const full = hex.length === 3 ? hex.split("").map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1d1d1f" : "#ffffff";
}

function piece(kind, colour, body, opts) {
  const g = group({ class: `piece ${kind}`, "data-piece": kind, "data-colour": colour });
  g.append(...body);
  if (opts.label !== undefined && opts.label !== null) {
    g.append(s("text", { x: opts.lx, y: opts.ly, class: "piece-label", fill: opts.ink || inkOn(colour),
      "text-anchor": "middle", "dominant-baseline": "central", "font-size": opts.fontSize }, String(opts.label)));
  }
  if (opts.title) tip(g, opts.title);
  return g;
}

// A cube seen from the front-top: a square with a lighter top face. (x, y) is its centre.
export function cube(x, y, colour, opts = {}) {
  const a = opts.size || 18;
  const d = a * 0.28;
  const body = [
    s("polygon", { points: `${x - a / 2},${y - a / 2} ${x - a / 2 + d},${y - a / 2 - d} ${x + a / 2 + d},${y - a / 2 - d} ${x + a / 2},${y - a / 2}`,
      fill: colour, class: "cube-top" }),
    s("polygon", { points: `${x + a / 2},${y - a / 2} ${x + a / 2 + d},${y - a / 2 - d} ${x + a / 2 + d},${y + a / 2 - d} ${x + a / 2},${y + a / 2}`,
      fill: colour, class: "cube-side" }),
    s("rect", { x: x - a / 2, y: y - a / 2, width: a, height: a, fill: colour, class: "cube-face" }),
  ];
  return piece("cube", colour, body, { ...opts, lx: x, ly: y, fontSize: a * 0.62 });
}

// A flat round disc (family markers, estate discs). (x, y) is its centre.
export function disc(x, y, colour, opts = {}) {
  const r = opts.r || 12;
  const body = [
    s("ellipse", { cx: x, cy: y + r * 0.18, rx: r, ry: r * 0.92, class: "disc-edge" }),
    s("circle", { cx: x, cy: y, r, fill: colour, class: "disc-face" }),
  ];
  return piece("disc", colour, body, { ...opts, lx: x, ly: y, fontSize: r * 0.95 });
}

// The classic meeple silhouette standing on (x, y + size/2); (x, y) is its centre.
export function meeple(x, y, colour, opts = {}) {
  const k = (opts.size || 24) / 24;
  const p = (dx, dy) => `${x + dx * k},${y + dy * k}`;
  const d = `M${p(-3, -8)} C${p(-3, -13)} ${p(3, -13)} ${p(3, -8)} C${p(3, -6.5)} ${p(2.5, -5.5)} ${p(2, -5)}`
    + ` L${p(10, -2)} C${p(12, -1)} ${p(11, 3)} ${p(8, 2)} L${p(5, 1)} L${p(10, 12)} L${p(2, 12)} L${p(0, 7)}`
    + ` L${p(-2, 12)} L${p(-10, 12)} L${p(-5, 1)} L${p(-8, 2)} C${p(-11, 3)} ${p(-12, -1)} ${p(-10, -2)} L${p(-2, -5)}`
    + ` C${p(-2.5, -5.5)} ${p(-3, -6.5)} ${p(-3, -8)} Z`;
  return piece("meeple", colour, [s("path", { d, fill: colour, class: "meeple-body" })],
    { ...opts, lx: x, ly: y + 3 * k, fontSize: 9 * k });
}

// A square tile or token: face up shows `opts.label`, face down (opts.faceDown) shows a pattern only.
export function token(x, y, colour, opts = {}) {
  const a = opts.size || 22;
  const body = [s("rect", { x: x - a / 2, y: y - a / 2, width: a, height: a, rx: a * 0.22, fill: colour,
    class: `token-face ${opts.faceDown ? "face-down" : "face-up"}` })];
  if (opts.faceDown) {
    body.push(s("path", { d: `M${x - a / 4},${y - a / 4} L${x + a / 4},${y + a / 4} M${x + a / 4},${y - a / 4} L${x - a / 4},${y + a / 4}`,
      class: "token-back", stroke: inkOn(colour) }));
  }
  const g = piece("token", colour, body, { ...opts, label: opts.faceDown ? null : opts.label, lx: x, ly: y, fontSize: a * 0.6 });
  if (opts.faceDown) g.setAttribute("data-face", "down");
  return g;
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

// A die showing `face` (1–6) with pips; opts.outcome ("hit", "miss", "rout") frames it accordingly.
export function die(x, y, face, opts = {}) {
  const a = opts.size || 30;
  const colour = opts.colour || "#fdfdfb";
  const ink = opts.ink || inkOn(colour);
  const g = group({ class: `piece die ${opts.outcome ? `die-${opts.outcome}` : ""}`, "data-piece": "die", "data-face": face,
    "data-colour": colour });
  g.append(s("rect", { x: x - a / 2, y: y - a / 2, width: a, height: a, rx: a * 0.18, fill: colour, class: "die-face" }));
  for (const [dx, dy] of PIPS[face] || []) {
    g.append(s("circle", { cx: x + dx * a * 0.27, cy: y + dy * a * 0.27, r: a * 0.09, fill: ink, class: "pip" }));
  }
  if (opts.title) tip(g, opts.title);
  return g;
}

// A row (or column) of numbered cells; `current` is lit. Returns { g, cells: [{x, y}] } (cell centres).
export function track(x, y, values, opts = {}) {
  const w = opts.w || 22, hh = opts.h || 22, gap = opts.gap ?? 2;
  const g = group({ class: `track ${opts.cls || ""}` });
  const cells = values.map((v, i) => {
    const cx = opts.vertical ? x : x + i * (w + gap), cy = opts.vertical ? y + i * (hh + gap) : y;
    const lit = opts.current !== undefined && v === opts.current;
    g.append(s("rect", { x: cx, y: cy, width: w, height: hh, rx: 3, class: `track-cell ${lit ? "lit" : ""}` }));
    g.append(s("text", { x: cx + w / 2, y: cy + hh / 2, class: "track-num", "text-anchor": "middle", "dominant-baseline": "central" }, String(v)));
    return { x: cx + w / 2, y: cy + hh / 2 };
  });
  return { g, cells };
}

// A drawn button: a rounded rectangle with its words, (x, y) its top-left corner.
export function svgButton(x, y, w, hh, text, opts = {}) {
  const g = group({ class: `svg-button ${opts.cls || ""}` });
  g.append(s("rect", { x, y, width: w, height: hh, rx: 6, class: "svg-button-face" }));
  g.append(s("text", { x: x + w / 2, y: y + hh / 2, "text-anchor": "middle", "dominant-baseline": "central", class: "svg-button-text" }, text));
  return g;
}

// An explanation shown on hover (and a long press): the native tooltip plus the board's own box.
export function tip(el, text) {
  if (!text) return el;
  el.setAttribute("data-tip", text);
  if (el.namespaceURI === SVGNS) {
    const old = el.querySelector(":scope > title");
    if (old) old.remove();
    el.prepend(s("title", {}, text));
  } else {
    el.title = text;
  }
  return el;
}

// Make `el` play `entry` (a `view.legal` item) when clicked, tapped or pressed with Enter/Space.
// The contract: data-action is exactly the action's compact text (../shared/BOARDS.md).
export function target(el, entry, ui, opts = {}) {
  el.setAttribute("data-action", entry.text);
  el.classList.add("legal");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", entry.label);
  tip(el, opts.tip || entry.label);
  const go = (ev) => { ev.preventDefault(); ev.stopPropagation(); ui.act(entry); };
  el.addEventListener("click", go);
  el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
  return el;
}

// A target that waits for a choice made first (a token picked, a cube chosen): it is in the page but
// shown only once `key` is the picked source (`data-needs`), so every legal move has its element.
export function dormant(el, key, shown) {
  el.setAttribute("data-needs", key);
  if (!shown) el.classList.add("dormant");
  return el;
}

// A source to pick before choosing where it goes (`data-pick`): clicking it calls `onPick(key)`.
export function pickable(el, key, picked, onPick, text) {
  el.setAttribute("data-pick", key);
  el.classList.add("pickable");
  if (picked) el.classList.add("picked");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-pressed", picked ? "true" : "false");
  if (text) { el.setAttribute("aria-label", text); tip(el, text); }
  const go = (ev) => { ev.preventDefault(); ev.stopPropagation(); onPick(key); };
  el.addEventListener("click", go);
  el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
  return el;
}

// An HTML control on the board (pass, done, a bid) that plays `entry`.
export function control(entry, text, ui, cls = "") {
  return target(h("button", { class: `board-control ${cls}`, type: "button" }, text), entry, ui);
}

// What changed: each drawn thing is keyed and given a signature of what it shows. A key whose
// signature differs from the one it had when your last turn ended is marked `changed` (kept while it is
// your turn again); one that differs from the previous drawing is `fresh` (briefly animated).
export class Changes {
  constructor() { this.base = null; this.prev = new Map(); this.now = new Map(); this.wasMyTurn = false; }

  begin(view) {
    this.prev = this.now;
    this.now = new Map();
    this.myTurn = !!view.your_turn;
    this.spectator = view.seat === null || view.seat === undefined;
    // the first drawing, and the first after your move: this is how you left the table
    this.newBase = this.base === null || (this.wasMyTurn && !this.myTurn);
  }

  mark(el, key, signature) {
    const sig = JSON.stringify(signature);
    this.now.set(key, sig);
    const before = this.prev.get(key);
    if (before !== undefined && before !== sig) el.classList.add("fresh");
    const base = this.spectator ? this.prev : this.newBase ? null : this.base;
    if (base && base.has(key) && base.get(key) !== sig) el.classList.add("changed");
    el.setAttribute("data-key", key);
    return el;
  }

  end() {
    if (this.newBase) this.base = this.now;
    this.wasMyTurn = this.myTurn;
  }
}

// The board's own hover box for [data-tip] elements (the native title also remains), and a long press
// (half a second) on touch screens shows it too.
export function tooltips(root) {
  const box = h("div", { class: "board-tip", role: "tooltip", hidden: true });
  root.append(box);
  let timer = null;
  const show = (el, x, y) => {
    box.textContent = el.getAttribute("data-tip");
    box.hidden = false;
    const r = root.getBoundingClientRect();
    box.style.left = `${Math.max(0, Math.min(x - r.left + 12, r.width - 260))}px`;
    box.style.top = `${y - r.top + 16}px`;
  };
  const hide = () => { box.hidden = true; clearTimeout(timer); };
  root.addEventListener("pointermove", (ev) => {
    const el = ev.target.closest && ev.target.closest("[data-tip]");
    if (!el || !root.contains(el) || ev.pointerType === "touch") { if (ev.pointerType !== "touch") hide(); return; }
    show(el, ev.clientX, ev.clientY);
  });
  root.addEventListener("pointerleave", hide);
  root.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    const el = ev.target.closest && ev.target.closest("[data-tip]");
    clearTimeout(timer);
    if (el) timer = setTimeout(() => show(el, ev.clientX, ev.clientY), 500);
  });
  root.addEventListener("pointerup", () => clearTimeout(timer));
  return box;
}

// ---- added for Kingsburg
// A victory-point marker: a shield with its number. (x, y) is its centre.
export function shield(x, y, value, opts = {}) {
  const a = opts.size || 20;
  const k = a / 20;
  const d = `M${x - 9 * k},${y - 9 * k} L${x + 9 * k},${y - 9 * k} L${x + 9 * k},${y} Q${x + 9 * k},${y + 7 * k} ${x},${y + 11 * k}`
    + ` Q${x - 9 * k},${y + 7 * k} ${x - 9 * k},${y} Z`;
  const colour = opts.colour || "#2f6b3a";
  return piece("shield", colour, [s("path", { d, fill: colour, class: "shield-face" })],
    { ...opts, label: value, lx: x, ly: y, fontSize: (String(value).length > 2 ? 8 : 10) * k });
}

// An eye: "you may look at something hidden" (a card face down). (x, y) is its centre.
export function eye(x, y, opts = {}) {
  const k = (opts.size || 20) / 20;
  const g = group({ class: "piece eye", "data-piece": "eye" });
  g.append(s("path", { d: `M${x - 10 * k},${y} Q${x},${y - 9 * k} ${x + 10 * k},${y} Q${x},${y + 9 * k} ${x - 10 * k},${y} Z`, class: "eye-white" }));
  g.append(s("circle", { cx: x, cy: y, r: 3.6 * k, class: "eye-iris" }));
  if (opts.title) tip(g, opts.title);
  return g;
}

// A die that is picked or dropped by a touch (a selection before a move): `die` plus the pick contract.
export function pickableDie(x, y, face, key, picked, onPick, opts = {}) {
  const a = opts.size || 30;
  const g = die(x, y, face, opts);
  g.prepend(s("rect", { x: x - a / 2 - 4, y: y - a / 2 - 4, width: a + 8, height: a + 8, rx: a * 0.25, class: "hit-area" }));
  return pickable(g, key, picked, onPick, opts.text);
}
