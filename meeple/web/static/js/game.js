// A game page: the live view over the WebSocket, the board, the actions you may take, the log.
import { api, seatFor, forget, socketUrl } from "./api.js";
import { h, toast } from "./dom.js";
import { boardFor } from "./boards/index.js";

let live = null;

export function leaveGame() {
  if (live) live.close();
  live = null;
}

export async function showGame(main, gid) {
  const mine = seatFor(gid);
  const summary = await api(`/api/games/${encodeURIComponent(gid)}`);
  const catalog = await api("/api/catalog");
  const info = catalog.games.find((g) => g.id === summary.game) || { name: summary.game, seat_names: [] };
  const board = boardFor(summary.game);
  if (board.prepare) await board.prepare();
  const page = new GamePage(main, gid, mine, info);
  live = page;
  page.connect();
}

class GamePage {
  constructor(main, gid, mine, info) {
    this.main = main; this.gid = gid; this.mine = mine; this.info = info;
    this.view = null; this.log = []; this.closed = false; this.retry = 0; this.pendingRef = 0;
    this.board = null;
    this.el = {
      status: h("p", { class: "status", id: "status", role: "status" }, "Connecting…"),
      seats: h("ul", { class: "seat-chips", "aria-label": "Players" }),
      board: h("div", { class: "board", id: "board" }),
      actions: h("div", { class: "actions", id: "actions" }),
      log: h("ol", { class: "log", id: "log", "aria-label": "Game log" }),
      summary: h("div", { id: "summary" }),
      controls: h("div", { class: "controls" }),
    };
    main.replaceChildren(
      h("section", { class: "game-head" }, h("h1", {}, info.name), this.el.status, this.el.seats),
      this.el.summary,
      h("div", { class: "game-layout" },
        this.el.board,
        h("aside", { class: "side" },
          h("section", { class: "panel" }, h("h2", {}, "Your move"), this.el.actions, this.el.controls),
          h("section", { class: "panel" }, h("h2", {}, "Log"), this.el.log))));
    this.onKey = (ev) => this.key(ev);
    this.onRedraw = () => { if (this.view) this.render(); };
    document.addEventListener("keydown", this.onKey);
    document.addEventListener("meeple-redraw", this.onRedraw);
  }

  connect() {
    if (this.closed) return;
    const ws = new WebSocket(socketUrl(this.gid));
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      // updates: after the first view, only what changed (docs/server.md, "Updates")
      ws.send(JSON.stringify({ type: "hello", token: this.mine ? this.mine.token : null,
        seq: this.view ? this.view.seq : null, log_from: this.view ? this.log.length : 0, updates: true }));
    };
    ws.onmessage = (ev) => this.message(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (this.closed) return;
      if (ev.code === 1008 && /token/.test(ev.reason || "")) {
        toast("This browser's seat token is not valid for this game; watching instead.");
        forget(this.gid); this.mine = null;
      }
      this.el.status.textContent = "Connection lost — reconnecting…";
      const delay = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  close() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("meeple-redraw", this.onRedraw);
    if (this.ws) this.ws.close();
  }

  message(msg) {
    if (msg.type === "view") {
      this.addLog(msg);
      this.view = msg;
      this.render();
    } else if (msg.type === "update") {
      this.update(msg);
    } else if (msg.type === "ack") {
      if (msg.update) this.update(msg.update);
    } else if (msg.type === "error") {
      toast(msg.detail);
    }
  }

  addLog(msg) {
    if (msg.log_start === 0) this.log = [];
    this.log.length = Math.min(this.log.length, msg.log_start);
    this.log.push(...msg.log);
  }

  // The view after an update: changed fields replaced, observation keys replaced or removed, new log lines.
  update(u) {
    if (!this.view) return;
    const v = { ...this.view };
    for (const [key, value] of Object.entries(u)) {
      if (!["type", "observation", "observation_removed", "log", "log_start"].includes(key)) v[key] = value;
    }
    if ("log_start" in u) this.addLog(u);
    if (u.observation || u.observation_removed) {
      const obs = { ...v.observation, ...(u.observation || {}) };
      for (const key of u.observation_removed || []) delete obs[key];
      v.observation = obs;
    }
    this.view = v;
    this.render();
  }

  seatName(p) { return (this.view && this.view.seats[p] && this.view.seats[p].color) || this.info.seat_names[p] || `Player ${p + 1}`; }

  act(entry) {
    if (!this.view || !this.view.your_turn) return;
    this.ws.send(JSON.stringify({ type: "move", seq: this.view.seq, action: entry.action, ref: ++this.pendingRef }));
    this.el.actions.classList.add("busy");
  }

  undo() {
    this.ws.send(JSON.stringify({ type: "undo", seq: this.view.seq, ref: ++this.pendingRef }));
  }

  render() {
    const v = this.view;
    this.el.actions.classList.remove("busy");
    const waiting = v.to_move.map((p) => this.seatName(p)).join(", ");
    this.el.status.textContent = v.over ? "Game over"
      : v.your_turn ? `Your turn (${this.seatName(v.seat)})`
      : waiting ? `Waiting for ${waiting}` : "…";
    this.el.status.className = `status ${v.your_turn ? "your-turn" : ""}`;
    this.el.seats.replaceChildren(...v.seats.map((s) => h("li", {
      class: `chip seat-${s.seat} ${v.to_move.includes(s.seat) ? "to-move" : ""} ${s.seat === v.seat ? "me" : ""}`,
    }, `${s.color}${s.seat === v.seat ? " (you)" : ""}`, " ",
      h("small", {}, s.kind === "bot" ? `bot ${s.level}` : s.away ? `away — bot ${s.level}` : (s.name || (s.claimed ? "person" : "free seat"))),
      s.kind === "human" && s.claimed ? h("span", { class: `dot ${s.connected ? "on" : "off"}`, title: s.connected ? "connected" : "offline" }, s.connected ? "●" : "○") : null,
      v.to_move.includes(s.seat) ? h("span", { class: "sr" }, " (to move)") : null)));
    const ui = { legal: v.legal, act: (entry) => this.act(entry), seatName: (p) => this.seatName(p), yourSeat: v.seat };
    this.board = boardFor(v.game);
    this.board.render(this.el.board, v, ui);
    this.renderActions(v);
    this.renderLog();
    this.renderSummary(v);
  }

  renderActions(v) {
    if (v.over) { this.el.actions.replaceChildren(h("p", {}, "The game is over.")); }
    else if (!v.legal.length) {
      this.el.actions.replaceChildren(h("p", { class: "muted" }, v.seat === null ? "You are watching." : "Not your turn."));
    } else {
      this.el.actions.replaceChildren(h("ol", { class: "action-list" }, v.legal.map((entry, i) =>
        h("li", {}, h("button", { class: "action", dataset: { text: entry.text }, onclick: () => this.act(entry),
          "aria-keyshortcuts": i < 9 ? String(i + 1) : null }, i < 9 ? h("kbd", {}, String(i + 1)) : null, " ", entry.label)))));
    }
    const controls = [];
    if (v.can_undo) controls.push(h("button", { id: "undo", onclick: () => this.undo() }, "Undo my last move"));
    if (this.mine && !v.over) {
      const me = v.seats[v.seat];
      if (me && me.away) controls.push(h("button", { onclick: () => this.seatCall("reclaim") }, "Take my seat back"));
      else controls.push(h("button", { onclick: () => this.seatCall("leave") }, "Leave (a bot plays for me)"));
    }
    this.el.controls.replaceChildren(...controls);
  }

  async seatCall(what) {
    try { await api(`/api/games/${encodeURIComponent(this.gid)}/${what}`, { method: "POST", token: this.mine.token }); }
    catch (err) { toast(err.message); }
  }

  renderLog() {
    const start = this.el.log.children.length <= this.log.length ? this.el.log.children.length : 0;
    if (start === 0) this.el.log.replaceChildren();
    for (const line of this.log.slice(start)) this.el.log.append(h("li", {}, line));
    this.el.log.scrollTop = this.el.log.scrollHeight;
  }

  renderSummary(v) {
    if (!v.over || !v.result) { this.el.summary.replaceChildren(); return; }
    const { scores, winners } = v.result;
    const order = scores.map((sc, p) => [sc, p]).sort((a, b) => b[0] - a[0]);
    this.el.summary.replaceChildren(h("section", { class: "panel summary", id: "game-over", role: "dialog", "aria-label": "Game over" },
      h("h2", {}, winners.length ? `Winner${winners.length > 1 ? "s" : ""}: ${winners.map((p) => this.seatName(p)).join(", ")}` : "Nobody wins"),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Score"))),
        h("tbody", {}, order.map(([sc, p]) => h("tr", { class: winners.includes(p) ? "winner" : "" }, h("td", {}, this.seatName(p)), h("td", {}, String(sc)))))),
      h("a", { class: "button", href: `#/replay/${encodeURIComponent(this.gid)}` }, "Watch the replay"), " ",
      h("a", { class: "button", href: "#/" }, "Back to the lobby")));
  }

  key(ev) {
    if (!this.view || !this.view.your_turn || ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    const n = Number(ev.key);
    if (n >= 1 && n <= 9 && this.view.legal[n - 1]) { ev.preventDefault(); this.act(this.view.legal[n - 1]); }
  }
}
