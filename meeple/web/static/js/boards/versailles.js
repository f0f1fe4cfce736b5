// Versailles: the ring of eight locations with workers and activation markers, the King's track,
// the palace tiles on offer, the construction site, and each player's resources and technologies.
import { h, append } from "../dom.js";
import { matching, clickable, table } from "./common.js";
import { loadContent } from "../content.js";

let c = { locations: [], location_names: [], top_row: [], bottom_row: [], tiles: [], resources: [], decorations: [], tech_tracks: [], king_track: {} };
export async function prepare() { c = await loadContent("versailles"); }

function tileCard(id, extra) {
  const t = c.tiles[id];
  if (!t) return h("span", { class: "tile empty" }, "—");
  const cost = t.cost.map((k, i) => (k ? `${k} ${c.resources[i]}` : null)).filter(Boolean).join(", ");
  return h("span", { class: "tile", title: `edges N E S W: ${t.edges} (I indoor, O outdoor)` },
    h("strong", {}, t.name), h("small", {}, ` ${t.workers} worker(s) · ${cost}${t.decorations ? ` + ${t.decorations}` : ""} · ${t.vp} VP · ${t.edges}`), extra || null);
}

export function render(container, view, ui) {
  const o = view.observation;
  const me = view.seat;
  const n = o.workers.length;
  const loc = (i) => {
    const code = c.locations[i];
    const here = o.workers.map((w, p) => (w[i] ? `${ui.seatName(p)} ${w[i]}` : null)).filter(Boolean);
    const markers = o.marker.map((m, p) => (m === i ? ui.seatName(p) : null)).filter(Boolean);
    const box = h("div", { class: `location ${o.loc === i ? "active" : ""}`, dataset: { location: code } },
      h("strong", {}, c.location_names[i]),
      h("div", {}, here.length ? here.join(" · ") : h("span", { class: "muted" }, "no workers")),
      markers.length ? h("small", {}, `markers: ${markers.join(", ")}`) : null,
      i === 0 ? h("small", {}, ` King at ${o.king} of ${c.king_track[String(n)] || "?"}`) : null);
    const moves = ui.legal.filter((e) => ["move", "move2", "jump"].includes(e.action.name) && e.action.args[1] === code);
    return clickable(box, moves, ui, `Move to ${c.location_names[i]}`);
  };
  const display = o.display.map((id, i) => clickable(tileCard(id, h("small", {}, ` (slot ${i + 1}: ${c.slot_workers[i]} worker(s))`)),
    matching(ui, "take", (a) => a[0] === i + 1), ui, "Take this tile"));
  const site = o.site.map((id) => (id >= 0 ? tileCard(id) : h("span", { class: "tile empty" }, "empty")));
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, `Turn ${o.turn} · phase ${o.phase}`, o.end_reason ? ` · ${o.end_reason}` : ""),
    h("section", { class: "panel ring", "aria-label": "Locations (arrows run clockwise)" }, h("h2", {}, "Locations — workers move clockwise →"),
      h("div", { class: "ring-row" }, c.top_row.map(loc)), h("div", { class: "ring-row" }, c.bottom_row.map(loc))),
    h("section", { class: "panel" }, h("h2", {}, `Palace tiles on offer (stack ${o.stack_size})`), h("div", { class: "cards" }, display)),
    h("section", { class: "panel" }, h("h2", {}, "Construction site"), h("div", { class: "site" }, site)),
    h("div", { class: "provinces" }, o.workers.map((_, p) => seatPanel(o, p, p === me, ui)))]);
}

// reserve = [cheap new worker still on its King's Favor space (0/1), expensive one (0/1), workers in the box]
function newWorkers([cheap, dear]) {
  const waiting = [dear ? "one for 3 workers" : null, cheap ? "one for 2 workers" : null].filter(Boolean);
  return waiting.length ? `at King's Favor: ${waiting.join(", ")}` : "all recruited";
}

function seatPanel(o, p, mine, ui) {
  const rows = [
    ["resources", c.resources.map((r, i) => `${r} ${o.res[p][i]}`).join(" · ")],
    ["decorations", c.decorations.map((d, i) => (o.deco[p][i] ? `${d.name} ${o.deco[p][i]}` : null)).filter(Boolean).join(", ") || "none"],
    ["technologies", c.tech_tracks.map((t, i) => `${t} ${o.tech[p][i]}`).join(" · ")],
    ["double moves", `${o.dm[p]} face up`],
    ["new workers", newWorkers(o.reserve[p])],
  ];
  return h("section", { class: `panel seat-${p} ${mine ? "me" : ""} ${o.to_move.includes(p) ? "to-move" : ""}`, "aria-label": `${ui.seatName(p)}` },
    h("h2", {}, ui.seatName(p), mine ? " (you)" : "", ` — ${o.vp[p]} VP`),
    table(["", ""], rows),
    h("p", {}, "Hand: "), h("div", { class: "cards" }, o.hand[p].length ? o.hand[p].map((id) => tileCard(id)) : h("span", { class: "muted" }, "no tiles")));
}
