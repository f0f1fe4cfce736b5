// A game page: the live view over the WebSocket, the board, the actions you may take, the log.
import { api, seatFor, forget, remember, socketUrl, errorText } from "./api.js";
import { h, toast } from "./dom.js";
import { boardFor } from "./boards/index.js";
import { t, lang, show, term } from "./i18n.js";
import { gameTitle, seatLabel, levelName, personName } from "./names.js";
import { summaryPanel } from "./endgame.js";
import { RulesPanel } from "./rules.js";
import { chanceTray } from "./referee.js";
import { Curtain } from "./curtain.js";
import { myGames, signedIn } from "./account.js";
import { notifyButton, noticeTurn } from "./waiting.js";
import { inviteByName } from "./invite_name.js";
import { paceWords } from "./pace.js";
import { ChatPanel } from "./chat.js";
import { waitedSince, waitedLine } from "./waited.js";
import { logLine, toNewest } from "./log.js";

let live = null;

export function leaveGame() {
  if (live) live.close();
  live = null;
}

export async function showGame(main, gid) {
  // this device's seat token, else the seat the signed-in player's account holds (the session cookie
  // speaks for it: no token in the page)
  let mine = seatFor(gid);
  if (!mine) {
    const held = (await myGames()).find((g) => g.id === gid);
    if (held) mine = { seat: held.seat, token: null, account: true };
  }
  const summary = await api(`/api/games/${encodeURIComponent(gid)}`);
  const catalog = await api("/api/catalog");
  const info = catalog.games.find((g) => g.id === summary.game) || { id: summary.game, name: summary.game, seat_names: [] };
  const board = boardFor(summary.game);
  if (board.prepare) await board.prepare();
  const page = new GamePage(main, gid, mine, info);
  live = page;
  page.connect();
  return page;
}

class GamePage {
  constructor(main, gid, mine, info) {
    this.main = main; this.gid = gid; this.mine = mine; this.info = info;
    this.view = null; this.log = []; this.events = []; this.closed = false; this.retry = 0; this.pendingRef = 0;
    this.board = null;
    this.el = {
      status: h("p", { class: "status", id: "status", role: "status" }, t("web.game.connecting")),
      seats: h("ul", { class: "seat-chips", "aria-label": t("web.game.players") }),
      board: h("div", { class: "board", id: "board" }),
      actions: h("div", { class: "actions", id: "actions", "data-movelist": "" }),
      log: h("ol", { class: "log", id: "log", "aria-label": t("web.game.log_label") }),
      summary: h("div", { id: "summary" }),
      controls: h("div", { class: "controls" }),
      invite: h("div", { class: "invite-box", id: "invite-box" }),  // invites by name while seats are free
      notify: h("div", { class: "notify-slot" }, mine ? notifyButton() : null),  // "Notify me when it is my turn"
      coach: h("div", { class: "coach-slot", id: "coach" }),  // the coach's Hint, in the flow: it covers nothing
      waited: h("div", { class: "waited", id: "waited", "data-waited": "", role: "status", hidden: true }),
    };
    this.sent = [];        // the moves this page sent: { at: the log's length then, name: the action's name }
    this.toasted = new Set();  // the turn notices already announced (toast), by key
    this.el.title = h("h1", {}, gameTitle(info));
    this.curtain = new Curtain((p) => this.seatName(p));
    this.rules = new RulesPanel(info.id, () => this.view);
    this.el.moveHead = h("h2", {}, t("web.game.your_move"));
    this.el.logHead = h("h2", {}, t("web.game.log"));
    // the table chat, beside the log: spectators read it, seats write in it (never a move)
    this.chat = new ChatPanel({ gid, author: (line) => this.chatAuthor(line), seats: () => (this.view ? this.view.seats : []),
      mySeat: () => (this.view ? this.view.seat : null), say: (m) => this.sayChat(m) });
    main.replaceChildren(
      h("section", { class: "game-head" }, h("div", { class: "game-title-row" }, this.el.title, this.rules.button), this.el.status, this.el.seats,
        this.el.waited),
      this.el.summary,
      h("div", { class: "game-layout" },
        this.el.board,
        h("aside", { class: "side" },
          h("section", { class: "panel" }, this.el.moveHead, this.el.coach, this.el.actions, this.el.controls,
            this.el.notify, this.el.invite),
          h("section", { class: "panel" }, this.el.logHead, this.el.log),
          this.chat.el.root)),
      this.rules.sheet, this.curtain.el);
    this.onKey = (ev) => this.key(ev);
    this.onRedraw = () => { if (this.view) this.render(); };
    document.addEventListener("keydown", this.onKey);
    document.addEventListener("meeple-redraw", this.onRedraw);
  }

  connect(fresh = false) {
    if (this.closed) return;
    const ws = new WebSocket(socketUrl(this.gid));
    this.ws = ws;
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.retry = 0;
      // updates: after the first view, only what changed (docs/server.md, "Updates"); `fresh` (a new
      // language) asks for the whole view and log again, rendered in the page's language
      const resume = this.view && !fresh;
      ws.send(JSON.stringify({ type: "hello", token: this.mine ? this.mine.token : null,
        seq: resume ? this.view.seq : null, log_from: resume ? this.log.length : 0, updates: true, lang: lang() }));
    };
    ws.onmessage = (ev) => { if (ws === this.ws) this.message(JSON.parse(ev.data)); };
    ws.onclose = (ev) => {
      if (this.closed || ws !== this.ws) return;
      if (ev.code === 1008 && /token/.test(ev.reason || "")) {
        toast(t("web.game.token_invalid"));
        forget(this.gid); this.mine = null;
      }
      this.el.status.textContent = t("web.game.reconnecting");
      const delay = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  // A language switch: the same page, its words redrawn now and the server's words (log, labels,
  // seat names) asked for again in the new language; the game itself is untouched.
  async relang() {
    this.el.title.textContent = gameTitle(this.info);
    this.el.moveHead.textContent = t("web.game.your_move");
    this.el.logHead.textContent = t("web.game.log");
    this.el.seats.setAttribute("aria-label", t("web.game.players"));
    this.el.log.setAttribute("aria-label", t("web.game.log_label"));
    this.shownOver = null;
    this.inviteKey = null;
    this.el.notify.replaceChildren(...(this.mine ? [notifyButton()].filter(Boolean) : []));
    if (this.view) this.render();
    this.chat.relang();
    this.rules.relang();
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.connect(true);
  }

  close() {
    this.closed = true;
    this.rules.destroy();
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("meeple-redraw", this.onRedraw);
    if (this.ws) this.ws.close();
  }

  message(msg) {
    if (msg.type === "view") {
      this.addLog(msg);
      this.view = msg;
      this.render();
      this.chat.load();  // subscribed now: the lines said before (or while the connection was down)
    } else if (msg.type === "chat") {
      this.chat.add(msg.line);
    } else if (msg.type === "chat_ack") {
      this.chat.acked(msg);
    } else if (msg.type === "update") {
      this.update(msg);
    } else if (msg.type === "ack") {
      if (msg.update) this.update(msg.update);
    } else if (msg.type === "error") {
      // another seat moved between the view and the click (simultaneous phases): play it again on the
      // next view if it is still legal there, instead of bothering the player with a stale number
      if (msg.error === "server.stale_seq_reload" && this.pending && !this.pending.retried) {
        this.pending.retried = true;
        if (msg.seq !== this.view.seq) { this.pending.waiting = true; return; }
        const again = this.view.your_turn && this.view.legal.find((e) => e.text === this.pending.text);
        if (again) { this.send(again); return; }
        this.el.actions.classList.remove("busy");
        this.el.board.classList.remove("busy");
        return;
      }
      toast(errorText(msg.detail));
      this.el.actions.classList.remove("busy");
      this.el.board.classList.remove("busy");
    }
  }

  addLog(msg) {
    if (msg.log_start === 0) { this.log = []; this.events = []; this.el.log.replaceChildren(); }
    this.log.length = Math.min(this.log.length, msg.log_start);
    this.log.push(...msg.log);
    // the same entries as [message id, arguments], for boards that draw what happened (battle dice)
    this.events.length = Math.min(this.events.length, msg.log_start);
    if (Array.isArray(msg.events)) this.events.push(...msg.events);
  }

  // The view after an update: changed fields replaced, observation keys replaced or removed, new log lines.
  update(u) {
    if (!this.view) return;
    const v = { ...this.view };
    for (const [key, value] of Object.entries(u)) {
      if (!["type", "observation", "observation_removed", "log", "log_start", "events"].includes(key)) v[key] = value;
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

  // Who said a chat line: the seat's name, and its player's (a guest's marked) when it has one.
  chatAuthor(line) {
    if (this.view && line.seat === this.view.seat) return t("web.you_suffix", { seat: this.seatName(line.seat) });
    const seat = this.view && this.view.seats[line.seat];
    const who = personName(seat || (line.name ? { name: line.name, account: line.account } : null));
    return who ? t("web.chat.author", { seat: this.seatName(line.seat), name: who }) : this.seatName(line.seat);
  }

  sayChat(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) { toast(t("web.game.reconnecting")); return false; }
    this.ws.send(JSON.stringify(message));
    return true;
  }

  seatName(p) {
    const named = term(this.info.id, "seat", p);
    if (named !== null) return named;
    return (this.view && this.view.seats[p] && this.view.seats[p].color) || seatLabel(this.info, p);
  }

  // A referee game: the outcome the table rolled or drew, entered from the chance tray.
  enterChance(entry) {
    if (!this.view || !(this.view.chance || []).length || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.pending = null;
    this.send(entry);
  }

  // One device for the whole table (hot-seat): the seat whose turn it is, when this device holds it
  // and the view shown is another seat's (null: stay).
  tableSeat(v) {
    const table = this.mine && this.mine.table;
    if (!table || v.over) return null;
    const held = (p) => p !== null && p !== undefined && table[p] !== undefined;
    if (v.chance_due) {
      if (held(v.chance_owner) && v.chance_owner !== v.seat) return v.chance_owner;
      return null;
    }
    if (v.to_move.includes(v.seat)) return null;
    const next = v.to_move.find(held);
    return next === undefined ? null : next;
  }

  switchSeat(seat) {
    const table = this.mine.table;
    this.mine = { seat, token: table[seat], table };
    remember(this.gid, seat, table[seat], table);
    this.view = null;
    this.curtain.pass(seat);
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.connect(true);
  }

  act(entry) {
    if (!this.view || !this.view.your_turn || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.pending = { text: entry.text, retried: false, waiting: false };
    this.sent.push({ at: this.log.length, name: entry.action && entry.action.name });
    this.send(entry);
  }

  send(entry) {
    this.ws.send(JSON.stringify({ type: "move", seq: this.view.seq, action: entry.action, ref: ++this.pendingRef }));
    this.el.actions.classList.add("busy");
    this.el.board.classList.add("busy");
  }

  undo() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ type: "undo", seq: this.view.seq, ref: ++this.pendingRef }));
  }

  render() {
    const v = this.view;
    if (!v) return;
    const handOver = this.tableSeat(v);
    if (handOver !== null) { this.switchSeat(handOver); return; }
    if (this.pending && this.pending.waiting && v.seq !== undefined) {
      this.pending.waiting = false;
      const again = v.your_turn && v.legal.find((e) => e.text === this.pending.text);
      if (again && this.ws && this.ws.readyState === WebSocket.OPEN) { this.send(again); return; }
    }
    this.el.actions.classList.remove("busy");
    this.el.board.classList.remove("busy");
    const waiting = v.to_move.map((p) => this.seatName(p));
    const owner = v.chance_owner === null || v.chance_owner === undefined ? null : this.seatName(v.chance_owner);
    this.el.status.textContent = v.over ? t("web.game.over")
      : v.your_turn ? t("web.game.your_turn", { seat: this.seatName(v.seat) })
      : v.chance_due ? (owner ? t("web.referee.status_of", { seat: owner }) : t("web.referee.status"))
      : waiting.length ? t("web.game.waiting", { seats: waiting }) : "…";
    this.el.status.className = `status ${v.your_turn || (v.chance || []).length ? "your-turn" : ""}`;
    this.el.seats.replaceChildren(...v.seats.map((s) => h("li", {
      class: `chip seat-${s.seat} ${v.to_move.includes(s.seat) ? "to-move" : ""} ${s.seat === v.seat ? "me" : ""}`,
    }, s.seat === v.seat ? t("web.you_suffix", { seat: this.seatName(s.seat) }) : this.seatName(s.seat), " ",
      h("small", {}, s.kind === "bot" ? t("web.game.chip_bot", { level: levelName(s.level) })
        : s.away ? t("web.game.chip_away", { level: levelName(s.level) })
        : (personName(s) || (s.claimed ? t("web.game.chip_person") : t("web.game.chip_free")))),
      s.kind === "human" && s.claimed ? h("span", { class: `dot ${s.connected ? "on" : "off"}`, title: s.connected ? t("web.game.connected") : t("web.game.offline") }, s.connected ? "●" : "○") : null,
      v.to_move.includes(s.seat) ? h("span", { class: "sr" }, " ", t("web.game.to_move")) : null)));
    const ui = { legal: v.legal, act: (entry) => this.act(entry), seatName: (p) => this.seatName(p), yourSeat: v.seat, events: this.events };
    this.board = boardFor(v.game);
    this.board.render(this.el.board, v, ui);
    const tray = chanceTray(v, { seatName: ui.seatName, enter: (entry) => this.enterChance(entry),
      redraw: () => this.render(), nameOf: this.board.chanceName });
    const boardRoot = this.el.board.querySelector("[data-board]") || this.el.board;
    if (tray) boardRoot.prepend(tray);
    // the coach sits in the side panel above the moves (a rated game: no coach)
    this.el.coach.replaceChildren(...(v.your_turn && !v.over && !v.rated ? [this.hintBar(v)] : []));
    this.markHinted(v);
    this.renderActions(v);
    this.el.notify.hidden = Boolean(v.over);  // "Notify me when it is my turn": no turn comes after the end
    this.drawInvite(v);
    this.noticeTurn(v);
    this.renderWaited(v);
    this.renderLog();
    if (this.chatSeats !== v.seats) { this.chatSeats = v.seats; this.chat.render(); }  // mute buttons, authors
    this.renderSummary(v);
  }

  // A signed-in seat of a game with free seats invites accounts by name (drawn again only when the free
  // seats change, so a name being typed stays).
  drawInvite(v) {
    const me = v.seat === null || v.seat === undefined ? null : v.seats[v.seat];
    const free = v.over || !me || !me.account || !signedIn() ? []  // only an account's seat invites by name
      : v.seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
    const key = free.join(",");
    if (key === this.inviteKey) return;
    this.inviteKey = key;
    this.el.invite.replaceChildren(...(free.length ? [inviteByName(this.gid, this.info, free)] : []));
  }

  // The view turned to this seat while the tab is hidden: a browser notification, if the player allowed them.
  noticeTurn(v) {
    const due = Boolean(v.your_turn && !v.over);
    if (due && this.wasDue === false) noticeTurn(this.gid, this.info.id);
    this.wasDue = due;
  }

  // The coach (POST /api/games/{id}/hint): its best moves for this seat, from this seat's information
  // only, shown above the board and lit on it until the position changes. Only in unrated games (a rated
  // game measures the player, and the server refuses its hints).
  hintBar(v) {
    const shown = this.hint && this.hint.seq === v.seq ? this.hint : null;
    const button = h("button", { type: "button", class: "hint-button", id: "hint", "data-hint": "",
      title: t("web.coach.hint_help"), "aria-expanded": shown ? "true" : "false",
      onclick: () => { if (shown) { this.hint = null; this.render(); } else this.askHint(); } },
    shown ? t("web.coach.hint_close") : t("web.coach.hint"));
    const list = shown ? h("ol", { class: "hint-list", id: "hint-list" }, shown.suggestions.map((sg) => {
      const entry = v.legal.find((e) => e.text === sg.text);
      return h("li", {}, h("button", { type: "button", class: "hint-move", "data-action": entry ? entry.text : null,
        onclick: () => { if (entry) this.act(entry); } }, show(sg.label), " ",
      h("span", { class: "hint-value" }, sg.words)));
    })) : null;
    return h("div", { class: `hint-bar ${shown ? "open" : ""}` }, button, list);
  }

  async askHint() {
    const v = this.view;
    if (!v || !v.your_turn) return;
    try {
      const got = await api(`/api/games/${encodeURIComponent(this.gid)}/hint`, { method: "POST", token: this.mine && this.mine.token });
      this.hint = { seq: got.seq, suggestions: got.suggestions };
      this.render();
    } catch (err) { toast(err.message); }
  }

  markHinted(v) {
    if (!this.hint || this.hint.seq !== v.seq) return;
    for (const sg of this.hint.suggestions) {
      for (const el of this.el.board.querySelectorAll(`[data-board] [data-action="${CSS.escape(sg.text)}"]:not(.hint-move)`)) el.classList.add("hinted");
    }
  }

  renderActions(v) {
    if (v.over) { this.el.actions.replaceChildren(h("p", {}, t("web.game.is_over"))); }
    else if (!v.legal.length && (v.chance || []).length) {
      this.el.actions.replaceChildren(h("p", { class: "muted" }, t("web.referee.on_board")));
    } else if (!v.legal.length) {
      this.el.actions.replaceChildren(h("p", { class: "muted" }, v.seat === null ? t("web.game.watching") : t("web.game.not_your_turn")));
    } else {
      this.el.actions.replaceChildren(h("ol", { class: "action-list" }, v.legal.map((entry, i) =>
        h("li", {}, h("button", { class: "action", dataset: { text: entry.text, action: entry.text }, onclick: () => this.act(entry),
          "aria-keyshortcuts": i < 9 ? String(i + 1) : null }, i < 9 ? h("kbd", {}, String(i + 1)) : null, " ", show(entry.label))))));
    }
    const controls = [];
    if (v.rated) controls.push(h("span", { class: "rated-badge", "data-rated": "", title: t("web.game.rated_help") }, t("web.game.rated")));
    if (v.pace === "turns") controls.push(paceBadge(v));
    if (v.can_undo) controls.push(h("button", { id: "undo", onclick: () => this.undo() }, t("web.game.undo")));
    if (this.mine && !v.over) {
      const me = v.seats[v.seat];
      if (me && me.away) controls.push(h("button", { onclick: () => this.seatCall("reclaim") }, t("web.game.reclaim")));
      else controls.push(h("button", { id: "leave", onclick: () => {
        // leaving a rated game ranks you last (a bot's moves never earn a person points): ask first
        if (!v.rated || window.confirm(t("web.game.leave_rated_confirm"))) this.seatCall("leave");
      } }, t("web.game.leave")));
    }
    this.el.controls.replaceChildren(...controls);
  }

  async seatCall(what) {
    try { await api(`/api/games/${encodeURIComponent(this.gid)}/${what}`, { method: "POST", token: this.mine.token }); }
    catch (err) { toast(err.message); }
  }

  // The log: the server's lines, and after a line this page's own notices about it (a killed character's
  // skipped turn, a turn that ended by itself), marked as notices.
  renderLog() {
    const shown = this.logShown || 0;
    const start = shown <= this.log.length && this.el.log.children.length ? shown : 0;
    if (start === 0) { this.el.log.replaceChildren(); this.noticesShown = new Set(); }
    const notices = this.notices || [];
    const noticeLine = (n) => {
      this.noticesShown.add(n.key);
      return h("li", { class: "log-notice", "data-log-notice": n.kind || "" }, n.text);
    };
    // notices about lines already shown (found after them): at the end
    for (const n of notices) if (n.at < start && !this.noticesShown.has(n.key)) this.el.log.append(noticeLine(n));
    this.log.slice(start).forEach((line, k) => {
      this.el.log.append(logLine(line, this.events[start + k], this.board, this.el.board));
      for (const n of notices) if (n.at === start + k && !this.noticesShown.has(n.key)) this.el.log.append(noticeLine(n));
    });
    this.logShown = this.log.length;
    toNewest(this.el.log);
  }

  // "While you waited": who did what since this seat's last decision (from the log), and the board's
  // notices about this seat's turn (announced once each with a toast, and kept as lines in the log).
  renderWaited(v) {
    const seat = v.seat === null || v.seat === undefined ? null : v.seat;
    const board = this.board || {};
    this.notices = seat === null || typeof board.turnNotices !== "function" ? []
      : (board.turnNotices(this.events, v, { seat, sent: this.sent, seatName: (p) => this.seatName(p) }) || []);
    if (seat === null || v.over) { this.el.waited.hidden = true; this.el.waited.replaceChildren(); return; }
    const since = waitedSince(this.events, seat, board.passiveEvent);
    const fresh = this.notices.filter((n) => n.at >= since);
    for (const n of fresh) {
      if (this.toasted.has(n.key)) continue;
      this.toasted.add(n.key);
      if (this.toastedOnce) toast(n.text, "info");  // not for what the first view finds: the banner says it
    }
    this.toastedOnce = true;
    const line = waitedLine(this.log, this.events, since, seat, (p) => this.seatName(p));
    this.el.waited.replaceChildren(...fresh.map((n) => h("p", { class: "turn-notice", "data-turn-notice": n.kind || "" }, n.text)),
      ...(line ? [line] : []));
    this.el.waited.hidden = !fresh.length && !line;
  }

  // The end: the summary of endgame.js (drawn once per finished view, not on every redraw).
  renderSummary(v) {
    if (!v.over || !v.result) { this.el.summary.replaceChildren(); this.shownOver = null; return; }
    if (this.shownOver === v.seq && this.el.summary.firstChild) return;
    this.shownOver = v.seq;
    this.el.summary.replaceChildren(summaryPanel({ gid: this.gid, mine: this.mine, board: this.board, seatName: (p) => this.seatName(p) }, v));
  }

  key(ev) {
    if (!this.view || !this.view.your_turn || ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    const n = Number(ev.key);
    if (n >= 1 && n <= 9 && this.view.legal[n - 1]) { ev.preventDefault(); this.act(this.view.legal[n - 1]); }
  }
}

// A turn-based game: its time per move, and when the viewer's own move is due (their bot plays it then).
function paceBadge(v) {
  const me = v.seat !== null && v.seat !== undefined ? v.seats[v.seat] : null;
  const due = me && me.deadline && !v.over ? new Date(me.deadline * 1000) : null;
  const when = due ? due.toLocaleString(lang() === "zh" ? "zh-CN" : lang(),
    { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }) : null;
  return h("span", { class: "pace-badge", "data-pace": "turns", title: t("web.pace.badge_help") },
    paceWords(v), when ? [" · ", h("strong", { "data-deadline": String(me.deadline) }, t("web.pace.your_deadline", { time: when }))] : null);
}
