// Versailles: the ring of eight locations with workers and activation markers, the King's track,
// the palace tiles on offer, the construction site, and each player's resources and technologies.
import { h, append } from "../dom.js";
import { matching, clickable, table, named } from "./common.js";
import { loadContent } from "../content.js";
import { t, show } from "../i18n.js";

const GAME = "versailles";
let c = { locations: [], location_names: [], top_row: [], bottom_row: [], tiles: [], resources: [], decorations: [], tech_tracks: [], king_track: {} };
export async function prepare() { c = await loadContent(GAME); }

const resource = (i) => named(GAME, "resource", i, c.resources[i]);
const locationName = (i) => named(GAME, "location", i, c.location_names[i]);
const decorationIndex = (code) => c.decorations.findIndex((d) => d.code === code);
const decorationName = (i) => named(GAME, "decoration", i, c.decorations[i] ? c.decorations[i].name : String(i));
const workers = (n) => t("web.versailles.workers", { n });
const list = (items) => items.join(t("web.list_separator"));

function costText(cost) {
  const parts = cost.map((k, i) => (k ? t("web.versailles.amount", { n: k, resource: resource(i) }) : null)).filter(Boolean);
  return parts.length ? list(parts) : t("web.versailles.nothing");
}

function edgesText(edges) {
  return [...(edges || "")].map((e) => named(GAME, "edge_mark", e, e)).join("");
}

function tileCard(id, extra) {
  const tile = c.tiles[id];
  if (!tile) return h("span", { class: "tile empty" }, "—");
  const decos = [...(tile.decorations || "")].map((code) => decorationName(decorationIndex(code)));
  const edges = [...(tile.edges || "")].map((e, k) => t("web.versailles.edge", { direction: named(GAME, "direction", k, String(k)), edge: named(GAME, "edge", e, e) }));
  const facts = [workers(tile.workers), costText(tile.cost) + (decos.length ? ` + ${list(decos)}` : ""), t("web.vp", { n: tile.vp }), edgesText(tile.edges)];
  return h("span", { class: "tile", title: t("web.versailles.edges_tip", { edges: list(edges) }) },
    h("strong", {}, named(GAME, "tile", id, tile.name)), h("small", {}, ` ${facts.join(" · ")}`), extra || null);
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
      h("strong", {}, locationName(i)),
      h("div", {}, here.length ? here.join(" · ") : h("span", { class: "muted" }, t("web.versailles.no_workers"))),
      markers.length ? h("small", {}, t("web.versailles.markers", { seats: markers })) : null,
      i === 0 ? h("small", {}, ` ${t("web.versailles.king_at", { at: o.king, of: c.king_track[String(n)] || "?" })}`) : null);
    const moves = ui.legal.filter((e) => ["move", "move2", "jump"].includes(e.action.name) && e.action.args[1] === code);
    return clickable(box, moves, ui, t("web.versailles.move_to", { location: locationName(i) }));
  };
  const display = o.display.map((id, i) => clickable(tileCard(id, h("small", {}, ` ${t("web.versailles.slot", { slot: i + 1, workers: workers(c.slot_workers[i]) })}`)),
    matching(ui, "take", (a) => a[0] === i + 1), ui, t("web.versailles.take_tile")));
  const site = o.site.map((id) => (id >= 0 ? tileCard(id) : h("span", { class: "tile empty" }, t("web.versailles.empty"))));
  const head = [t("web.versailles.turn", { turn: o.turn }), t("web.versailles.phase", { phase: named(GAME, "phase", o.phase, o.phase) })];
  if (o.end) head.push(show(o.end));
  container.replaceChildren();
  append(container, [
    h("p", { class: "round" }, head.join(" · ")),
    h("section", { class: "panel ring", "aria-label": t("web.versailles.ring_label") }, h("h2", {}, t("web.versailles.ring")),
      h("div", { class: "ring-row" }, c.top_row.map(loc)), h("div", { class: "ring-row" }, c.bottom_row.map(loc))),
    h("section", { class: "panel" }, h("h2", {}, t("web.versailles.offer", { n: o.stack_size })), h("div", { class: "cards" }, display)),
    h("section", { class: "panel" }, h("h2", {}, t("web.versailles.site")), h("div", { class: "site" }, site)),
    h("div", { class: "provinces" }, o.workers.map((_, p) => seatPanel(o, p, p === me, ui)))]);
}

// reserve = [cheap new worker still on its King's Favor space (0/1), expensive one (0/1), workers in the box]
function newWorkers([cheap, dear]) {
  const waiting = [dear ? t("web.versailles.one_for", { workers: workers(3) }) : null, cheap ? t("web.versailles.one_for", { workers: workers(2) }) : null].filter(Boolean);
  return waiting.length ? t("web.versailles.at_kings_favor", { waiting: list(waiting), location: locationName(0) }) : t("web.versailles.all_recruited");
}

function seatPanel(o, p, mine, ui) {
  const rows = [
    [t("web.versailles.resources"), c.resources.map((r, i) => `${resource(i)} ${o.res[p][i]}`).join(" · ")],
    [t("web.versailles.decorations"), list(c.decorations.map((d, i) => (o.deco[p][i] ? `${decorationName(i)} ${o.deco[p][i]}` : null)).filter(Boolean)) || t("web.versailles.none")],
    [t("web.versailles.technologies"), c.tech_tracks.map((track, i) => `${named(GAME, "track", track, track)} ${o.tech[p][i]}`).join(" · ")],
    [t("web.versailles.double_moves"), t("web.versailles.face_up", { n: o.dm[p] })],
    [t("web.versailles.new_workers"), newWorkers(o.reserve[p])],
  ];
  return h("section", { class: `panel seat-${p} ${mine ? "me" : ""} ${o.to_move.includes(p) ? "to-move" : ""}`, "aria-label": ui.seatName(p) },
    h("h2", {}, mine ? t("web.you_suffix", { seat: ui.seatName(p) }) : ui.seatName(p), ` — ${t("web.vp", { n: o.vp[p] })}`),
    table(["", ""], rows),
    h("p", {}, t("web.versailles.hand")), h("div", { class: "cards" }, o.hand[p].length ? o.hand[p].map((id) => tileCard(id)) : h("span", { class: "muted" }, t("web.versailles.no_tiles"))));
}
