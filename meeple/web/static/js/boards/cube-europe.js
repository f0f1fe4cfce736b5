// Cube Europe: the market (the deck's face-up top card and the discard pile's top card, each with its
// three centre squares — a die face on a square of the cube's colour, the dice put there — and the
// yellow effect printed at its bottom), the round track and the piles; then every player's board card:
// the 19-hex map (a die face on each empty hex, a cube on each filled one, territories outlined), the
// worker track 0–8 with the black worker cube, the inventory's three spaces, the supply, the dice, and
// the cards tucked under the board with their yellow effects.
// Moves: pick one of your dice, then the market square (take), the hex (place) or the worker track's
// next space (worker); a start, chain or the red cube's hex on your map; white: your supply's pile of
// that colour; return: the cube in your inventory; pay and pass: the controls above the market.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { named, tieBreak } from "./common.js";
import { svgRoot, group, cube, die, track, tip, target, dormant, pickable, control, Changes, tooltips } from "./kit.js";

const GAME = "cube-europe";

// ---------------------------------------------------------------- artwork and geometry (viewBox units)
const CUBE = { red: "#d64541", blue: "#3a6fd8", green: "#3c9a4a", white: "#f4f4f0", yellow: "#e8c22e" };
const LAND = { red: "#f2c4c1", blue: "#c9d8f6", green: "#c8e6cc", white: "#fbfbf7", yellow: "#f7ebb5" };
const COLOURS = ["red", "blue", "green", "white", "yellow"];
export const SEAT_COLOURS = ["#d64541", "#3a6fd8", "#3c9a4a", "#e8c22e"];  // the seats are Red, Blue, Green, Yellow
const WORKER = "#1d1d1f";
const SCORE_PARTS = ["territories", "colours", "green", "yellow_effects", "workers"];
const ROWS = "ABCDE";
// A player's board card: the hex map with the worker track below it, and beside it (below it on a
// phone) the dice, the inventory's spaces and the supply.
const MAP = { w: 320, h: 336 };
const HEX_R = 34;                         // hex radius (pointy top)
const MAP_CENTRE = { x: 160, y: 145 };
const LABEL_DY = -19;                      // the hex's name, above the die face or cube
const PIECE_DY = 7;                       // the die face or cube, below the name
const PIECE_SIZE = 23;
const WORKER_TRACK = { x: 25, y: 300, cell: 28, gap: 2 };
const SIDE = { w: 212, h: 268, x: 10, dice: 38, inventory: 112, supply: 190, score: 252 };
const DIE_SIZE = 44;
const SPACE = 40;                         // an inventory space (at least 32 px wide wherever the side is drawn)
const PILE = { w: 38, step: 40 };         // a supply pile
// A market square: the cube's colour, the die face printed on it, the dice put on it along the bottom.
const SQUARE = { w: 76, h: 92, face: 40 };
const ROUND_CELL = 26;

// ---------------------------------------------------------------- names
const A = (args = {}) => ({ game: GAME, ...args });
const colourName = (c) => named(GAME, "colour", c, c);
const effectName = (e) => named(GAME, "effect", e.id, e.name);
const effectText = (e) => named(GAME, "effect_text", e.id, e.text);
const colourCode = (c) => named(GAME, "colour_code", c, c[0]).toUpperCase();

// Axial coordinates of a hex label (A1 … E3; rows of 3-4-5-4-3), as in content.HEX_COORDS.
function axial(label) {
  const r = ROWS.indexOf(label[0]) - 2;
  const qs = [];
  for (let q = -2; q <= 2; q++) if (Math.abs(q + r) <= 2) qs.push(q);
  return [qs[Number(label.slice(1)) - 1], r];
}
function hexCentre(label) {
  const [q, r] = axial(label);
  return { x: MAP_CENTRE.x + HEX_R * Math.sqrt(3) * (q + r / 2), y: MAP_CENTRE.y + HEX_R * 1.5 * r };
}
function corner(x, y, k, r = HEX_R) {
  const a = (Math.PI / 180) * (60 * k - 30);
  return [x + r * Math.cos(a), y + r * Math.sin(a)];
}
// the neighbour across edge k (between corners k and k+1), in axial steps
const EDGE_STEP = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

// ---------------------------------------------------------------- the board's own choices
let picked = { die: null };
let last = null;
const changes = new Changes();

export function render(container, view, ui) {
  last = { container, view, ui };
  const o = view.observation || {};
  const me = view.seat;
  const legal = view.legal || [];
  const ctx = { o, me, ui, view, legal, redraw, mine: me !== null && me !== undefined && o.seats && o.seats[me] };
  settlePick(ctx);
  changes.begin(view);
  const root = h("div", { class: "ce-board", "data-board": GAME });
  root.append(decisionBar(ctx));
  const table = h("div", { class: "ce-table" });
  table.append(market(ctx));
  const seats = (o.seats || []).map((seat, p) => [seat, p]);
  const order = ctx.mine ? [seats[me], ...seats.filter(([, p]) => p !== me)] : seats;
  const boards = order.map(([seat, p]) => seatBoard(ctx, seat, p));
  if (ctx.mine && boards.length) table.append(boards.shift());
  root.append(table);
  if (boards.length) root.append(h("div", { class: "ce-others" }, boards));
  tooltips(root);
  changes.end();
  container.replaceChildren(root);
}

function redraw() { if (last) render(last.container, last.view, last.ui); }

const DIE_MOVES = ["take", "place", "worker"];
function dieMoves(ctx, d) { return ctx.legal.filter((e) => DIE_MOVES.includes(e.action.name) && e.action.args[0] === d); }

// The picked die stays while it still has a move; else the first of your dice that has one.
function settlePick(ctx) {
  const dice = ctx.mine ? ctx.mine.dice : [];
  const usable = dice.filter((d) => dieMoves(ctx, d).length);
  if (!usable.includes(picked.die)) picked.die = usable.length ? usable[0] : null;
}

// ---------------------------------------------------------------- above the market: what you choose now
function ask(ctx) {
  const { o, view, mine, legal } = ctx;
  if (view.over || o.phase === "over") return t("web.cube.ask.over");
  if (!view.your_turn) {
    const who = (view.to_move || []).length ? view.to_move : o.current !== null && o.current !== undefined ? [o.current] : [];
    if (!who.length) return t("web.cube.ask.phase", A({ phase: o.phase || "deal" }));
    return t("web.cube.ask.waiting", A({ seats: who }));
  }
  const followUp = (o.follow_ups || [])[0];
  const kind = followUp ? followUp[0] : null;
  if (kind === "pay") return t("web.cube.ask.pay");
  if (kind === "return") return t("web.cube.ask.return", A({ n: mine ? mine.inventory_size : 3 }));
  if (kind === "chain") return t("web.cube.ask.chain");
  if (kind === "white") return t("web.cube.ask.white");
  if (legal.some((e) => e.action.name === "start")) return t("web.cube.ask.start");
  if (picked.die !== null) return t("web.cube.ask.die", { die: picked.die });
  return t("web.cube.ask.turn");
}

function decisionBar(ctx) {
  const { o, view, ui, legal } = ctx;
  const bar = h("div", { class: `ce-decision ${view.over ? "over" : "live"}` });
  const when = o.round ? t("web.cube.round", { round: o.round, rounds: o.rounds || 12 }) : t("web.cube.setup");
  bar.append(h("p", { class: "ce-ask" }, h("strong", {}, when), " ", ask(ctx)));
  const scores = h("p", { class: "ce-scores", "aria-label": t("web.cube.scores") });
  (o.seats || []).forEach((seat, p) => {
    const sc = seat.score || {};
    const chip = h("span", { class: `ce-score ${o.current === p ? "to-move" : ""}`, style: `--seat: ${SEAT_COLOURS[p]}`, "data-score": String(p) },
      h("i", { class: "swatch" }), (o.seats || []).length === 1
        ? t("web.cube.score_rank", A({ seat: p, n: seat.total || 0, rank: rankKey(seat.total || 0) }))
        : t("web.cube.score_of", A({ seat: p, n: seat.total || 0 })));
    tip(chip, t("web.cube.breakdown", A({ seat: p, parts: SCORE_PARTS.map((k) => t("web.cube.part", A({ score_part: k, n: sc[k] || 0 }))) })));
    scores.append(chip);
  });
  bar.append(scores);
  if (view.over) bar.append(finalScores(ctx));
  const controls = h("div", { class: "ce-controls" });
  for (const entry of legal.filter((e) => e.action.name === "pay")) controls.append(control(entry, payText(entry), ui, "ce-pay"));
  const pass = legal.find((e) => e.action.name === "pass");
  if (pass) {
    const kind = ((o.follow_ups || [])[0] || [])[0];
    controls.append(control(pass, kind === "chain" ? t("web.cube.skip_red") : kind === "white" ? t("web.cube.skip_white") : t("web.cube.pass"), ui, "primary"));
  }
  if (controls.childNodes.length) bar.append(controls);
  return bar;
}

// "pay 1 steady" → "1 worker + Steady Hand"
function payText(entry) {
  const [workers, ...free] = entry.action.args;
  const parts = [];
  if (Number(workers)) parts.push(t("web.cube.n_workers", { n: Number(workers) }));
  for (const f of free) parts.push(named(GAME, "free_effect", f, f));
  return t("web.cube.pay_with", { means: parts.length ? parts.join(" + ") : t("web.cube.nothing") });
}

// The end: each player's points by the rulebook's categories, the total and the winners (solo: the rank).
// scoreBreakdown is shared by the table below and the game page's end-of-game summary.
export function scoreBreakdown(view) {
  const o = view.observation;
  const winners = (view.result && view.result.winners) || [];
  const rows = (o.seats || []).map((seat, p) => {
    const sc = seat.score || {};
    return { seat: p, values: SCORE_PARTS.map((k) => sc[k] || 0), total: seat.total || 0 };
  });
  const solo = rows.length === 1;
  // solo: no one to beat, the rulebook's rank for the score (「新手 … 大师」) is the result
  const title = solo && view.over ? soloTitle(rows[0].total, winners.includes(0)) : null;
  return { categories: SCORE_PARTS.map((k) => named(GAME, "score_part", k, k)), rows, winners, title,
    tieBreak: solo ? null : tieBreak(rows.map((r) => r.total), winners, (n) => t("web.endgame.tiebreak.cube_europe", { n })),
    length: solo ? { turns: o.round } : { rounds: o.round } };
}

// "Your rank: Journeyman — 27 VP. Expert (30 VP) or better wins."
function soloTitle(score, won) {
  return t(won ? "web.cube.solo_won" : "web.cube.solo_lost", { rank: named(GAME, "rank", rankKey(score), rankKey(score)), n: score });
}

// The end table; on a phone each player's row is a card of label: value pairs (data-label), so all
// seven columns fit 360 px.
function finalScores({ o, view, ui }) {
  const { rows: parts, winners } = scoreBreakdown(view);
  const solo = (o.seats || []).length === 1;
  const rows = (o.seats || []).map((seat, p) => {
    const filled = Object.values(seat.hexes || {}).filter((c) => c.filled).length;
    return h("tr", { class: winners.includes(p) ? "winner" : "", "data-final": String(p) },
      h("th", { scope: "row" }, ui.seatName(p)),
      SCORE_PARTS.map((k, i) => h("td", { "data-part": k, "data-label": named(GAME, "score_part", k, k) }, String(parts[p].values[i]))),
      h("td", { "data-part": "total", "data-label": t("web.cube.final.total") }, h("strong", {}, String(parts[p].total))),
      h("td", { "data-part": solo ? "rank" : "filled", "data-label": solo ? t("web.cube.final.rank") : t("web.cube.final.filled") },
        solo ? named(GAME, "rank", rankKey(parts[p].total), "") : String(filled)),
      h("td", { "data-part": "winner", class: winners.includes(p) ? "" : "ce-empty" }, winners.includes(p) ? t("web.cube.final.winner") : ""));
  });
  return h("table", { class: "grid ce-final" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), SCORE_PARTS.map((k) => h("th", {}, named(GAME, "score_part", k, k))),
      h("th", {}, t("web.cube.final.total")), h("th", {}, solo ? t("web.cube.final.rank") : t("web.cube.final.filled")), h("th", {}, ""))),
    h("tbody", {}, rows));
}

// the solo ranks of content.RANKS (lowest score of each)
const RANKS = [[34, "master"], [30, "expert"], [26, "journeyman"], [22, "apprentice"], [0, "novice"]];
function rankKey(score) { return RANKS.find(([low]) => score >= low)[1]; }

// ---------------------------------------------------------------- the market
function market(ctx) {
  const { o } = ctx;
  const m = o.market || { squares: [], effects: {}, discard: [], deck_size: 0, unseen: [] };
  const effects = m.effects || {};
  const squares = m.squares || [];
  const sec = h("section", { class: "ce-market", "aria-label": t("web.cube.market") });
  const cards = h("div", { class: "ce-market-cards" });
  cards.append(
    marketCard(ctx, "deck_top", effects.deck_top, squares.slice(0, 3), m.deck_size,
      t("web.cube.deck_top"), t("web.cube.deck_pile", { n: m.deck_size })),
    marketCard(ctx, "discard_top", effects.discard_top, squares.slice(3, 6), (m.discard || []).length,
      t("web.cube.discard_top"), t("web.cube.discard_pile", { n: (m.discard || []).length }), t("web.cube.rightmost")));
  sec.append(cards, marketState(ctx, m));
  return sec;
}

// One visible market card on its pile: its three centre squares and the yellow effect at its bottom.
function marketCard(ctx, slot, effect, squares, pile, where, pileText, note) {
  const card = h("div", { class: `ce-card ${effect ? "" : "empty"}`, "data-slot": slot, style: `--pile: ${Math.min(pile, 6)}` });
  card.append(h("div", { class: "ce-card-head" }, h("strong", {}, where), " ",
    effect ? h("span", { class: "ce-card-no" }, t("web.cube.card_no", { card: effect.card })) : null));
  if (!effect) {
    card.append(h("p", { class: "ce-no-card" }, slot === "deck_top" ? t("web.cube.deck_empty") : t("web.cube.discard_empty")));
    return changes.mark(card, `card:${slot}`, null);
  }
  const row = h("div", { class: "ce-squares" });
  squares.forEach((sq) => row.append(marketSquare(ctx, sq)));
  card.append(row);
  card.append(h("div", { class: "ce-effect", "data-effect": effect.id },
    h("strong", { class: "ce-effect-name" }, effectName(effect)), " ", h("span", { class: "ce-effect-text" }, effectText(effect))));
  if (note) card.append(h("p", { class: "ce-note" }, note));
  card.append(h("p", { class: "ce-pile" }, pileText));
  return changes.mark(card, `card:${slot}`, effect.card);
}

function marketSquare(ctx, sq) {
  const svg = svgRoot(SQUARE.w, SQUARE.h, t("web.cube.square_label", A({ square: sq.square, colour: sq.colour, face: sq.face })));
  svg.classList.add("ce-square-svg");
  const g = group({ class: `square-face colour-${sq.colour}`, "data-square": String(sq.square), "data-colour": sq.colour, "data-face": String(sq.face) });
  g.append(s("rect", { x: 3, y: 3, width: SQUARE.w - 6, height: SQUARE.h - 6, rx: 9, fill: CUBE[sq.colour], class: "square-card" }));
  g.append(die(SQUARE.w / 2, 8 + SQUARE.face / 2, sq.face, { size: SQUARE.face, colour: "#fffdf5", ink: "#1d1d1f" }));
  g.append(s("text", { x: SQUARE.w / 2, y: SQUARE.face + 22, "text-anchor": "middle", class: "square-colour", fill: sq.colour === "white" || sq.colour === "yellow" ? "#1d1d1f" : "#ffffff" }, colourName(sq.colour)));
  const placed = group({ class: "placed-dice" });
  for (let k = 0; k < (sq.dice || 0); k++) {
    placed.append(die(16 + k * 22, SQUARE.h - 16, sq.face, { size: 18, colour: "#ffffff", ink: "#1d1d1f", title: t("web.cube.dice_on", { n: sq.dice }) }));
  }
  g.append(placed);
  tip(g, t("web.cube.square_tip", A({ square: sq.square, colour: sq.colour, face: sq.face, n: sq.dice || 0 })));
  svg.append(changes.mark(g, `square:${sq.square}`, [sq.face, sq.colour, sq.dice]));
  // a take target per die value, shown for the picked die
  for (const entry of ctx.legal.filter((e) => e.action.name === "take" && e.action.args[1] === sq.square)) {
    const d = entry.action.args[0];
    const spot = group({ class: "square take-spot", "data-square": String(sq.square) });
    spot.append(s("rect", { x: 1.5, y: 1.5, width: SQUARE.w - 3, height: SQUARE.h - 3, rx: 10, class: "hit-area" }));
    target(spot, entry, ctx.ui);
    dormant(spot, `die-${d}`, picked.die === d);
    svg.append(spot);
  }
  return svg;
}

// Beside the cards: the round track (1–12) and the deck's state (how many cards, when it runs out).
function marketState(ctx, m) {
  const { o } = ctx;
  const box = h("div", { class: "ce-market-state" });
  const rounds = o.rounds || 12;
  const svg = svgRoot(rounds * (ROUND_CELL + 2) + 4, ROUND_CELL + 4, t("web.cube.round_track"));
  svg.classList.add("ce-round-track");
  const tr = track(2, 2, Array.from({ length: rounds }, (_, i) => i + 1), { w: ROUND_CELL, h: ROUND_CELL, current: o.round, cls: "rounds" });
  tr.g.setAttribute("data-round", String(o.round || 0));
  svg.append(tr.g);
  box.append(h("div", { class: "ce-state-row" }, h("span", { class: "ce-state-label" }, t("web.cube.round_track")), svg));
  const classic = isClassic(o);
  let state;
  if (m.deck_size === 0) state = t("web.cube.deck_out");
  else if (classic) state = reshuffled(ctx) ? t("web.cube.deck_second", { n: m.deck_size }) : t("web.cube.deck_first", { n: m.deck_size });
  else state = t("web.cube.deck_last", { n: m.deck_size });
  box.append(h("p", { class: "ce-deck-state", "data-deck": String(m.deck_size) }, state));
  const notes = [];
  if (m.stack_limit) notes.push(t("web.cube.stack_limit", { n: m.stack_limit }));
  const used = o.used_free ? ["steady", "mirror"].filter((k) => o.used_free[k]) : [];
  if (used.length) notes.push(t("web.cube.used_free", A({ free_effects: used })));
  if (notes.length) box.append(h("p", { class: "ce-small" }, notes.join(" ")));
  return box;
}

// Solo classic plays the 9 base cards (the deck runs out twice); otherwise 17 cards are in the game.
function isClassic(o) {
  if ((o.seats || []).length !== 1) return false;
  const m = o.market || {};
  const seen = new Set([...(m.unseen || []), ...(m.discard || []), ...(o.seats || []).flatMap((s_) => [s_.board_card, ...(s_.effects || []).map((e) => e.card)])]);
  if (m.deck_top !== null && m.deck_top !== undefined) seen.add(m.deck_top);
  seen.delete(null); seen.delete(undefined);
  return [...seen].every((c) => c <= 9);
}
function reshuffled(ctx) {
  const events = ctx.ui.events || [];
  if (events.some(([id]) => id === "cube-europe.reshuffles")) return true;
  // a replay has no events: after round 7 the classic deck has been reshuffled (docs/rules, Assumption 2)
  return !events.length && (ctx.o.round || 0) > 7;
}

// ---------------------------------------------------------------- a player's board card
function seatBoard(ctx, seat, p) {
  const { o, me, view } = ctx;
  const isMe = p === me;
  const sec = h("section", { class: `ce-seat ${isMe ? "me" : ""} ${o.current === p ? "to-move" : ""}`, "data-seat": String(p), style: `--seat: ${SEAT_COLOURS[p]}`,
    "aria-label": t("web.cube.board_of", A({ seat: p })) });
  const marks = [isMe ? t("web.you") : null, o.start_card_seat === p && (o.seats || []).length > 1 ? t("web.cube.start_card") : null,
    o.current === p && !view.over ? t("web.board.to_move") : null].filter(Boolean);
  sec.append(h("h3", {}, h("i", { class: "swatch" }), ctx.ui.seatName(p),
    seat.board_card ? h("small", {}, " ", t("web.cube.card_no", { card: seat.board_card })) : null,
    marks.length ? h("small", {}, ` — ${marks.join(t("web.list_separator"))}`) : null));
  const svg = svgRoot(MAP.w, MAP.h, t("web.cube.map_of", A({ seat: p })));
  svg.classList.add("hexmap");
  svg.setAttribute("data-seat-map", String(p));
  svg.append(s("rect", { x: 1, y: 1, width: MAP.w - 2, height: MAP.h - 2, rx: 14, class: "ce-card-face" }));
  drawHexes(svg, ctx, seat, p, isMe);
  drawWorkers(svg, ctx, seat, p, isMe);
  const side = svgRoot(SIDE.w, SIDE.h, t("web.cube.supplies_of", A({ seat: p })));
  side.classList.add("ce-side");
  side.setAttribute("data-seat-side", String(p));
  side.append(s("rect", { x: 1, y: 1, width: SIDE.w - 2, height: SIDE.h - 2, rx: 12, class: "ce-card-face" }));
  drawDice(side, ctx, seat, p, isMe);
  drawInventory(side, ctx, seat, p, isMe);
  drawSupply(side, ctx, seat, p, isMe);
  side.append(s("text", { x: SIDE.x, y: SIDE.score, class: "ce-total" }, t("web.cube.score_of", A({ seat: p, n: seat.total || 0 }))));
  sec.append(h("div", { class: "ce-card-wrap" }, svg, side));
  sec.append(tucked(seat, p));
  return sec;
}

function drawHexes(svg, ctx, seat, p, isMe) {
  const hexes = seat.hexes || {};
  const g = group({ class: "ce-map" });
  const byAxial = {};
  for (const [label, cell] of Object.entries(hexes)) byAxial[axial(label).join(",")] = cell;
  const borders = [];
  for (const [label, cell] of Object.entries(hexes)) {
    const { x, y } = hexCentre(label);
    const pts = Array.from({ length: 6 }, (_, k) => corner(x, y, k).map((v) => v.toFixed(1)).join(","));
    const hexG = group({ class: `hex colour-${cell.colour} ${cell.filled ? "filled" : ""}`, "data-hex": label, "data-colour": cell.colour, "data-number": String(cell.number) });
    hexG.append(s("polygon", { points: pts.join(" "), fill: LAND[cell.colour], class: "hex-land" }));
    hexG.append(s("text", { x, y: y + LABEL_DY, class: "hexlabel", "text-anchor": "middle", "dominant-baseline": "central" },
      `${label}·${colourCode(cell.colour)}`));
    if (cell.filled) hexG.append(cube(x, y + PIECE_DY, CUBE[cell.colour], { size: PIECE_SIZE }));
    else hexG.append(die(x, y + PIECE_DY, cell.number, { size: PIECE_SIZE, colour: "#fffdf5", ink: "#1d1d1f" }));
    tip(hexG, t("web.cube.hex_tip", A({ hex: label, colour: cell.colour, number: cell.number })) + (cell.filled ? ` ${t("web.cube.hex_filled")}` : ""));
    g.append(changes.mark(hexG, `hex:${p}:${label}`, cell.filled));
    // territory borders: a thick line where the neighbour has another colour or there is none
    const [q, r] = axial(label);
    for (let k = 0; k < 6; k++) {
      const other = byAxial[`${q + EDGE_STEP[k][0]},${r + EDGE_STEP[k][1]}`];
      if (other && other.colour === cell.colour) continue;
      if (other && k >= 3) continue;  // each inner border once
      const [x1, y1] = corner(x, y, k), [x2, y2] = corner(x, y, k + 1);
      borders.push(`M${x1.toFixed(1)},${y1.toFixed(1)} L${x2.toFixed(1)},${y2.toFixed(1)}`);
    }
  }
  g.append(s("path", { d: borders.join(" "), class: "territory-border" }));
  if (isMe) {
    for (const entry of ctx.legal) {
      const { name, args } = entry.action;
      let label = null, needs = null;
      if (name === "place") { label = args[1]; needs = `die-${args[0]}`; }
      else if (name === "chain" || name === "start") label = args[0];
      if (!label || !hexes[label]) continue;
      const { x, y } = hexCentre(label);
      const pts = Array.from({ length: 6 }, (_, k) => corner(x, y, k, HEX_R - 2.5).map((v) => v.toFixed(1)).join(","));
      const spot = group({ class: `hex-target ${name}`, "data-hex": label });
      spot.append(s("polygon", { points: pts.join(" "), class: "hit-area" }));
      target(spot, entry, ctx.ui);
      if (needs) dormant(spot, needs, picked.die === args[0]);
      g.append(spot);
    }
  }
  svg.append(g);
}

function drawWorkers(svg, ctx, seat, p, isMe) {
  const W_ = WORKER_TRACK;
  const max = seat.worker_max || 8;
  svg.append(s("text", { x: W_.x, y: W_.y - 8, class: "ce-label" }, t("web.cube.worker_track")));
  const tr = track(W_.x, W_.y, Array.from({ length: max + 1 }, (_, i) => i), { w: W_.cell, h: W_.cell, gap: W_.gap, current: seat.workers, cls: "workers" });
  tr.g.setAttribute("data-workers", String(seat.workers));
  svg.append(tr.g);
  const at = tr.cells[Math.min(seat.workers, max)];
  const worker = cube(at.x, at.y + 1, WORKER, { size: 15, title: t("web.cube.workers", { n: seat.workers, max }) });
  worker.classList.add("worker-cube");
  svg.append(changes.mark(worker, `workers:${p}`, seat.workers));
  if (!isMe) return;
  for (const entry of ctx.legal.filter((e) => e.action.name === "worker")) {
    const next = tr.cells[Math.min(seat.workers + 1, max)];
    const spot = group({ class: "worker-spot" });
    spot.append(s("rect", { x: next.x - 22, y: next.y - 22, width: 44, height: 44, rx: 6, class: "hit-area" }));  // wider than a cell: a finger's size
    target(spot, entry, ctx.ui);
    dormant(spot, `die-${entry.action.args[0]}`, picked.die === entry.action.args[0]);
    svg.append(spot);
  }
}

function drawDice(svg, ctx, seat, p, isMe) {
  svg.append(s("text", { x: SIDE.x, y: SIDE.dice - 22, class: "ce-label" }, t("web.cube.dice_label")));
  if (!(seat.dice || []).length) {
    svg.append(s("text", { x: SIDE.x, y: SIDE.dice + 6, class: "ce-small muted" }, t("web.cube.no_dice")));
    return;
  }
  seat.dice.forEach((d, k) => {
    const x = SIDE.x + DIE_SIZE / 2 + k * (DIE_SIZE + 14), y = SIDE.dice + DIE_SIZE / 2 - 12;
    const g = group({ class: "ce-die", "data-die": String(d) });
    g.append(s("rect", { x: x - DIE_SIZE / 2 - 4, y: y - DIE_SIZE / 2 - 4, width: DIE_SIZE + 8, height: DIE_SIZE + 8, rx: 9, class: "hit-area" }));
    g.append(die(x, y, d, { size: DIE_SIZE, colour: SEAT_COLOURS[p] }));
    if (isMe && dieMoves(ctx, d).length) {
      pickable(g, `die-${d}`, picked.die === d, () => { picked.die = d; redraw(); }, t("web.cube.pick_die", { die: d }));
    } else tip(g, t("web.cube.a_die", A({ seat: p, die: d })));
    svg.append(changes.mark(g, `die:${p}:${k}`, d));
  });
}

function drawInventory(svg, ctx, seat, p, isMe) {
  const inv = seat.inventory || [];
  const spaces = Math.max(seat.inventory_size || 3, inv.length);
  svg.append(s("text", { x: SIDE.x, y: SIDE.inventory - 26, class: "ce-label" }, t("web.cube.inventory", { n: inv.length, size: seat.inventory_size || 3 })));
  const returns = isMe ? ctx.legal.filter((e) => e.action.name === "return") : [];
  // four spaces fit the side's width; a fifth (a cube over a Storehouse's four) closes them up
  const step = Math.min(SPACE + 4, (SIDE.w - 2 * SIDE.x) / spaces), size = Math.min(SPACE, step - 3);
  for (let k = 0; k < spaces; k++) {
    const x = SIDE.x + size / 2 + k * step, y = SIDE.inventory;
    const over = k >= (seat.inventory_size || 3);
    const g = group({ class: `inventory-space ${over ? "over" : ""}`, "data-space": String(k) });
    g.append(s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 5, class: "space-face" }));
    const c = inv[k];
    if (c) {
      g.append(cube(x, y + 2, CUBE[c], { size: 22 }));
      g.setAttribute("data-colour", c);
      const entry = returns.find((e) => e.action.args[0] === c);
      if (entry) target(g, entry, ctx.ui);
      else tip(g, t("web.cube.cube_of", A({ colour: c })));
    }
    svg.append(changes.mark(g, `inv:${p}:${k}`, c || null));
  }
}

function drawSupply(svg, ctx, seat, p, isMe) {
  svg.append(s("text", { x: SIDE.x, y: SIDE.supply - 26, class: "ce-label" }, t("web.cube.supply")));
  const whites = isMe ? ctx.legal.filter((e) => e.action.name === "white") : [];
  COLOURS.forEach((c, k) => {
    const x = SIDE.x + PILE.w / 2 + k * PILE.step, y = SIDE.supply;
    const n = (seat.supply || {})[c] ?? 0;
    const g = group({ class: `supply-pile ${n ? "" : "out"}`, "data-supply": c });
    g.append(s("rect", { x: x - PILE.w / 2, y: y - 19, width: PILE.w, height: 48, rx: 5, class: "space-face" }));
    g.append(cube(x, y - 2, CUBE[c], { size: 18 }));
    g.append(s("text", { x, y: y + 23, class: "ce-count", "text-anchor": "middle" }, String(n)));
    const entry = whites.find((e) => e.action.args[0] === c);
    if (entry) target(g, entry, ctx.ui);
    else tip(g, t("web.cube.supply_of", A({ colour: c, n })));
    svg.append(changes.mark(g, `supply:${p}:${c}`, n));
  });
}

// The cards tucked under the board: their yellow effects show below its bottom edge.
function tucked(seat, p) {
  const list = h("div", { class: "ce-tucked", "aria-label": t("web.cube.tucked") });
  for (const e of seat.effects || []) {
    list.append(changes.mark(h("div", { class: "ce-tucked-card", "data-card": String(e.card), "data-effect": e.id },
      h("span", { class: "ce-card-no" }, t("web.cube.card_no", { card: e.card })), " ",
      h("strong", { class: "ce-effect-name" }, effectName(e)), " ", h("span", { class: "ce-effect-text" }, effectText(e))), `tuck:${p}:${e.card}`, 1));
  }
  if (!list.childNodes.length) list.append(h("p", { class: "ce-small muted" }, t("web.cube.no_tucked")));
  return list;
}

// What a log entry concerns: the seat's colour and the hex or market square it names.
export function logHint([, args]) {
  if (!args || typeof args !== "object") return null;
  const seat = Number.isInteger(args.seat) && args.seat >= 0 && args.seat < 4 ? args.seat : null;
  const selectors = [];
  if (typeof args.hex === "string" && /^[A-E][1-5]$/.test(args.hex) && seat !== null) {
    selectors.push(`[data-seat-map="${seat}"] [data-hex="${args.hex}"].hex > polygon`);
  }
  if (Number.isInteger(args.square)) selectors.push(`.square-face[data-square="${args.square}"] > rect`);
  if (seat === null && !selectors.length) return null;
  return { colour: seat === null ? null : SEAT_COLOURS[seat], selectors };
}
