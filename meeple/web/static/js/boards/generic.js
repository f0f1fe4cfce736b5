// A board for any game: the observation as readable nested lists (used until a game has its own).
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function render(container, view) {
  container.replaceChildren(h("section", { class: "panel generic" }, h("h2", {}, t("web.generic.table")), tree(view.observation, 0)));
}

function tree(value, depth) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return h("span", {}, value.length ? value.join(", ") : "—");
    return h("ol", { start: 0 }, value.map((v) => h("li", {}, tree(v, depth + 1))));
  }
  if (typeof value === "object") {
    return h("dl", { class: depth ? "nested" : "" }, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, k.replaceAll("_", " ")), h("dd", {}, tree(v, depth + 1))]));
  }
  return h("span", {}, String(value));
}
