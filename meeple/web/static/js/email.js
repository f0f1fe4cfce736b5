// E-mail notices on the signed-in player's own profile: give an address (one verification mail is sent
// to it), see whether it is verified, turn "your turn" e-mails on or off, choose their language, remove
// the address. The server shows the address masked only (GET /api/me/email); docs/server.md, E-mail notices.
import { api } from "./api.js";
import { h } from "./dom.js";
import { lang, t, LANGUAGES } from "./i18n.js";

// The section, filled once the server has said where the account stands.
export function emailSettings() {
  const box = h("section", { class: "account-form email-settings", id: "email-settings" },
    h("h3", {}, t("web.email.title")), h("p", { class: "muted" }, t("web.email.loading")));
  api("/api/me/email").then((state) => draw(box, state)).catch((err) => {
    box.replaceChildren(h("h3", {}, t("web.email.title")), h("p", { class: "error" }, err.message));
  });
  return box;
}

function statusText(state) {
  if (!state.address) return t("web.email.none");
  if (state.verified) return t("web.email.verified", { address: state.address });
  if (state.pending) return t("web.email.sent", { address: state.address });
  return t("web.email.unverified", { address: state.address });
}

function draw(box, state, said = "") {
  const title = h("h3", {}, t("web.email.title"));
  const explain = h("p", { class: "muted" }, t("web.email.explain"));
  if (!state.mail && !state.address) {
    box.replaceChildren(title, explain, h("p", { class: "muted", id: "email-off" }, t("web.email.off")));
    return;
  }
  const status = h("p", { id: "email-status", role: "status", "data-verified": String(state.verified),
    "data-pending": String(state.pending) }, said || statusText(state));
  const redraw = (next, text) => draw(box, next, text);
  const fail = (err) => { status.textContent = err.message; status.classList.add("error"); };
  const address = h("input", { id: "email-address", type: "email", maxlength: 254, autocomplete: "email",
    required: true, placeholder: "name@example.org" });
  const setForm = h("form", { id: "email-form", onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const next = await api("/api/me/email", { method: "PUT", body: { address: address.value.trim(), lang: lang() } });
      redraw(next, t(`web.email.outcome.${next.verification}`));
    } catch (err) { fail(err); }
  } },
  h("label", {}, h("span", {}, t(state.address ? "web.email.new_address" : "web.email.address")), address),
  h("button", { type: "submit", disabled: !state.mail }, t("web.email.save")));
  const notices = h("input", { id: "email-notices", type: "checkbox", checked: state.notices, disabled: !state.address,
    onchange: async () => {
      try { redraw(await api("/api/me/email", { method: "PATCH", body: { notices: notices.checked } })); } catch (err) { fail(err); }
    } });
  const language = h("select", { id: "email-lang", disabled: !state.address, onchange: async () => {
    try { redraw(await api("/api/me/email", { method: "PATCH", body: { lang: language.value } })); } catch (err) { fail(err); }
  } }, Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === (state.lang || lang()) }, name)));
  const remove = state.address ? h("button", { type: "button", id: "email-remove", class: "danger", onclick: async () => {
    try { redraw(await api("/api/me/email", { method: "DELETE" }), t("web.email.removed")); } catch (err) { fail(err); }
  } }, t("web.email.remove")) : null;
  box.replaceChildren(...[title, explain, status, state.mail ? null : h("p", { class: "muted", id: "email-off" }, t("web.email.off")),
    setForm,
    h("label", { class: "email-toggle" }, notices, h("span", {}, t("web.email.notices"))),
    h("label", {}, h("span", {}, t("web.email.language")), language),
    h("p", { class: "muted" }, t("web.email.privacy")), remove].filter(Boolean));
}
