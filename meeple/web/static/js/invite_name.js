// Invite a player by name (POST /api/games/{id}/invites): a signed-in player seated at an open game types
// an account's name, or picks one of their recent opponents (GET /api/me/opponents), and a free seat; the
// seat is then kept for that account, who finds the game in their "Waiting for you". Shown in the set-up
// after a game is made and on the game page while seats are free. Guests keep the invite links.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatLabel } from "./names.js";

const NAME_MAX = 24; // an account name's longest (meeple/server/accounts.py NAME_MAX)

let opponents = null; // asked once per page load

async function recentOpponents() {
  if (opponents === null) {
    try { opponents = (await api("/api/me/opponents")).players; } catch { opponents = []; }
  }
  return opponents;
}

// The form, for game `gid` of `info` (the catalog's game) whose free seats are `free` (seat numbers);
// `onSent(answer)` after each invite stored.
export function inviteByName(gid, info, free, onSent = () => {}) {
  const name = h("input", { id: `invite-name-${gid}`, class: "invite-name", name: "invite_name", maxlength: NAME_MAX,
    autocomplete: "off", required: true, "aria-describedby": `invite-explain-${gid}` });
  const seatSel = h("select", { class: "invite-seat", name: "invite_seat", "aria-label": t("web.invite.seat_label") },
    free.map((s) => h("option", { value: String(s) }, seatLabel(info, s))));
  const problem = h("p", { class: "error invite-problem", role: "alert" });
  const done = h("ul", { class: "invited", "aria-live": "polite" });
  const recent = h("p", { class: "recent-opponents" });
  const send = h("button", { type: "submit", class: "primary invite-send" }, t("web.invite.send"));
  const form = h("form", { class: "invite-by-name", "data-invite-form": gid },
    h("h3", {}, t("web.invite.by_name_title")),
    h("p", { class: "muted", id: `invite-explain-${gid}` }, t("web.invite.by_name_explain")),
    h("div", { class: "invite-row" },
      h("label", { for: name.id }, h("span", {}, t("web.invite.name_label")), name),
      free.length > 1 ? h("label", {}, h("span", {}, t("web.invite.seat_label")), seatSel) : null,
      send),
    recent, problem, done);
  recentOpponents().then((names) => {
    if (!names.length) return;
    recent.replaceChildren(h("span", { class: "muted" }, t("web.invite.recent")), " ",
      ...names.map((n) => h("button", { type: "button", class: "chip opponent", "data-opponent": n,
        onclick: () => { name.value = n; name.focus(); } }, n)));
  });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    problem.textContent = "";
    const wanted = name.value.trim();
    if (!wanted) { name.focus(); return; }
    const seat = free.length > 1 ? Number(seatSel.value) : free[0];
    send.disabled = true;
    try {
      const res = await api(`/api/games/${encodeURIComponent(gid)}/invites`, { method: "POST",
        body: { name: wanted, seat: seat === undefined ? null : seat } });
      done.append(h("li", { "data-invited": res.name }, t("web.invite.sent", { name: res.name, seat: seatLabel(info, res.seat) })));
      name.value = "";
      const option = seatSel.querySelector(`option[value="${res.seat}"]`);
      if (option) option.remove();
      free = free.filter((s) => s !== res.seat);
      if (!free.length) { name.disabled = true; seatSel.disabled = true; }
      onSent(res);
    } catch (err) {
      problem.textContent = t("web.invite.failed", { reason: err.message });
    }
    send.disabled = !free.length;
  });
  return form;
}
