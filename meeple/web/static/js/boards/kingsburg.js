// Kingsburg: the board of the seed ("遊戲圖板下方為季節表…"): the King's eighteen advisors in two printed
// rows with their rewards drawn as icons and the dice placed on them; below them the season track (the
// eight steps of the year, the year 1–5), the turn-order track, the VP and soldier tracks; on the right
// the supply (goods, "+2" tokens) and this year's enemy with the king's reinforcement die and each
// player's strength against it. Below: your dice tray (dice you select, "+2" tokens, the Market's ±1,
// rerolls) and your province board (5 × 4 buildings with their cost and VP); the others' boards fold into
// a summary you can open. Every move is made on the board: dice on an advisor, a building on your
// province, a reward's choice on the advisor's icons, recruits on the soldier track, losses on the enemy.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { loadContent } from "../content.js";
import { named, tieBreak } from "./common.js";
import { svgRoot, group, cube, disc, meeple, token, die, track, svgButton, tip, target, dormant, pickable,
  control, Changes, tooltips, inkOn, shield, eye, pickableDie } from "./kit.js";

const GAME = "kingsburg";
let c = { advisors: {}, rows: [], buildings: [], resources: ["gold", "wood", "stone"], seasons: [], steps: [],
  years: 5, plus2_tokens: 20, enemies: [], defence: {}, type_defence: {} };
export async function prepare() { c = await loadContent(GAME); }

// ---------------------------------------------------------------- artwork and geometry (viewBox units)
// Two layouts: the printed board's (wide screens, a tablet) and a phone's column (the board reflows
// into one column of the same pieces, your dice first, so nothing pans sideways and the text stays
// readable). `useLayout` sets the frames below before each drawing.
let W = 1000, H = 596;
let NARROW = false;
let ADV, SUPPLY, ENEMY, SEASON, ORDER, VP, SOLDIER, TRAY, PROVINCE, TILE;
const WIDE_LAYOUT = {
  W: 1000, H: 596,
  ADV: { x: 12, y: 10, w: 82, h: 96, gap: 3, perRow: 9 },       // the advisors, two rows of nine
  SUPPLY: { x: 775, y: 10, w: 215, h: 66 },
  ENEMY: { x: 775, y: 82, w: 215, h: 190 },
  SEASON: { x: 12, y: 212, w: 755, h: 48 },
  ORDER: { x: 775, y: 276, w: 215, h: 44 },
  VP: { x: 12, y: 268, w: 755, h: 22 },
  SOLDIER: { x: 12, y: 296, w: 755, h: 22 },
  TRAY: { x: 12, y: 326, w: 318, h: 264 },
  PROVINCE: { x: 338, y: 326, w: 652, h: 264 },
  TILE: { x0: 412, y0: 352, w: 142, h: 45, gap: 2 },
};
// A phone: 350 units across (about a unit a pixel in a 336 px frame), everything in one column.
const PHONE_LAYOUT = {
  W: 350, H: 1694,
  TRAY: { x: 6, y: 6, w: 338, h: 264 },
  ADV: { x: 6, y: 276, w: 82, h: 96, gap: 3, perRow: 4 },       // five rows of four
  SEASON: { x: 6, y: 796, w: 338, h: 114 },
  VP: { x: 6, y: 916, w: 338, h: 22 },                            // two rows of 25
  SOLDIER: { x: 6, y: 968, w: 338, h: 22 },                       // two rows
  ORDER: { x: 6, y: 1020, w: 338, h: 44 },
  SUPPLY: { x: 6, y: 1070, w: 338, h: 66 },
  ENEMY: { x: 6, y: 1142, w: 338, h: 190 },
  PROVINCE: { x: 6, y: 1338, w: 338, h: 350 },
  TILE: { x0: 10, y0: 1382, w: 81, h: 58, gap: 2 },
};
// A tablet (a page of one column, wider than a phone): the phone's frames in two columns, 700 units across
// (about a unit a pixel at 768 px): your tray, the advisors and the turn order on the left; your province,
// the seasons, the tracks, the supply and the enemy on the right.
const TABLET_LAYOUT = {
  W: 700, H: 854,
  TRAY: { x: 6, y: 6, w: 338, h: 264 },
  ADV: { x: 6, y: 276, w: 82, h: 96, gap: 3, perRow: 4 },
  ORDER: { x: 6, y: 774, w: 338, h: 44 },
  PROVINCE: { x: 356, y: 6, w: 338, h: 350 },
  TILE: { x0: 360, y0: 50, w: 81, h: 58, gap: 2 },
  SEASON: { x: 356, y: 362, w: 338, h: 114 },
  VP: { x: 356, y: 482, w: 338, h: 22 },
  SOLDIER: { x: 356, y: 534, w: 338, h: 22 },
  SUPPLY: { x: 356, y: 586, w: 338, h: 66 },
  ENEMY: { x: 356, y: 658, w: 338, h: 190 },
  below: ["ADV", "ORDER"],   // the frames under the tray (in its column), moved up with it
};
export const SEAT_COLOURS = ["#c62828", "#1f4fb4", "#2e7d32", "#f2c200", "#7b3fa0"];
const GOODS = { gold: "#f0c419", wood: "#8d5a2b", stone: "#9aa0a6" };
const ENVOY = "#6a1b9a";
const PHONE_WIDTH = 600;   // a screen this narrow (CSS px) or narrower gets the phone's column
const TABLET_WIDTH = 900;  // up to this width (the game page in one column) a tablet's two columns

// `narrow`: false (wide), "phone" or "tablet" (true: the phone). `trayH`: on a phone or a tablet the tray
// is only as tall as what it holds now, and the frames below it move up (the page's whole column on a phone).
function useLayout(narrow, trayH = 264) {
  let l = narrow === "tablet" ? TABLET_LAYOUT : narrow ? PHONE_LAYOUT : WIDE_LAYOUT;
  if (narrow && trayH !== l.TRAY.h) {
    const d = trayH - l.TRAY.h, down = (f) => ({ ...f, y: f.y + d });
    const below = l.below || ["ADV", "SEASON", "VP", "SOLDIER", "ORDER", "SUPPLY", "ENEMY", "PROVINCE"];
    const moved = Object.fromEntries(below.map((k) => [k, down(l[k])]));
    const tile = below.includes("PROVINCE") ? { ...l.TILE, y0: l.TILE.y0 + d } : l.TILE;
    const staying = Object.keys(l).filter((k) => l[k] && Number.isFinite(l[k].y) && k !== "TRAY" && !below.includes(k));
    const height = l.below ? Math.max(l.H + d, ...staying.map((k) => l[k].y + l[k].h + 6)) : l.H + d;
    l = { ...l, ...moved, H: height, TRAY: { ...l.TRAY, h: trayH }, TILE: tile };
  }
  NARROW = !!narrow;
  ({ W, H, ADV, SUPPLY, ENEMY, SEASON, ORDER, VP, SOLDIER, TRAY, PROVINCE, TILE } = l);
}

// How tall your tray must be: buttons for the ways to make an advisor, white dice, Statue or Chapel
// need it all; picking dice needs the selection's line; otherwise the dice, tokens and goods.
function trayHeight(ctx) {
  const buttons = ctx.choosingWay || ctx.view.legal.some((e) => ["white", "statue", "chapel"].includes(e.action.name));
  const recruiting = ctx.view.your_turn && ctx.task[0] === "recruit"; // the recruit panel lies in the tray
  return recruiting ? 290 : buttons ? 264 : ctx.placing ? 200 : 170; // recruiting: two rows of choices under the tokens
}
useLayout(false);
const VP_CELLS = 50, SOLDIER_CELLS = 25;
// What each advisor gives, drawn as icons in a row: a good ("gold", "wood", "stone"), "any" good,
// "soldier", "plus2" (a "+2" token), "vp" (n), "peek" (this year's enemy), "or" (one of the two
// before/after it), "trade" (one good for one of each other kind), "pay" (1 VP for what follows).
const GIFTS = {
  1: [["vp", 1]], 2: ["gold"], 3: ["wood"], 4: ["gold", "or", "wood"], 5: ["soldier"], 6: ["trade"],
  7: ["any", "plus2"], 8: ["gold", "gold"], 9: ["wood", "gold", "or", "stone"], 10: ["soldier", "soldier", "peek"],
  11: ["stone", "wood", "or", "gold"], 12: ["any", "any", "plus2"], 13: ["stone", "stone", "stone"],
  14: ["pay", "any", "any", "any"], 15: ["gold", "wood", "stone"], 16: ["gold", "gold", "gold", "gold"],
  17: [["vp", 3], "any", "any", "peek"], 18: ["soldier", "gold", "wood", "stone"],
};
// The advisors whose reward asks you to choose, with how many goods each gives by choice, and the goods
// it lets you choose from (bit 1 gold, 2 wood, 4 stone: the rules' task mask).
const CHOICES = { 4: [1, 3], 7: [1, 7], 9: [1, 5], 11: [1, 3], 12: [2, 7], 14: [3, 7], 17: [2, 7] };
// The advisors' robes: each figure its own colour, as on the printed board.
const ROBES = ["#b71c1c", "#6d4c41", "#37474f", "#00695c", "#5d4037", "#4527a0", "#283593", "#8d6e63", "#33691e",
  "#263238", "#4e342e", "#ad1457", "#bf360c", "#424242", "#1565c0", "#4a148c", "#880e4f", "#f9a825"];

// ---------------------------------------------------------------- names
const T = (id, args) => t(`web.kingsburg.${id}`, { game: GAME, ...args });
const resName = (r) => named(GAME, "resource", r, r);
const buildingName = (key) => named(GAME, "building", key, key);
const advisorName = (n) => named(GAME, "advisor", n, (c.advisors[String(n)] || {}).name || String(n));
const stepName = (st) => named(GAME, "step", st, st);

// ---------------------------------------------------------------- the board's own choices
// Placing dice: the dice picked (indexes into your unplaced dice), "+2" tokens added, the Market's ±1.
let sel = { dice: [], tokens: 0, market: 0, sig: "" };
let wanted = null;          // { advisor, text, sig }: the `use …` to play once the advisor asks which dice
let last = null;
const changes = new Changes();

export function render(container, view, ui) {
  last = { container, view, ui };
  watchWidth();
  useLayout(phoneQuery && phoneQuery.matches ? "phone" : tabletQuery && tabletQuery.matches ? "tablet" : false);
  const o = view.observation;
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const legal = new Map(view.legal.map((e) => [e.text, e]));
  const ctx = { o, me, ui, view, legal, has: (text) => legal.get(text), task: o.task || [], year: o.year };
  ctx.placing = view.your_turn && ctx.task[0] === "place" && !o.selected_advisor;
  ctx.choosingWay = view.your_turn && ctx.task[0] === "place" && !!o.selected_advisor;
  if (NARROW) useLayout(phoneQuery && phoneQuery.matches ? "phone" : "tablet", trayHeight(ctx));
  settleSelection(ctx);
  autoWay(ctx);
  changes.begin(view);

  const layout = !NARROW ? "wide" : phoneQuery && phoneQuery.matches ? "narrow phone" : "narrow tablet";
  const root = h("div", { class: `kb-board ${layout}`, "data-board": GAME });
  const svg = svgRoot(W, H, T("board_label"));
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, rx: 12, class: "kb-table" }));
  drawAdvisors(svg, ctx);
  drawSupply(svg, ctx);
  drawEnemy(svg, ctx);
  drawSeasons(svg, ctx);
  drawOrder(svg, ctx);
  drawVpTrack(svg, ctx);
  drawSoldierTrack(svg, ctx);
  drawTray(svg, ctx);
  drawProvince(svg, ctx, me === null ? 0 : me, true);
  drawChoiceTrays(svg, ctx);
  const map = h("div", { class: "kb-map" }, svg);
  const bar = decisionBar(ctx);
  const ask = bar.querySelector(".kb-ask");
  if (NARROW && ask && !view.over) { ask.classList.add("sticky"); root.append(ask); }   // the sentence stays in view
  root.append(bar, map, otherBoards(ctx));
  tooltips(root);
  changes.end();
  container.replaceChildren(root);
  fitAll(root);
  // a new decision: bring its sentence and all its targets into view together where the screen holds them
  // (the sentence sticks to the top of a phone's or a tablet's screen), else its first touch
  const decision = view.your_turn ? `${view.seq}:${ctx.task[0] || ""}` : null;
  // (once the page around the board is drawn too: the notices above it move it down)
  if (decision && decision !== lastDecision) queueMicrotask(() => { if (root.isConnected) showDecision(root, map, ask); });
  lastDecision = decision;
}
let lastDecision = null;

// Scrolls the page (as little as it can) so that the decision's sentence and every live target are on screen;
// where they do not fit together, the first touch (a die to pick, else the panel's choices, else any target)
// is brought to the middle of the screen.
function showDecision(root, map, ask) {
  if (typeof window === "undefined" || !window.scrollBy) return;
  const live = [...map.querySelectorAll("[data-pick], [data-action]")].filter((el) => !el.closest(".dormant") && el.getClientRects().length);
  if (!live.length) return;
  // the targets and the panel that holds some of them (its title says what they do)
  const boxes = [...live, ...map.querySelectorAll(".kb-choice > .choice-panel")].map((el) => el.getBoundingClientRect());
  const sticky = !!(ask && root.contains(ask) && getComputedStyle(ask).position === "sticky");
  const head = sticky ? ask.getBoundingClientRect().height + 6 : 0;   // the stuck sentence covers the screen's top
  let top = Math.min(...boxes.map((r) => r.top)), bottom = Math.max(...boxes.map((r) => r.bottom));
  if (ask && !sticky) top = Math.min(top, ask.getBoundingClientRect().top);
  const margin = 6, screen = window.innerHeight;
  if (bottom - top + 2 * margin <= screen - head) {
    if (top < head + margin) window.scrollBy(0, top - head - margin);
    else if (bottom > screen - margin) window.scrollBy(0, bottom - screen + margin);
    return;
  }
  const pick = (sel) => [...map.querySelectorAll(sel)].find((el) => !el.closest(".dormant"));
  const first = pick("[data-pick]") || pick(".kb-choice [data-action]") || live[0];
  const r = first.getBoundingClientRect();
  if (r.top < head || r.bottom > screen) first.scrollIntoView({ block: "center", inline: "nearest" });
}

function redraw() { if (last) render(last.container, last.view, last.ui); }

// The layout follows the screen's width: crossing the phone's or the tablet's width redraws the board.
let phoneQuery = null, tabletQuery = null;
function watchWidth() {
  if (phoneQuery || typeof window === "undefined" || !window.matchMedia) return;
  phoneQuery = window.matchMedia(`(max-width: ${PHONE_WIDTH}px)`);
  tabletQuery = window.matchMedia(`(max-width: ${TABLET_WIDTH}px)`);
  for (const query of [phoneQuery, tabletQuery]) query.addEventListener("change", () => { if (last && last.container.isConnected) redraw(); });
}

// The selection lasts while your unplaced dice stay the same and you are placing.
function settleSelection(ctx) {
  const { o, me } = ctx;
  const dice = me === null ? [] : o.unplaced_dice[me] || [];
  const sig = `${o.year}:${o.season_index}:${dice.join(",")}`;
  if (!ctx.placing || sig !== sel.sig) sel = { dice: [], tokens: 0, market: 0, sig };
  sel.tokens = Math.min(sel.tokens, sel.dice.length, me === null ? 0 : o.plus2_tokens[me]);
  if (!marketOpen(ctx)) sel.market = 0;
}

function marketOpen({ o, me }) {
  return me !== null && (o.buildings[me] || []).includes("market") && !o.market_used[me];
}

function selectedFaces(ctx) {
  const dice = ctx.me === null ? [] : ctx.o.unplaced_dice[ctx.me] || [];
  return sel.dice.map((i) => dice[i]).sort((a, b) => b - a);
}

function selectionSum(ctx) {
  const faces = selectedFaces(ctx);
  return faces.length ? faces.reduce((a, b) => a + b, 0) + 2 * sel.tokens + sel.market : 0;
}

// What a pick can still lead to: the dice, the most "+2" tokens and the Market's changes of some handful
// whose total (its pips, 2 a token, at most one token a die, ±1) is an advisor you may take now. A die,
// token or change in no such handful is not offered as a pick (it would light no advisor).
function usefulPicks(ctx) {
  const { o, me, has } = ctx;
  const dice = me === null ? [] : o.unplaced_dice[me] || [];
  const tokens = me === null ? 0 : o.plus2_tokens[me] || 0;
  const changes = marketOpen(ctx) ? [0, 1, -1] : [0];
  const useful = { dice: new Set(), tokens: 0, market: new Set() };
  for (let mask = 1; mask < 1 << dice.length; mask++) {
    const used = dice.map((_, i) => i).filter((i) => (mask >> i) & 1);
    const pips = used.reduce((sum, i) => sum + dice[i], 0);
    for (let plus = 0; plus <= Math.min(tokens, used.length); plus++) {
      for (const change of changes) {
        const n = pips + 2 * plus + change;
        if (!has(`place ${n}`) && !has(`envoy ${n}`)) continue;
        used.forEach((i) => useful.dice.add(i));
        useful.tokens = Math.max(useful.tokens, plus);
        if (change) useful.market.add(change);
      }
    }
  }
  return useful;
}

// The compact text of the `use` move the selection stands for ("use 6 4 +2 m+1").
function selectionUse(ctx) {
  const words = ["use", ...selectedFaces(ctx)];
  for (let k = 0; k < sel.tokens; k++) words.push("+2");
  if (sel.market) words.push(sel.market > 0 ? "m+1" : "m-1");
  return words.join(" ");
}

// After `place N` with a selection, the advisor asks which dice: play the selected way at once (the board
// is drawn anyway, and stays busy until the next view comes).
function autoWay(ctx) {
  if (!wanted) return;
  if (!ctx.choosingWay) {
    // a view before the answer to `place N` (a redraw, another seat's move, a resend after a stale seq)
    // keeps the wish while you are still placing the same dice; otherwise it is over
    if (!ctx.placing || sel.sig !== wanted.sig) wanted = null;
    return;
  }
  const entry = Math.abs(ctx.o.selected_advisor) === wanted.advisor && ctx.has(wanted.text);
  wanted = null;
  if (entry) ctx.ui.act(entry);
}

// ---------------------------------------------------------------- icons
function good(x, y, kind, size = 14, title) {
  if (kind === "any") {
    const g = group({ class: "piece any-good", "data-piece": "any" });
    const a = size;
    ["gold", "wood", "stone"].forEach((r, k) => g.append(s("rect", { x: x - a / 2 + (k * a) / 3, y: y - a / 2, width: a / 3 + 0.2, height: a,
      fill: GOODS[r], class: "any-stripe" })));
    g.append(s("rect", { x: x - a / 2, y: y - a / 2, width: a, height: a, rx: 2, class: "any-frame" }));
    if (title) tip(g, title);
    return g;
  }
  return cube(x, y, GOODS[kind], { size, title: title || resName(kind) });
}

function soldierIcon(x, y, size = 18, colour = "#5b5f66", title) {
  return meeple(x, y, colour, { size, title: title || T("soldier") });
}

function plus2(x, y, size = 18, title) {
  return token(x, y, "#f7e7b4", { size, label: "+2", title: title || T("plus2_token") });
}

// Icons of a list (GIFTS entries, or goods from a cost) from (x, y), `step` apart; returns the width used.
function iconRow(g, items, x, y, step = 15, size = 12) {
  let dx = 0;
  for (const item of items) {
    const cx = x + dx + step / 2;
    if (Array.isArray(item) && item[0] === "vp") g.append(shield(cx, y, item[1], { size: size + 4, title: T("vp_n", { n: item[1] }) }));
    else if (Array.isArray(item) && item[0] === "goods") {
      g.append(good(cx, y, item[1], size));
      g.append(s("text", { x: cx + size / 2 + 1, y: y + 4, class: "kb-icon-count" }, `×${item[2]}`));
      dx += step * 1.9;
      continue;
    }
    else if (item === "or") { g.append(s("text", { x: cx, y: y + 4, class: "kb-or", "text-anchor": "middle" }, "/")); dx += step * 0.6; continue; }
    else if (item === "soldier") g.append(soldierIcon(cx, y, size + 4));
    else if (item === "plus2") { g.append(plus2(cx + step * 0.1, y, size + 6)); dx += step * 1.2; continue; }
    else if (item === "peek") g.append(eye(cx, y, { size: size + 4, title: T("peek") }));
    else if (item === "pay") g.append(shield(cx, y, "-1", { size: size + 4, colour: "#8b1a1a", title: T("pay_vp") }));
    else if (item === "trade") {
      g.append(good(cx, y, "any", size));
      g.append(s("path", { d: `M${cx + 8},${y} L${cx + 18},${y} M${cx + 14},${y - 4} L${cx + 18},${y} L${cx + 14},${y + 4}`, class: "kb-arrow" }));
      g.append(good(cx + 26, y - 5, "any", size * 0.75));
      g.append(good(cx + 26, y + 6, "any", size * 0.75));
      dx += step * 2.2;
      continue;
    } else g.append(good(cx, y, item, size));
    dx += step;
  }
  return dx;
}

// ---------------------------------------------------------------- the King's advisors
function advisorBox(n) {
  const i = n - 1, row = Math.floor(i / ADV.perRow), col = i % ADV.perRow;
  return { x: ADV.x + col * (ADV.w + ADV.gap), y: ADV.y + row * (ADV.h + 4 + ADV.gap), w: ADV.w, h: ADV.h };
}

function figure(g, x, y, n) {
  // a standing courtier: robe, head, and the number's plaque at the feet
  const robe = ROBES[(n - 1) % ROBES.length];
  g.append(s("path", { d: `M${x - 13},${y + 22} L${x - 8},${y - 2} Q${x},${y - 8} ${x + 8},${y - 2} L${x + 13},${y + 22} Z`, fill: robe, class: "kb-robe" }));
  g.append(s("circle", { cx: x, cy: y - 11, r: 7, class: "kb-head" }));
  if (n === 18) g.append(s("path", { d: `M${x - 7},${y - 17} L${x - 7},${y - 24} L${x - 3},${y - 20} L${x},${y - 25} L${x + 3},${y - 20} L${x + 7},${y - 24} L${x + 7},${y - 17} Z`, class: "kb-crown" }));
  if (n === 17) g.append(s("path", { d: `M${x - 6},${y - 17} L${x - 4},${y - 22} L${x},${y - 19} L${x + 4},${y - 22} L${x + 6},${y - 17} Z`, class: "kb-crown" }));
}

function drawAdvisors(svg, ctx) {
  const { o, me, has, ui } = ctx;
  const sum = selectionSum(ctx);
  for (let n = 1; n <= 18; n++) {
    const b = advisorBox(n);
    const g = group({ class: "kb-advisor", "data-advisor": String(n) });
    g.append(s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, class: "adv-card" }));
    // the reward, printed above the figure
    const gifts = GIFTS[n] || [];
    const gw = gifts.reduce((w, it) => w + (it === "or" ? 9 : it === "trade" ? 33 : it === "plus2" ? 18 : 15), 0);
    const icons = group({ class: "adv-gifts" });
    iconRow(icons, gifts, b.x + Math.max(2, (b.w - gw) / 2), b.y + 13, 15, 11);
    g.append(icons);
    figure(g, b.x + 22, b.y + 42, n);
    g.append(s("circle", { cx: b.x + b.w - 20, cy: b.y + 40, r: 14, class: "adv-plaque" }));
    g.append(s("text", { x: b.x + b.w - 20, y: b.y + 41, class: "adv-num", "text-anchor": "middle", "dominant-baseline": "central" }, String(n)));
    const name = advisorName(n);
    g.append(fitText(s("text", { x: b.x + b.w / 2, y: b.y + 74, class: "adv-name", "text-anchor": "middle" }, name), b.w - 6));
    // the handfuls placed here (at most two: the second through the King's envoy)
    const placed = (o.advisors && o.advisors[String(n)]) || [];
    placed.forEach(([seat, ...marks], k) => {
      const faces = marks.filter((v) => Number.isInteger(v));
      const extra = marks.filter((v) => typeof v === "string");
      const hand = group({ class: "kb-hand", "data-hand": `${n}:${seat}` });
      const size = faces.length > 3 ? 11 : 14;
      const x0 = b.x + 4 + k * (b.w / 2), y0 = b.y + (faces.length > 3 ? 79 : 85);
      faces.forEach((f, j) => hand.append(die(x0 + size / 2 + 1 + (j % 3) * (size + 1), y0 + Math.floor(j / 3) * (size + 1), f,
        { size, colour: SEAT_COLOURS[seat] })));
      // the marks ("+2", the Market's "m+1"): beside the dice of a lone handful, else under them
      if (extra.length) {
        const alone = placed.length === 1;
        const mx = alone ? x0 + Math.min(faces.length, 3) * (size + 1) + 4 : x0 + 2;
        hand.append(fitText(s("text", { x: mx, y: alone ? y0 + 4.5 : y0 + size + 4, class: "kb-mark-text" }, extra.join(" ")),
          alone ? b.x + b.w - 3 - mx : b.w / 2 - 4));
      }
      tip(hand, T("hand_on", { seat, dice: faces, n, advisor: n, marks: extra.join(" ") }));
      g.append(changes.mark(hand, `hand:${n}:${k}`, [seat, ...marks]));
    });
    const gift = named(GAME, "gift", n, (c.advisors[String(n)] || {}).reward || "");
    tip(g, T("advisor_tip", { n, advisor: n, gift }));
    // the move: a frame over the card; with dice selected, only the advisor of their sum is lit
    const entry = has(`place ${n}`) || has(`envoy ${n}`);
    if (entry) {
      const hit = group({ class: `adv-target ${entry.action.name === "envoy" ? "by-envoy" : ""}` });
      hit.append(s("rect", { x: b.x + 1, y: b.y + 1, width: b.w - 2, height: b.h - 2, rx: 8, class: "hit-area" }));
      if (entry.action.name === "envoy") hit.append(envoyPiece(b.x + b.w - 10, b.y + 70, 0.7));
      target(hit, entry, ui, { tip: entry.label });
      if (sum) {
        dormant(hit, `sum-${n}`, sum === n);
        hit.addEventListener("click", () => { wanted = { advisor: n, text: selectionUse(ctx), sig: sel.sig }; }, { capture: true });
      }
      g.append(hit);
    }
    svg.append(g);
  }
}

function short(text, n) { return text.length > n ? `${text.slice(0, n - 1)}…` : text; }

// About how wide `text` is at `px` units a letter (bold a little wider; a CJK character about a square).
function textSpan(text, px, bold = false) {
  let w = 0;
  for (const ch of String(text)) w += ch.codePointAt(0) >= 0x2e80 ? px : px * (ch === " " ? 0.3 : bold ? 0.64 : 0.56);
  return w;
}

// A whole word in at most `max` units: past it the letters are drawn closer, never cut (measured once
// the board is in the page: fitAll).
function fitText(el, max) {
  el.setAttribute("data-fit", String(max));
  return el;
}

function fitAll(root) {
  for (const el of root.querySelectorAll("text[data-fit]")) {
    const max = Number(el.getAttribute("data-fit"));
    let used = 0;
    try { used = el.getComputedTextLength(); } catch (e) { used = 0; }
    if (used > max) {
      el.setAttribute("textLength", String(max));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

// A name on one line, or on two broken at the space nearest the middle when one is too narrow.
function nameLines(name, max, px, bold = true) {
  if (textSpan(name, px, bold) <= max || !name.includes(" ")) return [name];
  let best = -1;
  for (let i = 0; i < name.length; i++) if (name[i] === " " && (best < 0 || Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2))) best = i;
  return [name.slice(0, best), name.slice(best + 1)];
}

function envoyPiece(x, y, k = 1) {
  const g = group({ class: "piece envoy", "data-piece": "envoy", "data-colour": ENVOY });
  g.append(s("ellipse", { cx: x, cy: y + 9 * k, rx: 7 * k, ry: 3 * k, fill: ENVOY, class: "envoy-base" }));
  g.append(s("rect", { x: x - 7 * k, y: y - 9 * k, width: 14 * k, height: 18 * k, fill: ENVOY, class: "envoy-body" }));
  g.append(s("ellipse", { cx: x, cy: y - 9 * k, rx: 7 * k, ry: 3 * k, class: "envoy-top" }));
  tip(g, T("envoy_piece"));
  return g;
}

// ---------------------------------------------------------------- the supply (top right)
function drawSupply(svg, { o }) {
  const f = SUPPLY;
  const g = group({ class: "kb-supply" });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 8, class: "kb-frame" }));
  g.append(s("text", { x: f.x + 8, y: f.y + 17, class: "kb-title" }, T("supply")));
  ["gold", "stone", "wood"].forEach((r, k) => {
    for (let j = 0; j < 4; j++) g.append(good(f.x + 20 + k * 36 + (j % 2) * 9, f.y + 31 + Math.floor(j / 2) * 9 + (j % 2) * 3, r, 10));
  });
  g.append(s("text", { x: f.x + 8, y: f.y + 60, class: "kb-tiny" }, T("supply_goods")));
  const left = o.plus2_supply ?? 0;
  const tokens = group({ class: "kb-token-supply", "data-supply": "plus2" });
  for (let k = 0; k < Math.min(left, 10); k++) tokens.append(plus2(f.x + 150 + k * 1.6, f.y + 46 - k * 2, 24));
  tokens.append(s("text", { x: f.x + f.w - 8, y: f.y + 17, class: "kb-small", "text-anchor": "end" }, T("tokens_left", { n: left })));
  tip(tokens, T("tokens_left", { n: left }));
  g.append(changes.mark(tokens, "supply", left));
  svg.append(g);
}

// ---------------------------------------------------------------- this year's enemy
function enemyCard(year, key) {
  return ((c.enemies || [])[year - 1] || []).find((e) => e.key === key) || null;
}

// A reward or penalty as icons: the VP shield, then each good (one icon with its count past two).
function bundleIcons(d) {
  const items = [];
  if (d.vp) items.push(["vp", d.vp]);
  for (const r of ["gold", "wood", "stone", "any"]) {
    const n = d[r] || 0;
    if (n > 2) items.push(["goods", r, n]);
    else for (let k = 0; k < n; k++) items.push(r);
  }
  return items;
}

function defenceOf(o, p, kind) {
  let d = 0;
  for (const b of o.buildings[p] || []) {
    d += (c.defence || {})[b] || 0;
    const typed = (c.type_defence || {})[b];
    if (typed && kind && typed[0] === kind) d += typed[1];
  }
  return d;
}

function drawEnemy(svg, ctx) {
  const { o, has, ui } = ctx;
  const f = ENEMY, year = o.year;
  const g = group({ class: "kb-enemy", "data-enemy-year": String(year) });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 8, class: "kb-frame" }));
  g.append(s("text", { x: f.x + 8, y: f.y + 17, class: "kb-title" }, T("enemy_title", { year })));
  const key = (o.enemy_card || [])[year - 1];
  const card = key ? enemyCard(year, key) : null;
  const cx = f.x + 8, cy = f.y + 26, cw = 124, ch = 112;
  const winter = o.step === "winter";
  if (card) {
    const face = group({ class: "enemy-card face-up", "data-enemy-card": key });
    face.append(s("rect", { x: cx, y: cy, width: cw, height: ch, rx: 8, class: "enemy-face" }));
    face.append(s("text", { x: cx + 8, y: cy + 18, class: "kb-enemy-name" }, named(GAME, "foe", card.kind, card.kind)));
    face.append(s("circle", { cx: cx + cw - 20, cy: cy + 28, r: 16, class: "enemy-strength-ring" }));
    face.append(s("text", { x: cx + cw - 20, y: cy + 29, class: "kb-strength", "text-anchor": "middle", "dominant-baseline": "central" }, String(card.strength)));
    face.append(s("text", { x: cx + 8, y: cy + 56, class: "kb-tiny" }, T("reward")));
    const rw = group({ class: "enemy-reward" });
    iconRow(rw, bundleIcons(card.reward), cx + 6, cy + 68, 14, 10);
    face.append(rw);
    face.append(s("text", { x: cx + 8, y: cy + 88, class: "kb-tiny" }, T("penalty")));
    const pw = group({ class: "enemy-penalty" });
    const used = iconRow(pw, bundleIcons(card.penalty), cx + 6, cy + 100, 14, 10);
    if (card.penalty.building) {
      pw.append(s("path", { d: `M${cx + 12 + used},${cy + 106} L${cx + 12 + used},${cy + 97} L${cx + 18 + used},${cy + 92} L${cx + 24 + used},${cy + 97} L${cx + 24 + used},${cy + 106} Z`, class: "lose-building" }));
    }
    face.append(pw);
    tip(face, T("enemy_tip", { enemy: key, strength: card.strength, reward: bundleWords(card.reward), penalty: bundleWords(card.penalty) }));
    g.append(changes.mark(face, "enemy", key));
  } else {
    const back = group({ class: "enemy-card face-down", "data-face": "down" });
    back.append(s("rect", { x: cx, y: cy, width: cw, height: ch, rx: 8, class: "enemy-back" }));
    back.append(s("path", { d: `M${cx + 62},${cy + 20} L${cx + 86},${cy + 44} L${cx + 62},${cy + 68} L${cx + 38},${cy + 44} Z`, class: "enemy-back-mark" }));
    const strengths = ((c.enemies || [])[year - 1] || []).map((e) => e.strength).sort((a, b) => a - b);
    back.append(fitText(s("text", { x: cx + cw / 2, y: cy + 88, class: "kb-tiny on-dark", "text-anchor": "middle" }, T("deck_strengths")), cw - 8));
    back.append(s("text", { x: cx + cw / 2, y: cy + 104, class: "kb-small on-dark", "text-anchor": "middle" }, strengths.join(", ")));
    const lookers = (o.enemy_seen_by || [])[year - 1] || [];
    tip(back, lookers.length ? T("enemy_down_seen", { seats: lookers, strengths: strengths.join(", ") }) : T("enemy_down", { strengths: strengths.join(", ") }));
    lookers.forEach((p, k) => back.append(eye(cx + 12 + k * 16, cy + 12, { size: 14 })));
    g.append(back);
  }
  // the king's reinforcement die
  const dx = f.x + 140, dy = f.y + 20;
  g.append(s("text", { x: dx, y: dy + 8, class: "kb-tiny" }, T("reinforcement_short")));
  if (o.king_reinforcement) g.append(changes.mark(die(dx + 34, dy + 34, o.king_reinforcement, { size: 34, colour: "#fdfdfb", title: T("reinforcement", { n: o.king_reinforcement }) }), "king-die", o.king_reinforcement));
  else g.append(tip(s("rect", { x: dx + 17, y: dy + 17, width: 34, height: 34, rx: 6, class: "die-empty" }), T("reinforcement_later")));
  // the enemies of the years gone by, face up for everyone, one line a year under the king's die, and
  // how your last battle went
  const room = f.w - 146;
  let py = f.y + 84;   // lines 14 apart: 11 px on screen and more (a Chinese character fills its square)
  if (year > 1) {
    const head = T("past_title");
    g.append(fitText(s("text", { x: f.x + 140, y: py, class: "kb-past-head" }, head), room));
  }
  for (let y = 1; y < year; y++) {
    const pastKey = (o.enemy_card || [])[y - 1];
    const past = pastKey ? enemyCard(y, pastKey) : null;
    if (!past) continue;
    py += 14;
    const words = T("past_line", { year: y, foe: past.kind, strength: past.strength });
    const line = fitText(s("text", { x: f.x + 140, y: py, class: "kb-past past-enemy", "data-enemy-past": String(y) }, words), room);
    tip(line, T("past_enemy", { year: y, enemy: pastKey, strength: past.strength, reward: bundleWords(past.reward), penalty: bundleWords(past.penalty) }));
    g.append(line);
  }
  const mine = year > 1 && ctx.me !== null && o.battle_result && o.battle_result[ctx.me];
  if (mine && !winter && ["won", "tie", "lost"].includes(mine)) {
    const words = T(`battle_${mine}`);
    g.append(fitText(s("text", { x: f.x + 140, y: py + 14, class: `kb-past result-${mine}`, "data-battle": mine }, words), room));
  }
  // each player's strength against it: soldiers + the king's die + buildings (and the type bonuses once known)
  const kind = card ? card.kind : null;
  const rows = group({ class: "kb-strengths" });
  rows.append(fitText(s("text", { x: f.x + 8, y: f.y + 152, class: "kb-tiny" }, T("strength_against")), year > 1 ? 126 : f.w - 16));
  (o.vp || []).forEach((_, p) => {
    const total = (o.soldiers[p] || 0) + (o.king_reinforcement || 0) + defenceOf(o, p, kind);
    const x = f.x + 18 + (p % 3) * 66, y = f.y + 166 + Math.floor(p / 3) * 17;
    const row = group({ class: "strength-row", "data-strength": String(p) });
    row.append(disc(x, y, SEAT_COLOURS[p], { r: 8 }));
    row.append(s("text", { x: x + 13, y: y + 5, class: "kb-small strong" }, String(total)));
    const result = winter && o.battle_result && o.battle_result[p];
    if (result) row.append(s("text", { x: x + 34, y: y + 5, class: `kb-tiny result-${result}` }, named(GAME, "result", result, result)));
    tip(row, T("strength_tip", { seat: p, n: total, soldiers: o.soldiers[p] || 0, king: o.king_reinforcement || 0, buildings: defenceOf(o, p, kind) }));
    rows.append(changes.mark(row, `strength:${p}`, [total, result]));
  });
  g.append(rows);
  svg.append(g);
}

function bundleWords(d) {
  const parts = [];
  if (d.vp) parts.push(T("vp_n", { n: d.vp }));
  for (const r of ["gold", "wood", "stone"]) if (d[r]) parts.push(T("amount", { n: d[r], resource: r }));
  if (d.any) parts.push(T("any_goods", { n: d.any }));
  if (d.building) parts.push(T("highest_building"));
  return parts.length ? parts.join(t("web.list_separator")) : T("nothing");
}

// ---------------------------------------------------------------- the season track, the year
function drawSeasons(svg, { o }) {
  const f = SEASON;
  const g = group({ class: "kb-seasons" });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 8, class: "kb-frame" }));
  const years = [];
  for (let y = 1; y <= (c.years || 5); y++) years.push(y);
  const yearWord = T("year_track");
  g.append(s("text", { x: f.x + 8, y: f.y + (NARROW ? 22 : 16), class: "kb-tiny" }, yearWord));
  const yt = NARROW ? track(f.x + 16 + textSpan(yearWord, 11), f.y + 6, years, { w: 26, h: 24, current: o.year, cls: "kb-years" })
    : track(f.x + 8, f.y + 22, years, { w: 22, h: 22, current: o.year, cls: "kb-years" });
  tip(yt.g, T("year", { year: o.year, years: c.years || 5 }));
  g.append(changes.mark(yt.g, "year", o.year));
  const steps = c.steps || [];
  steps.forEach((st, k) => {
    const b = stepBox(st), lit = o.step === st;
    const cell = group({ class: `season-step ${lit ? "lit" : ""} step-${st}`, "data-step": st });
    cell.append(s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 6, class: "step-cell" }));
    cell.append(s("text", { x: b.x + 5, y: b.y + 13, class: "kb-tiny strong" }, String(k + 1)));
    const name = stepName(st);
    const lines = nameLines(name, b.w - 8, 11, false);
    lines.forEach((line, j) => cell.append(fitText(s("text", { x: b.x + b.w / 2, y: b.y + (lines.length > 1 ? (NARROW ? 14 + j * 13 : 22 + j * 11) : (NARROW ? 25 : 27)),
      class: "step-name", "text-anchor": "middle" }, line), b.w - (NARROW && lines.length > 1 && j === 0 ? 34 : 8))));
    if (lit) cell.append(disc(b.x + b.w - 10, b.y + 9, ENVOY, { r: 6 }));
    if (st === "envoy" && (o.envoy_holder === -1 || o.envoy_holder === undefined)) cell.append(envoyPiece(b.x + b.w - 24, b.y + 10, 0.5));
    tip(cell, T("step_tip", { k: k + 1, step: st }));
    changes.mark(cell, `step:${st}`, lit);
    g.append(cell);
  });
  svg.append(g);
}

// ---------------------------------------------------------------- turn order, VP and soldier tracks
function drawOrder(svg, { o, view }) {
  const f = ORDER;
  const g = group({ class: "kb-order" });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 8, class: "kb-frame" }));
  g.append(s("text", { x: f.x + 8, y: f.y + 15, class: "kb-tiny" }, T("turn_order")));
  (o.turn_order || []).forEach((p, k) => {
    const x = f.x + 22 + k * 40, y = f.y + 30;
    g.append(s("rect", { x: x - 16, y: y - 11, width: 34, height: 25, rx: 5, class: "order-cell" }));
    g.append(s("text", { x: x - 13, y: y - 2, class: "kb-tiny" }, String(k + 1)));
    const d = disc(x + 4, y + 2, SEAT_COLOURS[p], { r: 9, label: (o.dice_rolled[p] || []).length ? String(o.dice_rolled[p].reduce((a, b) => a + b, 0)) : null,
      title: T("order_tip", { k: k + 1, seat: p }) });
    d.setAttribute("data-order", String(p));
    if (view.to_move.includes(p)) d.classList.add("to-move");
    g.append(changes.mark(d, `order:${k}`, p));
    if (o.envoy_holder === p) g.append(envoyPiece(x + 14, y - 6, 0.5));
  });
  svg.append(g);
}

// Cell `n` of a track of `cells` cells in frame f: one row (wide), or rows of `perRow` on a phone.
function trackCell(f, n, cells, perRow) {
  const per = NARROW ? perRow : cells;
  const cw = (f.w - 44) / per;
  return { x: f.x + 44 + (n % per) * cw, y: f.y + Math.floor(n / per) * (f.h + 2), w: cw, h: f.h };
}

function drawVpTrack(svg, { o }) {
  const f = VP;
  const g = group({ class: "kb-vp-track" });
  g.append(s("text", { x: f.x + 2, y: f.y + 16, class: "kb-tiny strong" }, T("vp_short")));
  for (let n = 0; n < VP_CELLS; n++) {
    const b = trackCell(f, n, VP_CELLS, 25);
    g.append(s("rect", { x: b.x, y: b.y, width: b.w - 1, height: b.h, class: `vp-cell ${n % 5 === 0 ? "fifth" : ""}` }));
    if (n % 5 === 0) g.append(s("text", { x: b.x + b.w / 2, y: b.y + 9, class: "kb-micro", "text-anchor": "middle" }, String(n)));
  }
  (o.vp || []).forEach((vp, p) => {
    const b = trackCell(f, vp % VP_CELLS, VP_CELLS, 25);
    const el = disc(b.x + b.w / 2, b.y + 14 + (p % 2) * 3 - 1, SEAT_COLOURS[p], { r: 6.5, label: vp >= VP_CELLS ? "+" : null,
      title: T("vp_marker", { seat: p, n: vp }) });
    el.setAttribute("data-vp", String(p));
    g.append(changes.mark(el, `vp:${p}`, vp));
  });
  svg.append(g);
}

function drawSoldierTrack(svg, ctx) {
  const { o } = ctx;
  const f = SOLDIER;
  const g = group({ class: "kb-soldier-track" });
  g.append(soldierIcon(f.x + 10, f.y + 11, 18, "#5b5f66", T("soldier_track")));
  for (let n = 0; n < SOLDIER_CELLS; n++) {
    const b = trackCell(f, n, SOLDIER_CELLS, 13);
    g.append(s("rect", { x: b.x, y: b.y, width: b.w - 1, height: b.h, class: "soldier-cell" }));
    g.append(s("text", { x: b.x + 2, y: b.y + 9, class: "kb-micro" }, String(n)));
  }
  (o.soldiers || []).forEach((n, p) => {
    const b = trackCell(f, Math.min(n, SOLDIER_CELLS - 1), SOLDIER_CELLS, 13);
    const el = disc(b.x + b.w / 2 + (p - 2) * 4, b.y + 13, SEAT_COLOURS[p], { r: 6, title: T("soldiers_of", { seat: p, n }) });
    el.setAttribute("data-soldiers", String(p));
    g.append(changes.mark(el, `soldiers:${p}`, n));
  });
  svg.append(g);
}

// ---------------------------------------------------------------- your dice tray
function drawTray(svg, ctx) {
  const { o, me, view, has, ui } = ctx;
  const f = TRAY;
  const g = group({ class: "kb-tray", "data-tray": me === null ? "" : String(me) });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 8, class: "kb-frame mine" }));
  if (me === null) {
    g.append(s("text", { x: f.x + 10, y: f.y + 22, class: "kb-title" }, T("watching")));
    svg.append(g);
    return;
  }
  const colour = SEAT_COLOURS[me];
  g.append(s("text", { x: f.x + 10, y: f.y + 20, class: "kb-title" }, T("your_dice", { seat: me })));
  const dice = o.unplaced_dice[me] || [];
  const size = 40;
  const useful = ctx.placing ? usefulPicks(ctx) : null;
  dice.forEach((face, i) => {
    const x = f.x + 32 + i * 56, y = f.y + 54;
    const picked = sel.dice.includes(i);
    let el;
    if (ctx.placing && (picked || useful.dice.has(i))) {
      el = pickableDie(x, y, face, `die-${i}`, picked, () => { toggleDie(i); redraw(); },
        { size, colour, text: picked ? T("unpick_die", { n: face }) : T("pick_die", { n: face }) });
    } else {
      el = die(x, y, face, { size, colour, title: T("die_tip", { n: face }) });
    }
    g.append(changes.mark(el, `die:${i}`, [face, dice.length]));
  });
  if (!dice.length) {
    const rolled = o.dice_rolled[me] || [];
    g.append(s("text", { x: f.x + 12, y: f.y + 58, class: "kb-small muted" }, rolled.length ? T("all_placed", { dice: rolled }) : T("no_dice_yet")));
  }
  // "+2" tokens: yours as pieces; while placing, each is added to the selection by a touch
  const tokens = o.plus2_tokens[me] || 0;
  g.append(s("text", { x: f.x + 10, y: f.y + 90, class: "kb-tiny" }, T("your_tokens", { n: tokens })));
  for (let k = 0; k < Math.min(tokens, 5); k++) {
    const x = f.x + 26 + k * 36, y = f.y + 112;
    const used = k < sel.tokens;
    const piece = plus2(x, y, 28, T("plus2_token"));
    if (ctx.placing && sel.dice.length && (used || k < Math.min(tokens, sel.dice.length, useful.tokens))) {
      const wrap = group({ class: "token-pick" });
      wrap.append(s("rect", { x: x - 17, y: y - 17, width: 34, height: 34, rx: 7, class: "hit-area" }));
      wrap.append(piece);
      pickable(wrap, `plus2-${k}`, used, () => { sel.tokens = used ? k : k + 1; redraw(); }, used ? T("unuse_token") : T("use_token"));
      g.append(wrap);
    } else g.append(piece);
  }
  // the Market: one handful a season counts 1 more or 1 less
  if (ctx.placing && marketOpen(ctx) && sel.dice.length) {
    [-1, 1].forEach((d, k) => {
      if (sel.market !== d && !useful.market.has(d)) return;
      const b = svgButton(f.x + 204 + k * 56, f.y + 94, 50, 36, d > 0 ? "+1" : "−1", { cls: `market ${sel.market === d ? "on" : ""}` });
      pickable(b, `market${d > 0 ? "+" : "-"}`, sel.market === d, () => { sel.market = sel.market === d ? 0 : d; redraw(); }, T(d > 0 ? "market_plus" : "market_minus"));
      g.append(b);
    });
  }
  // the selection's sum, and what to touch next
  if (ctx.placing) {
    const sum = selectionSum(ctx);
    const faces = selectedFaces(ctx);
    const parts = [...faces.map(String), ...Array(sel.tokens).fill("2"), ...(sel.market ? [sel.market > 0 ? "1" : null] : [])].filter(Boolean);
    const expr = parts.join(" + ") + (sel.market < 0 ? " − 1" : "");
    const text = faces.length ? T("selection_sum", { expr, sum }) : T("select_dice");
    g.append(s("text", { x: f.x + 10, y: f.y + 146, class: "kb-small strong selection-sum", "data-sum": String(sum) }, text));
    if (faces.length) {
      const clear = svgButton(f.x + f.w - 96, f.y + 124, 86, 36, T("clear_selection"), { cls: "clear" });
      clear.setAttribute("role", "button");
      clear.setAttribute("tabindex", "0");
      clear.addEventListener("click", () => { sel = { ...sel, dice: [], tokens: 0, market: 0 }; redraw(); });
      g.append(clear);
    }
  }
  // the choices that concern your dice: white dice, the Statue and the Chapel, the ways to make an advisor
  let bx = f.x + 10, by = f.y + 154;
  const button = (entry, text, least = 96, cls = "") => {
    const w = Math.min(f.w - 20, textWidth(text, least));
    if (bx + w > f.x + f.w - 6) { bx = f.x + 10; by += 44; }
    const b = svgButton(bx, by, w, 38, text, { cls });
    target(b, entry, ui);
    g.append(b);
    bx += w + 6;
  };
  for (const entry of view.legal) {
    const a = entry.action;
    if (a.name === "white") button(entry, a.args[0] ? T("white_n", { n: a.args[0] }) : T("white_none"), 140);
    else if (a.name === "statue") button(entry, T("statue"), 140);
    else if (a.name === "chapel") button(entry, T("chapel"), 140);
  }
  if (ctx.choosingWay) {
    const n = Math.abs(o.selected_advisor);
    g.append(s("text", { x: f.x + 10, y: by - 2, class: "kb-tiny" }, T("which_dice", { n, advisor: n })));
    for (const entry of view.legal.filter((e) => e.action.name === "use")) {
      if (bx + 96 > f.x + f.w - 6) { bx = f.x + 10; by += 44; }
      const way = group({ class: "svg-button way" });
      way.append(s("rect", { x: bx, y: by, width: 96, height: 38, rx: 6, class: "svg-button-face" }));
      const faces = entry.action.args.filter((v) => Number.isInteger(v));
      const marks = entry.action.args.filter((v) => typeof v === "string");
      faces.forEach((fc, j) => way.append(die(bx + 12 + j * 19, by + 19, fc, { size: 17, colour })));
      if (marks.length) way.append(s("text", { x: bx + 14 + faces.length * 19, y: by + 24, class: "kb-tiny strong" }, marks.join(" ")));
      target(way, entry, ui);
      g.append(way);
      bx += 102;
    }
  }
  // your goods as pieces
  const res = o.resources[me] || [0, 0, 0];
  const gy = f.y + f.h - 30;
  c.resources.forEach((r, k) => {
    const x0 = f.x + 14 + k * 100;
    const pile = group({ class: "goods-pile", "data-goods": r });
    const icon = good(x0 + 6, gy + 6, r, 16);
    if (!res[k]) icon.classList.add("none");
    pile.append(icon);
    pile.append(s("text", { x: x0 + 20, y: gy + 11, class: "kb-count" }, `×${res[k]}`));
    for (let j = 0; j < Math.min(res[k], 10); j++) pile.append(good(x0 + 54 + (j % 5) * 9, gy + 2 + Math.floor(j / 5) * 9 - (j % 2), r, 8));
    tip(pile, T("amount", { n: res[k], resource: r }));
    g.append(changes.mark(pile, `goods:${me}:${r}`, res[k]));
  });
  const facts = T("tray_facts", { vp: o.vp[me], soldiers: o.soldiers[me], n: (o.buildings[me] || []).length });
  g.append(fitText(s("text", { x: f.x + f.w - 10, y: f.y + 20, class: "kb-tiny", "text-anchor": "end" }, facts),
    f.w - 28 - textSpan(T("your_dice", { seat: me }), 14, true)));
  svg.append(g);
}

// The width a button needs for `text` in the board's 15-unit font (a CJK character is about a square).
function textWidth(text, least) {
  let w = 18;
  for (const ch of String(text)) w += ch.codePointAt(0) >= 0x2e80 ? 15.5 : 8.8;
  return Math.max(least, Math.ceil(w));
}

function toggleDie(i) {
  const at = sel.dice.indexOf(i);
  if (at >= 0) sel.dice.splice(at, 1);
  else sel.dice.push(i);
  sel.tokens = Math.min(sel.tokens, sel.dice.length);
}

// ---------------------------------------------------------------- a province board (5 rows × 4 levels)
function costFor(o, p, b, level) {
  const [gd, wd, st] = b.cost;
  const crane = (o.buildings[p] || []).includes("crane") && level >= 2 && gd > 0;
  return [crane ? gd - 1 : gd, wd, st, crane];
}

function drawProvince(svg, ctx, p, mine) {
  const { o, has, ui, view } = ctx;
  const f = PROVINCE;
  const g = group({ class: `kb-province ${mine ? "mine" : ""}`, "data-province": String(p) });
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx: 8, class: "kb-frame province-frame" }));
  g.append(s("rect", { x: f.x, y: f.y, width: f.w, height: 8, rx: 4, fill: SEAT_COLOURS[p] }));
  g.append(s("text", { x: f.x + 10, y: f.y + 23, class: "kb-title" }, T("province_of", { seat: p })));
  ["I", "II", "III", "IV"].forEach((_, lvl) => g.append(s("text", { x: TILE.x0 + lvl * (TILE.w + TILE.gap) + TILE.w / 2, y: TILE.y0 - 6,
    class: "kb-tiny strong", "text-anchor": "middle" }, named(GAME, "level", lvl, ["I", "II", "III", "IV"][lvl]))));
  const built = new Set(o.buildings[p] || []);
  c.rows.forEach((row, r) => {
    const y = TILE.y0 + r * (TILE.h + TILE.gap);
    const rowName = named(GAME, "row", row, row);
    if (!NARROW) g.append(fitText(s("text", { x: f.x + 8, y: y + TILE.h / 2 + 5, class: "row-name" }, rowName), TILE.x0 - f.x - 12));
    for (let lvl = 0; lvl < 4; lvl++) {
      const b = c.buildings[r * 4 + lvl];
      if (!b) continue;
      const x = TILE.x0 + lvl * (TILE.w + TILE.gap);
      const has_ = built.has(b.key);
      const tile = group({ class: `kb-building ${has_ ? "built" : ""}`, "data-building": b.key, "data-owner": String(p) });
      tile.append(s("rect", { x, y, width: TILE.w, height: TILE.h, rx: 6, class: "hit-area tile-face", style: has_ ? `fill: ${SEAT_COLOURS[p]}` : null }));
      const ink = has_ ? inkOn(SEAT_COLOURS[p]) : "#2b2417";
      // the name (on two lines in a phone's narrow tile), the VP shield, the cost in goods
      const name = buildingName(b.key);
      const room = NARROW ? TILE.w - 8 : TILE.w - 30;
      (NARROW ? nameLines(name, room, 14, true).slice(0, 2) : [name]).forEach((line, j) => tile.append(fitText(s("text", { x: x + 5, y: y + 15 + j * 14,
        class: "tile-name", fill: ink }, line), room)));
      if (NARROW) tile.append(shield(x + TILE.w - 9, y + TILE.h - 13, b.vp, { size: 15 }));
      else tile.append(shield(x + TILE.w - 12, y + 13, b.vp, { size: 18 }));
      const [gd, wd, st, crane] = costFor(o, p, b, lvl);
      const costs = group({ class: "tile-cost" });
      let dx = 0;
      const cy = NARROW ? y + TILE.h - 13 : y + 32, step = NARROW ? 21 : 32;
      [["gold", gd], ["wood", wd], ["stone", st]].forEach(([res, k]) => {
        if (!k) return;
        costs.append(good(x + (NARROW ? 8 : 11) + dx, cy, res, NARROW ? 10 : 12));
        costs.append(s("text", { x: x + (NARROW ? 15 : 20) + dx, y: cy + 5, class: `kb-cost ${NARROW ? "narrow" : ""} ${res === "gold" && crane ? "discounted" : ""}`, fill: ink }, String(k)));
        dx += step;
      });
      if (!dx) costs.append(s("text", { x: x + 6, y: cy + 5, class: "kb-cost", fill: ink }, T("free")));
      tile.append(costs);
      const effect = named(GAME, "effect", b.key, "");
      const cost = [gd ? T("amount", { n: gd, resource: "gold" }) : null, wd ? T("amount", { n: wd, resource: "wood" }) : null,
        st ? T("amount", { n: st, resource: "stone" }) : null].filter(Boolean).join(t("web.list_separator")) || T("free");
      const words = T("building_tip", { building: b.key, cost, vp: b.vp, effect }) + (crane ? ` ${T("crane_less")}` : "");
      tip(tile, words);
      const entry = mine && has(`build ${b.key}`);
      if (entry) target(tile, entry, ui, { tip: `${entry.label}\n${words}` });
      if (mine && b.key === "townhall" && ctx.task[0] === "townhall" && view.your_turn) tile.classList.add("asking");
      g.append(changes.mark(tile, `b:${p}:${b.key}`, has_));
    }
  });
  svg.append(g);
}

// ---------------------------------------------------------------- choices drawn where the rule happens
// Which advisor's reward asks you now: the season's rewards come advisor 1 to 18, each of yours with a
// choice in turn; the goods you took since the season's turn order tell how far the line has come.
function askingAdvisor(ctx) {
  const { o, me } = ctx;
  const events = ctx.ui.events || [];
  let taken = 0, declined = false;
  for (let k = events.length - 1; k >= 0; k--) {
    const [id, args] = events[k];
    if (id === "kingsburg.turn_order" || id === "kingsburg.season") break;
    if (!args || args.seat !== me) continue;
    if (id === "kingsburg.takes") taken += args.n || 1;
    if (id === "kingsburg.declines_smuggler" || id === "kingsburg.smuggler_no_vp") declined = true;
  }
  const mask = ctx.task[3];
  for (let n = 1; n <= 18; n++) {
    const mineHere = ((o.advisors || {})[String(n)] || []).some((e) => e[0] === me);
    if (!mineHere || !CHOICES[n] || (n === 14 && declined)) continue;
    const [count, m] = CHOICES[n];
    if (taken >= count) { taken -= count; continue; }
    if (m === mask) return n;
  }
  return null;
}

// The panel of a choice sits just below the advisor (or the thing) it is about, never over it; the
// advisor asking is framed.
function belowAdvisor(svg, n, label) {
  const b = advisorBox(n);
  const card = svg.querySelector(`[data-advisor="${n}"]`);
  if (card) card.classList.add("asking");
  return { x: b.x + b.w / 2, y: b.y + b.h + 4, label };
}

function drawChoiceTrays(svg, ctx) {
  const { o, me, view, has, ui } = ctx;
  if (!view.your_turn || me === null) return;
  const kind = ctx.task[0];
  const season = ["spring", "summer", "autumn"].includes(o.step);
  const entriesOf = (name) => view.legal.filter((e) => e.action.name === name);
  const atEnemy = (label) => ({ x: ENEMY.x + ENEMY.w / 2, y: ENEMY.y + 142, label });
  if (kind === "take") {
    const n = season ? askingAdvisor(ctx) : null;
    let at;
    if (n) at = belowAdvisor(svg, n, T("choose_from", { advisor: n, n: ctx.task[2] }));
    else if (o.step === "aid") { const cell = stepBox("aid"); at = { x: cell.x + cell.w / 2, y: cell.y + cell.h + 4, label: T("choose_aid") }; }
    else if (o.step === "winter") at = atEnemy(T("choose_reward", { n: ctx.task[2] }));
    else at = { x: TRAY.x + TRAY.w / 2, y: TRAY.y + TRAY.h - 112, label: T("choose_goods", { n: ctx.task[2] }) };
    resourceTray(svg, at, entriesOf("take"), ui, "take");
  } else if (kind === "alch") {
    resourceTray(svg, belowAdvisor(svg, 6, T("alchemist_give")), entriesOf("trade"), ui, "trade", has("skip"));
  } else if (kind === "smuggle") {
    const at = belowAdvisor(svg, 14, T("smuggler_ask"));
    const yes = T("smuggle_yes"), yw = textWidth(yes, 96);
    const w = Math.min(W - 12, Math.max(yw + 70, textSpan(at.label, 12.5, true) + 20));
    const x0 = Math.max(6, Math.min(W - w - 6, at.x - w / 2));
    const g = trayFrame(svg, x0, at.y, w, 70, at.label, "smuggle");
    const pay = svgButton(x0 + 8, at.y + 22, yw, 40, yes, { cls: "primary small" });
    target(pay, has("smuggle"), ui);
    g.append(pay);
    const no = svgButton(x0 + 14 + yw, at.y + 22, 48, 40, T("no"));
    target(no, has("skip"), ui);
    g.append(no);
  } else if (kind === "lose") {
    resourceTray(svg, atEnemy(T("lose_goods", { n: ctx.task[2] })), entriesOf("lose"), ui, "lose");
  } else if (kind === "townhall") {
    const idx = c.buildings.findIndex((b) => b.key === "townhall");
    const r = Math.floor(idx / 4), lvl = idx % 4;
    const x = TILE.x0 + lvl * (TILE.w + TILE.gap) + TILE.w / 2, y = TILE.y0 + r * (TILE.h + TILE.gap) - 74;
    const tokens = entriesOf("townhall").filter((e) => e.action.args[0] === "token");
    resourceTray(svg, { x, y, label: T("townhall_pay") }, entriesOf("townhall").filter((e) => e.action.args[0] !== "token"), ui, "townhall", has("skip"), tokens[0]);
  } else if (kind === "recruit") {
    recruitTray(svg, ctx, entriesOf("recruit"));
  }
}

// The cell of step `st` on the season track: one row of eight beside the year (wide), or two rows of
// four under it (a phone).
function stepBox(st) {
  const steps = c.steps || [];
  const k = Math.max(0, steps.indexOf(st));
  if (NARROW) {
    const sw = (SEASON.w - 12) / 4;
    return { x: SEASON.x + 6 + (k % 4) * sw, y: SEASON.y + 36 + Math.floor(k / 4) * 38, w: sw - 4, h: 34 };
  }
  const sw = (SEASON.w - 150) / Math.max(1, steps.length);
  return { x: SEASON.x + 140 + k * sw, y: SEASON.y + 6, w: sw - 4, h: SEASON.h - 12 };
}

function trayFrame(svg, x, y, w, hh, title, kind) {
  const g = group({ class: "kb-choice", "data-choice": kind });
  g.append(s("rect", { x, y, width: w, height: hh, rx: 10, class: "choice-panel" }));
  g.append(fitText(s("text", { x: x + 8, y: y + 16, class: "kb-panel-title" }, title), w - 16));
  svg.append(g);
  return g;
}

// The goods you may choose as 40-unit squares (a "no" and a token if given) in a panel whose top is
// at.y, centred on at.x, as wide as its title.
function resourceTray(svg, at, entries, ui, kind, skip = null, tokenEntry = null) {
  const n = entries.length + (skip ? 1 : 0) + (tokenEntry ? 1 : 0);
  const w = Math.min(W - 12, Math.max(150, n * 46 + 12, textSpan(at.label, 12.5, true) + 20));
  const x0 = Math.max(6, Math.min(W - w - 6, at.x - w / 2)), y0 = Math.max(4, Math.min(H - 74, at.y));
  const g = trayFrame(svg, x0, y0, w, 70, at.label, kind);
  let x = x0 + 8;
  for (const entry of entries) {
    const r = entry.action.args[0];
    const b = group({ class: "pick-good", "data-good": r });
    b.append(s("rect", { x, y: y0 + 24, width: 40, height: 40, rx: 8, class: "hit-area pick-face" }));
    b.append(good(x + 20, y0 + 44, r, 22));
    target(b, entry, ui);
    g.append(b);
    x += 46;
  }
  if (tokenEntry) {
    const b = group({ class: "pick-good", "data-good": "token" });
    b.append(s("rect", { x, y: y0 + 24, width: 40, height: 40, rx: 8, class: "hit-area pick-face" }));
    b.append(plus2(x + 20, y0 + 44, 26));
    target(b, tokenEntry, ui);
    g.append(b);
    x += 46;
  }
  if (skip) {
    const no = svgButton(x, y0 + 24, 40, 40, T("no"));
    target(no, skip, ui);
    g.append(no);
  }
}

// Recruiting: each way to pay for one soldier (one good with the Barracks, else two), in your tray just above
// your goods, over nothing the choice is about: not the tray's title (your soldiers), not the goods you pay
// with, not the soldier track. As many rows as the tray's width needs.
function recruitTray(svg, ctx, entries) {
  const { ui, has } = ctx;
  const doneWords = T("recruit_done"), dw = textWidth(doneWords, 80);
  const x0 = TRAY.x + 8, room = TRAY.w - 16;
  const perRow = Math.max(1, Math.floor((room - 16) / 62));
  const slots = entries.length + (has("done") ? Math.ceil(dw / 62) : 0);
  const rows = Math.ceil(slots / perRow);
  const y0 = Math.max(TRAY.y + 98, TRAY.y + TRAY.h - 40 - (26 + rows * 46)); // just above the goods
  const w = Math.min(room, Math.max(textSpan(T("recruit_ask"), 12.5, true) + 20, Math.min(slots, perRow) * 62 + 16));
  const g = trayFrame(svg, x0, y0, w, 26 + rows * 46, T("recruit_ask"), "recruit");
  let x = x0 + 8, y = y0 + 24;
  const next = (need) => { if (x + need > x0 + w - 4) { x = x0 + 8; y += 46; } };
  for (const entry of entries) {
    next(56);
    const b = group({ class: "pick-good recruit", "data-recruit": entry.action.args.join(" ") });
    b.append(s("rect", { x, y, width: 56, height: 40, rx: 8, class: "hit-area pick-face" }));
    entry.action.args.forEach((r, k) => b.append(good(x + (entry.action.args.length === 1 ? 18 : 12 + k * 16), y + 20, r, 14)));
    b.append(soldierIcon(x + 46, y + 20, 16));
    target(b, entry, ui);
    g.append(b);
    x += 62;
  }
  const done = has("done");
  if (done) {
    next(dw);
    const b = svgButton(x, y, dw, 40, doneWords, { cls: "primary" });
    target(b, done, ui);
    g.append(b);
  }
}

// ---------------------------------------------------------------- above the board: what you choose now
function decisionBar(ctx) {
  const { o, me, view, ui, has } = ctx;
  const bar = h("div", { class: "kb-decision", "data-decision": ctx.task[0] || "" });
  const when = o.step === "over" ? T("game_over") : T("when", { year: o.year, years: c.years || 5, step: o.step });
  bar.append(h("p", { class: "kb-ask" }, h("strong", {}, when), " ", askText(ctx)));
  const scores = h("div", { class: "kb-scores" });
  (o.vp || []).forEach((vp, p) => {
    const res = o.resources[p] || [0, 0, 0];
    scores.append(h("span", { class: `kb-score ${p === me ? "me" : ""} ${view.to_move.includes(p) ? "to-move" : ""}`, "data-score": String(p),
      style: `--seat: ${SEAT_COLOURS[p]}` }, h("i", { class: "swatch" }),
      T("score_line", { seat: p, vp, soldiers: o.soldiers[p], gold: res[0], wood: res[1], stone: res[2], tokens: o.plus2_tokens[p],
        n: (o.buildings[p] || []).length, dice: (o.unplaced_dice[p] || []).length }),
      o.envoy_holder === p ? h("b", { class: "envoy-mark" }, ` ${T("envoy")}`) : null));
  });
  // the moves that concern nothing on the board, beside the scores (skip and done have their "No" and
  // "Stop" on the panel where the rule happens)
  const controls = h("span", { class: "kb-controls" });
  const label = { pass: ctx.task[0] === "place" ? "pass_place" : "pass_build", keep: "keep" };
  for (const name of ["pass", "keep"]) {
    const entry = has(name);
    if (entry) controls.append(control(entry, T(`control.${label[name]}`), ui, "primary"));
  }
  bar.append(h("div", { class: "kb-bar-row" }, scores, controls.childNodes.length ? controls : null));
  if (view.over) bar.append(finalScores(ctx));
  return bar;
}

function askText(ctx) {
  const { o, me, view } = ctx;
  if (view.over) return T("ask.over");
  if (!view.your_turn) {
    const movers = view.to_move.filter((p) => p >= 0);
    return me === null ? T("ask.watching", { seats: movers }) : movers.length ? T("ask.waiting", { seats: movers }) : T("ask.chance");
  }
  const kind = ctx.task[0];
  if (kind === "place" && o.selected_advisor) return T("ask.way", { n: Math.abs(o.selected_advisor), advisor: Math.abs(o.selected_advisor) });
  if (kind === "place") {
    const sum = selectionSum(ctx);
    if (!sum) return T(o.envoy_holder === me ? "ask.place_envoy" : "ask.place");
    const free = ctx.has(`place ${sum}`) || ctx.has(`envoy ${sum}`);
    return free ? T("ask.place_sum", { n: sum, advisor: sum }) : T("ask.place_none", { n: sum });
  }
  if (kind === "take") return T("ask.take", { n: ctx.task[2] });
  if (kind === "build") return T(o.envoy_holder === me && (o.built_this_season || [])[me] ? "ask.build_envoy" : "ask.build");
  const known = { reroll: "ask.reroll", recruit: "ask.recruit", alch: "ask.alch", townhall: "ask.townhall", smuggle: "ask.smuggle",
    white: "ask.white", lose: "ask.lose" };
  return T(known[kind] || "ask.other", { n: ctx.task[2] || 0 });
}

// The end: each player's VP split into the buildings they own and the rest (advisors, the King, battles,
// Embassy, Town Hall, Cathedral, less penalties), with the tie-breaks (goods, then buildings).
// scoreBreakdown is shared by the table below and the game page's end-of-game summary.
export function scoreBreakdown(view) {
  const o = view.observation;
  const winners = (view.result && view.result.winners) || [];
  const vpOf = (key) => (c.buildings.find((b) => b.key === key) || { vp: 0 }).vp;
  const rows = (o.vp || []).map((vp, p) => {
    const fromBuildings = (o.buildings[p] || []).reduce((a, key) => a + vpOf(key), 0);
    return { seat: p, values: [fromBuildings, vp - fromBuildings], total: vp };
  });
  return { categories: [T("final.buildings"), T("final.other")], rows, winners,
    tieBreak: tieBreak(rows.map((r) => r.total), winners, (n) => t("web.endgame.tiebreak.kingsburg", { n })),
    length: { years: o.year } };
}

// The end table; on a phone each player's row is a card of "label value" lines (data-label), so no
// column is squeezed into broken words.
function finalScores({ o, view }) {
  const { rows: parts, winners } = scoreBreakdown(view);
  const rows = parts.map(({ seat: p, values, total }) => {
    const goods = (o.resources[p] || []).reduce((a, b) => a + b, 0);
    return h("tr", { class: winners.includes(p) ? "winner" : "", "data-final": String(p) },
      h("th", { scope: "row" }, named(GAME, "seat", p, String(p))),
      h("td", { "data-label": T("final.buildings") }, String(values[0])), h("td", { "data-label": T("final.other") }, String(values[1])),
      h("td", { "data-label": T("final.total") }, h("strong", {}, String(total))),
      h("td", { "data-label": T("final.goods") }, String(goods)),
      h("td", { "data-label": T("final.count") }, String((o.buildings[p] || []).length)));
  });
  return h("table", { class: "grid kb-final" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, T("final.buildings")), h("th", {}, T("final.other")),
      h("th", {}, T("final.total")), h("th", {}, T("final.goods")), h("th", {}, T("final.count")))),
    h("tbody", {}, rows));
}

// ---------------------------------------------------------------- the others' boards, folded
const openOthers = new Set();   // the others' boards you opened (kept open across redraws)
let othersTouched = false;

function otherBoards(ctx) {
  const { o, me } = ctx;
  const strip = h("div", { class: "kb-others" });
  if (!othersTouched && (o.vp || []).length <= 2) (o.vp || []).forEach((_, p) => openOthers.add(p));
  (o.vp || []).forEach((_, p) => {
    if (p === me || (me === null && p === 0)) return;
    const res = o.resources[p] || [0, 0, 0];
    const box = h("details", { class: "kb-other", "data-other": String(p), style: `--seat: ${SEAT_COLOURS[p]}`, open: openOthers.has(p) ? true : null },
      h("summary", {}, h("i", { class: "swatch" }), T("other_summary", { seat: p, vp: o.vp[p], n: (o.buildings[p] || []).length,
        gold: res[0], wood: res[1], stone: res[2], tokens: o.plus2_tokens[p], soldiers: o.soldiers[p], dice: o.unplaced_dice[p] || [] })));
    // a folded board is drawn only once opened (five players' boards redrawn on every move cost time)
    const draw = () => {
      if (box.querySelector("svg")) return;
      const svg = svgRoot(PROVINCE.w, PROVINCE.h, T("province_of", { seat: p }));
      svg.setAttribute("viewBox", `${PROVINCE.x} ${PROVINCE.y} ${PROVINCE.w} ${PROVINCE.h}`);
      drawProvince(svg, ctx, p, false);
      box.append(svg);
      fitAll(svg);
    };
    if (box.open) draw();
    box.addEventListener("toggle", () => {
      othersTouched = true;
      if (box.open) { openOthers.add(p); draw(); } else openOthers.delete(p);
    });
    strip.append(box);
  });
  return strip;
}

// What a log entry concerns: the seat's colour, and the advisor, building or enemy it names.
export function logHint([, args]) {
  if (!args || typeof args !== "object") return null;
  const selectors = [];
  if (Number.isInteger(args.advisor) && args.advisor >= 1 && args.advisor <= 18) selectors.push(`[data-advisor="${args.advisor}"] > .adv-card`);
  const seat = Number.isInteger(args.seat) && args.seat >= 0 && args.seat < SEAT_COLOURS.length ? args.seat : null;
  if (typeof args.building === "string" && seat !== null) selectors.push(`[data-building="${args.building}"][data-owner="${seat}"] > .tile-face`);
  if (typeof args.enemy === "string" || typeof args.foe === "string") selectors.push(".kb-enemy > .kb-frame");
  if (seat === null && !selectors.length) return null;
  return { colour: seat === null ? null : SEAT_COLOURS[seat], selectors };
}
