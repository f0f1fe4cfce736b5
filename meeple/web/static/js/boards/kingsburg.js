// Kingsburg: the advisors' track with the dice on it, every province board (5 rows × 4 levels),
// resources, "+2" tokens, soldiers, the envoy, and this year's enemy if you have seen it.
import { h, append } from "../dom.js";
import { matching, clickable, table } from "./common.js";
import { loadContent } from "../content.js";

let c = { advisors: {}, rows: [], buildings: [], resources: ["gold", "wood", "stone"] };
export async function prepare() { c = await loadContent("kingsburg"); }

export function render(container, view, ui) {
  const o = view.observation;
  const me = view.seat;
  const name = (p) => ui.seatName(p);
  const advisors = [];
  for (let n = 1; n <= 18; n++) {
    const a = c.advisors[String(n)] || { name: `Advisor ${n}`, reward: "" };
    const placed = (o.advisors && o.advisors[String(n)]) || [];
    const cell = h("div", { class: `advisor ${placed.length ? "taken" : ""}`, dataset: { advisor: String(n) } },
      h("div", { class: "num" }, String(n)), h("div", { class: "who" }, a.name), h("small", {}, a.reward),
      placed.map(([seat, ...dice]) => h("div", { class: `dice seat-${seat}` }, `${name(seat)}: ${dice.join(" ")}`)));
    advisors.push(clickable(cell, [...matching(ui, "place", (x) => x[0] === n), ...matching(ui, "envoy", (x) => x[0] === n)], ui, `${n} ${a.name}`));
  }
  const year = o.year;
  const enemy = o.enemy && o.enemy[year - 1];
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, `Year ${year} of 5 · ${o.season || ""} · step: ${o.step}`,
      o.envoy !== null && o.envoy !== undefined && o.envoy >= 0 ? ` · the King's envoy: ${name(o.envoy)}` : "",
      o.reinforcement ? ` · King's reinforcement ${o.reinforcement}` : ""),
    enemy ? h("section", { class: "panel enemy" }, h("h2", {}, "This year's enemy (you looked)"), h("p", {}, typeof enemy === "string" ? enemy : JSON.stringify(enemy))) : null,
    h("section", { class: "panel", "aria-label": "Advisors" }, h("h2", {}, "The King's advisors"), h("div", { class: "advisors" }, advisors)),
    h("div", { class: "provinces" }, (o.vp || []).map((_, p) => province(o, p, p === me, ui)))]);
}

function province(o, p, mine, ui) {
  const built = new Set(o.buildings[p]);
  const rows = c.rows.map((row, r) => [row, ...[0, 1, 2, 3].map((lvl) => {
    const b = c.buildings[r * 4 + lvl];
    if (!b) return "";
    const has = built.has(b.key);
    const cost = b.cost.map((k, i) => (k ? `${k} ${c.resources[i]}` : null)).filter(Boolean).join(", ") || "free";
    const cell = h("div", { class: `building ${has ? "built" : ""}`, title: `${b.name}: ${cost}, ${b.vp} VP` },
      h("strong", {}, has ? `✔ ${b.name}` : b.name), h("small", {}, ` ${cost} · ${b.vp} VP`));
    return mine ? clickable(cell, matching(ui, "build", (x) => x[0] === b.key), ui, `Build ${b.name}`) : cell;
  })]);
  const res = o.resources[p];
  return h("section", { class: `panel province seat-${p} ${mine ? "me" : ""} ${o.to_move.includes(p) ? "to-move" : ""}`, "aria-label": `${ui.seatName(p)}'s province` },
    h("h2", {}, ui.seatName(p), mine ? " (you)" : "", o.envoy === p ? h("span", { class: "badge" }, "envoy") : null),
    h("p", {}, `VP ${o.vp[p]} · ${c.resources.map((r, i) => `${r} ${res[i]}`).join(" · ")} · "+2" tokens ${o.tokens[p]} · soldiers ${o.soldiers[p]}`),
    o.rolled && o.rolled[p] && o.rolled[p].length ? h("p", {}, `Dice rolled: ${o.rolled[p].join(", ")}`, o.dice[p] && o.dice[p].length ? ` · unplaced: ${o.dice[p].join(", ")}` : "") : null,
    table(["row", "I", "II", "III", "IV"], rows));
}
