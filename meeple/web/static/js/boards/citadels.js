// Citadels: the character draft and the called characters, your hand, every city, gold and the crown.
import { h, append } from "../dom.js";
import { matching, clickable, named } from "./common.js";
import { loadContent } from "../content.js";
import { t } from "../i18n.js";

const GAME = "citadels";
let content = { districts: {}, characters: {} };

export async function prepare() { content = await loadContent(GAME); }

const district = (slug) => content.districts[slug] || { name: slug, colour: "purple", cost: "?" };
const character = (slug) => content.characters[slug] || { name: slug, rank: "?" };
const districtName = (slug) => named(GAME, "district", slug, district(slug).name);
const characterName = (slug) => named(GAME, "character", slug, character(slug).name);
const colourName = (colour) => named(GAME, "colour", colour, colour);

function districtCard(slug, extra = {}) {
  const d = district(slug);
  const name = districtName(slug);
  return h("span", { class: `district colour-${d.colour}`, title: t("web.citadels.district_tip", { name, colour: colourName(d.colour), cost: d.cost }), ...extra },
    h("span", { class: "cost", "aria-label": t("web.citadels.cost", { n: d.cost }) }, String(d.cost)), " ", name,
    h("small", { class: "kind" }, ` ${colourName(d.colour)}`));
}

function characterCard(slug, notes = [], cls = "") {
  const c = character(slug);
  return h("span", { class: `character ${cls}`, title: t("web.citadels.character_tip", { rank: c.rank, name: characterName(slug) }) },
    h("b", {}, `${c.rank}`), ` ${characterName(slug)}`, notes.length ? h("small", {}, ` ${notes.join(" ")}`) : null);
}

export function render(container, view, ui) {
  const o = view.observation;
  const me = view.seat;
  const seatName = (p) => ui.seatName(p);
  const revealed = Object.fromEntries((o.revealed || []).map(([slug, p]) => [slug, p]));
  const chars = (o.characters || []).map((slug) => {
    const notes = [];
    let cls = "";
    if ((o.face_up || []).includes(slug)) { notes.push(t("web.citadels.face_up")); cls = "aside"; }
    else if (slug in revealed) { notes.push(t("web.citadels.called_by", { seat: seatName(revealed[slug]) })); cls = "called"; }
    else if ((o.absent || []).includes(slug)) { notes.push(t("web.citadels.not_chosen")); cls = "aside"; }
    if ((o.my_characters || []).includes(slug)) { cls += " mine"; if (!notes.length) notes.push(t("web.citadels.yours")); }
    if (o.killed === slug) { cls += " killed"; notes.push(t("web.citadels.killed")); }
    if (o.robbed === slug) notes.push(t("web.citadels.robbed"));
    if (o.bewitched === slug) notes.push(t("web.citadels.bewitched"));
    const card = characterCard(slug, notes, cls);
    const entries = ui.legal.filter((e) => e.action.args.length === 1 && e.action.args[0] === slug
      && ["pick", "kill", "rob", "bewitch", "crown", "take"].includes(e.action.name));
    return clickable(card, entries, ui, characterName(slug));
  });
  const offer = o.offer && o.offer.length && ui.legal.some((e) => e.action.name === "pick")
    ? h("section", { class: "panel offer", "aria-label": t("web.citadels.offer_label") }, h("h2", {}, t("web.citadels.choose_character")),
      h("div", { class: "cards" }, o.offer.map((slug) => clickable(characterCard(slug), matching(ui, "pick", (a) => a[0] === slug), ui, characterName(slug)))))
    : null;
  const hand = o.hand ? h("section", { class: "panel hand", "aria-label": t("web.citadels.hand_label") },
    h("h2", {}, t("web.citadels.hand", { n: o.hand.length })),
    h("div", { class: "cards" }, o.hand.length ? o.hand.map((slug) => clickable(districtCard(slug),
      ui.legal.filter((e) => e.action.args[0] === slug && ["build", "discard", "keep", "lab", "wizard-keep", "wizard-build"].includes(e.action.name)),
      ui, districtName(slug))) : h("span", { class: "muted" }, t("web.citadels.no_cards")))) : null;
  const cities = (o.cities || []).map((city, p) => {
    const head = h("h2", {}, p === me ? t("web.you_suffix", { seat: seatName(p) }) : seatName(p),
      o.crown === p ? h("span", { class: "badge crown", title: t("web.citadels.crown_tip") }, t("web.citadels.crown")) : null);
    const swap = matching(ui, "swap", (a) => a[0] === p);
    if (swap.length) clickable(head, swap, ui, t("web.citadels.swap_with", { seat: seatName(p) }));
    const chosen = Object.entries(revealed).filter(([, q]) => q === p).map(([slug]) => characterName(slug));
    return h("section", { class: `panel city seat-${p} ${p === me ? "me" : ""} ${o.current === p ? "to-move" : ""}`, "aria-label": t("web.citadels.city_of", { seat: seatName(p) }) },
      head,
      h("p", {}, t("web.citadels.seat_facts", { gold: o.gold[p], cards: o.hand_sizes[p], districts: city.length }),
        chosen.length ? ` · ${chosen.join(t("web.list_separator"))}` : ""),
      h("div", { class: "cards" }, city.length ? city.map((slug) => clickable(districtCard(slug),
        ui.legal.filter((e) => ["destroy", "exchange", "exchange-with"].includes(e.action.name) && e.action.args.includes(p) && e.action.args.includes(slug)),
        ui, districtName(slug))) : h("span", { class: "muted" }, t("web.citadels.no_districts"))),
      o.scores ? h("p", { class: "score" }, t("web.citadels.score", { n: o.scores[p] })) : null);
  });
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, t("web.citadels.round", { round: o.round, phase: named(GAME, "phase", o.phase, o.phase), complete: o.complete_at }),
      o.deck_size !== undefined ? ` · ${t("web.citadels.deck", { n: o.deck_size })}` : ""),
    h("section", { class: "panel characters", "aria-label": t("web.citadels.characters") }, h("h2", {}, t("web.citadels.characters")), h("div", { class: "cards" }, chars)),
    offer, hand, h("div", { class: "cities" }, cities)]);
}
