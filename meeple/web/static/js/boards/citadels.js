// Citadels: the table of the seed rulebook ("富饶之城"). Across the top, one sentence says what you are
// choosing now, with every player's score and gold; below it the call strip of the characters 1–8 (or
// 1–9) in rank order, each marked as it is set aside, called, killed, robbed or bewitched, with the
// face-down pile and the district deck beside it. Then the draft (the character cards handed to you,
// to pick from) or your area: your character card with its ability and the turn's controls on it
// (gold or cards, income with its amount, each ability), your gold as coins, the crown, your city as a
// row of built district cards and your hand as a fan. Each other player's area follows: the crown,
// gold, the hand as face-down card backs with the count, the character revealed this round, the city.
//
// Every move is made on the table: characters on the draft cards and on the call strip (kill, rob,
// bewitch), players on their areas (swap, peek, crown, levy), districts on the cards (build from the
// hand, keep from the drawn cards, destroy / exchange / beautify in the cities, the Laboratory and the
// Smithy on their own cards, the Graveyard's choice on it). Cards are HTML shaped like the cards; the
// coins and the crown are drawn (CSS and SVG), never glyphs.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { loadContent } from "../content.js";
import { named, tieBreak } from "./common.js";
import { target, dormant, pickable, control, Changes, tooltips, tip, inkOn } from "./kit.js";

const GAME = "citadels";
let content = { districts: {}, characters: {} };
export async function prepare() { content = await loadContent(GAME); }

// ---------------------------------------------------------------- artwork (as data)
// seat colours in the order of the game's seat names (Red, Blue, Green, Yellow, Purple, Orange, White)
export const SEAT_COLOURS = ["#c62828", "#1f5fbf", "#2e7d32", "#e3b505", "#7b3fa0", "#ef6c00", "#f4f0e4"];
// district colours: religious blue, military red, noble gold (the seed's 金色), trade green, special purple
export const DISTRICT_COLOURS = { blue: "#2f6db5", red: "#b83227", yellow: "#c99a06", green: "#2e8b57", purple: "#7d3c98" };
export const NEUTRAL = "#5d5548"; // characters without an income colour
// the drawing on a district card, one building per colour (viewBox 0 0 60 40): a church with its spire,
// a crenellated tower, a domed palace, a market stall, a tower with an onion dome
export const BUILDINGS = {
  blue: "M12,40 L12,22 L24,15 L24,7 L27,1 L30,7 L30,15 L42,22 L42,40 L31,40 L31,31 Q27,26 23,31 L23,40 Z",
  red: "M18,40 L18,11 L15,11 L15,4 L20,4 L20,7 L24,7 L24,4 L29,4 L29,7 L33,7 L33,4 L38,4 L38,11 L35,11 L35,40 L30,40 L30,31 Q26.5,27 23,31 L23,40 Z",
  yellow: "M5,40 L5,23 L14,23 L14,17 Q30,1 46,17 L46,23 L55,23 L55,40 L34,40 L34,31 Q30,27 26,31 L26,40 Z",
  green: "M6,19 L30,6 L54,19 Z M11,21 L49,21 L49,40 L37,40 L37,28 L23,28 L23,40 L11,40 Z",
  purple: "M22,40 L22,17 Q16,13 30,2 Q44,13 38,17 L38,40 L33,40 L33,31 Q30,28 27,31 L27,40 Z",
};
const CARD_ORDER = ["yellow", "blue", "green", "red", "purple"];
const FAN_STEP = 5;        // degrees between two cards of your hand
const FAN_MAX = 9;         // the most cards held as one fan
const COIN_PILE = 10;      // coins drawn in a pile before only the number grows
const HAND_GAP = 6;        // the space between two cards of the hand when there is room (px)
const MIN_SHOWN = 60;      // the least width of a hand card left uncovered by the next one: its middle shows (px)
const EFFECT_SHOWN = 76;   // the least uncovered width of a purple hand card: its effect rewraps into that strip (px)
const MIN_NAME_PX = 8;     // the smallest a card's name is set to fit its card
const FAN_ROOM = 480;      // narrower than this (a phone, a tablet's column), the hand lies in rows, no card on another
const DRAFT_MIN = 100;     // the narrowest a draft card is set before its hand takes another row (px); its text keeps its size
const DRAFT_ROOM = 480;    // narrower than this (a phone), the draft lies in the stylesheet's rows of three

// ---------------------------------------------------------------- names and words
const T = (id, args) => t(`web.citadels.${id}`, { game: GAME, ...args });
const district = (slug) => content.districts[slug] || { name: slug, colour: "purple", cost: 0, points: 0 };
const character = (slug) => content.characters[slug] || { name: slug, rank: 0, income: null };
const districtName = (slug) => named(GAME, "district", slug, district(slug).name);
const characterName = (slug) => named(GAME, "character", slug, character(slug).name);
const colourName = (colour) => named(GAME, "colour", colour, colour);

// ---------------------------------------------------------------- the board's own choices
// `mode`: what a click on a hand card does when several uses are open (build, the Magician's discard,
// the Laboratory); picked on the character card or on the Laboratory, build by default.
const picked = { mode: "build" };
let last = null;
const changes = new Changes();
const HAND_MODES = ["build", "tribute", "discard", "lab"];

export function render(container, view, ui) {
  last = { container, view, ui };
  const o = view.observation;
  const me = view.seat === undefined ? null : view.seat;
  const legal = new Map(view.legal.map((e) => [e.text, e]));
  const ctx = { o, me, ui, view, legal, has: (text) => legal.get(text), redraw,
    named: (name) => view.legal.filter((e) => e.action.name === name) };
  settleMode(ctx);
  changes.begin(view);
  const root = h("div", { class: "cit-board", "data-board": GAME });
  root.append(decisionBar(ctx), callStrip(ctx));
  const mine = me !== null && o.hand !== undefined;
  if (o.draft_offer && ctx.named("pick").length + ctx.named("facedown").length) root.append(draftArea(ctx));
  else if (o.phase === "draft") root.append(draftWaiting(ctx));
  if (mine) root.append(myArea(ctx));
  const others = h("div", { class: "cit-others" });
  for (let p = 0; p < o.players; p++) if (p !== me) others.append(seatArea(ctx, p));
  root.append(others);
  tooltips(root);
  changes.end();
  container.replaceChildren(root);
  fitDraft(root);
  fitNames(root);
  fitHand(root);
}

function redraw() { if (last) render(last.container, last.view, last.ui); }

function settleMode(ctx) {
  const open = HAND_MODES.filter((m) => ctx.named(m).length);
  if (!open.includes(picked.mode)) picked.mode = open.includes("build") ? "build" : open[0] || "build";
}

// ---------------------------------------------------------------- pieces: coins, crown, card backs
function coin(extra = "") { return h("span", { class: `cit-coin ${extra}`, "aria-hidden": "true" }); }

// A pile of gold coins with its number: `n` coins (at most COIN_PILE drawn).
function coins(n, title) {
  const pile = h("span", { class: "cit-gold", "data-gold": String(n), role: "img", "aria-label": title });
  const stack = h("span", { class: "cit-coin-pile" });
  for (let k = 0; k < Math.min(n, COIN_PILE); k++) stack.append(coin());
  if (!n) stack.append(coin("none"));
  pile.append(stack, h("b", { class: "cit-gold-n" }, String(n)));
  return tip(pile, title);
}

function crownIcon(title) {
  const svg = s("svg", { viewBox: "0 0 44 30", class: "cit-crown", role: "img", "aria-label": title, "data-piece": "crown" },
    s("path", { d: "M3,26 L6,6 L15,16 L22,3 L29,16 L38,6 L41,26 Z", class: "crown-body" }),
    s("rect", { x: 3, y: 24, width: 38, height: 5, rx: 1.5, class: "crown-band" }),
    s("circle", { cx: 22, cy: 3.5, r: 2.5, class: "crown-gem" }), s("circle", { cx: 6, cy: 6, r: 2.2, class: "crown-gem" }),
    s("circle", { cx: 38, cy: 6, r: 2.2, class: "crown-gem" }));
  const wrap = h("span", { class: "cit-crown-token" }, svg);
  return tip(wrap, title);
}

// `n` face-down cards as a small fanned pile with the count: nothing of their faces is in the page.
function backs(n, title, cls = "") {
  const pile = h("span", { class: `cit-backs ${cls}`, "data-backs": String(n), role: "img", "aria-label": title });
  const shown = Math.min(n, 6);
  for (let k = 0; k < shown; k++) pile.append(h("span", { class: "cit-back", style: `--k: ${k}` }));
  if (!n) pile.append(h("span", { class: "cit-back empty" }));
  pile.append(h("b", { class: "cit-backs-n" }, String(n)));
  return tip(pile, title);
}

// ---------------------------------------------------------------- district cards
// A district card: the colour band with the cost as coins, the name, the purple effect, the colour and
// points; `beautified` puts the Artist's coin on it.
function districtCard(slug, opts = {}) {
  const d = district(slug);
  const colour = DISTRICT_COLOURS[d.colour] || DISTRICT_COLOURS.purple;
  const card = h("div", { class: `cit-card cit-district colour-${d.colour} ${opts.cls || ""}`, "data-district": slug,
    style: `--band: ${colour}; --band-ink: ${inkOn(colour)}` });
  const cost = h("span", { class: "cit-cost", "aria-label": T("cost", { n: d.cost }) });
  for (let k = 0; k < d.cost; k++) cost.append(coin("small"));
  card.append(h("div", { class: "cit-band" }, cost, h("span", { class: "cit-cost-n" }, String(d.cost))));
  const name = districtName(slug);
  card.append(h("div", { class: `cit-card-name ${name.length >= 9 ? "long" : ""}` }, name));
  const effect = d.effect ? t(d.effect, { game: GAME }) : null;
  card.append(h("div", { class: "cit-art", "aria-hidden": "true" }, s("svg", { viewBox: "0 0 60 40", class: "cit-building" },
    s("path", { d: BUILDINGS[d.colour] || BUILDINGS.purple, fill: colour, class: "building" }),
    s("line", { x1: 2, y1: 40, x2: 58, y2: 40, stroke: colour, class: "ground" }))));
  if (effect) card.append(h("div", { class: "cit-effect" }, effect));
  card.append(h("div", { class: "cit-card-foot" }, colourName(d.colour),
    d.points !== d.cost ? h("span", { class: "cit-points", title: T("points", { n: d.points }) }, T("points_short", { n: d.points })) : null));
  if (opts.beautified) {
    card.classList.add("beautified");
    card.append(h("span", { class: "cit-art-coin", title: T("beautified") }, coin(), h("b", {}, "+1")));
  }
  tip(card, [T("district_tip", { district: slug, colour: d.colour, cost: d.cost, n: d.points }), effect, opts.beautified ? T("beautified") : null]
    .filter(Boolean).join(" — "));
  return card;
}

// A card that plays `entry` and carries the other uses of the same card as hidden targets (each shown
// once its mode is picked), so that every legal move of the card is in the page.
function playableCard(card, entries, mode) {
  const main = entries.find((e) => modeOf(e) === mode);
  if (main) target(card, main.entry, last.ui, { tip: `${main.entry.label}` });
  for (const { entry } of entries.filter((e) => e !== main)) {
    card.append(dormant(target(h("span", { class: "cit-alt" }, entry.label), entry, last.ui), modeOf({ entry }), false));
  }
  return card;
}

function modeOf(item) { return item.entry.action.name; }

// ---------------------------------------------------------------- character cards
function characterCard(slug, opts = {}) {
  const c = character(slug);
  const colour = c.income ? DISTRICT_COLOURS[c.income] : NEUTRAL;
  const card = h("div", { class: `cit-card cit-character ${opts.cls || ""}`, "data-character": slug,
    style: `--band: ${colour}; --band-ink: ${inkOn(colour)}` });
  card.append(h("div", { class: "cit-char-head" }, h("span", { class: "cit-rank" }, String(c.rank)),
    h("span", { class: "cit-card-name" }, characterName(slug))));
  card.append(emblem(slug, c));
  const ability = c.ability ? t(c.ability, { game: GAME }) : "";
  if (!opts.small) card.append(h("div", { class: "cit-ability" }, ability));
  tip(card, `${c.rank} · ${characterName(slug)} — ${ability}`);
  return card;
}

// A drawn emblem per character: the rank's numeral on a shield in the income colour.
function emblem(slug, c) {
  const colour = c.income ? DISTRICT_COLOURS[c.income] : NEUTRAL;
  return h("div", { class: "cit-emblem", "aria-hidden": "true" },
    s("svg", { viewBox: "0 0 40 44", class: "cit-shield" },
      s("path", { d: "M4,4 L36,4 L36,22 C36,33 28,39 20,42 C12,39 4,33 4,22 Z", fill: colour, class: "shield" }),
      s("text", { x: 20, y: 26, "text-anchor": "middle", "dominant-baseline": "central", fill: inkOn(colour), class: "shield-rank" }, String(c.rank))));
}

// ---------------------------------------------------------------- the sentence at the top
function currentName(o) { return o.current ? o.current[0] : null; }

function ask(ctx) {
  const { o, me, view, has } = ctx;
  if (view.over) return T("ask.over");
  const mover = view.to_move[0];
  if (!view.your_turn) {
    if (mover === undefined || mover < 0) return T("ask.table");
    if (o.phase === "draft") return T("ask.wait_draft", { seat: mover });
    if (o.graveyard_offer) return T("ask.wait_graveyard", { seat: mover, district: o.graveyard_offer[0] });
    if (o.tribute_seat >= 0) return T("ask.wait_tribute", { seat: mover });
    if (o.current) return T("ask.wait_turn", { seat: o.current[1], character: o.current[0] });
    return T("ask.wait", { seat: mover });
  }
  if (ctx.named("pick").length) return T("ask.pick");
  if (ctx.named("facedown").length) return T("ask.facedown");
  if (o.graveyard_offer) return T("ask.graveyard", { district: o.graveyard_offer[0] });
  if (o.tribute_seat >= 0) return T("ask.tribute");
  if (o.drawn_to_choose && o.drawn_to_choose.length) return T(o.turn.cards_to_keep > 1 ? "ask.keep_more" : "ask.keep", { n: o.turn.cards_to_keep });
  if (o.magician_discards && o.magician_discards.length) return T("ask.redraw", { n: o.magician_discards.length });
  if (o.ability_step) {
    if (o.ability_step[1] === 0) return T("ask.wizard_take", { seat: o.ability_step[0] });
    if (o.ability_step[1] === 1) return T("ask.wizard_keep", { district: o.ability_step[2] });
    return T("ask.exchange_with", { district: o.ability_step[2] });
  }
  const who = currentName(o);
  if (!o.turn.took_gold_or_cards) return T("ask.resources", { character: who });
  if (has("end") && ctx.view.legal.length === 1) return T("ask.end", { character: who });
  return T("ask.turn", { character: who });
}

function decisionBar(ctx) {
  const { o, view, me } = ctx;
  const bar = h("div", { class: `cit-decision ${view.over ? "over" : ""}`, "data-decision": o.phase });
  const when = T("when", { round: o.round, phase: o.phase, complete: o.complete_city_size });
  bar.append(h("p", { class: "cit-ask" }, h("strong", {}, when), " ", ask(ctx)));
  const scores = h("p", { class: "cit-scores", "aria-label": T("scores") });
  for (let p = 0; p < o.players; p++) {
    scores.append(h("span", { class: `cit-score ${p === me ? "me" : ""} ${view.to_move.includes(p) ? "to-move" : ""}`, "data-score": String(p),
      style: `--seat: ${SEAT_COLOURS[p]}` }, h("i", { class: "swatch" }),
    T("score_of", { seat: p, n: o.scores[p], gold: o.gold[p] })));
  }
  bar.append(scores);
  if (view.over) bar.append(finalScores(ctx));
  return bar;
}

// ---------------------------------------------------------------- the call strip, the deck, the face-down pile
function faceDownCount(events) {
  let n = 0;
  for (let k = events.length - 1; k >= 0; k--) {
    const id = events[k][0];
    if (id === "citadels.round_start") break;
    if (id === "citadels.set_aside_down" || id === "citadels.lays_down") n++;
  }
  return n;
}

function callStrip(ctx) {
  const { o, me, ui } = ctx;
  const strip = h("section", { class: "cit-strip", "aria-label": T("strip") });
  const revealed = Object.fromEntries((o.revealed_characters || []).map(([slug, p]) => [slug, p]));
  const row = h("div", { class: "cit-strip-cards" });
  const calling = o.current ? character(o.current[0]).rank : (o.phase === "draft" ? 0 : 99);
  for (const slug of o.characters) {
    const c = character(slug);
    const marks = [];
    let cls = "";
    if ((o.face_up || []).includes(slug)) { cls += " aside"; marks.push(["aside", T("mark.aside")]); }
    if (slug in revealed) {
      cls += " called";
      marks.push(["called", T("mark.called", { seat: revealed[slug] })]);
    } else if ((o.absent_characters || []).includes(slug)) { cls += " absent"; marks.push(["absent", T("mark.absent")]); }
    if (o.killed_character === slug) { cls += " killed"; marks.push(["killed", T("mark.killed")]); }
    if (o.robbed_character === slug) { cls += " robbed"; marks.push(["robbed", T("mark.robbed")]); }
    if (o.bewitched_character === slug) { cls += " bewitched"; marks.push(["bewitched", T("mark.bewitched")]); }
    if (o.current && o.current[0] === slug) cls += " current";
    else if (o.phase !== "draft" && c.rank < calling && !(slug in revealed) && !(o.face_up || []).includes(slug)) cls += " passed";
    if ((o.my_characters || []).includes(slug)) { cls += " mine"; marks.push(["mine", T("mark.mine")]); }
    const card = characterCard(slug, { small: true, cls: `cit-strip-card${cls}` });
    card.setAttribute("data-strip", slug);
    if (slug in revealed) card.style.setProperty("--seat", SEAT_COLOURS[revealed[slug]]);
    const badges = h("div", { class: "cit-marks" });
    for (const [kind, text] of marks) badges.append(h("span", { class: `cit-mark ${kind}` }, text));
    card.append(badges);
    if (o.killed_character === slug) card.append(h("span", { class: "cit-kill-cross", "aria-hidden": "true" }));
    tip(card, [`${c.rank} · ${characterName(slug)}`, ...marks.map((m) => m[1]), c.ability ? t(c.ability, { game: GAME }) : null].filter(Boolean).join(" — "));
    const entry = ["kill", "rob", "bewitch"].map((name) => ctx.has(`${name} ${slug}`)).find(Boolean);
    if (entry) target(card, entry, ui);
    row.append(card);
  }
  const piles = h("div", { class: "cit-piles" });
  if (o.phase !== "over") {
    const down = faceDownCount(ui.events || []);
    piles.append(h("div", { class: "cit-pile", "data-pile": "face-down" }, backs(down, T("face_down_tip", { n: down }), "characters"),
      h("small", {}, T("face_down", { n: down }))));
  }
  piles.append(h("div", { class: "cit-pile", "data-pile": "deck" }, backs(o.deck_size, T("deck_tip", { n: o.deck_size }), "deck"),
    h("small", {}, T("deck", { n: o.deck_size }))));
  strip.append(row, piles);
  return strip;
}

// ---------------------------------------------------------------- the draft
function draftArea(ctx) {
  const { o, ui } = ctx;
  const bury = ctx.named("facedown").length > 0;
  const area = h("section", { class: "cit-draft", "aria-label": T("draft") });
  area.append(h("h2", {}, bury ? T("draft_bury") : T("draft_pick", { n: o.draft_offer.length })));
  const hand = h("div", { class: "cit-draft-hand" });
  for (const slug of o.draft_offer) {
    const card = characterCard(slug, { cls: "cit-draft-card" });
    const entry = ctx.has(`${bury ? "facedown" : "pick"} ${slug}`);
    if (entry) target(card, entry, ui);
    hand.append(card);
  }
  area.append(h("div", { class: "cit-draft-table" }, hand, asideColumn(ctx)));
  return area;
}

// The draft's cards fitted to the room they have, measured once drawn: in as few rows as keep each card at
// least DRAFT_MIN px wide (narrower than its stylesheet width, never wider), the rows as even as can be
// (7 cards: one row, else 4 + 3, never 6 + 1); where a name no longer fits beside its rank, the names go
// under the ranks. On a phone the stylesheet's rows of three stay.
function fitDraft(root) {
  const hand = root.querySelector(".cit-draft-hand");
  const cards = hand ? [...hand.querySelectorAll(":scope > .cit-draft-card")] : [];
  if (!cards.length) return;
  cards.forEach((card) => card.style.removeProperty("width"));
  hand.style.removeProperty("max-width");
  hand.classList.remove("stacked");
  const room = hand.parentElement.clientWidth;
  if (!(room >= DRAFT_ROOM)) return;
  const natural = cards[0].offsetWidth;
  const gap = parseFloat(getComputedStyle(hand).columnGap) || 0;
  let perRow = cards.length, width = natural;
  for (let rows = 1; rows <= cards.length; rows++) {
    perRow = Math.ceil(cards.length / rows);
    width = Math.min(natural, Math.floor((room - (perRow - 1) * gap) / perRow));
    if (width >= DRAFT_MIN) break;
  }
  if (perRow === cards.length && width === natural) return; // one row as drawn: the aside may lie beside it
  if (width < natural) cards.forEach((card) => card.style.setProperty("width", `${width}px`));
  hand.style.setProperty("max-width", `${Math.ceil(perRow * width + (perRow - 1) * gap) + 1}px`);
  // a name that no longer fits beside its rank goes under it, on every card of the hand alike
  const head = (card) => card.querySelector(".cit-char-head");
  hand.classList.toggle("stacked", cards.some((card) => head(card).scrollWidth > head(card).clientWidth + 0.5));
}

function asideColumn(ctx) {
  const { o, ui } = ctx;
  const col = h("div", { class: "cit-aside" });
  if ((o.face_up || []).length) {
    col.append(h("p", { class: "cit-small" }, T("face_up_title")),
      h("div", { class: "cit-aside-cards" }, o.face_up.map((slug) => characterCard(slug, { small: true, cls: "cit-aside-card" }))));
  }
  const down = faceDownCount(ui.events || []);
  col.append(h("p", { class: "cit-small" }, T("face_down", { n: down })), backs(down, T("face_down_tip", { n: down }), "characters"));
  return col;
}

function draftWaiting(ctx) {
  const { o, view } = ctx;
  const mover = view.to_move[0];
  const area = h("section", { class: "cit-draft waiting", "aria-label": T("draft") });
  area.append(h("h2", {}, mover >= 0 ? T("draft_choosing", { seat: mover }) : T("draft_dealing")));
  const passing = h("div", { class: "cit-draft-hand" }, backs(o.draft_cards_left, T("draft_left", { n: o.draft_cards_left }), "characters"),
    h("small", {}, T("draft_left", { n: o.draft_cards_left })));
  area.append(h("div", { class: "cit-draft-table" }, passing, asideColumn(ctx)));
  return area;
}

// ---------------------------------------------------------------- your area
function myArea(ctx) {
  const { o, me, view } = ctx;
  const area = h("section", { class: `cit-seat cit-me ${view.to_move.includes(me) ? "to-move" : ""}`, "data-seat": String(me),
    style: `--seat: ${SEAT_COLOURS[me]}`, "aria-label": T("your_area") });
  area.append(seatHead(ctx, me, true));
  const table = h("div", { class: "cit-my-table" });
  table.append(myCharacters(ctx));
  const right = h("div", { class: "cit-my-right" });
  const decisions = myDecisions(ctx);
  if (decisions) right.append(decisions);
  right.append(handFan(ctx), h("p", { class: "cit-small cit-city-title" }, T("your_city")), cityRow(ctx, me));
  table.append(right);
  area.append(table);
  return area;
}

function seatHead(ctx, p, mine) {
  const { o, view } = ctx;
  const head = h("div", { class: "cit-seat-head" });
  const name = mine ? t("web.you_suffix", { seat: p, game: GAME }) : T("seat", { seat: p });
  head.append(h("h3", {}, h("i", { class: "swatch" }), name));
  if (o.crown_seat === p) head.append(changes.mark(crownIcon(T("crown_tip", { seat: p })), "crown", p));
  head.append(changes.mark(coins(o.gold[p], T("gold_tip", { seat: p, n: o.gold[p] })), `gold:${p}`, o.gold[p]));
  if (!mine) head.append(changes.mark(backs(o.hand_sizes[p], T("hand_tip", { seat: p, n: o.hand_sizes[p] }), "hand"), `hand:${p}`, o.hand_sizes[p]));
  const shown = (o.revealed_characters || []).filter(([, q]) => q === p).map(([slug]) => slug);
  for (const slug of shown) head.append(h("span", { class: "cit-played", title: T("played_tip", { seat: p, character: slug }) },
    h("span", { class: "cit-rank mini" }, String(character(slug).rank)), characterName(slug)));
  if (o.first_complete_seat === p) head.append(h("span", { class: "cit-flag" }, T("first_complete")));
  if (o.protected_seat === p) head.append(tip(h("span", { class: "cit-flag protected" }, T("protected")), T("protected_tip")));
  if ((o.tax_owed || []).includes(p)) head.append(tip(h("span", { class: "cit-flag owed" }, T("tax_owed")), T("tax_owed_tip")));
  head.append(h("span", { class: "cit-seat-score" }, T("points_short", { n: o.scores[p] })));
  if (view.to_move.includes(p)) head.append(h("span", { class: "cit-to-move" }, T("to_move")));
  return head;
}

// Your character card(s): the one being played carries the turn's controls.
function myCharacters(ctx) {
  const { o, me, ui, view } = ctx;
  const box = h("div", { class: "cit-my-characters" });
  const playing = o.current && o.current[1] === me && view.your_turn ? o.current[0] : null;
  const slugs = [...(o.my_characters || [])];
  if (playing && !slugs.includes(playing)) slugs.push(playing);
  if (!slugs.length) box.append(h("p", { class: "cit-small muted" }, T("no_character")));
  for (const slug of slugs) {
    const cls = [slug === playing ? "playing" : "", o.killed_character === slug ? "killed" : ""].join(" ");
    const card = characterCard(slug, { cls: `cit-my-card ${cls}` });
    if (slug === playing) card.append(turnControls(ctx, slug));
    else if (o.killed_character === slug) card.append(h("span", { class: "cit-kill-cross", "aria-hidden": "true" }));
    box.append(card);
  }
  return box;
}

function incomeAmount(ctx, slug) {
  const { o, me } = ctx;
  const colour = character(slug).income;
  if (!colour) return 0;
  return o.cities[me].filter((d) => district(d).colour === colour || d === "school-of-magic").length;
}

// The controls on the character card being played: resources, income, each ability, end of turn.
function turnControls(ctx, slug) {
  const { o, me, ui, has } = ctx;
  const row = h("div", { class: "cit-controls" });
  const add = (text, words, cls = "") => { const e = has(text); if (e) row.append(control(e, words, ui, cls)); };
  const merchant = slug === "merchant" && o.witch_step !== 1;
  const architect = slug === "architect" && o.witch_step !== 1; // his 2 more cards come with either
  const more = (words) => (architect ? T("btn.plus_cards", { text: words, n: 2 }) : words);
  add("gold", more(T("btn.gold", { n: merchant ? 3 : 2 })), "primary");
  const city = o.cities[me];
  const draw = city.includes("observatory") ? 3 : 2;
  add("cards", more(T(city.includes("library") ? "btn.cards_library" : "btn.cards", { n: draw })), "primary");
  add("income", T("btn.income", { n: incomeAmount(ctx, slug) }));
  add("navigate-gold", T("btn.navigate_gold", { n: 4 }));
  add("navigate-cards", T("btn.navigate_cards", { n: 4 }));
  add("redraw", T("btn.redraw", { n: (o.magician_discards || []).length }), "primary");
  if (ctx.named("discard").length && !(o.magician_discards || []).length) {
    const on = picked.mode === "discard";
    const b = h("button", { class: `board-control mode ${on ? "on" : ""}`, type: "button" }, on ? T("btn.discard_on") : T("btn.discard_mode"));
    pickable(b, "discard", on, () => { picked.mode = on ? "build" : "discard"; redraw(); }, T("btn.discard_tip"));
    row.append(b);
  }
  for (const name of ["kill", "rob", "bewitch"]) if (ctx.named(name).length) row.append(h("span", { class: "cit-hint" }, T(`hint.${name}`)));
  for (const name of ["swap", "peek", "give-crown", "levy"]) if (ctx.named(name).length) row.append(h("span", { class: "cit-hint" }, T(`hint.${name}`)));
  if (ctx.named("destroy").length) row.append(h("span", { class: "cit-hint" }, T("hint.destroy")));
  if (ctx.named("exchange").length) row.append(h("span", { class: "cit-hint" }, T("hint.exchange")));
  if (ctx.named("beautify").length) row.append(h("span", { class: "cit-hint" }, T("hint.beautify", { n: 2 - o.turn.beautified_this_turn })));
  add("end", T("btn.end"), "end");
  return row;
}

// Decisions of the moment that are not on a card of the hand or the city: the drawn cards to keep, the
// Wizard's look into a hand, the card he took, the Emperor's tribute.
function myDecisions(ctx) {
  const { o, me, ui, has } = ctx;
  const box = h("div", { class: "cit-decisions" });
  if (o.drawn_to_choose && o.drawn_to_choose.length) {
    const row = h("div", { class: "cit-drawn", "aria-label": T("drawn") });
    for (const slug of o.drawn_to_choose) {
      const card = districtCard(slug, { cls: "cit-drawn-card" });
      const entry = has(`keep ${slug}`);
      if (entry) target(card, entry, ui);
      row.append(card);
    }
    box.append(h("p", { class: "cit-small" }, T(o.turn.cards_to_keep > 1 ? "drawn_keep_more" : "drawn_keep", { n: o.turn.cards_to_keep })), row);
    const done = has("keep-done");
    if (done) box.append(control(done, T("btn.keep_done"), ui));
  }
  if (o.wizard_sees) {
    const row = h("div", { class: "cit-drawn", "aria-label": T("peeked", { seat: o.ability_step[0] }) });
    for (const slug of o.wizard_sees) {
      const card = districtCard(slug, { cls: "cit-drawn-card" });
      const entry = has(`take ${slug}`);
      if (entry) target(card, entry, ui);
      row.append(card);
    }
    box.append(h("p", { class: "cit-small" }, T("peeked", { seat: o.ability_step[0] })), row);
  }
  if (o.ability_step && o.ability_step[1] === 1 && o.ability_step[2] && (has("wizard-keep") || has("wizard-build"))) {
    const slug = o.ability_step[2];
    const card = districtCard(slug, { cls: "cit-drawn-card" });
    const controls = h("div", { class: "cit-controls" });
    const keep = has("wizard-keep"), build = has("wizard-build");
    if (keep) controls.append(control(keep, T("btn.wizard_keep"), ui));
    if (build) controls.append(control(build, T("btn.wizard_build", { n: district(slug).cost }), ui, "primary"));
    box.append(h("p", { class: "cit-small" }, T("wizard_took", { district: slug })), h("div", { class: "cit-drawn" }, card, controls));
  }
  if (o.ability_step && o.ability_step[1] === 2 && o.ability_step[2]) box.append(h("p", { class: "cit-small" }, T("exchange_pick", { district: o.ability_step[2] })));
  if (o.magician_discards && o.magician_discards.length) {
    box.append(h("p", { class: "cit-small" }, T("redraw_so_far", { n: o.magician_discards.length })),
      h("div", { class: "cit-drawn small" }, o.magician_discards.map((slug) => districtCard(slug, { cls: "cit-mini-card discarded" }))));
  }
  const gold = has("tribute-gold");
  if (o.tribute_seat === me && ctx.view.your_turn) {
    box.append(h("p", { class: "cit-small" }, T("tribute_prompt")));
    if (gold) box.append(control(gold, T("btn.tribute_gold"), ui, "primary"));
  }
  return box.childNodes.length ? box : null;
}

// Your hand as a fan of cards: click one to build it (or to discard it, with the Magician's or the
// Laboratory's use picked; to pay it as the Emperor's tribute).
function handFan(ctx) {
  const { o, ui } = ctx;
  const hand = o.hand || [];
  const fan = h("div", { class: "cit-hand", "aria-label": T("hand", { n: hand.length }) });
  hand.forEach((slug, k) => {
    const card = districtCard(slug, { cls: "cit-hand-card" });
    const uses = HAND_MODES.map((name) => ctx.has(`${name} ${slug}`)).filter(Boolean).map((entry) => ({ entry }));
    if (uses.length) playableCard(card, uses, picked.mode);
    else if (o.turn.took_gold_or_cards && o.current && o.current[1] === ctx.me && ctx.view.your_turn && !ctx.named("build").length) card.classList.add("idle");
    fan.append(changes.mark(card, `hand-card:${k}:${slug}`, slug));
  });
  if (!hand.length) fan.append(h("p", { class: "cit-small muted" }, T("no_cards")));
  const head = h("p", { class: "cit-small cit-hand-title" }, T("hand", { n: hand.length }));
  if (picked.mode !== "build" && ctx.named(picked.mode).length && ctx.named("build").length) head.append(" ", h("strong", {}, T(`mode.${picked.mode}`)));
  else if (picked.mode === "discard" || picked.mode === "lab") head.append(" ", h("strong", {}, T(`mode.${picked.mode}`)));
  return h("div", { class: "cit-hand-wrap" }, head, fan);
}

// The hand fitted to the room it has, measured once drawn (and again when the window is resized): one
// row, the cards apart when there is room, else overlapping so that MIN_SHOWN px of each shows, fanned
// where the turned corners fit too; else flat rows (a break after every `perRow` cards). A purple card's
// effect wraps inside the strip the next card leaves uncovered (at least EFFECT_SHOWN px). In a narrow
// room no card covers another (every name and effect readable): as many rows as it takes.
function fitHand(root) {
  const fan = root.querySelector(".cit-hand");
  if (!fan) return;
  fan.querySelectorAll(":scope > .cit-hand-break").forEach((b) => b.remove());
  const cards = [...fan.querySelectorAll(":scope > .cit-hand-card")];
  const style = getComputedStyle(fan);
  const room = fan.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  if (!cards.length || !(room > 0)) return;
  const width = cards[0].offsetWidth, height = cards[0].offsetHeight;
  // each card's name must stay whole where the next card lies over it: measured flat, as wide as its text
  cards.forEach((card) => { card.style.setProperty("--angle", "0deg"); card.style.setProperty("--lift", "0px"); });
  const named = Math.max(0, ...cards.map((card) => nameRight(card)));
  // a turned card's top corner leans out by sin(angle) × the distance to its pivot (transform-origin 50% 120%);
  // the next card, turned FAN_STEP further, leans over the name by about sin(FAN_STEP) × that distance
  const mid = (cards.length - 1) / 2;
  const lean = Math.sin((mid * FAN_STEP * Math.PI) / 180) * height * 1.2;
  const tilt = Math.sin((FAN_STEP * Math.PI) / 180) * height * 1.2;
  const effects = cards.some((card) => card.querySelector(".cit-effect"));
  const shown = room < FAN_ROOM ? width + HAND_GAP : Math.max(MIN_SHOWN, named + 4, effects ? EFFECT_SHOWN : 0); // the least of each card to show
  let perRow = cards.length, overlap = 0;
  for (let rows = 1; ; rows++) {
    perRow = Math.ceil(cards.length / rows);
    overlap = perRow > 1 ? Math.max(-HAND_GAP, Math.ceil((perRow * width - room) / (perRow - 1))) : 0;
    if (width - overlap >= shown || perRow === 1) break;
  }
  const fanned = perRow === cards.length && cards.length <= FAN_MAX && room >= FAN_ROOM
    && perRow * width - (perRow - 1) * overlap + 2 * lean <= room && (overlap <= 0 || width - overlap >= shown + tilt);
  fan.classList.toggle("flat", !fanned);
  fan.style.setProperty("--overlap", `${overlap}px`);
  cards.forEach((card, k) => {
    card.style.setProperty("--angle", fanned ? `${(k - mid) * FAN_STEP}deg` : "0deg");
    card.style.setProperty("--lift", fanned ? `${(k - mid) * (k - mid) * 0.9}px` : "0px");
    // the part under the next card of its row, which a purple card's effect wraps clear of
    const lastOfRow = k % perRow === perRow - 1 || k === cards.length - 1;
    card.style.setProperty("--covered", `${lastOfRow ? 0 : Math.max(0, overlap)}px`);
    if (k % perRow === perRow - 1 && k < cards.length - 1) card.after(h("span", { class: "cit-hand-break" }));
  });
}

// How far from its card's left edge the name's text reaches (px), the card laid flat.
function nameRight(card) {
  const name = card.querySelector(".cit-card-name");
  if (!name) return 0;
  const range = document.createRange();
  range.selectNodeContents(name);
  return Math.ceil(range.getBoundingClientRect().right - card.getBoundingClientRect().left);
}

// A card's name wraps only between words (the CSS); a word still wider than its card (a mini card, a phone's
// narrow card) is set smaller, a half pixel at a time, until it fits (never under MIN_NAME_PX).
function fitNames(root) {
  let names = [...root.querySelectorAll(".cit-card-name")];
  for (let round = 0; round < 12 && names.length; round++) {
    names = names.filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth);
    for (const e of names) {
      const px = parseFloat(getComputedStyle(e).fontSize);
      if (px <= MIN_NAME_PX) continue;
      e.style.fontSize = `${Math.max(MIN_NAME_PX, px - 0.5)}px`;
      e.style.letterSpacing = "-.02em";
    }
    names = names.filter((e) => parseFloat(e.style.fontSize) > MIN_NAME_PX);
  }
}

window.addEventListener("resize", () => { if (last) { fitDraft(last.container); fitNames(last.container); fitHand(last.container); } });

// ---------------------------------------------------------------- cities
function cityRow(ctx, p) {
  const { o, me, ui, has } = ctx;
  const city = o.cities[p];
  const row = h("div", { class: "cit-city", "data-city": String(p), "aria-label": T("city_of", { seat: p, n: city.length, complete: o.complete_city_size }) });
  const coinsLeft = [...(o.beautified[p] || [])];
  for (const slug of [...city].sort(byColour)) {
    const at = coinsLeft.indexOf(slug);
    if (at >= 0) coinsLeft.splice(at, 1);
    const card = districtCard(slug, { cls: "cit-city-card", beautified: at >= 0 });
    const entry = has(`destroy ${p} ${slug}`) || has(`exchange-with ${p} ${slug}`) || (p === me && (has(`exchange ${slug}`) || has(`beautify ${slug}`)));
    if (entry) target(card, entry, ui);
    if (p === me) ownDistrictUses(ctx, card, slug);
    if (o.graveyard_offer && slug === "graveyard" && o.graveyard_offer[1] === p) card.append(graveyardChoice(ctx));
    row.append(changes.mark(card, `city:${p}:${slug}`, at >= 0));
  }
  if (!city.length) row.append(h("p", { class: "cit-small muted" }, T("no_districts")));
  row.append(h("span", { class: "cit-city-count" }, T("city_count", { n: city.length, complete: o.complete_city_size })));
  return row;
}

function byColour(a, b) {
  const da = district(a), db = district(b);
  return CARD_ORDER.indexOf(da.colour) - CARD_ORDER.indexOf(db.colour) || da.cost - db.cost;
}

// The Smithy and the Laboratory are used on their own card in your city.
function ownDistrictUses(ctx, card, slug) {
  const { ui, has } = ctx;
  if (slug === "smithy" && has("smithy")) card.append(control(has("smithy"), T("btn.smithy", { price: 3, n: 2 }), ui, "cit-use"));
  if (slug === "laboratory" && ctx.named("lab").length) {
    const on = picked.mode === "lab";
    const b = h("button", { class: `board-control cit-use mode ${on ? "on" : ""}`, type: "button" }, on ? T("btn.lab_on") : T("btn.lab"));
    pickable(b, "lab", on, () => { picked.mode = on ? "build" : "lab"; redraw(); }, T("btn.lab_tip"));
    card.append(b);
  }
}

function graveyardChoice(ctx) {
  const { o, ui, has } = ctx;
  const box = h("div", { class: "cit-grave" }, h("small", {}, T("grave_card", { district: o.graveyard_offer[0] })));
  const take = has("recover"), leave = has("decline");
  if (take) box.append(control(take, T("btn.recover"), ui, "cit-use primary"));
  if (leave) box.append(control(leave, T("btn.decline"), ui, "cit-use"));
  return box;
}

// ---------------------------------------------------------------- the other players
function seatArea(ctx, p) {
  const { o, view, ui, has } = ctx;
  const area = h("section", { class: `cit-seat ${view.to_move.includes(p) ? "to-move" : ""} ${o.current && o.current[1] === p ? "playing" : ""}`,
    "data-seat": String(p), style: `--seat: ${SEAT_COLOURS[p]}; --seat-ink: ${inkOn(SEAT_COLOURS[p])}`, "aria-label": T("seat", { seat: p }) });
  const head = seatHead(ctx, p, false);
  const entry = ["swap", "peek", "give-crown", "levy"].map((name) => has(`${name} ${p}`)).find(Boolean);
  if (entry) {
    const name = entry.action.name.replace("-", "_");
    const spot = h("span", { class: "cit-seat-target" }, T(`target.${name}`, { seat: p, n: o.hand_sizes[p] }));
    target(spot, entry, ui);
    head.append(spot);
    area.classList.add("targeted");
  }
  area.append(head);
  const known = (o.known_hand_cards || {})[String(p)] || [];
  if (known.length) {
    area.append(h("div", { class: "cit-known" }, h("small", {}, T("known", { seat: p, n: known.length })),
      known.map((slug) => districtCard(slug, { cls: "cit-mini-card" }))));
  }
  area.append(cityRow(ctx, p));
  return area;
}

// ---------------------------------------------------------------- the end: points by category
function breakdown(o, p) {
  const city = o.cities[p];
  let districts = 0;
  let colours = new Set();
  for (const slug of city) { districts += district(slug).points; if (slug !== "haunted-city") colours.add(district(slug).colour); }
  if (city.includes("haunted-city")) {
    if (o.haunted_city_round[p] < o.round) { if (colours.size >= 4) colours = new Set(CARD_ORDER); }
    else colours.add("purple");
  }
  const five = colours.size === 5 ? 3 : 0;
  const complete = o.first_complete_seat === p ? 4 : city.length >= o.complete_city_size ? 2 : 0;
  const art = (o.beautified[p] || []).length;
  return { districts, five, complete, art, total: districts + five + complete + art };
}

// The points by category, shared by the table below and the game page's end-of-game summary.
// A referee game's outcome as the chance tray names it (js/referee.js): the district drawn, the
// character dealt, the player given the crown (the server sends no sentence for Citadels' outcomes:
// a sentence would tell the odds, and the odds tell what the deck holds).
export function chanceName(entry, view, seatName) {
  const [arg] = entry.action.args;
  if (entry.action.name === "draw") {
    const d = district(arg);
    return h("span", { class: "cit-chance-card" },
      h("i", { class: "cit-chance-colour", style: `background: ${DISTRICT_COLOURS[d.colour] || NEUTRAL}` }),
      districtName(arg), " ", h("small", { class: "cit-chance-cost" }, String(d.cost)));
  }
  if (entry.action.name === "deal-down" || entry.action.name === "deal-up") return characterName(arg);
  if (entry.action.name === "crown" && seatName) return seatName(arg);
  return null;
}

export function scoreBreakdown(view) {
  const o = view.observation;
  const totals = o.scores.slice(0, o.players);
  // the winners of the result (tie-break included); a replay has none: the highest totals
  const best = Math.max(...totals);
  const winners = (view.result && view.result.winners) || totals.map((n, p) => (n === best ? p : -1)).filter((p) => p >= 0);
  // the Artist's coins only where the Artist is among the game's characters (else always 0)
  const artist = (o.characters || []).includes("artist");
  const rows = [];
  for (let p = 0; p < o.players; p++) {
    const b = breakdown(o, p);
    rows.push({ seat: p, values: [b.districts, b.five, b.complete, ...(artist ? [b.art] : [])], total: o.scores[p] });
  }
  const categories = [T("final.districts"), T("final.colours"), T("final.complete"), ...(artist ? [T("final.art")] : [])];
  return { categories, rows, winners,
    tieBreak: tieBreak(totals, winners, (n) => t("web.endgame.tiebreak.citadels", { n })),
    length: { rounds: o.round } };
}

function finalScores(ctx) {
  const { categories, rows, winners } = scoreBreakdown(ctx.view);
  return h("table", { class: "grid cit-final" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), categories.map((label) => h("th", {}, label)), h("th", {}, T("final.total")))),
    h("tbody", {}, rows.map(({ seat: p, values, total }) => h("tr", { class: winners.includes(p) ? "winner" : "", "data-final": String(p) },
      h("th", { scope: "row" }, T("seat", { seat: p }), winners.includes(p) ? h("span", { class: "cit-winner" }, T("final.winner")) : null),
      values.map((v) => h("td", {}, String(v))),
      h("td", {}, h("strong", {}, String(total)))))));
}

// ---------------------------------------------------------------- the log beside the board
// What a log entry concerns: the seat's colour, and the district (in a city) or character it names.
export function logHint([, args]) {
  if (!args || typeof args !== "object") return null;
  const selectors = [];
  const seat = Number.isInteger(args.seat) && args.seat >= 0 && args.seat < SEAT_COLOURS.length ? args.seat : null;
  if (typeof args.character === "string") selectors.push(`[data-strip="${args.character}"]`);
  if (typeof args.district === "string") {
    selectors.push(seat !== null ? `[data-city="${seat}"] [data-district="${args.district}"]` : `[data-city] [data-district="${args.district}"]`);
  }
  if (seat !== null) selectors.push(`[data-seat="${seat}"] .cit-seat-head`);
  if (seat === null && !selectors.length) return null;
  return { colour: seat === null ? null : SEAT_COLOURS[seat], selectors };
}

// ---------------------------------------------------------------- notices about your own turn
// Entries that name your seat without you deciding anything: the characters offered to you, your
// character called, your turn's end,
// the round's end telling who held the killed character (game.js's "while you waited" looks past them).
const PASSIVE = new Set(["citadels.called", "citadels.ends_turn", "citadels.killed_was", "citadels.offered"]);
export function passiveEvent([id]) { return PASSIVE.has(id); }

// What game.js announces about your turn (a banner and a toast once, a line in the log), each
// { at: the log entry it follows, key, kind, text }: your character killed (its turn skipped in silence
// when it is called; the round's end names you), and a turn that ended by itself after a move of yours
// that was not "end" (`sent`: this page's moves, { at: the log's length when sent, name }).
export function turnNotices(events, view, { seat, sent }) {
  const notices = [];
  const idOf = (k) => (Array.isArray(events[k]) ? events[k][0] : null);
  const argsOf = (k) => (Array.isArray(events[k]) && events[k][1] && typeof events[k][1] === "object" ? events[k][1] : {});
  const killed = (at, slug) => notices.push({ at, key: `killed:${at}`, kind: "killed", text: T("notice.killed", { character: slug }) });
  const calledKilled = (before, slug) => {
    for (let i = before - 1; i >= 0; i--) if (idOf(i) === "citadels.called_killed" && argsOf(i).character === slug) return i;
    return -1;
  };
  const told = new Set();
  for (let j = 0; j < events.length; j++) {
    if (idOf(j) !== "citadels.killed_was" || argsOf(j).seat !== seat) continue;
    const i = calledKilled(j, argsOf(j).character);
    const at = i >= 0 ? i : j;
    told.add(at);
    killed(at, argsOf(j).character);
  }
  // this round's kill, before the round's end tells the table: your own characters say it was yours
  const mine = new Set(((view.observation || {}).my_characters) || []);
  for (let i = events.length - 1; i >= 0; i--) {
    if (idOf(i) === "citadels.killed_was" || idOf(i) === "citadels.takes_character") break;
    if (idOf(i) === "citadels.called_killed" && mine.has(argsOf(i).character) && !told.has(i)) killed(i, argsOf(i).character);
  }
  (sent || []).forEach((move, n) => {
    if (move.name === "end") return;
    const until = n + 1 < sent.length ? sent[n + 1].at : events.length;
    for (let k = move.at; k < Math.min(until, events.length); k++) {
      if (idOf(k) === "citadels.ends_turn" && argsOf(k).seat === seat) {
        notices.push({ at: k, key: `auto:${k}`, kind: "auto-end", text: T("notice.auto_end") });
        break;
      }
    }
  });
  return notices.sort((a, b) => a.at - b.at);
}
