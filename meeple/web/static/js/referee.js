// Referee games: the people at a real table enter their own dice and cards, and meeple keeps the rules.
//
// `chanceTray(view, ui)` is drawn at the top of the board (inside `[data-board]`) while a die roll or
// a card draw waits to be entered: dice as faces to tap, one row per die, then "Enter 6, 6, 4"; any
// other outcome (a card, who starts) as a button per possibility, named by the board when it can
// (`board.chanceName(entry, view, seatName)`), else by the server's sentence. Every control that enters an
// outcome carries `data-chance="<the outcome's compact text>"` (the `text` of a `view.chance` entry).
//
//   const tray = chanceTray(view, { seatName, enter: (entry) => ..., nameOf: board.chanceName });
//   boardRoot.prepend(tray);       // null when nothing is to be entered here
import { h } from "./dom.js";
import { die, svgRoot } from "./boards/kit.js";
import { t, show } from "./i18n.js";

let picked = { key: null, faces: [] }; // the faces tapped so far, for the pending roll only

// Dice: every outcome has the same number of arguments, all faces 1–6, and there are as many outcomes
// as there are rolls of that many dice (order not counted). Returns the number of dice, or 0.
export function diceCount(entries) {
  if (!entries.length) return 0;
  const k = entries[0].action.args.length;
  if (k < 1 || k > 8) return 0;
  const faces = (e) => e.action.args.length === k && e.action.args.every((a) => Number.isInteger(a) && a >= 1 && a <= 6);
  if (!entries.every(faces)) return 0;
  let multisets = 1;
  for (let i = 1; i <= 5; i++) multisets = multisets * (k + i) / i; // C(k+5, 5)
  return entries.length === Math.round(multisets) ? k : 0;
}

const sortedKey = (faces) => [...faces].sort((a, b) => a - b).join(",");

// The outcome the tapped faces make (order does not count), or null.
export function outcomeOf(entries, faces) {
  const wanted = sortedKey(faces);
  return entries.find((e) => sortedKey(e.action.args) === wanted) || null;
}

function whose(view, ui) {
  const owner = view.chance_owner;
  return owner === null || owner === undefined ? null : ui.seatName(owner);
}

export function chanceTray(view, ui) {
  if (!view.referee || !view.chance_due || view.over) return null;
  const entries = view.chance || [];
  const seat = whose(view, ui);
  if (!entries.length) {
    return h("div", { class: "chance-tray waiting", role: "status" },
      seat ? t("web.referee.waiting_for", { seat }) : t("web.referee.waiting"));
  }
  const k = diceCount(entries);
  return k ? diceTray(view, ui, entries, k, seat) : pickTray(view, ui, entries, seat);
}

function diceTray(view, ui, entries, k, seat) {
  const key = `${view.seq}:${k}`;
  if (picked.key !== key) picked = { key, faces: Array(k).fill(null) };
  const faces = picked.faces;
  const redraw = () => ui.redraw();
  const rows = faces.map((chosen, row) => {
    const svg = svgRoot(6 * 48, 48, t("web.referee.die", { number: row + 1 }));
    svg.classList.add("chance-die-row");
    for (let face = 1; face <= 6; face++) {
      const d = die(24 + (face - 1) * 48, 24, face, { size: 38, colour: chosen === face ? "#f4d35e" : "#fdfdfb" });
      d.classList.add("chance-face");
      if (chosen === face) d.classList.add("picked");
      d.setAttribute("data-chance-die", `${row}:${face}`);
      d.setAttribute("role", "button");
      d.setAttribute("tabindex", "0");
      d.setAttribute("aria-pressed", chosen === face ? "true" : "false");
      d.setAttribute("aria-label", t("web.referee.die_face", { number: row + 1, face }));
      const tap = (ev) => {
        ev.preventDefault();
        faces[row] = face;
        redraw();
      };
      d.addEventListener("click", tap);
      d.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") tap(ev); });
      svg.append(d);
    }
    return h("div", { class: "chance-row" }, h("span", { class: "chance-row-name" }, t("web.referee.die", { number: row + 1 })), svg);
  });
  const complete = faces.every((f) => f !== null);
  const outcome = complete ? outcomeOf(entries, faces) : null;
  const enter = h("button", { type: "button", class: "primary chance-enter", disabled: !outcome,
    "data-chance": outcome ? outcome.text : null,
    onclick: () => { if (outcome) { picked = { key: null, faces: [] }; ui.enter(outcome); } } },
  outcome ? t("web.referee.enter_roll", { faces: faces.join(", ") }) : t("web.referee.tap_each", { n: k }));
  if (outcome && outcome.label) enter.title = show(outcome.label);
  return h("section", { class: "chance-tray dice", "aria-label": t("web.referee.title") },
    h("h3", {}, seat ? t("web.referee.enter_dice_of", { seat, n: k }) : t("web.referee.enter_dice", { n: k })),
    ...rows, h("div", { class: "chance-actions" }, enter));
}

function pickTray(view, ui, entries, seat) {
  const named = (e) => (ui.nameOf && ui.nameOf(e, view, ui.seatName)) || (e.label ? show(e.label) : e.text);
  return h("section", { class: "chance-tray pick", "aria-label": t("web.referee.title") },
    h("h3", {}, seat ? t("web.referee.enter_draw_of", { seat }) : t("web.referee.enter_draw")),
    h("div", { class: "chance-choices" }, entries.map((e) => h("button", {
      type: "button", class: "chance-choice", "data-chance": e.text, title: e.label ? show(e.label) : null,
      onclick: () => ui.enter(e) }, named(e)))));
}
