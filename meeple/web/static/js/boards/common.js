// Shared board helpers: find the legal actions a clicked thing stands for, and choose among several.
import { h } from "../dom.js";
import { t, term } from "../i18n.js";

// A component's name in the page's language (the game's TERMS), else `fallback`, else the key itself.
export function named(game, kind, key, fallback) {
  const name = term(game, kind, key);
  if (name !== null) return name;
  return fallback !== undefined && fallback !== null ? fallback : String(key);
}

// The end-of-game summary's sentence about a tie on the top total (null without one): `rule(n)` is the
// game's tie-break sentence when it decided (fewer winners than tied players), else the win is shared.
// Every board's scoreBreakdown(view) returns { categories, rows: [{ seat, values, total }], winners,
// tieBreak, length } (see docs/boards.md, "The end of the game").
export function tieBreak(totals, winners, rule) {
  if (!totals.length || !winners || !winners.length) return null;
  const best = Math.max(...totals);
  const tied = totals.filter((v) => v === best).length;
  if (tied < 2) return null;
  if (winners.length < tied) return rule(best);
  return t("web.endgame.tie_shared", { n: best });
}

// Entries of ui.legal whose action has this name (and, if given, args matching `test`).
export function matching(ui, name, test = () => true) {
  return ui.legal.filter((e) => e.action.name === name && test(e.action.args));
}

// Make `el` clickable for `entries` (one → act; several → a small menu). Marks it for keyboard use.
export function clickable(el, entries, ui, title) {
  if (!entries.length) return el;
  el.classList.add("legal");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  const label = entries.length === 1 ? entries[0].label : t("web.board.choices", { title, n: entries.length });
  el.setAttribute("aria-label", label);
  if (!el.getAttribute("title")) {
    if (el instanceof HTMLElement) el.title = entries.map((e) => e.label).join("\n");
    else el.prepend(document.createElementNS("http://www.w3.org/2000/svg", "title")), el.firstChild.textContent = entries.map((e) => e.label).join("\n");
  }
  const go = (ev) => {
    ev.stopPropagation();
    if (entries.length === 1) ui.act(entries[0]);
    else chooser(entries, ui, title, ev);
  };
  el.addEventListener("click", go);
  el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(ev); } });
  return el;
}

export function chooser(entries, ui, title) {
  document.querySelectorAll(".chooser").forEach((c) => c.remove());
  const close = () => box.remove();
  const box = h("div", { class: "chooser panel", role: "dialog", "aria-label": title },
    h("p", {}, h("strong", {}, title)),
    entries.map((e) => h("button", { class: "action", onclick: () => { close(); ui.act(e); } }, e.label)),
    h("button", { class: "cancel", onclick: close }, t("web.board.cancel")));
  document.body.append(box);
  box.querySelector("button").focus();
}

// A simple table: headers and rows of cells (strings or nodes).
export function table(headers, rows, attrs = {}) {
  return h("table", { class: "grid", ...attrs },
    h("thead", {}, h("tr", {}, headers.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((cell, i) => (i === 0 ? h("th", { scope: "row" }, cell) : h("td", {}, cell)))))));
}
