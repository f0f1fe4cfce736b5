// God's Playground: the five provinces (income, estates, nobles, enemies, armies), the senate, the
// enemy tracks with treaties, the royal army, money and VP.
import { h, append } from "../dom.js";
import { table } from "./common.js";
import { loadContent } from "../content.js";

let c = { seats: [], colours: [], provinces: [], enemies: [], estate_slots: [], units: [] };
export async function prepare() { c = await loadContent("gods-playground"); }

export function render(container, view, ui) {
  const o = view.observation;
  const me = view.seat;
  const seat = (p) => ui.seatName(p);
  const per = (arr) => arr.map((v, p) => `${seat(p).split(" ")[0]} ${v}`).join(" · ");
  const provinces = c.provinces.map((name, i) => [
    name,
    String(o.level[i]),
    // each filled slot is [owner, land manager, city], in the track's order
    (o.estates[i] || []).map(([owner, manager, city], k) =>
      `${c.estate_slots[i] ? c.estate_slots[i][k] : k + 1}: ${seat(owner).split(" ")[0]}${manager ? " +manager" : ""}${city ? " +city" : ""}`).join(", ") || "—",
    per(o.nobles[i]),
    String(o.enemies_in_provinces[i].reduce((a, b) => a + b, 0)),
    o.units.map((u, p) => (u[i].some((x) => x) ? `${seat(p).split(" ")[0]} ${u[i].join("/")}` : null)).filter(Boolean).join(" · ") || "—",
    o.senate[i] >= 0 ? seat(o.senate[i]) : "—",
  ]);
  const enemies = c.enemies.map((name, i) => [
    `${i + 1} ${name}`, String(o.strength[i]), String(o.track_enemy[i]), per(o.track_nobles[i]), String(o.track_royal[i]),
    o.treaty === i ? "treaty" : "", o.hit && o.hit[i] ? "hit" : "",
  ]);
  const players = (o.money || []).map((_, p) => [
    `${seat(p)}${p === me ? " (you)" : ""}${o.king === p ? " — king" : ""}`,
    String(o.vp[p]), `${o.money[p]} zł`, String(o.cubes_in_hand[p]), String(o.discs_in_hand[p]),
    o.units_in_hand[p].join("/"), o.tokens_in_hand && o.tokens_in_hand[p] ? o.tokens_in_hand[p].join(" ") : "",
  ]);
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, `Round ${o.round} of 4 · phase ${o.phase}: ${o.phase_name}`),
    h("section", { class: "panel" }, h("h2", {}, "Provinces"),
      table(["province", "income", "estates (slot: family)", "nobles", "enemy cubes", "armies (inf/cav/art)", "governor"], provinces)),
    h("section", { class: "panel" }, h("h2", {}, "Enemies"),
      table(["enemy", "strength", "enemy cubes on track", "noble cubes", "royal cubes", "treaty", ""], enemies)),
    h("section", { class: "panel" }, h("h2", {}, "Families"),
      table(["family", "VP", "money", "cubes", "discs", "units (inf/cav/art)", "noble tokens"], players),
      h("p", {}, `Royal army (inf/cav/art): ${o.royal_army.join("/")} · Cossacks: ${o.cossacks.map((x) => (x < 0 ? "free" : seat(x))).join(", ")}`,
        o.camp_total !== undefined ? ` · army camp total ${o.camp_total}` : "")),
  ]);
}
