// Cube Europe: the market's six centre squares with each visible card's yellow effect, your dice, and
// every player's hex map.
// Click a die to filter; click a highlighted square (take), hex (place / chain / start) or cube (return).
import { h, s, append } from "../dom.js";
import { matching, clickable } from "./common.js";

const ROWS = "ABCDE";
const FILL = { red: "#d64541", blue: "#3a6fd8", green: "#3c9a4a", white: "#f4f4f4", yellow: "#e8c22e" };
const PALE = { red: "#f4c7c5", blue: "#c9d8f6", green: "#c8e6cc", white: "#ffffff", yellow: "#f7ebb5" };
let selectedDie = null;

function coords(label) {
  const r = ROWS.indexOf(label[0]) - 2;
  const qs = [];
  for (let q = -2; q <= 2; q++) if (Math.abs(q + r) <= 2) qs.push(q);
  return [qs[Number(label.slice(1)) - 1], r];
}

export function render(container, view, ui) {
  const obs = view.observation;
  const mine = view.seat;
  if (selectedDie !== null && !ui.legal.some((e) => e.action.args[0] === selectedDie)) selectedDie = null;
  const dieOk = (args) => selectedDie === null || args[0] === selectedDie;
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, `Round ${obs.round} of ${obs.rounds}`, obs.phase === "over" ? " — game over" : ""),
    market(obs, ui, dieOk),
    mine !== null && mine !== undefined && obs.seats[mine] ? dice(obs.seats[mine], ui) : null,
    h("div", { class: "maps" }, obs.seats.map((seat, p) => seatBoard(obs, seat, p, p === mine, ui, dieOk)))]);
}

function market(obs, ui, dieOk) {
  const m = obs.market;
  const squares = m.squares.map((sq, i) => {
    if (!sq) return h("div", { class: "square empty" }, "—");
    const box = h("div", { class: `square colour-${sq.colour}`, dataset: { square: String(i + 1) } },
      h("span", { class: "pip" }, String(sq.face)),
      h("span", { class: "cube-label" }, sq.colour),
      h("span", { class: "dice-on" }, sq.dice ? "🎲".repeat(sq.dice) : ""));
    return clickable(box, matching(ui, "take", (a) => a[1] === i + 1 && dieOk(a)), ui, `Take a ${sq.colour} cube from square ${i + 1}`);
  });
  const effects = m.effects || {};
  return h("section", { class: "panel market", "aria-label": "Market" },
    h("h2", {}, "Market"),
    h("div", { class: "squares" },
      cardHalf("deck-top", `deck top (card ${m.deck_top ?? "—"})`, squares.slice(0, 3), effects.deck_top, null),
      cardHalf("discard-top", `discard top (card ${effects.discard_top ? effects.discard_top.card : "—"}; ${m.discard.length} in the pile)`,
        squares.slice(3), effects.discard_top,
        "The rightmost card: a yellow cube placed this turn tucks it under your board.")),
    h("p", { class: "muted" }, `Deck: ${m.deck_size} card(s).`, m.stack_limit ? ` At most ${m.stack_limit} die/dice per square.` : "",
      obs.used_free && (obs.used_free.steady || obs.used_free.mirror)
        ? ` Used this turn: ${[obs.used_free.steady ? "Steady Hand" : null, obs.used_free.mirror ? "Mirror" : null].filter(Boolean).join(", ")}.` : ""));
}

// One visible market card: its three centre squares and the yellow effect printed at its bottom.
function cardHalf(slot, title, squares, effect, note) {
  return h("div", { class: `card-half ${slot}`, dataset: { slot } },
    h("small", {}, title),
    h("div", { class: "row" }, squares),
    effect ? h("p", { class: "yellow-effect", style: "max-width: 16.5rem; margin: .4rem 0 0; font-size: .9rem;" },
      h("span", { "aria-hidden": "true", style: "display: inline-block; width: .8rem; height: .8rem; margin-right: .3rem; background: #e8c22e; border: 1px solid #555; vertical-align: -.05rem;" }),
      h("strong", {}, effect.name), `: ${effect.text}`,
      note ? h("br") : null, note ? h("small", { class: "muted" }, note) : null) : null);
}

function dice(seat, ui) {
  if (!seat.dice.length) return null;
  return h("section", { class: "panel dice", "aria-label": "Your dice" }, h("h2", {}, "Your dice"),
    seat.dice.map((d) => {
      const usable = ui.legal.some((e) => e.action.args[0] === d && ["take", "place", "worker"].includes(e.action.name));
      const btn = h("button", { class: `die ${selectedDie === d ? "selected" : ""}`, "aria-pressed": String(selectedDie === d),
        disabled: !usable, onclick: () => { selectedDie = selectedDie === d ? null : d; document.dispatchEvent(new Event("meeple-redraw")); } }, String(d));
      return btn;
    }),
    selectedDie !== null ? matching(ui, "worker", (a) => a[0] === selectedDie).map((e) => h("button", { class: "action", onclick: () => ui.act(e) }, e.label)) : null,
    h("small", { class: "muted" }, " Pick a die to see where it can go."));
}

function seatBoard(obs, seat, p, isMe, ui, dieOk) {
  const size = 26;
  const svg = s("svg", { viewBox: "-150 -120 300 240", class: "hexmap", role: "img", "aria-label": `${seat.name}'s map` });
  for (const [label, cell] of Object.entries(seat.hexes)) {
    const [q, r] = coords(label);
    const x = size * Math.sqrt(3) * (q + r / 2);
    const y = size * 1.5 * r;
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 180 * (60 * k - 30);
      pts.push(`${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`);
    }
    const g = s("g", { class: `hex colour-${cell.colour} ${cell.filled ? "filled" : ""}`, "data-hex": label });
    g.append(s("polygon", { points: pts.join(" "), fill: cell.filled ? FILL[cell.colour] : PALE[cell.colour], stroke: "#555", "stroke-width": 1.5 }));
    if (cell.filled) g.append(s("rect", { x: x - 8, y: y - 15, width: 16, height: 16, fill: FILL[cell.colour], stroke: "#222", "stroke-width": 2 }));
    g.append(s("text", { x, y: y + (cell.filled ? 14 : 5), "text-anchor": "middle", class: "hexnum" }, `${cell.colour[0].toUpperCase()}${cell.number}`));
    g.append(s("text", { x, y: y - (cell.filled ? 17 : 10), "text-anchor": "middle", class: "hexlabel" }, label));
    if (isMe) {
      const entries = [
        ...matching(ui, "place", (a) => a[1] === label && dieOk(a)),
        ...matching(ui, "chain", (a) => a[0] === label),
        ...matching(ui, "start", (a) => a[0] === label),
      ];
      clickable(g, entries, ui, `Hex ${label}`);
    }
    svg.append(g);
  }
  const inv = h("div", { class: "inventory" }, "Inventory: ",
    seat.inventory.length ? seat.inventory.map((c) => {
      const cube = h("span", { class: `cube colour-${c}` }, c);
      return isMe ? clickable(cube, matching(ui, "return", (a) => a[0] === c), ui, `Return a ${c} cube`) : cube;
    }) : h("span", { class: "muted" }, "empty"), ` (${seat.inventory.length}/${seat.inventory_size})`);
  const sc = seat.score || {};
  return h("section", { class: `panel seat seat-${p} ${isMe ? "me" : ""} ${obs.current === p ? "to-move" : ""}`, "aria-label": `${seat.name}'s board` },
    h("h2", {}, `${seat.name}${isMe ? " (you)" : ""}`, obs.first === p && obs.seats.length > 1 ? h("small", {}, " — start card") : null),
    svg, inv,
    h("p", {}, `Workers: ${seat.workers} / ${seat.worker_max}`),
    seat.dice.length && !isMe ? h("p", {}, `Dice: ${seat.dice.join(", ")}`) : null,
    seat.effects.length ? h("ul", { class: "effects" }, seat.effects.map((e) => h("li", {}, h("strong", {}, e.name), `: ${e.text}`))) : null,
    h("p", { class: "score" }, `Score ${seat.total}`,
      h("small", {}, ` (territories ${sc.territories ?? 0}, colours ${sc.colours ?? 0}, green ${sc.green ?? 0}, yellow ${sc.yellow_effects ?? 0}, workers ${sc.workers ?? 0})`)));
}
