// The curtain of a table played at one device: when the turn passes to another seat, the screen is
// covered ("Pass the device to Blue") until that player taps it, so nobody sees another's hand. A
// table with nothing secret to hide may turn it off (remembered in this browser).
//
//   const curtain = new Curtain((seat) => seatName(seat)); page.append(curtain.el);
//   curtain.pass(2);   // covers the screen for seat 2
import { h } from "./dom.js";
import { t } from "./i18n.js";

const STORE = "meeple.curtain";

export function curtainWanted() {
  try { return localStorage.getItem(STORE) !== "off"; } catch { return true; }
}

export class Curtain {
  constructor(seatName) {
    this.seatName = seatName;
    this.el = h("div", { class: "curtain", id: "curtain", hidden: true, role: "dialog", "aria-modal": "true" });
  }

  pass(seat) {
    if (!curtainWanted()) return;
    const name = this.seatName(seat);
    const keep = h("input", { type: "checkbox", id: "curtain-keep", checked: true });
    keep.addEventListener("change", () => {
      try { localStorage.setItem(STORE, keep.checked ? "on" : "off"); } catch { /* private mode: this time only */ }
    });
    const show = h("button", { type: "button", class: "primary", id: "curtain-show",
      onclick: () => { this.el.hidden = true; } }, t("web.referee.curtain_show", { seat: name }));
    this.el.replaceChildren(h("div", { class: "curtain-card" },
      h("h2", {}, t("web.referee.curtain_pass", { seat: name })),
      h("p", {}, t("web.referee.curtain_explain")),
      show,
      h("label", { class: "curtain-keep" }, keep, " ", t("web.referee.curtain_keep"))));
    this.el.hidden = false;
    show.focus();
  }
}
