// God's Playground: the five provinces (income, estates, nobles, enemies, armies), the senate, the
// enemy tracks with treaties, the royal army, money and VP.
import { h, append } from "../dom.js";
import { table, named } from "./common.js";
import { loadContent } from "../content.js";
import { t } from "../i18n.js";

const GAME = "gods-playground";
let c = { seats: [], colours: [], provinces: [], enemies: [], estate_slots: [], units: [] };
export async function prepare() { c = await loadContent(GAME); }

const UNIT_CODES = ["inf", "cav", "art"];

export function render(container, view, ui) {
  const o = view.observation;
  const me = view.seat;
  const short = (p) => named(GAME, "seat", p, ui.seatName(p).split(" ")[0]);
  const family = (p) => named(GAME, "family", p, ui.seatName(p));
  const per = (arr) => arr.map((v, p) => `${short(p)} ${v}`).join(" · ");
  const units = (xs) => xs.join("/");
  const unitHeads = UNIT_CODES.map((u) => named(GAME, "code", u, u)).join("/");
  const provinces = c.provinces.map((name, i) => [
    named(GAME, "province", i, name),
    String(o.level[i]),
    // each filled slot is [owner, land manager, city], in the track's order
    (o.estates[i] || []).map(([owner, manager, city], k) => {
      const extras = [manager ? t("web.gp.with_manager") : null, city ? t("web.gp.with_city") : null].filter(Boolean);
      return t("web.gp.estate_slot", { slot: c.estate_slots[i] ? c.estate_slots[i][k] : k + 1, seat: short(owner) }) + extras.join("");
    }).join(t("web.list_separator")) || "—",
    per(o.nobles[i]),
    String(o.enemies_in_provinces[i].reduce((a, b) => a + b, 0)),
    o.units.map((u, p) => (u[i].some((x) => x) ? `${short(p)} ${units(u[i])}` : null)).filter(Boolean).join(" · ") || "—",
    o.senate[i] >= 0 ? short(o.senate[i]) : "—",
  ]);
  const enemies = c.enemies.map((name, i) => [
    `${i + 1} ${named(GAME, "enemy", i, name)}`, String(o.strength[i]), String(o.track_enemy[i]), per(o.track_nobles[i]), String(o.track_royal[i]),
    o.treaty === i ? t("web.gp.treaty") : "", o.hit && o.hit[i] ? t("web.gp.hit") : "",
  ]);
  const players = (o.money || []).map((_, p) => {
    const marks = [p === me ? t("web.you") : null, o.king === p ? t("web.gp.king") : null].filter(Boolean);
    return [
      marks.length ? `${family(p)} — ${marks.join(t("web.list_separator"))}` : family(p),
      String(o.vp[p]), t("web.gp.money", { n: o.money[p] }), String(o.cubes_in_hand[p]), String(o.discs_in_hand[p]),
      units(o.units_in_hand[p]), o.tokens_in_hand && o.tokens_in_hand[p] ? o.tokens_in_hand[p].join(" ") : "",
    ];
  });
  const phase = named(GAME, "phase", o.phase, o.phase_name);
  const army = [t("web.gp.royal_army", { units: unitHeads, army: units(o.royal_army) }),
    t("web.gp.cossacks", { seats: o.cossacks.map((x) => (x < 0 ? t("web.gp.free") : short(x))) })];
  if (o.camp_total !== undefined) army.push(t("web.gp.camp_total", { n: o.camp_total }));
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, t("web.gp.round", { round: o.round, rounds: 4, phase: o.phase, name: phase })),
    h("section", { class: "panel" }, h("h2", {}, t("web.gp.provinces")),
      table([t("web.gp.col.province"), t("web.gp.col.income"), t("web.gp.col.estates"), t("web.gp.col.nobles"),
        t("web.gp.col.enemy_cubes"), t("web.gp.col.armies", { units: unitHeads }), t("web.gp.col.governor")], provinces)),
    h("section", { class: "panel" }, h("h2", {}, t("web.gp.enemies")),
      table([t("web.gp.col.enemy"), t("web.gp.col.strength"), t("web.gp.col.track_enemy"), t("web.gp.col.track_nobles"),
        t("web.gp.col.track_royal"), t("web.gp.col.treaty"), ""], enemies)),
    h("section", { class: "panel" }, h("h2", {}, t("web.gp.families")),
      table([t("web.gp.col.family"), t("web.gp.col.vp"), t("web.gp.col.money"), t("web.gp.col.cubes"), t("web.gp.col.discs"),
        t("web.gp.col.units", { units: unitHeads }), t("web.gp.col.tokens")], players),
      h("p", {}, army.join(" · "))),
  ]);
}
