// Citadels' drawings for the "How to play" sheet (see ../howto-pictures.js): the draft (characters set
// aside, the crown's player keeps one and passes the rest), the call (the characters in rank order, each
// answered by the player who holds it) and a turn (gold or cards, then a district built). Ranks, colours,
// costs and the numbers of the round are the game's content; names are the tooltips'.
import { s } from "../dom.js";
import { group, meeple, shield, tip } from "../boards/kit.js";
import { named } from "../boards/common.js";
import { SEAT_COLOURS, DISTRICT_COLOURS, NEUTRAL, BUILDINGS } from "../boards/citadels.js";
import { pictureRoot, panel, arrow, card, crown, coin, number } from "./parts.js";

const GAME = "citadels";
const PLAYERS = 4;                        // the drawings' table: four players (Red, Blue, Green, Yellow)
const DEAL = [6, 1, 3, 8, 4, 5, 7, 2];    // an example shuffle of the ranks: the first set aside, ...
const CARD_W = 42, CARD_H = 60;

// The eight characters of the base game in rank order: the first character of each rank 1..8.
function characters(content) {
  const byRank = new Map();
  for (const [slug, c] of Object.entries(content.characters || {})) {
    if (c.rank >= 1 && c.rank <= 8 && !byRank.has(c.rank)) byRank.set(c.rank, { slug, ...c });
  }
  return byRank.size === 8 ? [...byRank.keys()].sort((a, b) => a - b).map((r) => byRank.get(r)) : null;
}

// A character card: its rank on a shield in its income colour (grey without one); its name as a tooltip.
function characterCard(x, y, c, opts = {}) {
  const g = card(x, y, CARD_W, CARD_H, { cls: `howto-character ${opts.cls || ""}` });
  g.setAttribute("data-character", c.slug);
  g.setAttribute("data-rank", String(c.rank));
  g.append(shield(x + CARD_W / 2, y + CARD_H / 2, c.rank, { size: 30, colour: c.income ? DISTRICT_COLOURS[c.income] : NEUTRAL }));
  return tip(g, `${c.rank} · ${named(GAME, "character", c.slug, c.name)}`);
}

// A district card: its colour band with its cost, the board's building of its colour.
function districtCard(x, y, slug, d, opts = {}) {
  const colour = DISTRICT_COLOURS[d.colour] || DISTRICT_COLOURS.purple;
  const g = card(x, y, CARD_W, CARD_H, { band: colour, label: d.cost, cls: `howto-district ${opts.cls || ""}` });
  g.setAttribute("data-district", slug);
  const k = (CARD_W - 8) / 60;
  g.append(s("path", { d: BUILDINGS[d.colour] || BUILDINGS.purple, fill: colour, class: "howto-building",
    transform: `translate(${x + 4} ${y + CARD_H - 6 - 40 * k}) scale(${k})` }));
  return tip(g, `${named(GAME, "district", slug, d.name)} · ${d.cost}`);
}

// The draft of a four-player round: (1) face up aside as many as the content says (never the King), one
// face down, the rest to the crown's player; (2) that player keeps one and passes the others on.
function draft(content, label) {
  const all = characters(content);
  const faceUp = content.face_up_aside ? content.face_up_aside[String(PLAYERS)] : undefined;
  if (!all || faceUp === undefined) return null;
  const byRank = (r) => all[r - 1];
  const king = (content.characters.king || {}).rank;   // never set aside face up
  const up = DEAL.filter((r) => r !== king).slice(0, faceUp);
  const rest = DEAL.filter((r) => !up.includes(r));
  const down = rest[0], hand = rest.slice(1).sort((a, b) => a - b);   // players + 1 cards
  const root = pictureRoot(480, 176, label);

  const one = panel(4, 4, 288, 168, 1);
  one.append(s("rect", { x: 92, y: 12, width: 3 * 48 + 8, height: CARD_H + 8, rx: 8, class: "howto-aside" }));
  up.forEach((r, i) => one.append(characterCard(96 + i * 48, 16, byRank(r), { cls: "aside" })));
  one.append(group({ class: "aside" }, card(96 + up.length * 48, 16, CARD_W, CARD_H, { back: true })));
  one.append(crown(30, 130, 30));
  hand.forEach((r, i) => one.append(characterCard(52 + i * 47, 100, byRank(r), { cls: "handed" })));
  root.append(one);

  const two = panel(300, 4, 176, 168, 2);
  const kept = hand.includes(king) ? king : hand[0];   // the crown's player keeps the King
  two.append(crown(346, 42, 26), meeple(346, 70, SEAT_COLOURS[0], { size: 30 }));
  two.append(s("rect", { x: 374, y: 12, width: CARD_W + 8, height: CARD_H + 8, rx: 7, class: "howto-lit" }));
  two.append(characterCard(378, 16, byRank(kept), { cls: "kept" }));
  two.append(arrow(346, 90, 346, 114));
  two.append(meeple(346, 140, SEAT_COLOURS[1], { size: 30 }));
  hand.filter((r) => r !== kept).forEach((r, i) => two.append(group({ class: "passed" }, card(370 + i * 16, 100, CARD_W, CARD_H, { back: true }))));
  two.append(number(370 + (hand.length - 2) * 16 + CARD_W / 2, 130, hand.length - 1, "howto-count howto-on-back"));
  root.append(two);
  return root;
}

// Which seat holds which rank after the draft drawn above (Red kept the King, Blue the 5, Green the 7,
// Yellow the 2): the others nobody chose, and they are skipped.
const HELD = { 4: 0, 5: 1, 7: 2, 2: 3 };

// The call: the eight characters in rank order; the holders answer (their meeple below), the others are
// skipped.
function call(content, label) {
  const all = characters(content);
  if (!all) return null;
  const root = pictureRoot(480, 150, label);
  root.append(panel(4, 4, 472, 142, 1));
  all.forEach((c, i) => {
    const x = 42 + i * 54, seat = HELD[c.rank];
    const held = seat !== undefined;
    root.append(characterCard(x, 16, c, { cls: held ? "called" : "skipped" }));
    if (held) root.append(meeple(x + CARD_W / 2, 100, SEAT_COLOURS[seat], { size: 26 }));
  });
  root.append(arrow(42, 132, 466, 132));
  return root;
}

// A turn: (1) gold from the bank, or cards drawn (one kept, the rest under the deck); (2) a district
// built, its cost paid.
function turn(content, label) {
  const districts = Object.entries(content.districts || {});
  const [slug, d] = districts.find(([, x]) => x.cost === 3 && x.colour !== "purple") || [];
  const city = [];   // two cheap districts already built, of two other colours
  for (const entry of districts) {
    const [, x] = entry;
    if (x.cost <= 2 && x.colour !== "purple" && x.colour !== d?.colour && !city.some(([, y]) => y.colour === x.colour)) city.push(entry);
  }
  const gold = content.turn_gold, draw = content.turn_draw, keep = content.turn_keep;
  if (!slug || !gold || !draw || !keep) return null;
  const root = pictureRoot(480, 176, label);

  const one = panel(4, 4, 236, 168, 1);
  for (let k = 0; k < gold; k++) one.append(coin(60 + k * 24, 40, 10));
  one.append(number(60 + gold * 24 + 4, 40, `+${gold}`, "howto-count"));
  one.append(s("line", { x1: 16, y1: 64, x2: 228, y2: 64, class: "howto-or" }));
  one.append(group({ class: "deck" }, card(24, 88, CARD_W, CARD_H, { back: true })));
  one.append(arrow(72, 118, 92, 118));
  const drawn = districts.filter(([, x]) => x.colour !== "purple").slice(-draw);
  drawn.forEach(([ds, dd], i) => {
    const x = 94 + i * 48;
    if (i < keep) one.append(s("rect", { x: x - 4, y: 84, width: CARD_W + 8, height: CARD_H + 8, rx: 7, class: "howto-lit" }));
    one.append(districtCard(x, 88, ds, dd, { cls: i < keep ? "kept" : "returned" }));
  });
  const back = 100 + keep * 48 + CARD_W / 2;
  one.append(s("path", { d: `M${back},${88 + CARD_H + 2} Q${back - 10},166 ${(24 + CARD_W / 2 + back) / 2},162 T${24 + CARD_W / 2 + 4},${88 + CARD_H + 4}`, class: "howto-back" }));
  root.append(one);

  const two = panel(248, 4, 228, 168, 2);
  two.append(districtCard(376, 12, slug, d, { cls: "built" }));
  for (let k = 0; k < d.cost; k++) two.append(coin(290 + k * 20, 40, 8));
  two.append(number(310, 60, `-${d.cost}`, "howto-count"));
  two.append(arrow(397, 76, 397, 96));
  [...city, [slug, d]].forEach(([cs, cd], i) => two.append(districtCard(280 + i * 48, 100, cs, cd, { cls: cs === slug ? "new" : "" })));
  root.append(two);
  return root;
}

export const PICTURES = { draft, call, turn };
