// The replay of a finished game: step forward and back through every move, every seat's view.
import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { boardFor } from "./boards/index.js";

export async function showReplay(main, gid) {
  const data = await api(`/api/games/${encodeURIComponent(gid)}/replay`);
  const board0 = boardFor(data.game);
  if (board0.prepare) await board0.prepare();
  const total = data.moves.length;
  let step = total;
  let viewer = "public";
  const board = h("div", { class: "board", id: "board" });
  const label = h("p", { class: "status", role: "status" });
  const viewSel = h("select", { "aria-label": "Whose view" });
  const slider = h("input", { type: "range", min: 0, max: total, value: total, "aria-label": "Move number" });

  async function draw() {
    try {
      const snap = await api(`/api/games/${encodeURIComponent(gid)}/replay/${step}`);
      const observations = snap.observations || [];
      if (viewSel.options.length === 0) {
        viewSel.append(h("option", { value: "public" }, "public view"),
          ...observations.map((_, p) => h("option", { value: String(p) }, `seat ${p + 1}'s view`)));
      }
      const obs = viewer === "public" ? snap.public : observations[Number(viewer)];
      const move = step > 0 ? data.moves[step - 1] : null;
      label.textContent = `Move ${step} of ${total}${move ? ` — ${move.label}` : " — the start"}`;
      const view = { game: data.game, observation: obs, legal: [], seat: viewer === "public" ? null : Number(viewer),
        to_move: obs.to_move || [], over: step === total, seats: [] };
      boardFor(data.game).render(board, view, { legal: [], act: () => {}, seatName: (p) => `Player ${p + 1}`, yourSeat: view.seat });
      slider.value = step;
    } catch (err) { toast(err.message); }
  }
  const go = (to) => { step = Math.max(0, Math.min(total, to)); draw(); };
  viewSel.addEventListener("change", () => { viewer = viewSel.value; draw(); });
  slider.addEventListener("input", () => go(Number(slider.value)));
  main.replaceChildren(
    h("section", { class: "game-head" }, h("h1", {}, `Replay — ${data.game}`), label,
      h("div", { class: "replay-controls" },
        h("button", { onclick: () => go(0), "aria-label": "first move" }, "⏮"),
        h("button", { id: "prev", onclick: () => go(step - 1), "aria-label": "previous move" }, "◀ back"),
        slider,
        h("button", { id: "next", onclick: () => go(step + 1), "aria-label": "next move" }, "forward ▶"),
        h("button", { onclick: () => go(total), "aria-label": "last move" }, "⏭"), viewSel)),
    board,
    h("section", { class: "panel" }, h("h2", {}, "Moves"), h("ol", { class: "log" }, data.moves.map((m) => h("li", {}, m.label)))));
  document.onkeydown = (ev) => {
    if (ev.key === "ArrowLeft") go(step - 1);
    if (ev.key === "ArrowRight") go(step + 1);
  };
  await draw();
}
