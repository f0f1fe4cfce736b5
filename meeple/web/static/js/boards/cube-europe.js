// Cube Europe: the market's six centre squares with each visible card's yellow effect, your dice, and
// every player's hex map.
// Click a die to filter; click a highlighted square (take), hex (place / chain / start) or cube (return).
import { h, s, append } from "../dom.js";
import { matching, clickable, named } from "./common.js";
import { t } from "../i18n.js";

const GAME = "cube-europe";
const SCORE_PARTS = ["territories", "colours", "green", "yellow_effects", "workers"];
const colour = (c) => named(GAME, "colour", c, c);
const effectName = (e) => named(GAME, "effect", e.id, e.name);
const effectText = (e) => named(GAME, "effect_text", e.id, e.text);

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
    h("p", { class: "round" }, t("web.cube.round", { round: obs.round, rounds: obs.rounds }), obs.phase ? ` · ${named(GAME, "phase", obs.phase, obs.phase)}` : "",
      (obs.pending || []).length && obs.pending[0][0] ? ` · ${named(GAME, "pending", obs.pending[0][0], obs.pending[0][0])}` : ""),
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
      h("span", { class: "cube-label" }, colour(sq.colour)),
      h("span", { class: "dice-on", title: sq.dice ? t("web.cube.dice_on", { n: sq.dice }) : null, "aria-label": sq.dice ? t("web.cube.dice_on", { n: sq.dice }) : null },
        Array.from({ length: sq.dice || 0 }, () => h("span", { class: "mini-die", "aria-hidden": "true" }))));
    return clickable(box, matching(ui, "take", (a) => a[1] === i + 1 && dieOk(a)), ui, t("web.cube.take_from", { colour: colour(sq.colour), square: i + 1 }));
  });
  const effects = m.effects || {};
  const used = obs.used_free ? ["steady", "mirror"].filter((k) => obs.used_free[k]) : [];
  return h("section", { class: "panel market", "aria-label": t("web.cube.market") },
    h("h2", {}, t("web.cube.market")),
    h("div", { class: "squares" },
      cardHalf("deck-top", t("web.cube.deck_top", { card: m.deck_top ?? "—" }), squares.slice(0, 3), effects.deck_top, null),
      cardHalf("discard-top", t("web.cube.discard_top", { card: effects.discard_top ? effects.discard_top.card : "—", n: m.discard.length }),
        squares.slice(3), effects.discard_top, t("web.cube.rightmost"))),
    h("p", { class: "muted" }, t("web.cube.deck", { n: m.deck_size }), m.stack_limit ? ` ${t("web.cube.stack_limit", { n: m.stack_limit })}` : "",
      used.length ? ` ${t("web.cube.used_free", { effects: used.map((k) => named(GAME, "free_effect", k, k)) })}` : ""));
}

// One visible market card: its three centre squares and the yellow effect printed at its bottom.
function cardHalf(slot, title, squares, effect, note) {
  return h("div", { class: `card-half ${slot}`, dataset: { slot } },
    h("small", {}, title),
    h("div", { class: "row" }, squares),
    effect ? h("p", { class: "yellow-effect", style: "max-width: 16.5rem; margin: .4rem 0 0; font-size: .9rem;" },
      h("span", { "aria-hidden": "true", style: "display: inline-block; width: .8rem; height: .8rem; margin-right: .3rem; background: #e8c22e; border: 1px solid #555; vertical-align: -.05rem;" }),
      h("strong", {}, effectName(effect)), t("web.colon"), effectText(effect),
      note ? h("br") : null, note ? h("small", { class: "muted" }, note) : null) : null);
}

function dice(seat, ui) {
  if (!seat.dice.length) return null;
  return h("section", { class: "panel dice", "aria-label": t("web.cube.your_dice") }, h("h2", {}, t("web.cube.your_dice")),
    seat.dice.map((d) => {
      const usable = ui.legal.some((e) => e.action.args[0] === d && ["take", "place", "worker"].includes(e.action.name));
      const btn = h("button", { class: `die ${selectedDie === d ? "selected" : ""}`, "aria-pressed": String(selectedDie === d),
        disabled: !usable, onclick: () => { selectedDie = selectedDie === d ? null : d; document.dispatchEvent(new Event("meeple-redraw")); } }, String(d));
      return btn;
    }),
    selectedDie !== null ? matching(ui, "worker", (a) => a[0] === selectedDie).map((e) => h("button", { class: "action", onclick: () => ui.act(e) }, e.label)) : null,
    h("small", { class: "muted" }, ` ${t("web.cube.pick_die")}`));
}

function seatBoard(obs, seat, p, isMe, ui, dieOk) {
  const size = 26;
  const svg = s("svg", { viewBox: "-150 -120 300 240", class: "hexmap", role: "img", "aria-label": t("web.cube.map_of", { seat: ui.seatName(p) }) });
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
    g.append(s("text", { x, y: y + (cell.filled ? 14 : 5), "text-anchor": "middle", class: "hexnum" }, `${named(GAME, "colour_code", cell.colour, cell.colour[0]).toUpperCase()}${cell.number}`));
    g.append(s("text", { x, y: y - (cell.filled ? 17 : 10), "text-anchor": "middle", class: "hexlabel" }, label));
    if (isMe) {
      const entries = [
        ...matching(ui, "place", (a) => a[1] === label && dieOk(a)),
        ...matching(ui, "chain", (a) => a[0] === label),
        ...matching(ui, "start", (a) => a[0] === label),
      ];
      clickable(g, entries, ui, t("web.cube.hex", { hex: label }));
    }
    svg.append(g);
  }
  const inv = h("div", { class: "inventory" }, t("web.cube.inventory"),
    seat.inventory.length ? seat.inventory.map((c) => {
      const cube = h("span", { class: `cube colour-${c}` }, colour(c));
      return isMe ? clickable(cube, matching(ui, "return", (a) => a[0] === c), ui, t("web.cube.return", { colour: colour(c) })) : cube;
    }) : h("span", { class: "muted" }, t("web.cube.empty")), ` (${seat.inventory.length}/${seat.inventory_size})`);
  const sc = seat.score || {};
  return h("section", { class: `panel seat seat-${p} ${isMe ? "me" : ""} ${obs.current === p ? "to-move" : ""}`, "aria-label": t("web.cube.board_of", { seat: ui.seatName(p) }) },
    h("h2", {}, isMe ? t("web.you_suffix", { seat: ui.seatName(p) }) : ui.seatName(p),
      obs.first === p && obs.seats.length > 1 ? h("small", {}, ` — ${t("web.cube.start_card")}`) : null,
      obs.current === p ? h("small", { class: "to-move-note" }, ` — ${t("web.board.to_move")}`) : null),
    svg, inv,
    h("p", {}, t("web.cube.workers", { n: seat.workers, max: seat.worker_max })),
    seat.dice.length && !isMe ? h("p", {}, t("web.cube.dice", { dice: seat.dice.join(", ") })) : null,
    seat.effects.length ? h("ul", { class: "effects" }, seat.effects.map((e) => h("li", {}, h("strong", {}, effectName(e)), t("web.colon"), effectText(e)))) : null,
    h("p", { class: "score" }, t("web.cube.score", { n: seat.total }),
      h("small", {}, ` ${t("web.cube.breakdown", { parts: SCORE_PARTS.map((k) => `${named(GAME, "score_part", k, k)} ${sc[k] ?? 0}`) })}`)));
}
