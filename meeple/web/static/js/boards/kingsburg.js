// Kingsburg: the advisors' track with the dice on it, every province board (5 rows × 4 levels),
// resources, "+2" tokens, soldiers, the envoy, and this year's enemy if you have seen it.
import { h, append } from "../dom.js";
import { matching, clickable, table, named } from "./common.js";
import { loadContent } from "../content.js";
import { t } from "../i18n.js";

const GAME = "kingsburg";
let c = { advisors: {}, rows: [], buildings: [], resources: ["gold", "wood", "stone"] };
export async function prepare() { c = await loadContent(GAME); }

const resource = (r) => named(GAME, "resource", r, r);
const buildingName = (b) => named(GAME, "building", b.key, b.name);

function costText(cost) {
  const parts = cost.map((k, i) => (k ? t("web.kingsburg.amount", { n: k, resource: resource(c.resources[i]) }) : null)).filter(Boolean);
  return parts.length ? parts.join(t("web.list_separator")) : t("web.kingsburg.free");
}

export function render(container, view, ui) {
  const o = view.observation;
  const me = view.seat;
  const name = (p) => ui.seatName(p);
  const advisors = [];
  for (let n = 1; n <= 18; n++) {
    const a = c.advisors[String(n)] || { name: "", reward: "" };
    const who = named(GAME, "advisor", n, a.name || t("web.kingsburg.advisor_n", { n }));
    const gift = named(GAME, "gift", n, a.reward);
    const placed = (o.advisors && o.advisors[String(n)]) || [];
    const cell = h("div", { class: `advisor ${placed.length ? "taken" : ""}`, dataset: { advisor: String(n) } },
      h("div", { class: "num" }, String(n)), h("div", { class: "who" }, who), h("small", {}, gift),
      placed.map(([seat, ...dice]) => h("div", { class: `dice seat-${seat}` }, `${name(seat)}: ${dice.join(" ")}`)));
    advisors.push(clickable(cell, [...matching(ui, "place", (x) => x[0] === n), ...matching(ui, "envoy", (x) => x[0] === n)], ui, `${n} ${who}`));
  }
  const year = o.year;
  const enemy = o.enemy && o.enemy[year - 1];
  const facts = [t("web.kingsburg.year", { year, years: 5 })];
  if (o.season) facts.push(named(GAME, "season", o.season, o.season));
  facts.push(t("web.kingsburg.step", { step: named(GAME, "step", o.step, o.step) }));
  if (o.envoy !== null && o.envoy !== undefined && o.envoy >= 0) facts.push(t("web.kingsburg.envoy_with", { seat: name(o.envoy) }));
  if (o.reinforcement) facts.push(t("web.kingsburg.reinforcement", { n: o.reinforcement }));
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, facts.join(" · ")),
    enemy ? h("section", { class: "panel enemy" }, h("h2", {}, t("web.kingsburg.enemy_seen")),
      h("p", {}, typeof enemy === "string" ? named(GAME, "enemy", enemy, enemy) : JSON.stringify(enemy))) : null,
    h("section", { class: "panel", "aria-label": t("web.kingsburg.advisors") }, h("h2", {}, t("web.kingsburg.advisors_title")), h("div", { class: "advisors" }, advisors)),
    h("div", { class: "provinces" }, (o.vp || []).map((_, p) => province(o, p, p === me, ui)))]);
}

function province(o, p, mine, ui) {
  const built = new Set(o.buildings[p]);
  const rows = c.rows.map((row, r) => [named(GAME, "row", row, row), ...[0, 1, 2, 3].map((lvl) => {
    const b = c.buildings[r * 4 + lvl];
    if (!b) return "";
    const has = built.has(b.key);
    const bname = buildingName(b);
    const cost = costText(b.cost);
    const effect = named(GAME, "effect", b.key, "");
    const cell = h("div", { class: `building ${has ? "built" : ""}`,
      title: t("web.kingsburg.building_tip", { name: bname, cost, vp: b.vp }) + (effect ? `\n${effect}` : "") },
      h("strong", {}, has ? `✔ ${bname}` : bname), h("small", {}, ` ${cost} · ${t("web.vp", { n: b.vp })}`));
    return mine ? clickable(cell, matching(ui, "build", (x) => x[0] === b.key), ui, t("web.kingsburg.build", { name: bname })) : cell;
  })]);
  const res = o.resources[p];
  const here = [t("web.vp", { n: o.vp[p] }), ...c.resources.map((r, i) => t("web.kingsburg.resource_count", { resource: resource(r), n: res[i] })),
    t("web.kingsburg.tokens", { n: o.tokens[p] }), t("web.kingsburg.soldiers", { n: o.soldiers[p] })];
  return h("section", { class: `panel province seat-${p} ${mine ? "me" : ""} ${o.to_move.includes(p) ? "to-move" : ""}`, "aria-label": t("web.kingsburg.province_of", { seat: ui.seatName(p) }) },
    h("h2", {}, mine ? t("web.you_suffix", { seat: ui.seatName(p) }) : ui.seatName(p), o.envoy === p ? h("span", { class: "badge" }, t("web.kingsburg.envoy")) : null),
    h("p", {}, here.join(" · ")),
    o.rolled && o.rolled[p] && o.rolled[p].length ? h("p", {}, t("web.kingsburg.rolled", { dice: o.rolled[p].join(", ") }),
      o.dice[p] && o.dice[p].length ? ` · ${t("web.kingsburg.unplaced", { dice: o.dice[p].join(", ") })}` : "") : null,
    table([t("web.kingsburg.row"), ...[0, 1, 2, 3].map((lvl) => named(GAME, "level", lvl, ["I", "II", "III", "IV"][lvl]))], rows));
}
