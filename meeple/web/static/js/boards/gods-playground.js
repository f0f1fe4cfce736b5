// God's Playground: the board of the seed ("下面是游戏版图…"): the VP track round the edge, the five
// provinces of the Commonwealth in their places with the enemy territory each one faces, the king's
// corner (army camp, royal army, Cossacks) top left, the 16 phases top right, the round track and the
// recruitment table along the bottom; each family's area below the map. Every move is made on the
// board: tokens are picked from your area and dropped on a province, estates on their slot, treaties on
// the enemy's treaty space, vetoes and seats on the senate, battles on the armies and the royal flags.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { loadContent } from "../content.js";
import { named, tieBreak } from "./common.js";
import { svgRoot, group, cube, disc, meeple, token, die, track, svgButton, tip, target, dormant, pickable,
  control, Changes, tooltips, inkOn } from "./kit.js";

const GAME = "gods-playground";
let c = { provinces: [], enemies: [], estate_slots: [], strength: [], royal_base: [], army_table: [], arrows: [],
  prices: {}, enemy_vp: [], rounds: 4, phases: 16, royal_cubes: 12, camp: 5, cossack_province: 2 };
export async function prepare() { c = await loadContent(GAME); }

// ---------------------------------------------------------------- artwork and geometry (viewBox units)
const W = 1400, H = 1040, RING = 34;
export const FAMILY_COLOURS = ["#f4f0e4", "#1f4fb4", "#c62828"];
export const ENEMY_COLOURS = ["#5bb4e5", "#2e7d32", "#8d5524", "#7b3fa0", "#3a3a3a"];
const ROYAL = "#d9a400", COSSACK = "#556b2f", PARCHMENT = "#efe2c0";
// Province frames (content boxes) and outlines: Prussia north-west, Lithuania north, Great Poland
// west/south-west, Little Poland south, Ukraine south-east (indexes as in the rules: 0 Prussia,
// 1 Lithuania, 2 Ukraine, 3 Little Poland, 4 Great Poland). The three narrow southern provinces are 40 units
// taller than the rest of their row: with two rows of tiles to place (a family's many estates) their noble
// cubes still clear the action spots along the bottom.
const FRAMES = [
  { x: 60, y: 250, w: 500, h: 270 },
  { x: 580, y: 236, w: 420, h: 284 },
  { x: 915, y: 650, w: 290, h: 320 },
  { x: 600, y: 540, w: 300, h: 302 },
  { x: 265, y: 540, w: 320, h: 312 },
];
const OUTLINES = [
  "52,262 140,240 300,252 420,236 566,250 572,400 566,528 420,534 300,528 150,534 52,526",
  "572,250 700,226 840,238 1008,228 1012,380 1006,528 870,532 720,530 574,528 572,400",
  "906,642 1000,646 1100,638 1212,648 1214,810 1210,978 1080,982 960,976 906,970 910,810",
  "592,534 700,528 800,534 908,532 906,642 910,800 906,850 780,854 660,848 592,852",
  "257,536 420,534 566,528 592,534 592,852 460,862 340,858 257,862 252,680",
];
// Enemy territories, each beside the province it borders (enemy e borders province e).
const ENEMY_FRAMES = [
  { x: 430, y: 48, w: 300, h: 176 },   // Swedes: the Baltic, north of Prussia
  { x: 1020, y: 470, w: 330, h: 170 }, // Russia: east of Lithuania
  { x: 1215, y: 650, w: 138, h: 340 }, // Tatars: the steppe south-east of Ukraine
  { x: 600, y: 856, w: 300, h: 140 },  // Ottomans: south of Little Poland
  { x: 50, y: 540, w: 200, h: 290 },   // Habsburgs: west of Great Poland
];
// A phone's enemy cards keep the heights they had before the southern provinces grew on the map.
const CARD_HEIGHTS = { 2: 300, 4: 250 };
const ENEMY_CARDS = ENEMY_FRAMES.map((f, e) => ({ ...f, h: CARD_HEIGHTS[e] ?? f.h }));
const ROYAL_FRAME = { x: 50, y: 48, w: 370, h: 190 };
const SENATE_FRAME = { x: 740, y: 48, w: 270, h: 176 };
const PHASE_FRAME = { x: 1020, y: 48, w: 330, h: 344 };
const DICE_FRAME = { x: 1020, y: 398, w: 330, h: 66 };
const TABLE_FRAME = { x: 50, y: 840, w: 200, h: 156 };
const ROUND_FRAME = { x: 265, y: 866, w: 320, h: 130 };
// A phone or a tablet (a window up to 1000 px) gets no map to pan: each part of the board is its own card, drawn
// by the same code through a viewBox cut to its frame, stacked down the page at about 1 px per unit. A
// province there is a card of its own shape, tall enough to stack a slot's land-manager and city sockets
// (each a full 32 px target) under its disc.
const PHONE_QUERY = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(max-width: 1000px)") : null;
const CARD = { x: 8, y: 8, w: 330 };
const BATTLE_ROW = 76;  // the province of the last battle (while it is news): its dice in a row of their own above the spots

// A province's card on a phone: as tall as what it holds (sockets under the estates, armies, the battle), and
// while you hire there, the purchase panel between its armies and its row of spots (never over its nobles).
function cardOf(i, ctx, battle) {
  const { o, view } = ctx;
  if (folded) return foldedCardOf(i, ctx, battle);
  const sockets = (o.estates[i] || []).some(([, manager, city]) => manager || city)
    || view.legal.some((e) => (e.action.name === "land" || e.action.name === "city") && e.action.args[0] === i);
  const D = sockets ? 2 * SOCKET - 6 : 0;
  const armies = [0, 1, 2].filter((p) => o.units[p][i].some((x) => x)
    || (i === c.cossack_province && (o.cossacks || []).includes(p))).length;
  const content = armies ? 186 + D + 34 * (armies - 1) + 19 : 170 + D;
  const buying = buyingIn(ctx) === i ? purchaseHeight(ctx) + 8 : 0;  // the purchase panel's room
  const h = content + 56 + buying + (battle && battle.province === i ? BATTLE_ROW : 0);
  return { ...CARD, h, sockets, panelY: CARD.y + content + 4 };
}

// A tablet (cards two a row) folds the cards while the cards holding a decision's targets spill past one screen
// unfolded (spillsOver: a special action's senate, five provinces and five enemies; the royal flags): a province
// shows its name (its enemies' cubes beside it), its estates (placed land managers and cities as badges at the
// discs' foot, the sockets to fill as a row of tiles), its nobles' row only where a cube is to move (else their
// counts in its row of spots, where there is room), your army only where it is a target, and its row of spots;
// an enemy a fifth of a row: its name, its strength against the defence and its treaty space. The rest unfolds
// with the next decision.
const FOLD_TILE = 38;      // a socket tile's side on a folded card
const FOLDED_ENEMY = { w: 138, h: 122 };
let folded = false;        // this drawing's cards are folded
let foldedFor = null;      // the decision (and window size) whose cards spilled over: they fold

function foldedCardOf(i, ctx, battle) {
  const { o, me, has, view } = ctx;
  const slots = c.estate_slots[i] || [];
  const toFill = (o.estates[i] || []).reduce((n, _, k) => n + !!has(`land ${i} ${slots[k]}`) + !!has(`city ${i} ${slots[k]}`), 0);
  const tileRows = toFill ? (toFill * (FOLD_TILE + 2) - 2 > CARD.w - 8 ? 2 : 1) : 0;
  const tilesH = tileRows ? 6 + tileRows * (FOLD_TILE + 2) : 0;
  const nobles = view.legal.some((e) => e.action.name === "move" && (e.action.args[0] === i || e.action.args[1] === i));
  const army = me !== null && me !== undefined && !!has(`campaign ${i}`) && o.units[me][i].some((x) => x);
  const content = 72 + tilesH + (nobles ? 42 : 0) + (army ? 38 : 0);
  const buying = buyingIn(ctx) === i ? purchaseHeight(ctx) + 8 : 0;
  const h = content + 52 + buying + (battle && battle.province === i ? BATTLE_ROW : 0);
  return { ...CARD, h, sockets: false, folded: true, tileRows, nobles, army, panelY: CARD.y + content + 4,
    noblesY: CARD.y + 72 + tilesH + 21, armyY: CARD.y + 72 + tilesH + (nobles ? 42 : 0) + 19 };
}

// Whether a tablet's cards (two or more a row) leave a target of your decision off the screen even scrolled
// in: the cards from the highest one holding a target to the lowest target, under the sticky decision bar,
// are taller than the window.
function spillsOver(root, view) {
  if (!view.your_turn || view.over || root.closest(".learn-board")) return false;
  const cards = root.querySelector(".gp-cards");
  if (!cards || getComputedStyle(cards).gridTemplateColumns.split(" ").length < 2) return false;  // a phone's column scrolls
  const shown = [...cards.querySelectorAll("[data-action], [data-pick]")].filter((el) => el.getClientRects().length);
  if (!shown.length) return false;
  const top = Math.min(...shown.map((el) => el.closest(".gp-card").getBoundingClientRect().top));
  const bottom = Math.max(...shown.map((el) => el.getBoundingClientRect().bottom));
  return bottom - top + root.querySelector(".gp-decision").getBoundingClientRect().height + 12 > window.innerHeight;
}

const outlineOf = (f) => `${f.x},${f.y} ${f.x + f.w},${f.y} ${f.x + f.w},${f.y + f.h} ${f.x},${f.y + f.h}`;
const SOCKET = 36;         // a socket's height on a phone card (viewBox units, about px)
const SLOT_HIT = 54;       // the side of the next free estate slot's hit area on the printed map
// The side of every other target's hit area on the printed map: about 33 px at 1280 × 800 (0.64 px a unit),
// where the drawn thing (a 30-unit socket, a 40-unit action spot) is smaller. On a phone's cards (about 1 px
// a unit) the drawn sizes stay.
const HIT = 52;
const TILE_ROW = 44;       // how far a province's rows move down for its row of socket tiles on the printed map
let phone = false;         // this drawing is the phone's cards
let FR = FRAMES, OUT = OUTLINES, EF = ENEMY_FRAMES;

// ---------------------------------------------------------------- names
const T = (id, args) => t(`web.gp.${id}`, { game: GAME, ...args });
const province = (i) => named(GAME, "province", i, c.provinces[i]);
const enemyName = (e) => named(GAME, "enemy", e, c.enemies[e]);
const area = (a) => named(GAME, "area", a, a === 5 ? "army camp" : c.provinces[a]);
const unitName = (u) => named(GAME, "unit", u, ["infantry", "cavalry", "artillery", "Cossack"][u]);
const phaseName = (n) => named(GAME, "phase", n, "");

// ---------------------------------------------------------------- the board's own choices
let picked = { token: null, from: null };
let last = null;          // the last (container, view, ui): a pick redraws the board locally
const changes = new Changes();
if (PHONE_QUERY) PHONE_QUERY.addEventListener("change", () => redraw());

export function render(container, view, ui) {
  last = { container, view, ui };
  const o = view.observation;
  const me = view.seat;
  const legal = new Map(view.legal.map((e) => [e.text, e]));
  const ctx = { o, me, ui, legal, view, has: (text) => legal.get(text), redraw };
  settlePicks(ctx);
  changes.begin(view);

  phone = !!(PHONE_QUERY && PHONE_QUERY.matches);
  const battle = newsBattle(ui.events || []);
  // a decision's cards fold once they spill over (below), until the next decision or another window size
  const foldKey = `${view.seq}:${container.clientWidth}:${typeof window === "undefined" ? 0 : window.innerHeight}`;
  folded = phone && foldedFor === foldKey;
  const kept = { ...changes };  // (a drawing folded at once marks what changed as the unfolded one did)
  FR = phone ? FRAMES.map((_, i) => cardOf(i, ctx, battle)) : FRAMES;
  EF = folded ? ENEMY_CARDS.map((f) => ({ ...f, ...FOLDED_ENEMY })) : phone ? ENEMY_CARDS : ENEMY_FRAMES;
  OUT = phone ? FR.map(outlineOf) : OUTLINES;
  const root = h("div", { class: `gp-board ${phone ? "phone" : ""}`, "data-board": GAME, lang: undefined });
  root.append(decisionBar(ctx), phone ? phoneCards(ctx) : wholeMap(ctx), familyAreas(ctx));
  tooltips(root);
  changes.end();
  container.replaceChildren(root);
  if (phone && !folded && spillsOver(root, view)) {
    foldedFor = foldKey;
    Object.assign(changes, kept);
    render(container, view, ui);
    return;
  }
  bringIntoView(root, view);
}

function redraw() { if (last) render(last.container, last.view, last.ui); }

// A new decision of yours whose targets lie outside the window (the printed map at 1280 × 800 runs below
// what the page's head leaves; a tablet's cards run on): the page scrolls them in, as little as it can and
// never past the decision's sentence (the bar above the map; on a tablet it sticks at the top). Not in a
// guided game (its own sentence bar leads) nor on a phone (its bar sticks, the cards are the page).
let lastDecision = null;
let owedScroll = null;  // the decision whose targets are still to be brought in (until a drawing of it is measured)
function bringIntoView(root, view) {
  const decision = view.your_turn && !view.over ? String(view.seq) : null;
  if (decision !== lastDecision) owedScroll = decision;
  lastDecision = decision;
  if (owedScroll === null || typeof window === "undefined" || window.innerWidth < 600 || root.closest(".learn-board")) return;
  // measured once the page has drawn the rest of this update (its head above the board may change height);
  // a drawing replaced before then (the same decision drawn again) hands the scroll on to the new one
  requestAnimationFrame(() => {
    if (!root.isConnected || owedScroll !== decision) return;
    owedScroll = null;
    scrollToTargets(root);
  });
}

function scrollToTargets(root) {
  const bar = root.querySelector(".gp-decision");
  const shown = [...root.querySelectorAll("[data-action], [data-pick]")].filter((el) => !bar.contains(el) && el.getClientRects().length);
  if (!shown.length) return;
  const now = window.scrollY, b = bar.getBoundingClientRect();
  const lowest = Math.max(...shown.map((el) => el.getBoundingClientRect().bottom)) + now;
  // (a tablet's card stays whole under the stuck bar, its name with its target)
  const highest = Math.min(...shown.map((el) => (el.closest(".gp-card") || el).getBoundingClientRect().top)) + now;
  const barTop = root.getBoundingClientRect().top + now;  // where the bar lies in the page (stuck or not)
  const limit = getComputedStyle(bar).position === "sticky" ? Math.max(barTop, highest - b.height - 4) : barTop;
  const y = Math.floor(Math.min(Math.max(now, lowest + 8 - window.innerHeight), limit));  // (whole pixels: the bar's edge stays in)
  if (Math.abs(y - now) >= 1) window.scrollTo(window.scrollX, y);
}

// The whole map as printed: one drawing, scaled to the frame.
function wholeMap(ctx) {
  const svg = svgRoot(W, H, t("web.gp.board_label"));
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "gp-table" }));
  drawVpTrack(svg, ctx);
  drawRoyalCorner(svg, ctx);
  drawSenate(svg, ctx);
  drawPhases(svg, ctx);
  drawKingDice(svg, ctx);
  for (let i = 0; i < 5; i++) drawProvince(svg, i, ctx);
  for (let e = 0; e < 5; e++) drawEnemy(svg, e, ctx);
  drawArrows(svg, ctx);
  drawArmyTable(svg, ctx);
  drawRounds(svg, ctx);
  drawBattle(svg, ctx);
  drawPurchase(svg, ctx);
  return h("div", { class: "gp-map" }, svg);
}

// The phone's cards, top to bottom (those with a target of the decision first): the king's corner (the camp), the senate, the five provinces, the
// five enemies, the phases with the king's dice, the recruitment table and the rounds. The VP track is
// the scores line of the decision bar.
function phoneCards(ctx) {
  const cards = h("div", { class: `gp-map gp-cards ${folded ? "folding" : ""}` });
  const card = (box, label, draw, m = 4) => {
    const svg = svgRoot(box.w + 2 * m, box.h + 2 * m, label);
    svg.setAttribute("viewBox", `${box.x - m} ${box.y - m} ${box.w + 2 * m} ${box.h + 2 * m}`);
    svg.classList.add("gp-card");
    svg.style.maxWidth = `${Math.round((box.w + 2 * m) * 1.3)}px`;
    draw(svg);
    // the cards where the decision is made come first (CSS order); the rest keep their order after them
    if (!svg.querySelector("[data-action]:not(.dormant), [data-pick]")) svg.classList.add("quiet");
    cards.append(svg);
  };
  card(ROYAL_FRAME, t("web.gp.king_corner"), (svg) => drawRoyalCorner(svg, ctx));
  card(SENATE_FRAME, t("web.gp.senate"), (svg) => drawSenate(svg, ctx));
  for (let i = 0; i < 5; i++) {
    card(FR[i], province(i), (svg) => { drawProvince(svg, i, ctx); drawBattle(svg, ctx, i); drawPurchase(svg, ctx, i); }, 8);
  }
  for (let e = 0; e < 5; e++) card(EF[e], enemyName(e), (svg) => drawEnemy(svg, e, ctx));
  if (folded) cards.querySelectorAll(".gp-enemy").forEach((g) => g.ownerSVGElement.classList.add("slim"));
  const phases = { x: PHASE_FRAME.x, y: PHASE_FRAME.y, w: PHASE_FRAME.w, h: DICE_FRAME.y + DICE_FRAME.h - PHASE_FRAME.y };
  card(phases, t("web.gp.king_dice"), (svg) => { drawPhases(svg, ctx); drawKingDice(svg, ctx); });
  card(TABLE_FRAME, t("web.gp.army_table"), (svg) => drawArmyTable(svg, ctx));
  card(ROUND_FRAME, t("web.gp.round_track"), (svg) => drawRounds(svg, ctx));
  return cards;
}

// A pick stays only while it still leads to a legal move.
function settlePicks(ctx) {
  const tokenValues = new Set(ctx.view.legal.filter((e) => e.action.name === "token").map((e) => e.action.args[1]));
  if (!tokenValues.size) picked.token = null;
  else if (!tokenValues.has(picked.token)) picked.token = Math.min(...tokenValues);
  const sources = new Set(ctx.view.legal.filter((e) => e.action.name === "move").map((e) => e.action.args[0]));
  if (!sources.has(picked.from)) picked.from = ctx.o.mode === "move" && sources.size === 1 ? [...sources][0] : null;
}

// ---------------------------------------------------------------- the edge: victory points
function ringCell(n) {
  const top = 36, side = 14;
  const k = ((n % 100) + 100) % 100;
  const cw = W / top, ch = (H - 2 * RING) / side;
  if (k < top) return { x: k * cw, y: 0, w: cw, h: RING };
  if (k < top + side) return { x: W - RING, y: RING + (k - top) * ch, w: RING, h: ch };
  if (k < 2 * top + side) return { x: W - (k - top - side + 1) * cw, y: H - RING, w: cw, h: RING };
  return { x: 0, y: H - RING - (k - 2 * top - side + 1) * ch, w: RING, h: ch };
}

function drawVpTrack(svg, { o }) {
  const g = group({ class: "gp-vp-track", "aria-label": t("web.gp.vp_track") });
  for (let n = 0; n < 100; n++) {
    const r = ringCell(n);
    g.append(s("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: `vp-cell ${n % 5 === 0 ? "fifth" : ""}` }));
    if (n % 5 === 0) g.append(s("text", { x: r.x + r.w / 2, y: r.y + r.h / 2, class: "vp-num", "text-anchor": "middle", "dominant-baseline": "central" }, String(n)));
  }
  (o.vp || []).forEach((vp, p) => {
    const r = ringCell(vp);
    const el = disc(r.x + r.w / 2 + (p - 1) * 7, r.y + r.h / 2 + (p - 1) * 5, FAMILY_COLOURS[p],
      { r: 9, label: vp >= 100 ? "+" : null, title: t("web.gp.vp_marker", { game: GAME, seat: p, n: vp }) });
    el.setAttribute("data-vp", String(p));
    g.append(changes.mark(el, `vp:${p}`, vp));
  });
  svg.append(g);
}

// ---------------------------------------------------------------- the king's corner
function frame(svg, f, cls, title) {
  const g = group({ class: cls });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 10, class: "gp-frame" }));
  if (title) g.append(s("text", { x: f.x + 10, y: f.y + 20, class: "gp-title" }, title));
  svg.append(g);
  return g;
}

export function unitPiece(u, x, y, colour, opts = {}) {
  const size = opts.size || 22;
  let el;
  if (u === 0) el = meeple(x, y, colour, { size });
  else if (u === 1 || u === 3) {
    el = group({ class: `piece ${u === 1 ? "cavalry" : "cossack"}`, "data-piece": u === 1 ? "cavalry" : "cossack", "data-colour": colour });
    const k = size / 22;
    el.append(s("path", { d: `M${x - 10 * k},${y + 2 * k} Q${x - 2 * k},${y - 6 * k} ${x + 8 * k},${y - 2 * k} L${x + 12 * k},${y - 10 * k}`
      + ` L${x + 13 * k},${y - 3 * k} L${x + 10 * k},${y + 4 * k} L${x + 8 * k},${y + 11 * k} L${x + 5 * k},${y + 11 * k} L${x + 5 * k},${y + 5 * k}`
      + ` L${x - 5 * k},${y + 5 * k} L${x - 6 * k},${y + 11 * k} L${x - 9 * k},${y + 11 * k} Z`, fill: u === 3 ? COSSACK : colour, class: "horse" }));
    el.append(s("circle", { cx: x - 1 * k, cy: y - 9 * k, r: 4 * k, fill: colour, class: "rider" }));
  } else {
    el = group({ class: "piece artillery", "data-piece": "artillery", "data-colour": colour });
    const k = size / 22;
    el.append(s("rect", { x: x - 11 * k, y: y - 6 * k, width: 20 * k, height: 7 * k, rx: 3 * k, fill: colour, transform: `rotate(-18 ${x} ${y})`, class: "barrel" }));
    el.append(s("circle", { cx: x - 2 * k, cy: y + 5 * k, r: 6 * k, fill: colour, class: "wheel" }));
  }
  if (opts.title) tip(el, opts.title);
  return el;
}

// Units as pieces with a count: [[unit, n], …] drawn left to right from (x, y); returns the width used.
function unitRow(g, units, x, y, colour, seatOrRoyal) {
  let dx = 0;
  for (const [u, n] of units) {
    if (!n) continue;
    g.append(unitPiece(u, x + dx + 11, y, colour, { title: t("web.gp.units_of", { game: GAME, n, unit: unitName(u), who: seatOrRoyal }) }));
    g.append(s("text", { x: x + dx + 24, y: y + 6, class: "count" }, `×${n}`));
    dx += 46;
  }
  return dx;
}

function drawRoyalCorner(svg, ctx) {
  const { o } = ctx;
  const f = ROYAL_FRAME;
  const g = frame(svg, f, "gp-royal", t("web.gp.king_corner"));
  if (o.king >= 0) {
    const crown = group({ class: "crown" });
    const x = f.x + f.w - 70, y = f.y + 12;
    crown.append(s("path", { d: `M${x},${y + 18} L${x + 4},${y} L${x + 12},${y + 10} L${x + 20},${y - 2} L${x + 28},${y + 10} L${x + 36},${y} L${x + 40},${y + 18} Z`,
      fill: ROYAL, class: "crown-shape" }));
    crown.append(disc(x + 54, y + 10, FAMILY_COLOURS[o.king], { r: 9 }));
    tip(crown, t("web.gp.king_is", { game: GAME, seat: o.king }));
    g.append(changes.mark(crown, "king", o.king));
  }
  // the army camp: the three camp tokens, then the royal army
  const camp = { x: f.x + 10, y: f.y + 32, w: 150, h: 70 };
  g.append(s("rect", { x: camp.x, y: camp.y, width: camp.w, height: camp.h, rx: 8, class: "gp-camp" }));
  g.append(s("text", { x: camp.x + 8, y: camp.y + 16, class: "gp-small" }, area(5)));
  tokenSpots(g, 5, camp.x + 26, camp.y + 44, ctx, 40);
  if (o.camp_total !== undefined && o.camp_total !== null && o.camp_total >= 0) {
    g.append(s("text", { x: camp.x + camp.w - 6, y: camp.y + 16, class: "gp-small", "text-anchor": "end" }, t("web.gp.camp_sum", { game: GAME, n: o.camp_total })));
  }
  g.append(s("text", { x: f.x + 172, y: f.y + 48, class: "gp-small" }, t("web.gp.royal_army_title")));
  const army = group({ class: "royal-army" });
  const w = unitRow(army, (o.royal_army || []).map((n, u) => [u, n]), f.x + 170, f.y + 74, ROYAL, t("web.gp.royal"));
  if (!w) army.append(s("text", { x: f.x + 172, y: f.y + 80, class: "gp-small muted" }, t("web.gp.royal_army_none")));
  g.append(changes.mark(army, "royal-army", o.royal_army));
  const used = (o.track_royal || []).reduce((a, b) => a + b, 0);
  g.append(cube(f.x + 182, f.y + 112, ROYAL, { size: 16, title: t("web.gp.royal_cubes_left", { game: GAME, n: c.royal_cubes - used }) }));
  g.append(s("text", { x: f.x + 196, y: f.y + 118, class: "count" }, t("web.gp.royal_cubes_count", { game: GAME, n: c.royal_cubes - used })));
  // the Cossack territory
  const cz = { x: f.x + 10, y: f.y + 112, w: 150, h: 68 };
  g.append(s("rect", { x: cz.x, y: cz.y, width: cz.w, height: cz.h, rx: 8, class: "gp-cossack-land" }));
  g.append(s("text", { x: cz.x + 8, y: cz.y + 16, class: "gp-small" }, t("web.gp.cossack_land")));
  (o.cossacks || []).forEach((where, k) => {
    const x = cz.x + 30 + k * 50, y = cz.y + 44;
    if (where === -1) g.append(unitPiece(3, x, y, COSSACK, { title: t("web.gp.cossack_home") }));
    else g.append(s("circle", { cx: x, cy: y, r: 12, class: "empty-spot" }));
  });
  const hired = (o.cossacks || []).map((where) => where).filter((w2) => w2 >= 0);
  if (hired.length) {  // (on two lines, or squeezed, where one does not fit the corner: "… by White, White")
    const parts = fitLines(t("web.gp.cossacks_hired", { game: GAME, seats: hired }), 13, f.w - 182);
    const line = s("text", { x: f.x + 172, y: f.y + (parts.length > 1 ? 142 : 150), class: "gp-small" });
    parts.forEach((part, k) => {
      line.append(s("tspan", { x: f.x + 172, dy: k ? 16 : 0, ...part.squeeze }, part.text));
    });
    g.append(line);
  }
}

// ---------------------------------------------------------------- the senate
function drawSenate(svg, ctx) {
  const { o, has, ui } = ctx;
  const f = SENATE_FRAME;
  const g = frame(svg, f, "gp-senate", t("web.gp.senate"));
  for (let i = 0; i < 5; i++) {
    const x = f.x + 30 + i * 52, y = f.y + 82;
    const seat = group({ class: "senate-seat", "data-senate": String(i) });
    seat.append(s("rect", { x: x - 26, y: y - 36, width: 52, height: 86, rx: 6, class: "hit-area" }));  // side by side
    seat.append(s("path", { d: `M${x - 20},${y + 26} L${x - 20},${y - 14} Q${x},${y - 34} ${x + 20},${y - 14} L${x + 20},${y + 26} Z`, class: "senate-chair" }));
    const seatName = shortName(i);  // a long one is squeezed into its seat's width, never into the next
    seat.append(s("text", { x, y: y + 42, class: "gp-tiny", "text-anchor": "middle",
      ...(seatName.length > 7 ? { textLength: 48, lengthAdjust: "spacingAndGlyphs" } : {}) }, seatName));
    const holder = o.senate ? o.senate[i] : -1;
    if (holder >= 0) seat.append(disc(x, y, FAMILY_COLOURS[holder], { r: 13, title: t("web.gp.governor", { game: GAME, seat: holder, province: i }) }));
    tip(seat, holder >= 0 ? t("web.gp.governor", { game: GAME, seat: holder, province: i }) : t("web.gp.senate_empty", { game: GAME, province: i }));
    changes.mark(seat, `senate:${i}`, holder);
    const entry = has(`seat ${i}`) || has(`veto ${i}`);
    if (entry) target(seat, entry, ui);
    g.append(seat);
  }
  g.append(s("text", { x: f.x + 10, y: f.y + f.h - 10, class: "gp-tiny" }, t("web.gp.senate_vp")));
}

function shortName(i) {
  const name = province(i);
  return name.length > 9 ? name.split(" ").map((w) => w[0]).join("") : name;
}

// ---------------------------------------------------------------- the 16 phases and the king's dice
function drawPhases(svg, { o }) {
  const f = PHASE_FRAME;
  const g = frame(svg, f, "gp-phases", t("web.gp.phases_title", { game: GAME, round: Math.max(1, o.round || 1), rounds: c.rounds }));
  for (let n = 1; n <= c.phases; n++) {
    const y = f.y + 28 + (n - 1) * 19.5;
    const lit = o.phase === n;
    const row = group({ class: `phase-row ${lit ? "lit" : ""}`, "data-phase": String(n) });
    row.append(s("rect", { x: f.x + 6, y, width: f.w - 12, height: 18, rx: 4, class: "phase-cell" }));
    row.append(s("text", { x: f.x + 14, y: y + 13, class: "gp-tiny" }, `${n}. ${phaseName(n)}${n === 8 ? t("web.gp.two_picks") : ""}`));
    g.append(row);
  }
}

// The king's latest roll this round (kingRoll): the events' dice of phase 5, then those of phase 11 once
// they are rolled, each die with what it did (a strength cube, the treaty kept, no cube left, a
// Cossack gone to the Tatars, nothing); before phase 5 of a round, "not rolled yet this round".
function drawKingDice(svg, { o, ui }) {
  const f = DICE_FRAME;
  const g = frame(svg, f, "gp-king-dice");
  g.append(s("text", { x: f.x + 10, y: f.y + 18, class: "gp-small" }, t("web.gp.king_dice")));
  const roll = kingRoll(ui.events || []);
  if (!roll) {
    g.append(s("text", { x: f.x + 120, y: f.y + 40, class: "gp-tiny muted" }, t("web.gp.no_dice")));
    return;
  }
  g.dataset.kingRoll = String(roll.phase);
  g.append(s("text", { x: f.x + 10, y: f.y + 38, class: "gp-tiny" }, t("web.gp.phase_n", { game: GAME, n: roll.phase })));
  g.append(s("text", { x: f.x + 10, y: f.y + 54, class: "gp-tiny" }, phaseName(roll.phase)));
  roll.dice.forEach((d, k) => {
    const x = f.x + 132 + k * 56, y = f.y + 30;
    const colour = d.die <= 5 ? ENEMY_COLOURS[d.die - 1] : "#fdfdfb";
    const el = die(x, y, d.die, { size: 28, colour, outcome: d.did === "cube" || d.did === "cossack" ? "hit" : d.did === "pending" ? null : "miss",
      title: dieTitle(d) });
    el.dataset.did = d.did;
    g.append(changes.mark(el, `kdie:${k}`, `${roll.phase}:${d.die}`));
    const label = dieLabel(d);  // squeezed to the die's 56 units when longer (two long names side by side)
    const squeeze = textWidth(label, 11.5) > 54 ? { textLength: 54, lengthAdjust: "spacingAndGlyphs" } : {};
    g.append(s("text", { x, y: y + 28, class: `gp-tiny ${d.did === "cube" || d.did === "pending" ? "" : "muted"}`, "text-anchor": "middle", ...squeeze }, label));
  });
}

// What a king's die did, in a tooltip, and in a word or two under it.
function dieTitle(d) {
  const args = { game: GAME, die: d.die, enemy: d.enemy ?? 0 };
  switch (d.did) {
    case "cube": return t("web.gp.die_cube", { ...args, strength: d.strength });
    case "treaty": return t("web.gp.die_treaty", args);
    case "no_cube": return t("web.gp.die_no_cube", args);
    case "cossack": return t("web.gp.die_cossack", args);
    case "pending": return d.die <= 5 ? t("web.gp.die_strengthens", args) : t("web.gp.die_six", args);
    default: return t("web.gp.die_six", args);
  }
}

function dieLabel(d) {
  if (d.did === "treaty") return t("web.gp.die_label_treaty");
  if (d.did === "no_cube") return t("web.gp.die_label_no_cube");
  if (d.did === "cossack") return unitName(3);
  return d.die <= 5 ? enemyName(d.die - 1) : "—";
}

// ---------------------------------------------------------------- a province
function drawProvince(svg, i, ctx) {
  const { o, me, has, ui } = ctx;
  const f = FR[i];
  const slots = c.estate_slots[i] || [];
  const estates = o.estates[i] || [];
  // on the printed map and a folded card, the land managers and cities to place are tiles of their own in a
  // row under the discs (a phone card's sockets stack under each disc)
  const stacked = phone && !f.folded;
  const toFill = stacked ? 0 : estates.reduce((n, _, k) => n + !!has(`land ${i} ${slots[k]}`) + !!has(`city ${i} ${slots[k]}`), 0);
  const tiles = toFill > 0;
  const tileSide = f.folded ? FOLD_TILE : HIT;
  // (two rows where one row cannot hold them all HIT wide: a family with many estates in a narrow province)
  const tileRows = toFill * (tileSide + 2) - 2 > f.w - 8 ? 2 : 1;
  // a phone card's sockets stack under the disc, the printed map's tiles make a row: the rest moves down
  const D = stacked && f.sockets ? 2 * SOCKET - 6 : tiles && !f.folded ? TILE_ROW + (tileRows - 1) * (HIT + 2) : 0;
  const g = group({ class: `gp-province ${o.invaded && o.invaded[i] ? "invaded" : ""}`, "data-province": String(i) });
  g.append(s("polygon", { points: OUT[i], class: "province-land" }));
  g.append(s("text", { x: f.x + 8, y: f.y + 20, class: "gp-name" }, province(i)));
  if (f.folded) foldedEnemies(g, i, f, textWidth(province(i), 19) * 1.08, o);
  // income track 1–5
  const inc = track(f.x + f.w - 5 * 22 - 4, f.y + 4, [1, 2, 3, 4, 5], { w: 20, h: 20, current: o.income_levels[i], cls: "income" });
  tip(inc.g, t("web.gp.income_level", { game: GAME, province: i, n: o.income_levels[i] }));
  g.append(changes.mark(inc.g, `level:${i}`, o.income_levels[i]));
  // the estate track: numbered slots, family discs, land managers and cities under the discs
  const step = Math.min(phone ? 80 : 44, (f.w - 24) / Math.max(1, slots.length));
  const slotX = (k) => f.x + 12 + step / 2 + k * step, y = f.y + 50;
  const earliest = {};
  estates.forEach(([owner, , city], k) => { if (!city && earliest[owner] === undefined) earliest[owner] = k; });
  // the confederations' slots (the earliest estate of a family, at most two a province): on the printed map
  // each a HIT-wide box, side by side when their slots are (a slot's step is 34-44 units)
  const confederate = (k) => estates[k] && earliest[estates[k][0]] === k && has(`confederation ${i} ${estates[k][0]}`);
  const confSlots = phone ? [] : slots.map((_, k) => k).filter(confederate);
  const confBoxes = spread(confSlots.map(slotX), HIT, f.x + 4, f.x + f.w - 4);
  const socketTiles = [];  // [centre x, slot k, "land" | "city"]: the tiles' row, laid out after the slots
  const raised = [];       // the slots that are targets: drawn last, over their neighbours' hit areas
  slots.forEach((number, k) => {
    const x = slotX(k);
    const slot = group({ class: "estate-slot", "data-slot": `${i}:${number}` });
    slot.append(s("rect", { x: x - step / 2 + 1, y: y - 20, width: step - 2, height: 40, class: "hit-area" }));
    slot.append(s("circle", { cx: x, cy: y, r: 15, class: "slot-ring" }));
    const filled = estates[k];
    if (filled) {
      const [owner, manager, city] = filled;
      slot.append(disc(x, y, FAMILY_COLOURS[owner], { r: 14, label: number }));
      tip(slot, t("web.gp.estate_of", { game: GAME, seat: owner, slot: number, province: i }));
      changes.mark(slot, `estate:${i}:${k}`, filled);
      const conf = has(`confederation ${i} ${owner}`);
      if (conf && earliest[owner] === k) {
        target(slot, conf, ui);
        const at = confSlots.indexOf(k);
        if (at >= 0) {  // (its disc and ring take no clicks: a neighbour's box may reach under them)
          slot.querySelector(":scope > .hit-area").replaceWith(s("rect", { x: confBoxes.xs[at], y: y - 28, width: confBoxes.width, height: HIT, rx: 6, class: "hit-area" }));
          slot.classList.add("boxed");
        }
        raised.push(slot);
      }
      // under the disc: a land manager (left), a city (right); on a phone card one above the other,
      // each the column's width
      // (with a row of tiles below, a placed one is a small badge at the disc's foot)
      const lmBox = stacked ? { x: x - step / 2 + 1, y: y + 20, w: step - 2, h: SOCKET - 2 }
        : tiles || f.folded ? { x: x - step / 2 + 1, y: y + 12, w: step / 2 - 1, h: 14 } : { x: x - step / 2 + 1, y: y + 16, w: step / 2 - 1, h: 30 };
      const cityBox = stacked ? { x: x - step / 2 + 1, y: y + 20 + SOCKET, w: step - 2, h: SOCKET - 2 }
        : tiles || f.folded ? { x, y: y + 12, w: step / 2 - 1, h: 14 } : { x, y: y + 16, w: step / 2 - 1, h: 30 };
      const lm = group({ class: `socket land-manager ${manager ? "filled" : ""}` });
      lm.append(s("rect", { x: lmBox.x, y: lmBox.y, width: lmBox.w, height: lmBox.h, rx: 4, class: "hit-area" }));
      const lx = stacked ? x - 7 : x - 9, ly = lmBox.y + lmBox.h / 2 - 7;
      lm.append(s("rect", { x: lx, y: ly, width: 14, height: 14, rx: 2, class: "lm-mark" }));
      const town = group({ class: `socket city ${city ? "filled" : ""}` });
      town.append(s("rect", { x: cityBox.x, y: cityBox.y, width: cityBox.w, height: cityBox.h, rx: 4, class: "hit-area" }));
      const cx = stacked ? x - 7 : x + 2, cy = cityBox.y + cityBox.h / 2 + 7;
      town.append(s("path", { d: `M${cx},${cy} L${cx},${cy - 10} L${cx + 4},${cy - 14} L${cx + 8},${cy - 10} L${cx + 8},${cy - 6} L${cx + 14},${cy - 6} L${cx + 14},${cy} Z`, class: "city-mark" }));
      if (manager) tip(lm, t("web.gp.has_manager", { game: GAME, province: i, slot: number }));
      if (city) tip(town, t("web.gp.has_city", { game: GAME, province: i, slot: number }));
      const land = has(`land ${i} ${number}`);
      const cityMove = has(`city ${i} ${number}`);
      if (tiles) {  // the sockets to fill become tiles of the row below; the placed ones stay badges
        if (land) socketTiles.push([x - step / 4, k, "land"]);
        if (cityMove) socketTiles.push([x + step / 4, k, "city"]);
        if (manager) slot.append(lm);
        if (city) slot.append(town);
      } else {
        if (land) target(lm, land, ui);
        if (cityMove) target(town, cityMove, ui);
        if (manager || land) slot.append(lm);
        if (city || cityMove) slot.append(town);
      }
    } else {
      slot.append(s("text", { x, y, class: "slot-num", "text-anchor": "middle", "dominant-baseline": "central" }, String(number)));
      tip(slot, t("web.gp.estate_free", { game: GAME, slot: number, province: i }));
      if (k === estates.length) {
        const entry = has(`estate ${i}`) || has(`build ${i}`);
        // on the printed map (about 0.64 px a unit at 1280 × 800) the next free slot, the only one a
        // province offers, gets a wider hit area than the slot's step: at least 32 px on screen
        if (entry && !phone) slot.querySelector(":scope > .hit-area").replaceWith(s("rect", { x: x - SLOT_HIT / 2, y: y - SLOT_HIT / 2, width: SLOT_HIT, height: SLOT_HIT, rx: 6, class: "hit-area" }));
        if (entry) { target(slot, entry, ui); raised.push(slot); }
      }
    }
    g.append(slot);
  });
  raised.forEach((slot) => g.append(slot));
  if (tiles) drawSocketTiles(g, i, socketTiles, slotX, y, tileRows, tileSide, ctx);
  // noble cubes per family; yours is the source of "move a cube" (a folded card: only where a cube moves)
  const rowY = f.folded ? f.noblesY : f.y + 112 + D;
  if (!f.folded || f.nobles) g.append(s("text", { x: f.x + 8, y: rowY + 5, class: "gp-tiny" }, t("web.gp.nobles")));
  for (let p = 0; p < 3 && (!f.folded || f.nobles); p++) {
    const n = o.nobles[i][p];
    const x = f.x + 70 + p * 56;
    const stack = group({ class: "noble-stack", "data-nobles": `${i}:${p}` });
    stack.append(s("rect", { x: x - 16, y: rowY - (phone ? 19 : HIT / 2), width: 54, height: phone ? 38 : HIT, class: "hit-area" }));
    stack.append(cube(x, rowY, FAMILY_COLOURS[p], { size: 20, label: n, title: t("web.gp.nobles_of", { game: GAME, seat: p, n, province: i }) }));
    changes.mark(stack, `nobles:${i}:${p}`, n);
    if (p === me && ctx.view.legal.some((e) => e.action.name === "move" && e.action.args[0] === i)) {
      pickable(stack, `from-${i}`, picked.from === i, (key) => { picked.from = picked.from === i ? null : i; redraw(); },
        t("web.gp.move_from", { game: GAME, province: i }));
    }
    g.append(stack);
  }
  // "move here" drops: one per source province, shown once that source is picked
  for (let a = 0; a < 5; a++) {
    const entry = has(`move ${a} ${i}`);
    if (!entry) continue;
    // right of the stacks (clear of the last one's box), inside the province
    const x = phone ? f.x + 250 : Math.max(f.x + f.w - 76, f.x + 70 + 2 * 56 + 40), y = rowY - 14;
    const drop = group({ class: "drop move-drop" });
    drop.append(s("rect", { x, y: phone ? y - 4 : rowY - HIT / 2, width: phone ? 70 : Math.min(70, f.x + f.w - 4 - x), height: phone ? 38 : HIT, rx: 8, class: "drop-face" }));
    drop.append(s("path", { d: `M${x + 10},${y + 15} L${x + 40},${y + 15} M${x + 32},${y + 8} L${x + 42},${y + 15} L${x + 32},${y + 22}`, class: "drop-arrow" }));
    drop.append(cube(x + 56, y + 15, FAMILY_COLOURS[me], { size: 12 }));
    target(drop, entry, ui);
    g.append(dormant(drop, `from-${a}`, picked.from === a));
  }
  if (!f.folded) drawEnemiesInside(g, i, f, f.y + 150 + D, o);
  // the families' armies here (and the Cossacks in Ukraine); your army is where a campaign starts
  // (a folded card: your army, only where it is a target)
  let ay = f.folded ? f.armyY : f.y + 186 + D;
  let yours = null;  // your army, when it is a target: drawn over the others' bands
  for (let p = 0; p < 3; p++) {
    const u = o.units[p][i];
    const coss = i === c.cossack_province ? (o.cossacks || []).filter((x) => x === p).length : 0;
    if (!u.some((x) => x) && !coss) continue;
    if (f.folded && !(f.army && p === me)) continue;
    const army = group({ class: "army", "data-army": `${i}:${p}` });
    army.append(s("rect", { x: f.x + 8, y: ay - 17, width: 230, height: 36, rx: 6, class: "army-band" }));
    army.append(disc(f.x + 22, ay, FAMILY_COLOURS[p], { r: 8 }));
    unitRow(army, [[0, u[0]], [1, u[1]], [2, u[2]], [3, coss]], f.x + 34, ay, FAMILY_COLOURS[p], named(GAME, "seat", p, ""));
    changes.mark(army, `army:${i}:${p}`, [u, coss]);
    const camp = p === me && has(`campaign ${i}`);
    if (camp) {
      if (!phone) army.prepend(s("rect", { x: f.x + 6, y: ay - HIT / 2, width: 234, height: HIT, rx: 6, class: "hit-area" }));
      target(army, camp, ui);
      yours = army;
    }
    g.append(army);
    ay += 34;
  }
  if (yours) g.append(yours);
  // the action spots along the bottom: token spots, Jesuit school, Danzig, recruitment, battles
  tokenSpots(g, i, f.x + 24, f.y + f.h - (phone ? 26 : 30), ctx, phone ? 40 : 34);
  // (on the printed map each spot is HIT units square, its icon as on a phone)
  const half = phone ? 20 : HIT / 2, pitch = 2 * half + 6;
  const right = f.x + f.w - half - 6, bottom = f.y + f.h - half - 4;
  let sx = right, sy = bottom;
  const spot = (cls, drawIcon, entry, tipText) => {
    if (sx - half < f.x + (phone ? 128 : 122)) { sx = right; sy -= pitch; }  // clear of the token spots
    const el = group({ class: `action-spot ${cls}` });
    el.append(s("rect", { x: sx - half, y: sy - half, width: 2 * half, height: 2 * half, rx: 8, class: "spot-face" }));
    drawIcon(el, sx, sy);
    tip(el, tipText);
    if (entry) target(el, entry, ui);
    g.append(el);
    sx -= pitch;
    return el;
  };
  const royal = has(`royal ${i}`);
  if (royal) spot("royal-flag", flagIcon, royal);
  const campaign = has(`campaign ${i}`);
  if (campaign && !g.querySelector(`[data-action="campaign ${i}"]`)) spot("campaign", swordsIcon, campaign);
  const recruit = has(`recruit ${i}`);
  if (recruit) spot("recruit", drumIcon, recruit);
  const jesuit = has(`jesuit ${i}`);
  if (jesuit) spot("jesuit", schoolIcon, jesuit);
  if (i === 0) spot(`danzig ${has("danzig") ? "" : "idle"}`, portIcon, has("danzig"), t("web.gp.danzig_tip", { game: GAME, n: 2 * o.income_levels[0] }));
  const veto = has(`veto ${i}`);
  if (veto) spot("veto", vetoIcon, veto);
  // a folded card without its nobles' row: the families' noble cubes small between the token spots and the
  // action spots, where they have room
  if (f.folded && !f.nobles && sy === bottom && sx + pitch - half - 6 - (f.x + 128) >= 3 * 34) {
    const nobles = group({ class: "noble-counts" });
    for (let p = 0; p < 3; p++) {
      const n = o.nobles[i][p];
      nobles.append(cube(f.x + 146 + p * 34, bottom + 2, FAMILY_COLOURS[p], { size: 16, label: n, title: t("web.gp.nobles_of", { game: GAME, seat: p, n, province: i }) }));
    }
    g.append(changes.mark(nobles, `nobles:${i}`, o.nobles[i]));
  }
  svg.append(g);
}

// The enemy cubes inside a province, in a row from its left at height y ("at peace" when none).
function drawEnemiesInside(g, i, f, y, o) {
  const inside = o.enemies_in_provinces[i];
  const foes = group({ class: "enemy-cubes", "data-enemies-in": String(i) });
  let ex = f.x + 14;
  inside.forEach((n, e) => {
    if (!n) return;
    foes.append(cube(ex + 8, y, ENEMY_COLOURS[e], { size: 18, label: n, title: t("web.gp.enemy_cubes_in", { game: GAME, n, enemy: e, province: i }) }));
    ex += 34;
  });
  if (ex === f.x + 14) foes.append(s("text", { x: f.x + 8, y: y + 5, class: "gp-tiny muted" }, t("web.gp.at_peace")));
  g.append(changes.mark(foes, `foes:${i}`, inside));
}

// A folded card's enemy cubes: smaller, in the title row between the province's name (`nameW` units wide)
// and its income track.
function foldedEnemies(g, i, f, nameW, o) {
  const inside = o.enemies_in_provinces[i].map((n, e) => [n, e]).filter(([n]) => n);
  if (!inside.length) return;
  const lo = f.x + 14 + nameW, hi = f.x + f.w - 5 * 22 - 10;
  const pitch = Math.min(30, (hi - lo) / inside.length);
  const foes = group({ class: "enemy-cubes", "data-enemies-in": String(i) });
  inside.forEach(([n, e], k) => foes.append(cube(lo + pitch / 2 + k * pitch, f.y + 14, ENEMY_COLOURS[e],
    { size: 15, label: n, title: t("web.gp.enemy_cubes_in", { game: GAME, n, enemy: e, province: i }) })));
  g.append(changes.mark(foes, `foes:${i}`, o.enemies_in_provinces[i]));
}

// Boxes of width `w` along a row, each as near its wanted centre (`centres`, in order) as it can be with
// none overlapping and all within [lo, hi]: { xs: their left edges, width } (narrower than `w` only
// when they cannot all fit side by side).
function spread(centres, w, lo, hi, gap = 2) {
  const n = centres.length;
  const pitch = n ? Math.min(w + gap, (hi - lo + gap) / n) : 0, width = pitch - gap;
  const xs = centres.map((x) => x - width / 2);
  for (let k = 0; k < n; k++) xs[k] = Math.max(xs[k], k ? xs[k - 1] + pitch : lo);
  for (let k = n - 1; k >= 0; k--) xs[k] = Math.min(xs[k], k < n - 1 ? xs[k + 1] - pitch : hi - width);
  return { xs, width };
}

// The printed map's row of sockets to fill (a land manager, a city) under a province's discs: each a tile
// `side` units square (HIT; a folded card's FOLD_TILE) with the estate's slot number, as near under its estate as
// its neighbours allow, tied to its disc by a dotted line; in `rows` rows (the second one under the first,
// every other tile).
function drawSocketTiles(g, i, tiles, slotX, y, rows, side, { has, ui }) {
  const f = FR[i];
  const slots = c.estate_slots[i] || [];
  tiles.sort((a, b) => a[0] - b[0]);
  const ties = group({ class: "socket-ties", "aria-hidden": "true" });
  g.append(ties);
  for (let row = 0; row < rows; row++) {
    const mine = tiles.filter((_, n) => n % rows === row);
    const { xs, width } = spread(mine.map(([x]) => x), side, f.x + 4, f.x + f.w - 4);
    const top = y + 24 + row * (side + 2);
    mine.forEach(([, k, kind], n) => drawTile(k, kind, xs[n], width, top));
  }
  function drawTile(k, kind, x, width, top) {
    const number = slots[k], cx = x + width / 2, cy = top + side / 2;
    ties.append(s("path", { d: `M${slotX(k)},${y + 15} L${cx},${top + 2}`, class: "socket-tie" }));
    const tile = group({ class: `socket socket-tile ${kind === "land" ? "land-manager" : "city"}`, "data-socket": `${i}:${number}:${kind}` });
    tile.append(s("rect", { x, y: top, width, height: side, rx: 6, class: "hit-area socket-face" }));
    if (kind === "land") tile.append(s("rect", { x: cx - 8, y: cy - 14, width: 16, height: 16, rx: 2, class: "lm-mark" }));
    else tile.append(s("path", { d: `M${cx - 8},${cy + 2} L${cx - 8},${cy - 10} L${cx - 3},${cy - 15} L${cx + 2},${cy - 10} L${cx + 2},${cy - 6} L${cx + 9},${cy - 6} L${cx + 9},${cy + 2} Z`, class: "city-mark" }));
    tile.append(s("text", { x: cx, y: cy + Math.min(17, side / 2 - 4), class: "gp-tiny", "text-anchor": "middle" }, String(number)));
    target(tile, has(`${kind} ${i} ${number}`), ui);
    g.append(tile);
  }
}

function tokenSpots(g, a, x0, y, ctx, dx) {
  const { o, me, has, ui } = ctx;
  const drops = [];  // your drops go over all three wells (on the printed map they are wider than a well's step)
  for (let q = 0; q < 3; q++) {
    const x = x0 + q * dx;
    const shown = o.tokens_shown && o.tokens_shown[q] ? o.tokens_shown[q][a] : -1;
    const placed = o.tokens_placed && o.tokens_placed[q] ? o.tokens_placed[q][a] : -1;
    const spotEl = group({ class: "token-spot", "data-token-spot": `${a}:${q}` });
    spotEl.append(s("rect", { x: x - 15, y: y - 15, width: 30, height: 30, rx: 6, class: "token-well", stroke: FAMILY_COLOURS[q] }));
    if (shown >= 0) spotEl.append(token(x, y, FAMILY_COLOURS[q], { size: 24, label: shown, title: t("web.gp.token_shown", { game: GAME, seat: q, n: shown, area: a }) }));
    else if (q === me && placed >= 0) spotEl.append(token(x, y, FAMILY_COLOURS[q], { size: 24, label: placed, title: t("web.gp.token_yours", { game: GAME, n: placed, area: a }) }));
    else if (q !== me && placed > 0) spotEl.append(token(x, y, FAMILY_COLOURS[q], { size: 24, faceDown: true, title: t("web.gp.token_hidden", { game: GAME, seat: q, area: a }) }));
    changes.mark(spotEl, `tok:${a}:${q}`, [shown, q === me ? placed : placed > 0]);
    g.append(spotEl);
    if (q !== me) continue;
    // the drops for your picked token: one per value in hand, the picked one shown
    const values = new Set(ctx.view.legal.filter((e) => e.action.name === "token" && e.action.args[0] === a).map((e) => e.action.args[1]));
    for (const v of values) {
      const entry = has(`token ${a} ${v}`);
      const drop = group({ class: "drop token-drop" });
      const r = phone ? 19 : HIT / 2;  // over the other families' wells beside yours on the printed map
      drop.append(s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 7, class: "drop-face" }));
      drop.append(s("text", { x, y, class: "drop-num", "text-anchor": "middle", "dominant-baseline": "central" }, String(v)));
      target(drop, entry, ui);
      drops.push(dormant(drop, `token-${v}`, picked.token === v));
    }
  }
  drops.forEach((drop) => g.append(drop));
}

// small icons of the action spots (drawn, no glyphs)
function flagIcon(g, x, y) {
  g.append(s("path", { d: `M${x - 8},${y + 14} L${x - 8},${y - 14} M${x - 8},${y - 14} L${x + 12},${y - 9} L${x - 8},${y - 3}`, class: "icon-line" }));
  g.append(s("path", { d: `M${x - 8},${y - 14} L${x + 12},${y - 9} L${x - 8},${y - 3} Z`, fill: ROYAL }));
}
function swordsIcon(g, x, y) {
  g.append(s("path", { d: `M${x - 12},${y - 12} L${x + 12},${y + 12} M${x + 12},${y - 12} L${x - 12},${y + 12} M${x - 6},${y + 12} L${x - 12},${y + 6} M${x + 6},${y + 12} L${x + 12},${y + 6}`, class: "icon-line thick" }));
}
function drumIcon(g, x, y) {
  g.append(s("rect", { x: x - 11, y: y - 8, width: 22, height: 16, rx: 3, class: "icon-fill" }));
  g.append(s("path", { d: `M${x - 11},${y - 8} L${x},${y + 8} L${x + 11},${y - 8} M${x - 14},${y - 16} L${x - 4},${y - 9}`, class: "icon-line" }));
}
function schoolIcon(g, x, y) {
  g.append(s("path", { d: `M${x - 13},${y + 12} L${x - 13},${y - 2} L${x},${y - 13} L${x + 13},${y - 2} L${x + 13},${y + 12} Z`, class: "icon-fill" }));
  g.append(s("path", { d: `M${x},${y - 20} L${x},${y - 12} M${x - 3},${y - 17} L${x + 3},${y - 17} M${x - 3},${y + 12} L${x - 3},${y + 3} L${x + 3},${y + 3} L${x + 3},${y + 12}`, class: "icon-line" }));
}
function portIcon(g, x, y) {
  g.append(s("path", { d: `M${x - 14},${y + 4} L${x + 14},${y + 4} L${x + 9},${y + 12} L${x - 9},${y + 12} Z`, class: "icon-fill" }));
  g.append(s("path", { d: `M${x},${y + 4} L${x},${y - 15} L${x + 11},${y - 2} L${x},${y - 2}`, class: "icon-line" }));
}
function vetoIcon(g, x, y) {
  g.append(s("circle", { cx: x, cy: y, r: 12, class: "icon-line thick" }));
  g.append(s("path", { d: `M${x - 8},${y - 8} L${x + 8},${y + 8}`, class: "icon-line thick" }));
}

// ---------------------------------------------------------------- an enemy's territory
function drawEnemy(svg, e, ctx) {
  const { o, has, ui } = ctx;
  const f = EF[e];
  const narrow = f.w < 220;
  const g = group({ class: "gp-enemy", "data-enemy": String(e) });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 10, class: "enemy-land", stroke: ENEMY_COLOURS[e] }));
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: 28, rx: 10, fill: ENEMY_COLOURS[e], class: "enemy-band" }));
  g.append(die(f.x + 16, f.y + 14, e + 1, { size: 20, title: t("web.gp.enemy_die", { game: GAME, die: e + 1, enemy: e }) }));
  g.append(s("text", { x: f.x + 32, y: f.y + 19, class: "gp-enemy-name", fill: inkOn(ENEMY_COLOURS[e]) }, enemyName(e)));
  if (!narrow) g.append(s("text", { x: f.x + f.w - 8, y: f.y + 19, class: "gp-enemy-name", fill: inkOn(ENEMY_COLOURS[e]), "text-anchor": "end" }, t("web.gp.enemy_vp", { game: GAME, n: c.enemy_vp[e] })));
  // the printed strengths of rounds 1–4, this round's lit
  const rows = c.strength[o.habsburgs_annexed && e === 4 ? 3 : e] || [];
  let y = f.y + 40;
  if (folded) {  // a folded card: its strength against the defence, then its treaty space
    const defence = (o.track_nobles[e] || []).reduce((a, b) => a + b, 0) + (o.track_royal[e] || 0);
    g.append(strengthLines(o, e, defence, f.x + 8, f.y + 48, f.x + f.w - 6));
    tip(g.querySelector(".enemy-land"), t("web.gp.printed_strengths", { game: GAME, enemy: e, values: rows.join("/") }));
    drawTreaty(g, e, f, ctx);
    svg.append(g);
    return;
  }
  if (narrow) { g.append(s("text", { x: f.x + 8, y: y + 10, class: "gp-tiny" }, t("web.gp.enemy_vp", { game: GAME, n: c.enemy_vp[e] }))); y += 20; }
  const str = track(f.x + 8, y, rows, { w: 24, h: 20, cls: "strengths" });
  const round = Math.max(1, o.round || 1);
  const cell = str.g.querySelectorAll(".track-cell")[round - 1];
  if (cell) cell.classList.add("lit");
  tip(str.g, t("web.gp.printed_strengths", { game: GAME, enemy: e, values: rows.join("/") }));
  g.append(str.g);
  // strength now against the defenders on the track
  const sx = narrow ? f.x + 8 : f.x + 120;
  const sy = narrow ? y + 40 : y + 14;
  const defence = (o.track_nobles[e] || []).reduce((a, b) => a + b, 0) + (o.track_royal[e] || 0);
  g.append(strengthLines(o, e, defence, sx, sy, f.x + f.w - 6));
  // the cubes on its track: its own strength cubes, the families' noble cubes, the royal cubes
  const ty = narrow ? y + 74 : y + 50;
  const onTrack = group({ class: "enemy-track", "data-track": String(e) });
  let tx = f.x + 16;
  const put = (colour, n, title) => {
    if (!n) return;
    onTrack.append(cube(tx, ty, colour, { size: 18, label: n, title }));
    tx += 30;
    if (narrow && tx > f.x + f.w - 20) { tx = f.x + 16; }
  };
  put(ENEMY_COLOURS[e], o.track_enemy[e], t("web.gp.track_strength", { game: GAME, n: o.track_enemy[e], enemy: e }));
  (o.track_nobles[e] || []).forEach((n, p) => put(FAMILY_COLOURS[p], n, t("web.gp.track_nobles", { game: GAME, n, seat: p, enemy: e })));
  put(ROYAL, o.track_royal[e], t("web.gp.track_royal", { game: GAME, n: o.track_royal[e], enemy: e }));
  if (e === 2) {
    const withTatars = (o.cossacks || []).filter((x) => x === -2).length;
    if (withTatars) { onTrack.append(unitPiece(3, tx + 4, ty, COSSACK, { title: t("web.gp.cossacks_with_tatars", { game: GAME, n: withTatars }) })); }
  }
  g.append(changes.mark(onTrack, `track:${e}`, [o.track_enemy[e], o.track_nobles[e], o.track_royal[e]]));
  drawTreaty(g, e, f, ctx);
  if (e === 4 && o.habsburgs_annexed) {
    g.append(s("text", { x: f.x + 8, y: f.y + f.h - (phone ? 38 : HIT) - 16, class: "gp-small annexed" }, t("web.gp.annexed")));
  }
  svg.append(g);
}

// An enemy's strength against the defence on its track, from (x, y), on two lines (at its " · ") where one
// does not fit before `right` (the Tatars' narrow steppe, a folded card).
function strengthLines(o, e, defence, x, y, right) {
  const now = s("text", { x, y, class: "gp-strength" });
  fitLines(t("web.gp.strength_now", { game: GAME, n: o.strength[e], d: defence }), 13.5, right - x).forEach((line, k) => {
    now.append(s("tspan", { x, dy: k ? 16 : 0, ...line.squeeze }, line.text));
  });
  tip(now, t("web.gp.strength_tip", { game: GAME, enemy: e, n: o.strength[e], d: defence }));
  return changes.mark(now, `strength:${e}`, [o.strength[e], defence]);
}

// An enemy's treaty space, at the foot of its territory: a target of "diplomacy".
function drawTreaty(g, e, f, { o, has, ui }) {
  const narrow = f.w < 220;
  const tw = narrow ? f.w - 16 : 110, th = phone ? 38 : HIT;
  const tX = narrow ? f.x + 8 : f.x + f.w - tw - 8, tY = f.y + f.h - th - 8;
  const treaty = group({ class: `treaty-space ${o.treaty === e ? "signed" : ""}`, "data-treaty": String(e) });
  treaty.append(s("rect", { x: tX, y: tY, width: tw, height: th, rx: 6, class: "treaty-face" }));
  treaty.append(s("text", { x: tX + tw / 2, y: tY + th / 2, class: "gp-tiny", "text-anchor": "middle", "dominant-baseline": "central" }, t("web.gp.treaty_space")));
  if (o.treaty === e) {
    treaty.append(s("circle", { cx: tX + tw - 14, cy: tY + th / 2, r: 11, class: "treaty-seal" }));
  }
  tip(treaty, o.treaty === e ? t("web.gp.treaty_with", { game: GAME, enemy: e }) : t("web.gp.treaty_none", { game: GAME, enemy: e }));
  changes.mark(treaty, `treaty:${e}`, o.treaty === e);
  const diplo = has(`diplomacy ${e}`);
  if (diplo) target(treaty, diplo, ui);
  g.append(treaty);
}

// expansion arrows in each enemy's colour, crossing the border from one province to the next
function drawArrows(svg) {
  const centre = (i) => ({ x: FRAMES[i].x + FRAMES[i].w / 2, y: FRAMES[i].y + FRAMES[i].h / 2 });
  const g = group({ class: "gp-arrows", "aria-hidden": "true" });
  (c.arrows || []).forEach((arrows, e) => {
    for (const [from, targets] of Object.entries(arrows)) {
      for (const to of targets) {
        const a = centre(Number(from)), b = centre(to);
        const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
        const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
        const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
        const off = (e - 2) * 9;
        const x1 = mx - ux * 24 - uy * off, y1 = my - uy * 24 + ux * off;
        const x2 = mx + ux * 24 - uy * off, y2 = my + uy * 24 + ux * off;
        const arrow = group({ class: "arrow" });
        arrow.append(s("line", { x1, y1, x2, y2, stroke: ENEMY_COLOURS[e], class: "arrow-line" }));
        arrow.append(s("polygon", { points: `${x2 + ux * 8},${y2 + uy * 8} ${x2 - uy * 6},${y2 + ux * 6} ${x2 + uy * 6},${y2 - ux * 6}`, fill: ENEMY_COLOURS[e] }));
        tip(arrow, t("web.gp.arrow_tip", { game: GAME, enemy: e, province: Number(from), province2: to }));
        g.append(arrow);
      }
    }
  });
  svg.append(g);
}

// ---------------------------------------------------------------- the bottom: recruitment table, rounds
function drawArmyTable(svg, { o }) {
  const f = TABLE_FRAME;
  const g = frame(svg, f, "gp-army-table", t("web.gp.army_table"));
  (c.army_table || []).forEach(([lo, hi, units], k) => {
    const x = f.x + 8 + k * 38, y = f.y + 30;
    const total = o.camp_total;
    const lit = total !== undefined && total !== null && total >= lo && total <= hi && o.round > 0;
    g.append(s("rect", { x, y, width: 35, height: f.h - 38, rx: 4, class: `table-col ${lit ? "lit" : ""}` }));
    g.append(s("text", { x: x + 17, y: y + 14, class: "gp-tiny", "text-anchor": "middle" }, `${lo}–${hi}`));
    units.forEach((n, u) => g.append(s("text", { x: x + 17, y: y + 40 + u * 26, class: "gp-tiny", "text-anchor": "middle" }, n ? `+${n}${unitMark(u)}` : "·")));
  });
}

function unitMark(u) { return named(GAME, "unit_short", u, ["i", "c", "a", "cos"][u]); }

function drawRounds(svg, { o }) {
  const f = ROUND_FRAME;
  const g = frame(svg, f, "gp-rounds", t("web.gp.round_track"));
  for (let r = 1; r <= c.rounds; r++) {
    const x = f.x + 8 + (r - 1) * 77, y = f.y + 28;
    const lit = o.round === r;
    const box = group({ class: `round-box ${lit ? "lit" : ""}`, "data-round": String(r) });
    box.append(s("rect", { x, y, width: 72, height: f.h - 36, rx: 6, class: "round-face" }));
    box.append(s("text", { x: x + 36, y: y + 18, class: "gp-small", "text-anchor": "middle" }, t("web.gp.round_n", { game: GAME, n: r })));
    const base = c.royal_base[r - 1] || [];
    base.forEach((n, u) => { if (n) box.append(s("text", { x: x + 36, y: y + 42 + u * 22, class: "gp-tiny", "text-anchor": "middle" }, `${n} ${unitName(u)}`)); });
    tip(box, t("web.gp.round_tip", { game: GAME, n: r }));
    g.append(box);
  }
}

// ---------------------------------------------------------------- the last battle, die by die, while it is news
const BATTLE_IDS = {
  "gods-playground.log.hit": "hit", "gods-playground.log.royal_hit": "hit",
  "gods-playground.log.miss": "miss", "gods-playground.log.royal_miss": "miss",
  "gods-playground.log.routed": "rout", "gods-playground.log.royal_routed": "rout",
};

export function lastBattle(events) {
  for (let k = events.length - 1; k >= 0; k--) {
    const [id, args] = events[k];
    if (id !== "gods-playground.log.battle_over") continue;
    const rolls = [];
    let j = k - 1;
    for (; j >= 0 && (BATTLE_IDS[events[j][0]] || events[j][0].endsWith(".hit_enemy")); j--) {
      const [rid, rargs] = events[j];
      if (BATTLE_IDS[rid]) rolls.unshift({ outcome: BATTLE_IDS[rid], die: rargs.die || 1, unit: rargs.unit, seat: rargs.seat, royal: rid.includes("royal_") });
    }
    return { province: args.province, hits: args.n, rolls, index: k, phase: phaseBefore(events, j) };
  }
  return null;
}

// The last battle while it is news (null after): until an event of a later phase (phase 11's dice after
// a campaign, the king leading the royal army after a defence…) or the end of the round.
export function newsBattle(events) {
  const battle = lastBattle(events);
  if (!battle) return null;
  for (let k = battle.index + 1; k < events.length; k++) {
    const id = events[k][0];
    if (id === ROUND_END) return null;
    const phase = id === KING_ROLLS ? 11 : PHASE_OF[id];  // after a battle, the king's dice are phase 11's
    if (phase && phase > battle.phase) return null;
  }
  return battle;
}

// Events said in one phase of a round only (the rulebook's numbers): they tell which phase a battle was
// fought in (10 campaigns, 11 defences against invaders, 12 the royal army, 13 defences against the
// expansion) and whether a later one has begun since.
const ROUND_END = "gods-playground.log.round_end";
const KING_ROLLS = "gods-playground.log.king_rolls";
const PHASE_OF = {
  "gods-playground.log.campaigns": 10, "gods-playground.log.passes_campaign": 10,
  "gods-playground.log.attack_dice": 11, "gods-playground.log.treaty_broken": 11, "gods-playground.log.keeps_treaty": 11,
  "gods-playground.log.held": 11, "gods-playground.log.invades": 11,
  "gods-playground.log.king_leads": 12, "gods-playground.log.king_declines": 12, "gods-playground.log.passes_fight": 12,
  "gods-playground.log.exceed": 13, "gods-playground.log.expands": 13,
};

// The phase of the battle whose first event (what started it) is at `k` or before: the nearest event
// of one phase going back; none since the round began: phase 10 (the royal army's first campaign).
function phaseBefore(events, k) {
  for (; k >= 0; k--) {
    const id = events[k][0];
    if (id === ROUND_END) break;
    if (PHASE_OF[id]) return PHASE_OF[id];
  }
  return 10;
}

// The king's latest roll this round: phase 5's four dice (the events), or phase 11's (the enemies'
// attack) once the first of them is rolled; null before phase 5. Each die: { die, did, enemy,
// strength }, `did` read from the events that follow: "cube" (a strength cube, the enemy now at
// `strength`), "treaty" (the enemy keeps the treaty: no cube), "no_cube" (its supply is empty),
// "cossack" (a 6 in round 2: a Cossack defects), "nothing" (a 6), "pending" (phase 11 before all four
// are rolled: the dice act together).
export function kingRoll(events) {
  let start = 0;
  for (let k = events.length - 1; k >= 0; k--) if (events[k][0] === ROUND_END) { start = k + 1; break; }
  const phase5 = [], phase11 = [];
  let summary = -1, attack = -1, treatyKept = -1, broken = false;
  for (let k = start; k < events.length; k++) {
    const [id, args] = events[k];
    if (id === KING_ROLLS) (summary < 0 ? phase5 : phase11).push(k);
    else if (id === "gods-playground.log.events" && summary < 0) summary = k;
    else if (id === "gods-playground.log.attack_dice" && attack < 0) attack = k;
    else if (id === "gods-playground.log.treaty_broken") broken = true;
    else if (id === "gods-playground.log.keeps_treaty") treatyKept = args.enemy;
  }
  const rolled = phase11.length ? phase11 : phase5;
  if (!rolled.length) return null;
  const inPhase11 = rolled === phase11;
  const done = inPhase11 ? attack >= 0 : true;
  const treaty = inPhase11 && !broken ? treatyKept : -1;
  const end = inPhase11 ? events.length : (summary >= 0 ? summary : events.length);
  const effects = [];
  for (let k = rolled[0]; k < end; k++) {
    if (events[k][0] === "gods-playground.log.strength_cube" || events[k][0] === "gods-playground.log.cossack_defects") effects.push(events[k]);
  }
  let q = 0;
  const dice = rolled.map((k) => {
    const face = events[k][1].die;
    const enemy = face <= 5 ? face - 1 : undefined;
    if (!done) return { die: face, did: "pending", enemy };
    const next = effects[q];
    if (face <= 5) {
      if (enemy === treaty) return { die: face, did: "treaty", enemy };
      if (next && next[0].endsWith(".strength_cube") && next[1].enemy === enemy) { q++; return { die: face, did: "cube", enemy, strength: next[1].strength }; }
      return { die: face, did: "no_cube", enemy };
    }
    if (next && next[0].endsWith(".cossack_defects")) { q++; return { die: face, did: "cossack" }; }
    return { die: face, did: "nothing" };
  });
  return { phase: inPhase11 ? 11 : 5, dice };
}

function drawBattle(svg, ctx, only) {
  const battle = newsBattle(ctx.ui.events || []);
  if (!battle || battle.province === undefined || !FR[battle.province]) return;
  if (only !== undefined && only !== battle.province) return;
  const f = FR[battle.province];
  const n = battle.rolls.length;
  const summary = t("web.gp.battle_summary", { game: GAME, n: battle.hits, province: battle.province });
  // as wide as its dice, and as its line of words (it was cut off beside a battle of two dice)
  const w = Math.min(f.w - 16, Math.max(40 + n * 34, textWidth(summary, 11.5) + 20)), x0 = f.x + f.w - w - 8, y0 = phone ? f.y + f.h - 46 - BATTLE_ROW + 4 : f.y + 90;
  const g = group({ class: "gp-battle", "data-battle": String(battle.province) });
  g.append(s("rect", { x: x0, y: y0, width: w, height: 64, rx: 8, class: "battle-tray" }));
  battle.rolls.slice(-Math.floor((w - 40) / 34) || 1).forEach((r, k) => {
    const colour = r.royal ? ROYAL : FAMILY_COLOURS[r.seat] || "#fdfdfb";
    g.append(die(x0 + 24 + k * 34, y0 + 22, r.die, { size: 26, colour, outcome: r.outcome,
      title: T(`battle_${r.outcome}`, { die: r.die, unit: unitName(r.unit) }) }));
  });
  g.append(s("text", { x: x0 + 10, y: y0 + 56, class: "gp-tiny" }, summary));
  changes.mark(g, "battle", battle.index);
  svg.append(g);
}

// `text` in lines no wider than `room` (units) at `size` px: whole if it fits, else cut after each " · "
// (or, without one, at its middle space); a line still too wide is squeezed ({ text, squeeze }).
function fitLines(text, size, room) {
  let parts = [text];
  if (textWidth(text, size) > room) {
    const dot = text.split(" · ");
    if (dot.length > 1) parts = dot.map((p, k) => (k < dot.length - 1 ? `${p} ·` : p));
    else {
      const mid = text.indexOf(" ", Math.floor(text.length / 2) - 2);
      if (mid > 0) parts = [text.slice(0, mid), text.slice(mid + 1)];
    }
  }
  return parts.map((line) => ({ text: line, squeeze: textWidth(line, size) > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {} }));
}

// About how wide a line of `size` px text is (Chinese characters a full em, the rest about half of one).
function textWidth(text, size) {
  let em = 0;
  for (const ch of text) em += ch.codePointAt(0) >= 0x2e80 ? 1 : 0.56;
  return em * size;
}

// ---------------------------------------------------------------- buying armies: the panel on the province
// The province where you hire now (null when you do not).
function buyingIn({ o, view }) {
  return o.mode === "buy" && view.your_turn && o.step.prov !== undefined && o.step.prov !== null ? o.step.prov : null;
}
const halfPrice = (o, i) => (o.enemies_in_provinces[i] || []).some((n) => n > 0);
// the purchase panel's height: the title, "half price" on a line of its own under it, the buttons
const purchaseHeight = ({ o }) => (halfPrice(o, o.step.prov) ? 44 : 28) + 94;

function drawPurchase(svg, ctx, only) {
  const { o, me, has, ui } = ctx;
  const i = buyingIn(ctx);
  if (i === null) return;
  if (only !== undefined && only !== i) return;
  const f = FR[i];
  const half = halfPrice(o, i);
  const g = group({ class: "gp-purchase", "data-purchase": String(i) });
  const head = purchaseHeight(ctx) - 94;
  // on the printed map at least 300 units wide (its buttons HIT wide), over the province's neighbour if need be;
  // on a card in a room of its own under the armies (the nobles, enemies and armies it is about stay in view)
  const w = phone ? f.w - 12 : Math.max(f.w - 12, 300), x0 = Math.min(f.x + 6, W - RING - 4 - w);
  const y0 = phone ? f.panelY : f.y + f.h - 100 - head;
  g.append(s("rect", { x: x0, y: y0, width: w, height: head + 94, rx: 10, class: "purchase-panel" }));
  g.append(s("text", { x: x0 + 10, y: y0 + 20, class: "gp-small" }, t("web.gp.purchase_title", { game: GAME, province: i, money: o.money[me] })));
  if (half) g.append(s("text", { x: x0 + 10, y: y0 + 38, class: "gp-tiny" }, t("web.gp.half_price")));
  const kinds = ["inf", "cav", "art", "cossack"];
  const doneW = phone ? 70 : 60, bw = Math.min(66, (w - (phone ? 90 : doneW + 30)) / 4);  // (the printed map's: clear of done)
  kinds.forEach((kind, k) => {
    const entry = has(`buy ${kind}`);
    const price = half ? Math.floor((c.prices[kind] || 0) / 2) : c.prices[kind];
    const x = x0 + 8 + k * (bw + 4), y = y0 + head + 2;
    const b = group({ class: `buy-button ${entry ? "" : "unavailable"}` });
    b.append(s("rect", { x, y, width: bw, height: 84, rx: 8, class: "svg-button-face" }));
    b.append(unitPiece(k, x + bw / 2, y + 24, k === 3 ? COSSACK : FAMILY_COLOURS[me], { size: 26 }));
    b.append(s("text", { x: x + bw / 2, y: y + 56, class: "gp-tiny", "text-anchor": "middle" }, unitMark(k)));
    const priceText = t("web.gp.price", { game: GAME, n: price });  // (squeezed into a narrow button: "2 兹罗提")
    const squeeze = textWidth(priceText, 13) > bw - 8 ? { textLength: bw - 8, lengthAdjust: "spacingAndGlyphs" } : {};
    b.append(s("text", { x: x + bw / 2, y: y + 74, class: "gp-small", "text-anchor": "middle", ...squeeze }, priceText));
    if (entry) target(b, entry, ui);
    else tip(b, t("web.gp.cannot_buy", { game: GAME, unit: unitName(k) }));
    g.append(b);
  });
  const done = has("done");
  if (done) {
    const b = svgButton(x0 + w - doneW - 8, y0 + head + 34, doneW, 52, t("web.gp.done_buying"), { cls: "primary" });
    target(b, done, ui);
    g.append(b);
  }
  svg.append(g);
}

// ---------------------------------------------------------------- above the map: what you choose now
function decisionBar(ctx) {
  const { o, me, view, ui, has } = ctx;
  const bar = h("div", { class: `gp-decision ${view.over ? "" : "live"}`, "data-decision": o.mode || "" });
  let say;
  if (view.over) say = t("web.gp.ask.over");
  else if (!view.your_turn) say = me === null || me === undefined ? t("web.gp.ask.watching", { game: GAME, phase: o.phase, name: phaseName(o.phase) })
    : t("web.gp.ask.waiting", { game: GAME, phase: o.phase, name: phaseName(o.phase) });
  else if (o.mode === "seat") say = T(`ask.seat_${o.step.for || "royal"}`, { province: o.step.prov ?? 0 });
  else if (o.mode === "buy") say = t("web.gp.ask.buy", { game: GAME, province: o.step.prov ?? 0, money: o.money[me] });
  else say = T(`ask.${o.mode}`, { money: me !== null && me !== undefined ? o.money[me] : 0, round: o.round });
  const when = o.phase > 0 ? t("web.gp.round_phase", { game: GAME, round: Math.max(1, o.round || 1), rounds: c.rounds, number: o.phase, name: phaseName(o.phase) })
    : t("web.gp.setup_phase");
  bar.append(h("p", { class: "gp-ask" }, h("strong", {}, when), " ", say));
  bar.append(h("p", { class: "gp-scores", "aria-label": t("web.gp.vp_track") }, (o.vp || []).map((vp, p) =>
    h("span", { class: "gp-score", style: `--family: ${FAMILY_COLOURS[p]}` }, h("i", { class: "swatch" }),
      t("web.gp.score_of", { game: GAME, seat: p, n: vp })))));
  if (view.over) bar.append(finalScores(ctx));
  const controls = h("div", { class: "gp-controls" });
  const bids = view.legal.filter((e) => e.action.name === "bid");
  if (bids.length) {
    const picker = h("div", { class: "bid-track", role: "group", "aria-label": t("web.gp.bid_label") });
    for (const entry of bids) picker.append(control(entry, String(entry.action.args[0]), ui, "bid-chip"));
    controls.append(h("span", { class: "gp-small" }, t("web.gp.bid_prompt", { game: GAME, money: o.money[me] })), picker);
  }
  if (o.bidders && o.bidders.length) {
    controls.append(h("span", { class: "gp-small bid-state" }, t("web.gp.bidders", { game: GAME, seats: o.bidders }),
      " ", (o.bids || []).map((b, p) => (o.bidders.includes(p) ? (b === -2 ? t("web.gp.bid_sealed", { game: GAME, seat: p }) : b >= 0 ? t("web.gp.bid_yours", { game: GAME, n: b }) : t("web.gp.bid_waiting", { game: GAME, seat: p })) : null)).filter(Boolean).join(" · ")));
  }
  for (const name of ["pass", "done"]) {
    const entry = has(name);
    if (entry && !(name === "done" && o.mode === "buy")) controls.append(control(entry, T(`control.${name}_${o.mode}`), ui, "primary"));
  }
  if (picked.from !== null && o.mode === "special") {
    controls.append(h("button", { class: "board-control", type: "button", onclick: () => { picked.from = null; redraw(); } }, t("web.gp.cancel_move")));
  }
  if (controls.childNodes.length) bar.append(controls);
  if (me !== null && me !== undefined && view.legal.some((e) => e.action.name === "token")) {
    bar.append(handRow(ctx, me, true));
  }
  return bar;
}

// The end: each family's points by the rulebook's categories (the rounds' VP, the estates' slot values
// at the end), and the tie-breaks in their order (noble cubes in the provinces, then money).
// scoreBreakdown is shared by the table below and the game page's end-of-game summary.
export function scoreBreakdown(view) {
  const o = view.observation;
  const winners = (view.result && view.result.winners) || [];
  const rows = (o.vp || []).map((vp, p) => {
    const estates = (o.final_estate_vp || [])[p] || 0;
    return { seat: p, values: [vp - estates, estates], total: vp };
  });
  return { categories: [t("web.gp.final.rounds"), t("web.gp.final.estates")], rows, winners,
    tieBreak: tieBreak(rows.map((r) => r.total), winners, (n) => t("web.endgame.tiebreak.gods_playground", { n })),
    length: { rounds: o.round } };
}

function finalScores({ o, view }) {
  const { rows: parts, winners } = scoreBreakdown(view);
  const rows = parts.map(({ seat: p, values, total }) => {
    const nobles = (o.nobles || []).reduce((sum, row) => sum + row[p], 0);
    return h("tr", { class: winners.includes(p) ? "winner" : "", "data-final": String(p) },
      h("th", { scope: "row" }, named(GAME, "family", p, "")),
      h("td", { "data-label": t("web.gp.final.rounds") }, String(values[0])),
      h("td", { "data-label": t("web.gp.final.estates") }, String(values[1])),
      h("td", { "data-label": t("web.gp.final.total") }, h("strong", {}, String(total))),
      h("td", { "data-label": t("web.gp.final.nobles") }, String(nobles)),
      h("td", { "data-label": t("web.gp.final.money") }, t("web.gp.money", { n: o.money[p] })));
  });
  // on a phone each family's row is a card of "label value" lines (css: table.final-cards)
  return h("table", { class: "grid gp-final final-cards" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("web.gp.final.rounds")), h("th", {}, t("web.gp.final.estates")),
      h("th", {}, t("web.gp.final.total")), h("th", {}, t("web.gp.final.nobles")), h("th", {}, t("web.gp.final.money")))),
    h("tbody", {}, rows));
}

// ---------------------------------------------------------------- below the map: each family's area
function familyAreas(ctx) {
  const { o, me, view } = ctx;
  const strip = h("div", { class: "gp-families" });
  for (let p = 0; p < 3; p++) {
    const mine = p === me;
    const card = h("section", { class: `gp-family ${mine ? "me" : ""} ${view.to_move.includes(p) ? "to-move" : ""}`, "data-family": String(p),
      style: `--family: ${FAMILY_COLOURS[p]}; --family-ink: ${inkOn(FAMILY_COLOURS[p])}` });
    const marks = [mine ? t("web.you") : null, o.king === p ? t("web.gp.king") : null, (o.passed || [])[p] ? t("web.gp.passed") : null].filter(Boolean);
    card.append(h("h3", {}, named(GAME, "family", p, ""), marks.length ? h("small", {}, ` — ${marks.join(t("web.list_separator"))}`) : null));
    const facts = h("dl", { class: "gp-facts" },
      h("dt", {}, t("web.gp.col.vp")), h("dd", {}, String(o.vp[p])),
      h("dt", {}, t("web.gp.col.money")), h("dd", {}, t("web.gp.money", { game: GAME, n: o.money[p] })),
      h("dt", {}, t("web.gp.col.cubes")), h("dd", {}, String(o.cubes_in_hand[p])),
      h("dt", {}, t("web.gp.col.discs")), h("dd", {}, String(o.discs_in_hand[p])),
      h("dt", {}, t("web.gp.units_left")), h("dd", {}, (o.units_in_hand[p] || []).map((n, u) => `${n}${unitMark(u)}`).join(" ")));
    card.append(facts);
    // your tokens are picked in the decision bar while you place them (the map stays in view)
    const tokens = handRow(ctx, p, false);
    card.append(changes.mark(tokens, `hand:${p}`, tokens.dataset.count));
    strip.append(card);
  }
  return strip;
}

// A family's noble tokens in hand: yours (or all, to a spectator) by value, the others' as a count;
// `pickHere`: your playable ones are the picks of "place a token" (the decision bar's copy).
function handRow({ o, me, view }, p, pickHere) {
  const mine = p === me;
  const hand = o.tokens_in_hand && o.tokens_in_hand[p] ? o.tokens_in_hand[p] : [];
  const tokens = h("div", { class: `gp-hand ${pickHere ? "gp-bar-hand" : ""}`, "aria-label": t("web.gp.tokens_in_hand"),
    style: `--family: ${FAMILY_COLOURS[p]}; --family-ink: ${inkOn(FAMILY_COLOURS[p])}` });
  tokens.dataset.count = String(hand.length);
  tokens.append(h("span", { class: "gp-small" }, t("web.gp.tokens_in_hand"), " "));
  if (pickHere) {
    // the decision bar: each value still in hand once, with how many of it are left
    const left = new Map();
    const down = o.tokens_placed && o.tokens_placed[p] ? o.tokens_placed[p].filter((v) => v >= 0) : [];
    hand.forEach((v) => left.set(v, (left.get(v) || 0) + 1));
    down.forEach((v) => left.set(v, (left.get(v) || 0) - 1));
    const playable = new Set(view.legal.filter((e) => e.action.name === "token").map((e) => e.action.args[1]));
    [...left.keys()].sort((a, b) => a - b).forEach((v) => {
      const n = left.get(v);
      if (n <= 0) return;
      const tok = h("span", { class: "hand-token" }, String(v), n > 1 ? h("small", { class: "hand-more" }, `×${n}`) : null);
      if (playable.has(v)) pickable(tok, `token-${v}`, picked.token === v, () => { picked.token = v; redraw(); }, t("web.gp.pick_token", { game: GAME, n: v }));
      tokens.append(tok);
    });
  } else if (mine || view.seat === null || view.seat === undefined) {
    // tokens already face down on the map stay in the hand until the reveal: shown as placed
    const down = mine && o.tokens_placed && o.tokens_placed[p] ? o.tokens_placed[p].filter((v) => v >= 0) : [];
    hand.forEach((v) => {
      const at = down.indexOf(v);
      if (at >= 0) { down.splice(at, 1); tokens.append(h("span", { class: "hand-token placed", title: t("web.gp.token_on_board", { game: GAME, n: v }) }, String(v))); return; }
      tokens.append(h("span", { class: "hand-token" }, String(v)));
    });
  } else {
    tokens.append(h("span", { class: "hand-count" }, t("web.gp.tokens_count", { game: GAME, n: hand.length })));
  }
  return tokens;
}

// What a log entry concerns, for the log beside the board: the seat's colour and the province, enemy,
// senate seat or camp it names (lit on the map while the pointer is on the entry).
export function logHint([, args]) {
  if (!args || typeof args !== "object") return null;
  const selectors = [];
  if (Number.isInteger(args.province)) selectors.push(`[data-province="${args.province}"] > .province-land`);
  if (Number.isInteger(args.province2)) selectors.push(`[data-province="${args.province2}"] > .province-land`);
  if (Number.isInteger(args.enemy)) selectors.push(`[data-enemy="${args.enemy}"] > .enemy-land`);
  if (Number.isInteger(args.area)) selectors.push(args.area === 5 ? ".gp-camp" : `[data-province="${args.area}"] > .province-land`);
  const seat = Number.isInteger(args.seat) && args.seat >= 0 && args.seat < 3 ? args.seat : null;
  if (seat === null && !selectors.length) return null;
  return { colour: seat === null ? null : FAMILY_COLOURS[seat], selectors };
}
