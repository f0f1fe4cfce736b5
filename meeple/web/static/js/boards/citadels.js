// Citadels: the character draft and the called characters, your hand, every city, gold and the crown.
import { h, append } from "../dom.js";
import { matching, clickable } from "./common.js";
import { loadContent } from "../content.js";

let content = { districts: {}, characters: {} };

export async function prepare() { content = await loadContent("citadels"); }

const district = (slug) => content.districts[slug] || { name: slug, colour: "purple", cost: "?" };
const character = (slug) => content.characters[slug] || { name: slug, rank: "?" };

function districtCard(slug, extra = {}) {
  const d = district(slug);
  return h("span", { class: `district colour-${d.colour}`, title: `${d.name} (${d.zh || ""}) — ${d.colour}, cost ${d.cost}`, ...extra },
    h("span", { class: "cost", "aria-label": `cost ${d.cost}` }, String(d.cost)), " ", d.name,
    h("small", { class: "kind" }, ` ${d.colour}`));
}

function characterCard(slug, note, cls = "") {
  const c = character(slug);
  return h("span", { class: `character ${cls}`, title: c.zh || "" }, h("b", {}, `${c.rank}`), ` ${c.name}`, note ? h("small", {}, ` ${note}`) : null);
}

export function render(container, view, ui) {
  const o = view.observation;
  const me = view.seat;
  const seatName = (p) => ui.seatName(p);
  const revealed = Object.fromEntries((o.revealed || []).map(([slug, p]) => [slug, p]));
  const chars = (o.characters || []).map((slug) => {
    let note = "", cls = "";
    if ((o.face_up || []).includes(slug)) { note = "set aside face up"; cls = "aside"; }
    else if (slug in revealed) { note = `— ${seatName(revealed[slug])}`; cls = "called"; }
    else if ((o.absent || []).includes(slug)) { note = "not chosen"; cls = "aside"; }
    if ((o.my_characters || []).includes(slug)) { cls += " mine"; note = note || "(yours)"; }
    if (o.killed === slug) { cls += " killed"; note += " ✝ killed"; }
    if (o.robbed === slug) note += " robbed";
    if (o.bewitched === slug) note += " bewitched";
    const card = characterCard(slug, note, cls);
    const entries = ui.legal.filter((e) => e.action.args.length === 1 && e.action.args[0] === slug
      && ["pick", "kill", "rob", "bewitch", "crown", "take"].includes(e.action.name));
    return clickable(card, entries, ui, character(slug).name);
  });
  const offer = o.offer && o.offer.length && ui.legal.some((e) => e.action.name === "pick")
    ? h("section", { class: "panel offer", "aria-label": "Characters you may pick" }, h("h2", {}, "Choose a character"),
      h("div", { class: "cards" }, o.offer.map((slug) => clickable(characterCard(slug), matching(ui, "pick", (a) => a[0] === slug), ui, character(slug).name))))
    : null;
  const hand = o.hand ? h("section", { class: "panel hand", "aria-label": "Your hand" },
    h("h2", {}, `Your hand (${o.hand.length})`),
    h("div", { class: "cards" }, o.hand.length ? o.hand.map((slug) => clickable(districtCard(slug),
      ui.legal.filter((e) => e.action.args[0] === slug && ["build", "discard", "keep", "lab", "wizard-keep", "wizard-build"].includes(e.action.name)),
      ui, district(slug).name)) : h("span", { class: "muted" }, "no cards"))) : null;
  const cities = (o.cities || []).map((city, p) => {
    const head = h("h2", {}, seatName(p), p === me ? " (you)" : "", o.crown === p ? h("span", { class: "badge crown", title: "holds the crown" }, "crown") : null);
    const swap = matching(ui, "swap", (a) => a[0] === p);
    if (swap.length) clickable(head, swap, ui, `Swap hands with ${seatName(p)}`);
    const chosen = Object.entries(revealed).filter(([, q]) => q === p).map(([slug]) => character(slug).name);
    return h("section", { class: `panel city seat-${p} ${p === me ? "me" : ""} ${o.current === p ? "to-move" : ""}`, "aria-label": `${seatName(p)}'s city` },
      head,
      h("p", {}, `Gold ${o.gold[p]} · cards in hand ${o.hand_sizes[p]} · districts ${city.length}`, chosen.length ? ` · ${chosen.join(", ")}` : ""),
      h("div", { class: "cards" }, city.length ? city.map((slug) => clickable(districtCard(slug),
        ui.legal.filter((e) => ["destroy", "exchange", "exchange-with"].includes(e.action.name) && e.action.args.includes(p) && e.action.args.includes(slug)),
        ui, district(slug).name)) : h("span", { class: "muted" }, "no districts yet")),
      o.scores ? h("p", { class: "score" }, `Score ${o.scores[p]}`) : null);
  });
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, `Round ${o.round} · ${o.phase}`, ` · ends when a city has ${o.complete_at} districts`,
      o.deck_size !== undefined ? ` · deck ${o.deck_size}` : ""),
    h("section", { class: "panel characters", "aria-label": "Characters" }, h("h2", {}, "Characters"), h("div", { class: "cards" }, chars)),
    offer, hand, h("div", { class: "cities" }, cities)]);
}
