// The replay of a finished game: step forward and back through every move, every seat's view.
import { api, seatFor } from "./api.js";
import { h, s, toast } from "./dom.js";
import { boardFor } from "./boards/index.js";
import { t, show } from "./i18n.js";
import { gameTitle, seatLabel, personName } from "./names.js";
import { lineItem, mutedSeats } from "./chat.js";

// The step buttons' icons, drawn (no symbol glyphs: a default Debian Chromium has no font for them).
const ICONS = { first: "M3,2 h2 v12 h-2 Z M14,2 L6,8 L14,14 Z", back: "M12,2 L4,8 L12,14 Z",
  forward: "M4,2 L12,8 L4,14 Z", last: "M2,2 L10,8 L2,14 Z M11,2 h2 v12 h-2 Z" };
function icon(name) {
  return s("svg", { viewBox: "0 0 16 16", width: 14, height: 14, class: "replay-icon", "aria-hidden": "true" },
    s("path", { d: ICONS[name], fill: "currentColor" }));
}

export async function showReplay(main, gid, keep = null) {
  // a private game's replay is for its seats: this device's seat token says so (else the session cookie)
  const token = (seatFor(gid) || {}).token || undefined;
  const data = await api(`/api/games/${encodeURIComponent(gid)}/replay`, { token });
  const board0 = boardFor(data.game);
  if (board0.prepare) await board0.prepare();
  const info = { id: data.game, seat_names: [] };
  const seatName = (p) => seatLabel(info, p);
  const total = data.moves.length;
  let step = keep ? Math.min(keep.step, total) : total;
  let viewer = keep ? keep.viewer : "public";
  const board = h("div", { class: "board", id: "board" });
  const label = h("p", { class: "status", role: "status" });
  const viewSel = h("select", { "aria-label": t("web.replay.whose_view") });
  const slider = h("input", { type: "range", min: 0, max: total, value: step, "aria-label": t("web.replay.move_number") });
  // the table chat at its place in time: the lines said before this step's next move (muted seats left out)
  const chatLines = h("ol", { class: "chat-lines", id: "chat-lines", "aria-label": t("web.chat.lines_label") });
  const chatEmpty = h("p", { class: "muted chat-empty" }, t("web.chat.empty"));
  const muted = mutedSeats(gid);
  const author = (line) => {
    const who = personName({ name: line.name, account: line.account });
    return who ? t("web.chat.author", { seat: seatName(line.seat), name: who }) : seatName(line.seat);
  };
  function drawChat() {
    const said = (data.chat || []).filter((line) => line.step <= step && !muted.has(line.seat));
    chatLines.replaceChildren(...said.map((line) => lineItem(line, author(line))));
    chatEmpty.hidden = said.length > 0;
    chatLines.scrollTop = chatLines.scrollHeight;
  }

  async function draw() {
    try {
      const snap = await api(`/api/games/${encodeURIComponent(gid)}/replay/${step}`, { token });
      const observations = snap.observations || [];
      if (viewSel.options.length === 0) {
        viewSel.append(h("option", { value: "public" }, t("web.replay.public_view")),
          ...observations.map((_, p) => h("option", { value: String(p) }, t("web.replay.seat_view", { seat: seatName(p) }))));
        viewSel.value = viewer;
      }
      const obs = viewer === "public" ? snap.public : observations[Number(viewer)];
      const move = step > 0 ? data.moves[step - 1] : null;
      label.textContent = move ? t("web.replay.move_of", { step, total, move: show(move.label) })
        : t("web.replay.start_of", { total });
      const view = { game: data.game, observation: obs, legal: [], seat: viewer === "public" ? null : Number(viewer),
        to_move: obs.to_move || [], over: step === total, seats: [] };
      boardFor(data.game).render(board, view, { legal: [], act: () => {}, seatName, yourSeat: view.seat });
      slider.value = step;
      drawChat();
    } catch (err) { toast(err.message); }
  }
  const go = (to) => { step = Math.max(0, Math.min(total, to)); draw(); };
  viewSel.addEventListener("change", () => { viewer = viewSel.value; draw(); });
  slider.addEventListener("input", () => go(Number(slider.value)));
  main.replaceChildren(
    h("section", { class: "game-head" }, h("h1", {}, t("web.replay.title", { title: gameTitle(info) })), label,
      h("div", { class: "replay-controls" },
        h("button", { onclick: () => go(0), "aria-label": t("web.replay.first"), title: t("web.replay.first") }, icon("first")),
        h("button", { id: "prev", onclick: () => go(step - 1), "aria-label": t("web.replay.previous") }, icon("back"), " ", t("web.replay.back")),
        slider,
        h("button", { id: "next", onclick: () => go(step + 1), "aria-label": t("web.replay.next") }, t("web.replay.forward"), " ", icon("forward")),
        h("button", { onclick: () => go(total), "aria-label": t("web.replay.last"), title: t("web.replay.last") }, icon("last")), viewSel)),
    board,
    h("section", { class: "panel" }, h("h2", {}, t("web.replay.moves")),
      h("ol", { class: "log" }, data.moves.map((m) => h("li", {}, show(m.label))))),
    h("section", { class: "panel chat-panel", id: "chat" }, h("h2", {}, t("web.chat.title")), chatLines, chatEmpty));
  document.onkeydown = (ev) => {
    if (ev.key === "ArrowLeft") go(step - 1);
    if (ev.key === "ArrowRight") go(step + 1);
  };
  await draw();
  // a language switch: the same move and the same seat's view, the moves' words asked for again
  return { relang: () => showReplay(main, gid, { step, viewer }) };
}
