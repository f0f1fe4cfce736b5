// Versailles: the board of the seed ("版图包含了中间的建筑工地和周围的行动地点"): the eight locations in
// their two rows (top: King's Favor, Marble Quarry, Gold Mine, Architects' Guild; bottom: Alchemists'
// Guild, Construction Site, Lumber Mill, Workshop) joined by the printed arrows into one clockwise
// ring, the King's track above, and in the middle the construction site where the palace grows tile by
// tile. Your own workshop (resources, decorations, tiles in hand, double-move tokens) sits left of the
// site, every player's summary right of it. Every move is made on the board: pick your workers on a
// location, then a highlighted destination; activate or decline on the location; take, discard or clear
// tiles on the display; buy decorations at the Workshop; advance a technology on its track; pick a tile
// in hand, then a highlighted cell of the site.
import { h, s } from "../dom.js";
import { t, show } from "../i18n.js";
import { loadContent } from "../content.js";
import { named, tieBreak } from "./common.js";
import { svgRoot, group, cube, disc, meeple, token, svgButton, tip, target, dormant, pickable, control, Changes,
  tooltips, inkOn } from "./kit.js";

const GAME = "versailles";
let c = { locations: [], top_row: [], bottom_row: [], arrows: [], tiles: [], decorations: [], tech_tracks: [],
  king_track: {}, site_shape: [], slot_workers: [], yields: {}, decoration_prices: [], tech_prices: {}, tech_effects: {},
  remove_workers: { one: 1, three: 2 }, recruit_workers: { cheap: 2, expensive: 3 }, double_moves: 2, hand_limit: 4,
  big_cube: 5, resource_vp_rate: [3, 3, 2], hand_tile_vp: 1, decoration_vp: 3, decorations_per_kind: 5 };
export async function prepare() { c = await loadContent(GAME); }

// ---------------------------------------------------------------- artwork and geometry (viewBox units)
const W = 1400, H = 768;
const BOX = { w: 310, h: 274, gap: 40, left: 20, wide: 400, topH: 292, clearH: 362 };   // the guild and the workshop are wider; the top row taller
// every target is at least TARGET units square: 32 px where a wide screen (1280 px) draws the table at 0.6
const TARGET = 56;
const INSIDE_Y = 96;    // below the title bar and the strip of workers: what the location shows
const BUDGET_W = 140;   // kept at the right of a location's strip of workers for "1 worker left" (at 11 px)
const TOP_Y = 52, BOTTOM_Y = 546, MIDDLE = { y: 276, h: 260 };
const CELL = 80;
const HOME = { x: 44, y: MIDDLE.y, w: 440, h: MIDDLE.h };      // your workshop, left of the site
const SIDE = { x: 916, y: MIDDLE.y, w: 440, h: MIDDLE.h };     // the stack and every player's summary
export const SEAT_COLOURS = ["#c62828", "#1f4fb4", "#2e7d32", "#f2c200", "#7b3fa0"];
export const RESOURCE_COLOURS = ["#8d5a2b", "#ecebe4", "#e2b200"];     // wood, marble, gold
export const INDOOR = "#8e3441", OUTDOOR = "#3f7f35", PARQUET = "#ead2a2", LAWN = "#b9d99a";
export const DECORATION_COLOURS = { F: "#3d8fd1", S: "#8f9499", T: "#2f7d32", P: "#a8742a", C: "#d9a400", Y: "#b23a48" };
const KING = "#d4a017";
// Location content areas by code: what the printed board shows at each place
const RESOURCE_AT = { mq: 1, lm: 0, gm: 2 };

// ---------------------------------------------------------------- names
const T = (id, args) => t(`web.vs.${id}`, { game: GAME, ...args });
const locationName = (i) => named(GAME, "location", i, c.locations[i]);
const tileName = (id) => named(GAME, "tile", id, c.tiles[id] ? c.tiles[id].name : String(id));
const decorationName = (k) => named(GAME, "decoration", k, c.decorations[k] ? c.decorations[k].name : String(k));
const resourceName = (i) => named(GAME, "resource", i, String(i));
const trackName = (track) => named(GAME, "track", track, track);
const costWords = (cost) => {
  const parts = cost.map((n, i) => (n ? T("amount", { n, resource: i }) : null)).filter(Boolean);
  return parts.length ? parts.join(t("web.list_separator")) : T("nothing");
};
const cellLabel = (cell) => `${String.fromCharCode(97 + Math.floor(cell / 4))}${(cell % 4) + 1}`;
const decorationIndex = (code) => c.decorations.findIndex((d) => d.code === code);

// ---------------------------------------------------------------- the board's own choices
let picked = { from: null, tile: null, clear: [] };
let last = null;
const changes = new Changes();

// A location's card in board units. In one or two columns of cards (a phone, a tablet, a small laptop:
// `narrow`) each card is only as tall as what it shows now (COMPACT_H: the foot of its content), plus a strip
// at its foot while a control or a destination of the picked workers is drawn there; four a row (wide) a
// row's cards share one height.
function locationBox(loc, ctx) {
  const top = c.top_row.indexOf(loc);
  const row = top >= 0 ? top : c.bottom_row.indexOf(loc);
  const code = c.locations[loc];
  const wide = ["ag", "ws"].includes(code);
  // side by side, a row's cards share one height: the row's own (the top row taller), grown to the tallest
  // card's needs while one shows more (the guild's marks to clear three, the controls or arrivals at its foot)
  const base = top >= 0 ? BOX.topH : BOX.h;
  const h_ = !ctx ? base : narrow ? compactHeight(loc, code, ctx)
    : Math.max(base, ...(top >= 0 ? c.top_row : c.bottom_row).map((l) => compactHeight(l, c.locations[l], ctx)));
  return { x: BOX.left + row * (BOX.w + BOX.gap), y: top >= 0 ? TOP_Y : BOTTOM_Y, w: wide ? BOX.wide : BOX.w, h: h_ };
}

const COMPACT_H = { kf: 240, mq: 206, gm: 206, lm: 206, ag: 242, ws: 224, al: 274, cs: 196 };
const FOOT_STRIP = 72;   // the controls (activate, decline), the "move here" words and the two-workers chip
// A tablet or a small laptop (two cards a row) folds the ring while you move workers: each card shows its name
// and its strip of workers (what you pick), then where the picked workers may go, so the whole ring, your
// workers on it and their destinations fit one screen; what a location holds is in its tooltip meanwhile and
// unfolds once you have moved.
const FOLDED_H = 146;
const folded = ({ o, view }) => tablet && view.your_turn && !view.over && o.phase === "move";
function compactHeight(loc, code, { o, view, entries }) {
  let h_ = folded({ o, view }) ? FOLDED_H : COMPACT_H[code] || BOX.h;
  if (code === "ag" && view.your_turn) {    // the display's discard chips, then the marks to clear three
    if (entries("clear").length) h_ = BOX.clearH;
    else if (entries("remove").length) h_ = 302;
  }
  const here = o.current_location === loc && ["decide", "offer"].includes(o.phase) && view.your_turn
    && (entries("activate").length || entries("pass").length);
  const arriving = picked.from && ["move", "move2", "jump"].some((name) =>
    entries(name).some((e) => e.action.args[0] === picked.from && e.action.args[1] === code));
  return here || arriving ? h_ + FOOT_STRIP : h_;
}

function siteGeometry(players) {
  const cols = c.site_shape.length ? c.site_shape[0].length : 4;
  const rows = c.site_shape.length || 3;
  const open = (cell) => {
    const ch = (c.site_shape[Math.floor(cell / cols)] || "")[cell % cols];
    return ch === "#" || (/[0-9]/.test(ch || "") && players >= Number(ch));
  };
  const usedCols = [...Array(cols).keys()].filter((col) => [...Array(rows).keys()].some((r) => open(r * cols + col)));
  const x0 = W / 2 - (usedCols.length * CELL) / 2, y0 = MIDDLE.y + (MIDDLE.h - rows * CELL) / 2;
  return { cols, rows, open, cell: (i) => ({ x: x0 + usedCols.indexOf(i % cols) * CELL, y: y0 + Math.floor(i / cols) * CELL }),
    x0, y0, w: usedCols.length * CELL, h: rows * CELL };
}

export function render(container, view, ui) {
  last = { container, view, ui };
  watchWidth();
  narrow = !!(narrowQuery && narrowQuery.matches);
  tablet = narrow && !!(tabletQuery && tabletQuery.matches);
  const o = view.observation;
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const legal = new Map(view.legal.map((e) => [e.text, e]));
  const entries = (name) => view.legal.filter((e) => e.action.name === name);
  const focus = me !== null ? me : Math.max(0, o.mover);   // whose workshop is drawn beside the site
  const ctx = { o, me, focus, ui, view, legal, entries, has: (text) => legal.get(text), site: siteGeometry(o.players), redraw };
  settlePicks(ctx);
  changes.begin(view);

  const root = h("div", { class: "vs-board", "data-board": GAME });
  // The table in parts that reflow (../shared/BOARDS.md: a phone reflows, nothing cut off): the King's
  // track, the ring of locations in the order of the arrows (top row left to right, bottom row right to
  // left on a wide screen; one column on a phone), and the middle — your workshop, the site, the players.
  const king = part(0, 0, W, TOP_Y - 4, T("king_track"));
  drawKingTrack(king, ctx);
  king.classList.add("vs-wide-only");
  const kingNarrow = part(0, 0, 400, 34 + 2 * 44, T("king_track"));
  drawKingTrack(kingNarrow, ctx, true);
  kingNarrow.classList.add("vs-narrow-only");
  const card = (loc) => {
    const box = locationBox(loc, ctx);
    const svg = part(box.x, box.y, box.w, box.h, locationName(loc));
    drawLocation(svg, loc, ctx);
    return h("div", { class: "vs-card", "data-card": c.locations[loc], style: `--u: ${box.w}` }, svg);
  };
  const ring = (row, cls) => h("div", { class: `vs-ring ${cls}` }, row.map(card));
  const bottom = [...c.bottom_row].reverse();   // in the order of the arrows
  const site = ctx.site;
  const siteW = site.w + 60;
  const siteSvg = part(W / 2 - siteW / 2, MIDDLE.y, siteW, MIDDLE.h, T("site"));
  drawSite(siteSvg, ctx);
  const home = part(HOME.x, HOME.y, HOME.w, HOME.h, T("your_workshop", { seat: focus }));
  drawHome(home, ctx);
  const side = part(SIDE.x, SIDE.y, SIDE.w, SIDE.h, T("scores"));
  drawSide(side, ctx);
  const middle = h("div", { class: "vs-middle", style: `--home: ${HOME.w}fr; --site: ${siteW}fr; --side: ${SIDE.w}fr` },
    h("div", { class: "vs-part vs-home-part" }, home), h("div", { class: "vs-part vs-site-part" }, siteSvg),
    h("div", { class: "vs-part vs-side-part" }, side));
  root.append(decisionBar(ctx), h("div", { class: "vs-map" }, h("div", { class: "vs-part vs-king-part" }, king, kingNarrow),
    ring(c.top_row, "top"), middle, ring(bottom, "bottom")));
  tooltips(root);
  changes.end();
  container.replaceChildren(root);
  readable(root);
  bringIntoView(root, view);
}

// No word or number of the board under 11 px on screen: each drawing gets the font size (in its own units)
// that makes 11 px at the scale it is drawn at (--vs-min), and every text of the board is at least that
// (css/boards/versailles.css); looked at again when the window's width changes.
const READABLE_PX = 11.2;
function readable(root) {
  for (const svg of root.querySelectorAll("svg.board-svg")) {
    const m = svg.getScreenCTM && svg.getScreenCTM();
    if (m && m.a > 0 && svg.getClientRects().length) svg.style.setProperty("--vs-min", `${(READABLE_PX / m.a).toFixed(2)}px`);
  }
  fitTexts(root);
}

// A text raised to 11 px may pass the room it has (a button's face, a player's name before their cubes): where
// it would, its glyphs are narrowed to that room (still 11 px tall) rather than cut or run into their neighbour.
// The room in drawing units: a button's face less a margin, else the text's FIT attribute.
const FIT = "data-fit";
function fitTexts(root) {
  const texts = [...root.querySelectorAll(`svg text[${FIT}], svg .svg-button-text`)];
  for (const text of texts) text.removeAttribute("textLength");
  for (const text of texts) {
    const face = text.classList.contains("svg-button-text") && text.parentNode.querySelector(".svg-button-face");
    const room = face ? face.width.baseVal.value - 8 : Number(text.getAttribute(FIT));
    if (!text.getClientRects().length || !(room > 0) || text.getComputedTextLength() <= room) continue;
    text.setAttribute("textLength", String(room));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => { if (last && last.container.isConnected) readable(last.container); });
}

// A decision made at one place (activating or declining a location, acting there, discarding from your hand)
// or, once workers are picked, on their destinations brings that place on screen when the decision comes
// (once): a tablet's or a small laptop's board is taller than the screen, and its targets should not wait
// below the fold. A Learn page places its board itself.
let broughtFor = null;
function bringIntoView(root, view) {
  const o = view.observation;
  const key = view.your_turn && !view.over ? `${o.turns_completed}:${o.phase}:${o.current_location}:${picked.from}` : null;
  if (key === broughtFor) return;
  if (!key) broughtFor = key;
  if (!key || root.closest(".learn-board") || typeof window === "undefined" || !root.isConnected) return;
  const code = c.locations[o.current_location];
  let places = [];
  if (o.phase === "discard") places = [root.querySelector(".vs-home-part")];
  else if (o.phase === "act" && code === "cs") places = [root.querySelector(".vs-middle")];
  else if (["decide", "offer", "act"].includes(o.phase)) places = [root.querySelector(`.vs-card[data-card="${code}"]`)];
  else if (o.phase === "move" && picked.from) {
    places = [...root.querySelectorAll(`[data-needs="from:${picked.from}"]:not(.dormant)`)].map((e) => e.closest(".vs-card"));
  } else if (o.phase === "move") places = [...root.querySelectorAll("[data-pick^='from:']")].map((e) => e.closest(".vs-card"));
  const rects = places.filter(Boolean).map((e) => e.getBoundingClientRect()).filter((r) => r.height);
  if (!rects.length) return;   // not laid out yet (the page still opening): the next drawing tries again
  broughtFor = key;
  scrollToShow(root, rects);
  // the page may still add lines above the board (what the others did while you waited): look again once
  // it is laid out, unless the player or another drawing moved the page meanwhile
  const y = window.scrollY;
  if (window.requestAnimationFrame) {
    window.requestAnimationFrame(() => {
      if (window.scrollY !== y || broughtFor !== key || !root.isConnected) return;
      scrollToShow(root, places.filter((e) => e.isConnected).map((e) => e.getBoundingClientRect()).filter((r) => r.height));
    });
  }
}

function scrollToShow(root, rects) {
  if (!rects.length) return;
  const bar = root.querySelector(".vs-decision");
  const barBox = bar ? bar.getBoundingClientRect() : { height: 0, bottom: 0 };
  const bottom = window.innerHeight - 6, under = barBox.height + 6;   // once scrolled, the bar sticks at the top
  const want = { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) };
  if (want.top >= barBox.bottom + 6 && want.bottom <= bottom) return;
  // the whole place under the bar where it fits, else its top
  const by = want.bottom - want.top > bottom - under || want.top < barBox.bottom + 6 ? want.top - under : want.bottom - bottom;
  window.scrollBy(0, by);
}

// One part of the table: an SVG showing the region (x, y, w, h) of the board's coordinates.
function part(x, y, w, h_, label) {
  const svg = svgRoot(w, h_, label);
  svg.setAttribute("viewBox", `${x} ${y} ${w} ${h_}`);
  return svg;
}

function redraw() { if (last) render(last.container, last.view, last.ui); }

// Below a wide screen (a phone, a tablet, a small laptop: the ring in one or two columns of cards) the
// cards are compact; crossing that width redraws the board.
const NARROW_WIDTH = 1279;
const TABLET_WIDTH = 701;   // from here to NARROW_WIDTH the ring is two cards a row (css/boards/versailles.css)
let narrow = false, narrowQuery = null, tablet = false, tabletQuery = null;
function watchWidth() {
  if (narrowQuery || typeof window === "undefined" || !window.matchMedia) return;
  narrowQuery = window.matchMedia(`(max-width: ${NARROW_WIDTH}px)`);
  tabletQuery = window.matchMedia(`(min-width: ${TABLET_WIDTH}px)`);
  for (const q of [narrowQuery, tabletQuery]) q.addEventListener("change", () => { if (last && last.container.isConnected) redraw(); });
}

// A pick stays only while it still leads to a legal move; a sole choice is picked for you.
function settlePicks({ view }) {
  const moves = view.legal.filter((e) => ["move", "move2", "jump"].includes(e.action.name));
  const sources = [...new Set(moves.map((e) => e.action.args[0]))];
  if (!sources.includes(picked.from)) picked.from = sources.length === 1 ? sources[0] : null;
  const tiles = [...new Set(view.legal.filter((e) => e.action.name === "build").map((e) => e.action.args[0]))];
  if (!tiles.includes(picked.tile)) picked.tile = tiles.length ? tiles[0] : null;
  const clears = view.legal.filter((e) => e.action.name === "clear");
  const slots = new Set(clears.flatMap((e) => e.action.args));
  picked.clear = clears.length ? picked.clear.filter((slot) => slots.has(slot)) : [];
}

// ---------------------------------------------------------------- small artwork
// A palace tile: its four edges drawn as indoor walls (burgundy, a door line) or outdoor hedges (green,
// shrubs), its VP in the middle and the decorations it needs below them. (x, y) is its top-left corner.
function tileArt(x, y, size, id, opts = {}) {
  const tile = c.tiles[id];
  const g = group({ class: `vs-tile ${opts.ghost ? "ghost" : ""}`, "data-tile": String(id) });
  if (!tile) return g;
  const edges = tile.edges || "IIII";
  const indoor = [...edges].filter((e) => e === "I").length;
  g.append(s("rect", { x, y, width: size, height: size, rx: size * 0.06, class: "hit-area vs-tile-base", fill: indoor >= 2 ? PARQUET : LAWN }));
  const b = size * 0.17;
  const corners = [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];
  const inner = [[x + b, y + b], [x + size - b, y + b], [x + size - b, y + size - b], [x + b, y + size - b]];
  for (let d = 0; d < 4; d++) {
    const a = corners[d], z = corners[(d + 1) % 4], ia = inner[d], iz = inner[(d + 1) % 4];
    const isIn = edges[d] === "I";
    g.append(s("polygon", { points: `${a[0]},${a[1]} ${z[0]},${z[1]} ${iz[0]},${iz[1]} ${ia[0]},${ia[1]}`,
      fill: isIn ? INDOOR : OUTDOOR, class: `vs-edge ${isIn ? "indoor" : "outdoor"}`, "data-edge": isIn ? "indoor" : "outdoor" }));
    const mx = (a[0] + z[0] + ia[0] + iz[0]) / 4, my = (a[1] + z[1] + ia[1] + iz[1]) / 4;
    if (isIn) {  // a door in the wall
      const horizontal = d % 2 === 0;
      g.append(s("rect", { x: mx - (horizontal ? b * 0.55 : b * 0.18), y: my - (horizontal ? b * 0.18 : b * 0.55),
        width: horizontal ? b * 1.1 : b * 0.36, height: horizontal ? b * 0.36 : b * 1.1, class: "vs-door" }));
    } else {     // two shrubs on the hedge
      const dx = d % 2 === 0 ? size * 0.16 : 0, dy = d % 2 === 0 ? 0 : size * 0.16;
      for (const k of [-1, 1]) g.append(s("circle", { cx: mx + k * dx, cy: my + k * dy, r: b * 0.26, class: "vs-shrub" }));
    }
  }
  // its VP (not on a thumbnail too small to read it: the tooltip says it)
  if (size >= 40) g.append(s("text", { x: x + size / 2, y: y + size * (tile.decorations ? 0.42 : 0.5), class: "vs-tile-vp", "text-anchor": "middle",
    "dominant-baseline": "central", style: `--vp-size: ${size * 0.24}px` }, String(tile.vp)));
  const needs = [...(tile.decorations || "")];
  needs.forEach((code, i) => g.append(decorationIcon(x + size / 2 + (i - (needs.length - 1) / 2) * size * 0.2, y + size * 0.66,
    decorationIndex(code), size * 0.085)));
  tip(g, opts.tip || tileText(id));
  return g;
}

function tileText(id) {
  const tile = c.tiles[id];
  if (!tile) return "";
  const needs = [...(tile.decorations || "")].map((code) => decorationName(decorationIndex(code)));
  const edges = [...tile.edges].map((e, d) => T("edge", { direction: d, edge: e }));
  return T("tile_tip", { tile: id, workers: tile.workers, cost: costWords(tile.cost),
    decorations: needs.length ? needs.join(t("web.list_separator")) : T("none"), vp: tile.vp, edges: edges.join(t("web.list_separator")) });
}

// A decoration as a small badge with its own shape: fountain, statue, topiary (gardens), painting,
// chandelier, tapestry (rooms).
function decorationIcon(x, y, k, r, opts = {}) {
  const d = c.decorations[k] || { code: "?" };
  const colour = DECORATION_COLOURS[d.code] || "#777";
  const g = group({ class: "piece decoration", "data-piece": "decoration", "data-decoration": d.code, "data-colour": colour });
  g.append(s("circle", { cx: x, cy: y, r, fill: colour, class: "deco-badge" }));
  const ink = inkOn(colour), k2 = r * 0.55;
  const line = (points) => s("polyline", { points, fill: "none", stroke: ink, "stroke-width": r * 0.16, "stroke-linecap": "round" });
  if (d.code === "F") g.append(line(`${x - k2},${y + k2 * 0.2} ${x - k2 * 0.6},${y + k2 * 0.8} ${x + k2 * 0.6},${y + k2 * 0.8} ${x + k2},${y + k2 * 0.2}`),
    line(`${x},${y + k2 * 0.6} ${x},${y - k2}`), line(`${x - k2 * 0.6},${y - k2 * 0.3} ${x},${y - k2} ${x + k2 * 0.6},${y - k2 * 0.3}`));
  else if (d.code === "S") g.append(s("circle", { cx: x, cy: y - k2 * 0.7, r: r * 0.2, fill: ink }), line(`${x},${y - k2 * 0.4} ${x},${y + k2 * 0.4}`),
    line(`${x - k2 * 0.7},${y + k2 * 0.9} ${x + k2 * 0.7},${y + k2 * 0.9}`));
  else if (d.code === "T") g.append(s("circle", { cx: x, cy: y - k2 * 0.25, r: r * 0.42, fill: ink }), line(`${x},${y + k2 * 0.2} ${x},${y + k2}`));
  else if (d.code === "P") g.append(s("rect", { x: x - k2, y: y - k2 * 0.75, width: 2 * k2, height: 1.5 * k2, fill: "none", stroke: ink, "stroke-width": r * 0.16 }),
    line(`${x - k2 * 0.6},${y + k2 * 0.4} ${x - k2 * 0.1},${y - k2 * 0.2} ${x + k2 * 0.6},${y + k2 * 0.4}`));
  else if (d.code === "C") g.append(line(`${x - k2},${y - k2 * 0.1} ${x - k2 * 0.5},${y + k2 * 0.6} ${x + k2 * 0.5},${y + k2 * 0.6} ${x + k2},${y - k2 * 0.1}`),
    line(`${x},${y - k2} ${x},${y + k2 * 0.6}`), line(`${x - k2},${y - k2 * 0.1} ${x - k2},${y - k2 * 0.5}`), line(`${x + k2},${y - k2 * 0.1} ${x + k2},${y - k2 * 0.5}`));
  else g.append(s("rect", { x: x - k2 * 0.75, y: y - k2, width: 1.5 * k2, height: 1.6 * k2, fill: ink, opacity: 0.85 }),
    line(`${x - k2 * 0.75},${y + k2 * 0.85} ${x + k2 * 0.75},${y + k2 * 0.85}`));
  if (opts.count !== undefined) {
    g.append(s("text", { x: x + r * 1.2, y, class: "vs-count", "dominant-baseline": "central" }, `×${opts.count}`));
  }
  if (opts.title !== false) tip(g, opts.title || decorationName(k));
  return g;
}

// One resource of a workshop: its cube (always, even at none), the count beside it, the name under it,
// and the pile of cubes it makes (a big cube counts five).
function resourceCount(x, y, resource, amount) {
  const g = group({ class: `vs-pile ${amount ? "" : "none"}`, "data-resource": String(resource), "data-amount": String(amount) });
  g.append(s("rect", { x: x - 6, y: y - 20, width: 128, height: 40, rx: 7, class: "vs-res-back" }));
  g.append(cube(x + 12, y + 2, RESOURCE_COLOURS[resource], { size: 22 }));
  g.append(s("text", { x: x + 32, y: y + 1, class: "vs-res-count", "dominant-baseline": "central" }, String(amount)));
  g.append(s("text", { x: x + 60, y: y + 1, class: "vs-small", "dominant-baseline": "central" }, resourceName(resource)));
  tip(g, T("amount", { n: amount, resource }));
  return g;
}

// A display slot's price to take its tile: a meeple with the number of workers.
function slotPriceArt(x, y, workers) {
  return group({ class: "vs-price" }, meeple(x + 7, y, "#6d5f4b", { size: 15 }),
    s("text", { x: x + 15, y, class: "vs-price-num", "dominant-baseline": "central" }, String(workers)));
}

// A cost as printed: each part (the workers it takes, then each resource it needs; a resource at 0 is simply not
// needed) an icon with its number right of it, two parts a row, each in its own half of `w` so that a number,
// at the size a small drawing raises it to (11 px at 0.6: 19 units), stays apart from the next part's icon.
// (x, y) is the top-left corner; `plate` draws the line's own backing (under a tile, apart from its neighbours').
const COST_ROW = 22;
function costArt(x, y, w, workers, cost, opts = {}) {
  const g = group({ class: `vs-cost ${opts.cls || ""}`.trim() });
  const parts = [...(workers ? [[-1, workers]] : []), ...cost.map((n, i) => [i, n]).filter(([, n]) => n)];
  const rows = Math.ceil(parts.length / 2);
  if (opts.plate) g.append(s("rect", { x, y, width: w, height: 2 * COST_ROW, rx: 5, class: "vs-cost-plate" }));
  parts.forEach(([kind, n], k) => {
    const cx = x + (k % 2) * (w / 2) + w / 4 - 15, cy = y + COST_ROW / 2 + Math.floor(k / 2) * COST_ROW + (rows === 1 && opts.plate ? COST_ROW / 2 : 0);
    g.append(kind < 0 ? meeple(cx + 7, cy, "#6d5f4b", { size: 15 }) : cube(cx + 6, cy + 1, RESOURCE_COLOURS[kind], { size: 11 }),
      s("text", { x: cx + 17, y: cy, class: "vs-cost-num", "dominant-baseline": "central" }, String(n)));
  });
  return g;
}

function crown(x, y, size) {
  const k = size / 20;
  return s("path", { d: `M${x - 10 * k},${y + 6 * k} L${x - 10 * k},${y - 6 * k} L${x - 5 * k},${y} L${x},${y - 9 * k} L${x + 5 * k},${y} L${x + 10 * k},${y - 6 * k} L${x + 10 * k},${y + 6 * k} Z`,
    fill: KING, class: "vs-crown" });
}

// ---------------------------------------------------------------- the King's track, top edge
// One row beside its name on a wide screen; on a phone (narrow) the name above two rows of spaces.
function drawKingTrack(svg, { o }, narrow = false) {
  const length = c.king_track[String(o.players)] || 11;
  const perRow = narrow ? Math.ceil(length / 2) : length;
  const x0 = narrow ? 10 : 250, y0 = narrow ? 34 : 6, w = narrow ? Math.min(44, 380 / perRow) : Math.min(44, (W - x0 - 30) / length);
  const at = (i) => ({ x: x0 + (i % perRow) * w, y: y0 + Math.floor(i / perRow) * 44 });
  const g = group({ class: "vs-king-track", "aria-label": T("king_track") });
  g.append(s("text", narrow ? { x: 10, y: 16, class: "vs-heading", "dominant-baseline": "central" }
    : { x: 24, y: 26, class: "vs-heading", "dominant-baseline": "central" }, T("king_track")));
  for (let i = 0; i < length; i++) {
    const { x, y } = at(i);
    const end = i === length - 1;
    g.append(s("rect", { x, y, width: w - 4, height: 38, rx: 5, class: `vs-king-cell ${end ? "end" : ""} ${i === o.king_space ? "lit" : ""}` }));
    g.append(s("text", { x: x + (w - 4) / 2, y: y + 33, class: "vs-king-num", "text-anchor": "middle" }, String(i + 1)));
  }
  const king = group({ class: "piece king", "data-piece": "king", "data-space": String(o.king_space) });
  const spot = at(o.king_space);
  king.append(crown(spot.x + (w - 4) / 2, spot.y + 14, 24));
  tip(king, T("king_tip", { space: o.king_space + 1, last: length }));
  changes.mark(king, "king", o.king_space);
  g.append(king);
  svg.append(g);
}

// ---------------------------------------------------------------- a location
function drawLocation(svg, loc, ctx) {
  const { o, view } = ctx;
  const box = locationBox(loc, ctx);
  const code = c.locations[loc];
  const here = o.current_location === loc && ["decide", "act", "offer", "discard"].includes(o.phase);
  const g = group({ class: `vs-location ${here ? "active" : ""}`, "data-location": code });
  const frame = s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 12, class: "vs-loc-frame" });
  tip(frame, T(`loc_tip.${code}`, { location: loc }));
  g.append(frame, s("rect", { x: box.x, y: box.y, width: box.w, height: 34, rx: 12, class: "vs-loc-title-bar" }));
  g.append(s("text", { x: box.x + 12, y: box.y + 18, class: "vs-loc-title", "dominant-baseline": "central" }, locationName(loc)));
  // activation markers: a pennant in each colour whose last activation was here
  o.activation_markers.forEach((m, p) => {
    if (m !== loc) return;
    const fx = box.x + box.w - 18 - p * 20;
    const flag = group({ class: "piece marker", "data-piece": "marker", "data-colour": SEAT_COLOURS[p], "data-seat": String(p) },
      s("line", { x1: fx, y1: box.y + 6, x2: fx, y2: box.y + 30, class: "vs-flag-pole" }),
      s("polygon", { points: `${fx},${box.y + 6} ${fx + 14},${box.y + 11} ${fx},${box.y + 16}`, fill: SEAT_COLOURS[p], class: "vs-flag" }));
    tip(flag, T("marker_tip", { seat: p, location: loc }));
    changes.mark(flag, `marker:${p}`, m);
    g.append(flag);
  });
  const stripEnd = drawWorkers(g, loc, box, ctx);
  const inside = { x: box.x + 10, y: box.y + INSIDE_Y, w: box.w - 20, h: box.h - INSIDE_Y - 6 };
  if (folded(ctx)) drawFolded(g, inside, code, ctx);
  else if (code === "kf") drawKingsFavor(g, inside, ctx);
  else if (code in RESOURCE_AT) drawMine(g, inside, code, ctx);
  else if (code === "ag") drawGuild(g, inside, ctx);
  else if (code === "ws") drawWorkshop(g, inside, ctx);
  else if (code === "al") drawAlchemists(g, inside, ctx);
  else if (code === "cs") drawSiteLocation(g, inside, ctx);
  if (here && view.your_turn && o.phase !== "act") drawLocationControls(g, box, loc, ctx);
  // the workers left to spend at the strip's right end, unless many players' workers fill it (the decision bar says it too)
  if (here && o.phase === "act" && stripEnd <= box.x + box.w - BUDGET_W) g.append(s("text", { x: box.x + box.w - 12, y: box.y + 64, class: "vs-budget", "text-anchor": "end", "dominant-baseline": "central" },
    T("budget", { n: o.unspent_workers })));
  drawDestinations(g, box, code, ctx);
  // workers to pick stay above a destination drawn over their card (picking them there switches the source)
  for (const workers of g.querySelectorAll(":scope > .vs-workers.pickable")) g.append(workers);
  svg.append(g);
}

// A folded card (a tablet, while you move workers): under its strip of workers one line of what it holds —
// the mines' yield, the display's tiles, the decorations left, each player's technology levels, the waiting
// new workers; the rest on hover and once it unfolds.
function drawFolded(g, area, code, ctx) {
  const { o } = ctx;
  g.classList.add("folded");
  const y = area.y + 22;
  if (code in RESOURCE_AT) {
    const yields = (c.yields[code] || { amounts: [1, 2, 3] }).amounts;
    g.append(s("text", { x: area.x, y, class: "vs-small", "dominant-baseline": "central" }, T("yield_line", { resource: RESOURCE_AT[code], amounts: yields.join("/") })));
  } else if (code === "ag") {
    o.tile_display.forEach((id, i) => { if (id >= 0) g.append(tileArt(area.x + i * 48, y - 20, 42, id)); });
  } else if (code === "ws") {
    c.decorations.forEach((d, k) => {
      const x = area.x + 12 + k * 62;
      g.append(decorationIcon(x, y, k, 11, { count: o.decoration_supply[k] }));
    });
  } else if (code === "al") {
    // three players a line (four or five would run each one's levels into the next one's disc)
    const perLine = o.players > 3 ? 3 : o.players, step = Math.min(96, area.w / perLine);
    o.technology_levels.forEach((levels, p) => {
      const x = area.x + (p % perLine) * step, y_ = o.players > 3 ? area.y + 12 + Math.floor(p / perLine) * 22 : y;
      g.append(disc(x + 6, y_, SEAT_COLOURS[p], { r: 6 }), s("text", { x: x + 14, y: y_, class: "vs-count", "dominant-baseline": "central" }, levels.join("/")));
    });
  } else if (code === "kf") {
    const x0 = o.players <= 3 ? 130 : 0, step = Math.min(50, (area.w - x0) / o.players);
    if (x0) g.append(s("text", { x: area.x, y, class: "vs-small", "dominant-baseline": "central" }, T("new_workers_short")));
    o.workers_off_board.forEach(([cheap, dear], p) => {
      const x = area.x + x0 + 10 + p * step;
      g.append(meeple(x, y, SEAT_COLOURS[p], { size: 22 }), s("text", { x: x + 12, y: y + 2, class: "vs-count", "dominant-baseline": "central" }, String(cheap + dear)));
    });
  } else if (code === "cs") {
    g.append(s("text", { x: area.x, y, class: "vs-small", "dominant-baseline": "central" }, T("site_location_1")));
  }
}

// Each player's workers on the location as meeples in their colour (a number beside them past four).
function drawWorkers(g, loc, box, ctx) {
  const { o, me, view, entries } = ctx;
  const code = c.locations[loc];
  const canPick = (p) => p === me && view.your_turn && entries("move").concat(entries("move2"), entries("jump")).some((e) => e.action.args[0] === code);
  // up to three meeples a player (then "×n"); where the strip would pass the card (the workers left to spend
  // written at its right end during an action), one meeple each and "×n". Your workers to pick stay a target's size.
  const seats = o.workers_at.map((row, p) => [p, row[loc]]).filter(([, n]) => n);
  const widthOf = (p, n, most) => Math.max(canPick(p) ? TARGET : 0, Math.min(n, most) * 17 + (n > most ? 26 : 0) + 22);
  const room = box.w - 20 - (o.current_location === loc && o.phase === "act" ? BUDGET_W : 0);
  const most = seats.reduce((sum, [p, n]) => sum + widthOf(p, n, 3) + 8, 0) <= room ? 3 : 1;
  let x = box.x + 14;
  const y = box.y + 64;
  for (const [p, n] of seats) {
    const group_ = group({ class: "vs-workers", "data-seat": String(p), "data-count": String(n) });
    const shown = Math.min(n, most);
    const width = widthOf(p, n, most);
    group_.append(s("rect", { x: x - 6, y: y - TARGET / 2, width, height: TARGET, rx: 8, class: "hit-area vs-workers-area" }));
    for (let i = 0; i < shown; i++) group_.append(meeple(x + 11 + i * 17, y, SEAT_COLOURS[p], { size: 28 }));
    if (n > shown) group_.append(s("text", { x: x + 8 + shown * 17, y: y + 2, class: "vs-count", "dominant-baseline": "central" }, `×${n}`));
    tip(group_, T("workers_tip", { seat: p, n, location: loc }));
    changes.mark(group_, `workers:${loc}:${p}`, n);
    if (canPick(p)) {
      pickable(group_, `from:${code}`, picked.from === code, (key) => { picked.from = picked.from === code ? null : key.slice(5); redraw(); },
        T("pick_workers", { location: loc, n }));
    }
    g.append(group_);
    x += width + 8;
  }
  return x - 8;
}

// The destinations of the picked workers: the location itself (a regular move or a jump) and, for a
// move of two workers, a chip on it. All are in the page; only the picked source's are shown.
function drawDestinations(g, box, code, ctx) {
  const { view, ui } = ctx;
  const here = view.legal.filter((e) => ["move", "move2", "jump"].includes(e.action.name) && e.action.args[1] === code);
  for (const entry of [...here.filter((e) => e.action.name !== "move2"), ...here.filter((e) => e.action.name === "move2")]) {
    const { name, args } = entry.action;
    const key = `from:${args[0]}`;
    const shown = picked.from === args[0];
    if (name === "move2") {
      const chip = svgButton(box.x + box.w - 150, box.y + box.h - TARGET - 6, 140, TARGET, T("two_workers"), { cls: "vs-chip" });
      g.append(dormant(target(chip, entry, ui), key, shown));
      continue;
    }
    const pad = group({ class: `vs-drop ${name}` });
    pad.append(s("rect", { x: box.x + 2, y: box.y + 2, width: box.w - 4, height: box.h - 4, rx: 11, class: "hit-area vs-drop-area" }));
    pad.append(s("text", { x: box.x + 14, y: box.y + box.h - 26, class: "vs-drop-text", "dominant-baseline": "central" },
      name === "jump" ? T("jump_here") : T("move_here")));
    g.append(dormant(target(pad, entry, ui), key, shown));
  }
}

// Activate / decline (and, in an activation, Done and the flips) drawn on the location itself.
function drawLocationControls(g, box, loc, ctx) {
  const { o, has, ui } = ctx;
  const buttons = [];
  const activate = has("activate"), pass = has("pass");
  if (activate) buttons.push([activate, o.phase === "offer" ? T("also_activate") : T("activate")]);
  if (pass) buttons.push([pass, T("decline")]);
  if (!buttons.length) return;
  const bw = (box.w - 20 - (buttons.length - 1) * 8) / buttons.length;
  const panel = group({ class: "vs-loc-controls" });
  panel.append(s("rect", { x: box.x + 4, y: box.y + box.h - TARGET - 14, width: box.w - 8, height: TARGET + 10, rx: 8, class: "vs-controls-back" }));
  buttons.forEach(([entry, text], i) => {
    const b = svgButton(box.x + 10 + i * (bw + 8), box.y + box.h - TARGET - 8, bw, TARGET, text, { cls: "vs-loc-button" });
    panel.append(target(b, entry, ui));
  });
  g.append(panel);
}

// King's Favor: each player's two new-worker spaces (3 and 2 workers to recruit), the recruit targets.
function drawKingsFavor(g, area, ctx) {
  const { o, me, legal, ui, view } = ctx;
  const n = o.players;
  const colW = Math.min(TARGET + 8, area.w / n);
  // its short name here (the whole sentence on hover): at 11 px or more the long one would pass the card
  g.append(tip(s("text", { x: area.x, y: area.y + 6, class: "vs-small", "dominant-baseline": "central" }, T("new_workers_short")), T("new_workers")));
  o.workers_off_board.forEach(([cheap, dear], p) => {
    const x = area.x + p * colW;
    [[dear, c.recruit_workers.expensive, "expensive"], [cheap, c.recruit_workers.cheap, "cheap"]].forEach(([waiting, price, kind], k) => {
      const y = area.y + 20 + k * (TARGET + 4);  // two rows of spaces: the expensive worker above the cheap one
      const spot = group({ class: `vs-new-worker ${kind}`, "data-seat": String(p), "data-waiting": waiting ? "1" : "0" });
      spot.append(s("rect", { x, y, width: Math.min(TARGET, colW - 2), height: TARGET, rx: 6, class: "hit-area vs-new-space" }));
      spot.append(s("text", { x: x + colW - 9, y: y + TARGET - 8, class: "vs-space-price", "text-anchor": "end" }, String(price)));
      if (waiting) spot.append(meeple(x + 17, y + TARGET / 2 - 2, SEAT_COLOURS[p], { size: 28 }));
      tip(spot, waiting ? T("new_worker_tip", { seat: p, workers: price }) : T("new_worker_gone", { seat: p }));
      changes.mark(spot, `new:${p}:${kind}`, waiting);
      // recruiting takes the expensive worker first, then the cheap one
      const recruit = legal.get("recruit");
      if (p === me && recruit && view.your_turn && waiting && (kind === "expensive" || !dear)) target(spot, recruit, ui);
      g.append(spot);
    });
  });
}

// A mine or the mill: the pile of its resource and what 1, 2, 3 workers collect.
function drawMine(g, area, code) {
  const resource = RESOURCE_AT[code];
  const yields = (c.yields[code] || { amounts: [1, 2, 3] }).amounts;
  for (let i = 0; i < 7; i++) g.append(cube(area.x + 30 + (i % 4) * 20 + (i >= 4 ? 10 : 0), area.y + 40 - (i >= 4 ? 14 : 0), RESOURCE_COLOURS[resource], { size: 18 }));
  yields.forEach((amount, k) => {
    const x = area.x + 128 + k * 60, y = area.y + 26;
    g.append(meeple(x, y, "#6d5f4b", { size: 18 }), s("text", { x: x + 10, y: y + 2, class: "vs-small", "dominant-baseline": "central" }, `${k + 1}`));
    g.append(cube(x + 8, y + 30, RESOURCE_COLOURS[resource], { size: 14 }), s("text", { x: x + 20, y: y + 30, class: "vs-small", "dominant-baseline": "central" }, `${amount}`));
  });
  g.append(s("text", { x: area.x, y: area.y + 100, class: "vs-small" }, T("yield_line", { resource, amounts: yields.join("/") })));
}

// The Architects' Guild: the five palace tiles on display, the workers each slot costs, and the
// discard (1 worker) and clear-three (2 workers) choices.
function drawGuild(g, area, ctx) {
  const { o, legal, ui, view } = ctx;
  const size = 68, step = (area.w - size) / 4;
  const clears = view.legal.filter((e) => e.action.name === "clear");
  o.tile_display.forEach((id, i) => {
    const x = area.x + i * step, y = area.y - 2;
    const slot = group({ class: "vs-slot", "data-slot": String(i + 1) });
    slot.append(s("rect", { x: x - 2, y: y - 2, width: size + 4, height: size + 4, rx: 6, class: "vs-slot-frame" }));
    if (id >= 0) {
      const tile = tileArt(x, y, size, id);
      const take = legal.get(`take ${i + 1}`);
      if (take && view.your_turn) target(tile, take, ui, { tip: `${take.label}\n${tileText(id)}` });
      slot.append(tile);
    }
    // what building it costs, on a plate at the tile's foot (workers, then each resource), then the slot's price to take it
    if (id >= 0 && c.tiles[id]) slot.append(costArt(x - 2, y + size + 4, size + 4, c.tiles[id].workers, c.tiles[id].cost, { plate: true }));
    // the slot's price in workers to take its tile (the words on hover: at 11 px "Take" and the price pass the slot)
    const take = group({ class: "vs-take-price" }, s("rect", { x: x - 2, y: y + size + 52, width: size + 4, height: 22, rx: 5, class: "vs-take-back" }));
    take.append(slotPriceArt(x + size / 2 - 14, y + size + 63, c.slot_workers[i]));
    tip(take, T("slot_tip", { slot: i + 1, workers: c.slot_workers[i] }));
    slot.append(take);
    changes.mark(slot, `slot:${i}`, id);
    const remove = legal.get(`remove ${i + 1}`);
    if (remove && view.your_turn) slot.append(target(svgButton(x - 2, y + size + 78, size + 4, TARGET, T("discard_short"), { cls: "vs-chip small" }), remove, ui));
    if (clears.length && id >= 0 && clears.some((e) => e.action.args.includes(i + 1))) {
      const on = picked.clear.includes(i + 1);
      const mark = group({ class: "vs-clear-mark" }, s("rect", { x: x - 2, y: y + size + 138, width: size + 4, height: TARGET, rx: 5, class: "hit-area" }),
        s("text", { x: x + size / 2, y: y + size + 138 + TARGET / 2, "text-anchor": "middle", "dominant-baseline": "central", class: "vs-small" }, on ? T("marked") : T("mark")));
      pickable(mark, `clear:${i + 1}`, on, () => {
        picked.clear = on ? picked.clear.filter((k) => k !== i + 1) : [...picked.clear, i + 1].slice(-3);
        redraw();
      }, T("mark_tip", { slot: i + 1, workers: c.remove_workers.three }));
      slot.append(mark);
    }
    g.append(slot);
  });
}

// The Workshop: the decoration supply by kind, each with what it costs.
function drawWorkshop(g, area, ctx) {
  const { o, legal, ui, view } = ctx;
  c.decorations.forEach((d, k) => {
    const col = k % 3, row = Math.floor(k / 3);
    const x = area.x + col * (area.w / 3), y = area.y + row * (TARGET + 6);
    const kind = group({ class: "vs-supply", "data-decoration": d.code, "data-left": String(o.decoration_supply[k]) });
    kind.append(s("rect", { x, y, width: area.w / 3 - 8, height: TARGET, rx: 7, class: "hit-area vs-supply-space" }));
    kind.append(decorationIcon(x + 20, y + 20, k, 15, { title: false }));
    kind.append(s("text", { x: x + 20, y: y + 46, class: "vs-count", "text-anchor": "middle", "dominant-baseline": "central" }, `×${o.decoration_supply[k]}`));
    const price = c.decoration_prices[k] || { workers: 1, cost: [0, 0, 0] };
    kind.append(costArt(x + 38, y + 6, area.w / 3 - 48, 0, price.cost, { cls: "vs-price" }));
    const text = T("decoration_tip", { decoration: k, cost: costWords(price.cost), workers: price.workers, left: o.decoration_supply[k],
      place: d.indoor ? T("indoor") : T("outdoor") });
    tip(kind, text);
    const buy = legal.get(`buy ${d.code.toLowerCase()}`);
    if (buy && view.your_turn) target(kind, buy, ui, { tip: `${buy.label}\n${text}` });
    changes.mark(kind, `supply:${k}`, o.decoration_supply[k]);
    g.append(kind);
  });
}

// The Alchemists' Guild: the three technology tracks (levels 0–3) with every player's marker.
function drawAlchemists(g, area, ctx) {
  const { o, me, legal, ui, view } = ctx;
  c.tech_tracks.forEach((track, k) => {
    const y = area.y + k * (TARGET + 2);
    // wrapped for the size a small drawing raises it to (11 px at 0.6)
    const lines = labelLines(trackName(track), area.w - 3 * (TARGET + 2) - 52, 18);
    lines.forEach((line, i) => g.append(s("text", { x: area.x, y: y + TARGET / 2 + (i - (lines.length - 1) / 2) * 19, class: "vs-small",
      "dominant-baseline": "central" }, line)));
    for (let level = 0; level <= 3; level++) {
      // the start (level 0, never a target) narrower than the three levels to reach
      const x = level ? area.x + area.w - (4 - level) * (TARGET + 2) + 2 : area.x + area.w - 3 * (TARGET + 2) - 48, w = level ? TARGET : 46;
      const cell = group({ class: "vs-tech-cell", "data-track": track, "data-level": String(level) });
      cell.append(s("rect", { x, y, width: w, height: TARGET, rx: 6, class: `hit-area vs-tech-space ${level ? "" : "start"}` }));  // 0: the start
      cell.append(s("text", { x: x + w - 6, y: y + 10, class: "vs-tech-num", "text-anchor": "end", "dominant-baseline": "central" }, String(level)));
      o.technology_levels.forEach((levels, p) => {
        if (levels[k] !== level) return;
        const slot = [...o.technology_levels.keys()].filter((q) => o.technology_levels[q][k] === level).indexOf(p);
        cell.append(disc(x + 10 + (slot % 3) * 13, y + 26 + Math.floor(slot / 3) * 15, SEAT_COLOURS[p], { r: 7 }));
      });
      if (level > 0) {
        const price = (c.tech_prices[track] || [])[level - 1] || { workers: 1, cost: [0, 0, 0] };
        const effect = show((c.tech_effects[track] || [])[level - 1]);
        tip(cell, T("tech_tip", { track, level, cost: costWords(price.cost), workers: price.workers, effect }));
        const advance = legal.get(`tech ${track}`);
        if (advance && view.your_turn && me !== null && o.technology_levels[me][k] + 1 === level) target(cell, advance, ui, { tip: `${advance.label}` });
      }
      changes.mark(cell, `tech:${track}:${level}`, o.technology_levels.map((levels) => levels[k] === level));
      g.append(cell);
    }
  });
}

// A label in one line, or two where one would pass `width` units at `size`: split at the space nearest its
// middle, else (Chinese) after as many characters as the first line holds. A CJK character is 1 em wide, another about .6.
function labelLines(text, width, size) {
  const em = (ch) => (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.6) * size;
  const chars = [...text];
  if (chars.reduce((sum, ch) => sum + em(ch), 0) <= width) return [text];
  const spaces = chars.map((ch, i) => (ch === " " ? i : -1)).filter((i) => i > 0);
  if (spaces.length) {
    const cut = spaces.reduce((best, i) => (Math.abs(i - chars.length / 2) < Math.abs(best - chars.length / 2) ? i : best));
    return [chars.slice(0, cut).join(""), chars.slice(cut + 1).join("")];
  }
  if (!/[\u2e80-\uffff]/.test(text)) return [text];   // one word of a spaced script stays whole (the estimate is generous)
  let cut = 0, used = 0;
  while (cut < chars.length - 1 && used + em(chars[cut]) <= width) used += em(chars[cut++]);
  return [chars.slice(0, Math.max(1, cut)).join(""), chars.slice(Math.max(1, cut)).join("")];
}

function drawSiteLocation(g, area) {
  g.append(s("text", { x: area.x, y: area.y + 14, class: "vs-small" }, T("site_location_1")));
  // the site lies above this card on the printed table, below the ring where the cards reflow (phone, tablet)
  g.append(s("text", { x: area.x, y: area.y + 36, class: "vs-small" }, T(narrow ? "site_location_2_below" : "site_location_2")));
  const x = area.x + area.w / 2, [base, tip_] = narrow ? [area.y + 64, area.y + 90] : [area.y + 90, area.y + 64];
  g.append(s("polygon", { points: `${x - 18},${base} ${x + 18},${base} ${x},${tip_}`, class: "vs-arrow-head soft" }));
}

// ---------------------------------------------------------------- the construction site (the palace)
function drawSite(svg, ctx) {
  const { o, view, ui, site } = ctx;
  const g = group({ class: "vs-site", "aria-label": T("site") });
  g.append(s("rect", { x: site.x0 - 14, y: site.y0 - 14, width: site.w + 28, height: site.h + 28, rx: 10, class: "vs-site-frame" }));
  const builds = view.legal.filter((e) => e.action.name === "build");
  for (let cell = 0; cell < site.cols * site.rows; cell++) {
    if (!site.open(cell)) continue;
    const { x, y } = site.cell(cell);
    const spot = group({ class: "vs-cell", "data-cell": cellLabel(cell) });
    spot.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: "vs-cell-ground" }));
    const id = o.construction_site[cell];
    if (id >= 0) spot.append(tileArt(x + 4, y + 4, CELL - 8, id));
    else spot.append(s("text", { x: x + CELL / 2, y: y + CELL / 2, class: "vs-cell-label", "text-anchor": "middle", "dominant-baseline": "central" }, cellLabel(cell)));
    changes.mark(spot, `cell:${cell}`, id);
    for (const entry of builds) {
      if (entry.action.args[1] !== cell) continue;
      const ghost = tileArt(x + 4, y + 4, CELL - 8, entry.action.args[0], { ghost: true, tip: entry.label });
      spot.append(dormant(target(ghost, entry, ui, { tip: entry.label }), `tile:${entry.action.args[0]}`, picked.tile === entry.action.args[0]));
    }
    g.append(spot);
  }
  svg.append(g);
}

// ---------------------------------------------------------------- left of the site: your workshop
function drawHome(svg, ctx) {
  const { o, me, focus, view, ui, entries } = ctx;
  const p = focus;
  const g = group({ class: "vs-home", "data-seat": String(p), style: `--seat: ${SEAT_COLOURS[p]}` });
  g.append(s("rect", { x: HOME.x, y: HOME.y, width: HOME.w, height: HOME.h, rx: 10, class: "vs-home-frame" }));
  g.append(s("rect", { x: HOME.x, y: HOME.y, width: 10, height: HOME.h, rx: 4, fill: SEAT_COLOURS[p] }));
  const who = me === p ? T("your_workshop", { seat: p }) : T("workshop_of", { seat: p });
  g.append(s("text", { x: HOME.x + 22, y: HOME.y + 22, class: "vs-heading", "dominant-baseline": "central" }, `${who} · ${T("vp", { n: o.vp[p] })}`));
  // resources
  o.resources[p].forEach((amount, r) => {
    const pile = resourceCount(HOME.x + 22 + r * 138, HOME.y + 62, r, amount);
    changes.mark(pile, `res:${p}:${r}`, amount);
    g.append(pile);
  });
  // decorations held
  let dx = HOME.x + 26;
  c.decorations.forEach((d, k) => {
    if (!o.decorations[p][k]) return;
    g.append(decorationIcon(dx, HOME.y + 104, k, 13, { count: o.decorations[p][k] }));
    dx += 58;
  });
  if (dx === HOME.x + 26) g.append(s("text", { x: dx - 4, y: HOME.y + 104, class: "vs-small muted", "dominant-baseline": "central" }, T("no_decorations")));
  // double-move tokens: face up (usable) or face down
  for (let k = 0; k < c.double_moves; k++) {
    const up = k < o.double_moves_face_up[p];
    g.append(token(HOME.x + HOME.w - 70 + k * 34, HOME.y + 22, up ? SEAT_COLOURS[p] : "#9a9385",
      { size: 28, label: up ? "2" : null, faceDown: !up, title: up ? T("double_up") : T("double_down") }));
  }
  // tiles in hand: pick one to build (its cells light up on the site), or discard at the hand limit
  g.append(s("text", { x: HOME.x + 22, y: HOME.y + 130, class: "vs-small", "dominant-baseline": "central" }, T("hand", { n: o.hands[p].length, limit: c.hand_limit })));
  const size = 62, step = 84;
  const buildable = new Set(entries("build").map((e) => e.action.args[0]));
  o.hands[p].forEach((id, i) => {
    const x = HOME.x + 28 + i * step, y = HOME.y + 144;
    const holder = group({ class: "vs-hand-tile", "data-tile": String(id) });
    holder.append(s("rect", { x: x - 4, y: y - 4, width: size + 8, height: size + 8, rx: 7, class: "hit-area" }));
    holder.append(tileArt(x, y, size, id));
    const tile = c.tiles[id];
    if (tile) holder.append(costArt(x - 6, y + size + 2, size + 12, tile.workers, tile.cost, { plate: true }));
    const discard = view.your_turn && me === p ? ctx.legal.get(`discard ${id}`) : null;
    if (discard) target(holder, discard, ui, { tip: `${discard.label}\n${tileText(id)}` });
    else if (buildable.has(id) && me === p) {
      pickable(holder, `tile:${id}`, picked.tile === id, () => { picked.tile = id; redraw(); }, T("pick_tile", { tile: id }));
    }
    changes.mark(holder, `hand:${p}:${id}`, true);
    g.append(holder);
  });
  if (!o.hands[p].length) g.append(s("text", { x: HOME.x + 22, y: HOME.y + 180, class: "vs-small muted" }, T("no_tiles")));
  svg.append(g);
}

// ---------------------------------------------------------------- right of the site: stack and players
function drawSide(svg, { o, me }) {
  const g = group({ class: "vs-side" });
  g.append(s("rect", { x: SIDE.x, y: SIDE.y, width: SIDE.w, height: SIDE.h, rx: 10, class: "vs-side-frame" }));
  // the face-down palace stack and the discard pile (counts only: the stack's order is nobody's)
  const stack = group({ class: "vs-stack", "data-count": String(o.stack_size) });
  for (let i = Math.min(4, o.stack_size) - 1; i >= 0; i--) {
    stack.append(s("rect", { x: SIDE.x + 14 + i * 3, y: SIDE.y + 10 - i * 3, width: 40, height: 40, rx: 4, class: "vs-tile-back" }));
  }
  stack.append(s("text", { x: SIDE.x + 68, y: SIDE.y + 30, class: "vs-small", "dominant-baseline": "central" },
    T("stack", { n: o.stack_size, discards: o.discard_pile.length })));
  tip(stack, T("stack_tip", { n: o.stack_size, discards: o.discard_pile.length }));
  g.append(stack);
  const rowH = Math.min(46, (SIDE.h - 64) / o.players);
  o.vp.forEach((vp, p) => {
    const y = SIDE.y + 60 + p * rowH;
    const row = group({ class: `vs-player-row ${p === me ? "me" : ""} ${o.mover === p && !o.over ? "to-move" : ""}`, "data-seat": String(p) });
    row.append(s("rect", { x: SIDE.x + 6, y, width: SIDE.w - 12, height: rowH - 4, rx: 6, class: "vs-row-back" }));
    const mid = y + rowH / 2 - 2;
    row.append(disc(SIDE.x + 22, mid, SEAT_COLOURS[p], { r: 9 }));
    for (let k = 0; k < c.double_moves; k++) {   // double-move tokens, face up or down
      const up = k < o.double_moves_face_up[p];
      row.append(token(SIDE.x + 42 + k * 15, mid, up ? SEAT_COLOURS[p] : "#9a9385", { size: 12, faceDown: !up }));
    }
    // the name and VP up to the first cube (squeezed there if a wide name at 11 px would pass it: FIT)
    row.append(s("text", { x: SIDE.x + 68, y: mid, class: "vs-row-name", "dominant-baseline": "central", [FIT]: "111" },
      `${named(GAME, "seat", p, String(p))} ${T("vp", { n: vp })}`));
    o.resources[p].forEach((n, r) => {
      row.append(cube(SIDE.x + 192 + r * 40, mid, RESOURCE_COLOURS[r], { size: 14 }),
        s("text", { x: SIDE.x + 204 + r * 40, y: mid, class: "vs-small", "dominant-baseline": "central" }, String(n)));
    });
    const decorations = o.decorations[p].reduce((a, b) => a + b, 0);
    row.append(decorationIcon(SIDE.x + 320, mid, Math.max(0, o.decorations[p].findIndex((n) => n > 0)), 9, { count: decorations, title: T("decorations_count", { n: decorations }) }));
    o.hands[p].forEach((id, i) => row.append(tileArt(SIDE.x + 360 + i * 18, mid - 8, 17, id)));
    tip(row, T("player_tip", { seat: p, vp, wood: o.resources[p][0], marble: o.resources[p][1], gold: o.resources[p][2], decorations, hand: o.hands[p].length, up: o.double_moves_face_up[p] }));
    g.append(row);
  });
  svg.append(g);
}

// ---------------------------------------------------------------- above the board: the decision
function decisionBar(ctx) {
  const { o, me, view, ui, has } = ctx;
  const bar = h("div", { class: `vs-decision ${view.over ? "over" : ""}`, "data-decision": o.phase });
  const length = c.king_track[String(o.players)] || 11;
  const when = T("turn_line", { turn: o.turns_completed + 1, space: o.king_space + 1, last: length });
  let say;
  if (view.over) say = T("ask.over", { reason: show(o.end) });
  else if (!view.your_turn) say = T(me === null ? "ask.watching" : "ask.waiting", { seat: o.mover, phase: o.phase });
  else if (o.phase === "move") say = picked.from ? T("ask.move_to", { location: c.locations.indexOf(picked.from) }) : T("ask.move");
  else if (o.phase === "decide") say = T("ask.decide", { location: o.current_location, n: o.workers_at[me][o.current_location] });
  else if (o.phase === "offer") say = T("ask.offer", { location: o.current_location, seat: o.turn_seat, n: o.workers_at[me][o.current_location] });
  else if (o.phase === "discard") say = T("ask.discard", { limit: c.hand_limit });
  else if (o.phase === "act") say = T(`ask.act_${c.locations[o.current_location] || "kf"}`, { location: o.current_location, n: o.unspent_workers });
  else say = T("ask.waiting", { seat: o.mover, phase: o.phase });
  bar.append(h("p", { class: "vs-ask" }, h("strong", {}, when), " ", say));
  const row = h("div", { class: "vs-bar-row" });
  row.append(h("p", { class: "vs-scores", "aria-label": T("scores") }, (o.scores || o.vp).map((vp, p) =>
    h("span", { class: `vs-score ${o.mover === p && !view.over ? "to-move" : ""}`, style: `--seat: ${SEAT_COLOURS[p]}` }, h("i", { class: "swatch" }),
      T("score_of", { seat: p, n: vp })))));
  const controls = h("div", { class: "vs-controls" });
  const words = { activate: o.phase === "offer" ? T("also_activate") : T("activate"), pass: T("decline"), recruit2: T("recruit_both"),
    flip: T("flip"), done: T("done", { n: o.unspent_workers }) };
  for (const name of ["activate", "pass", "recruit2", "flip", "done"]) {
    const entry = has(name);
    if (entry) controls.append(control(entry, words[name], ui, name === "activate" || name === "done" ? "primary" : ""));
  }
  // clearing three tiles at the Architects' Guild: mark three on the display, then confirm here
  const chosen = [...picked.clear].sort((x, y) => x - y).join(" ");
  for (const entry of view.legal.filter((e) => e.action.name === "clear")) {
    const button = control(entry, T("clear_these", { slots: entry.action.args.join(t("web.list_separator")), workers: c.remove_workers.three }), ui, "primary");
    controls.append(dormant(button, `clear:${entry.action.args.join(" ")}`, entry.action.args.join(" ") === chosen));
  }
  if (picked.from && o.phase === "move" && view.your_turn) {
    controls.append(h("button", { class: "board-control", type: "button", onclick: () => { picked.from = null; redraw(); } }, T("cancel_move")));
  }
  row.append(controls);
  bar.append(row);
  if (view.over) bar.append(finalScores(ctx));
  return bar;
}

// The end: each player's points by the rulebook's categories — the tiles built during the game, then
// 1 VP per 3 wood, per 3 marble, per 2 gold, 1 per tile in hand and 3 per decoration — and the winners.
const FINAL_PARTS = ["final.tiles", "final.resources", "final.hand", "final.decorations"];

// scoreBreakdown is shared by the table below and the game page's end-of-game summary.
export function scoreBreakdown(view) {
  const o = view.observation;
  const winners = (view.result && view.result.winners) || [];
  const rows = o.vp.map((built, p) => {
    const resources = o.resources[p].reduce((sum, n, r) => sum + Math.floor(n / c.resource_vp_rate[r]), 0);
    const hand = o.hands[p].length * c.hand_tile_vp;
    const decorations = o.decorations[p].reduce((a, b) => a + b, 0) * c.decoration_vp;
    return { seat: p, values: [built, resources, hand, decorations], total: o.scores[p] };
  });
  // ties share the win (no tie-break): tieBreak says so
  return { categories: FINAL_PARTS.map((part) => T(part)), rows, winners,
    tieBreak: tieBreak(rows.map((r) => r.total), winners, () => null),
    length: { turns: o.turns_completed + 1 } };
}

function finalScores({ view }) {
  const { rows: parts, winners } = scoreBreakdown(view);
  const rows = parts.map(({ seat: p, values, total }) =>
    h("tr", { class: winners.includes(p) ? "winner" : "", "data-final": String(p) },
      h("th", { scope: "row" }, named(GAME, "seat", p, String(p))),
      values.map((v, k) => h("td", { "data-label": T(FINAL_PARTS[k]) }, String(v))),
      h("td", { "data-label": T("final.total") }, h("strong", {}, String(total)))));
  // on a phone each player's row is a card of "label value" lines (css: table.final-cards)
  return h("div", { class: "vs-final-frame" }, h("table", { class: "grid vs-final final-cards" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), FINAL_PARTS.map((part) => h("th", {}, T(part))), h("th", {}, T("final.total")))),
    h("tbody", {}, rows)));
}

// A log entry names its seat in its colour and lights the locations, cell or tile it concerns.
export function logHint([, args]) {
  if (!args || typeof args !== "object") return null;
  const selectors = [];
  for (const key of ["location", "location2", "location3"]) {
    if (Number.isInteger(args[key]) && c.locations[args[key]]) selectors.push(`[data-location="${c.locations[args[key]]}"] > .vs-loc-frame`);
  }
  if (typeof args.cell === "string") selectors.push(`[data-cell="${args.cell}"] > .vs-cell-ground`);
  const seat = Number.isInteger(args.seat) && args.seat >= 0 && args.seat < SEAT_COLOURS.length ? args.seat : null;
  if (seat === null && !selectors.length) return null;
  return { colour: seat === null ? null : SEAT_COLOURS[seat], selectors };
}
