// The table chat (issue 40), beside the game's log: what the seats said, quick phrases shown in the
// reader's own language, a line of free text, and a mute per player (remembered in this browser).
// Every line is put on the page as text (dom.js `h`: text nodes), never parsed as HTML.
//
// Lines arrive from GET /api/games/{id}/chat (the history, on every (re)connection) and live over the
// game's WebSocket ({"type": "chat", "line": {...}}); a seat says one over the WebSocket
// ({"type": "chat", "text" | "phrase"}). A chat line is never a move.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t, has } from "./i18n.js";

const MUTES = "meeple.chat.muted";
export const MAX_CHARS = 300;

// The seats muted at game `gid` on this device.
export function mutedSeats(gid) {
  try {
    const all = JSON.parse(localStorage.getItem(MUTES) || "{}");
    return new Set(Array.isArray(all[gid]) ? all[gid] : []);
  } catch { return new Set(); }
}

function saveMuted(gid, seats) {
  try {
    const all = JSON.parse(localStorage.getItem(MUTES) || "{}");
    if (seats.size) all[gid] = [...seats]; else delete all[gid];
    localStorage.setItem(MUTES, JSON.stringify(all));
  } catch { /* private mode: the mute lasts this page */ }
}

// A line's words for this reader: a quick phrase in the page's language, free text as typed.
export function lineText(line) {
  if (line.phrase && has(`web.chat.phrase.${line.phrase}`)) return t(`web.chat.phrase.${line.phrase}`);
  return line.text;
}

// One line as a list item: who said it, then what.
export function lineItem(line, author) {
  return h("li", { class: `chat-line seat-${line.seat}`, dataset: { chatId: String(line.id), seat: String(line.seat),
    chatPhrase: line.phrase || "" } }, h("strong", { class: "chat-author" }, author, t("web.chat.colon")),
  " ", h("span", { class: "chat-text" }, lineText(line)));
}

export class ChatPanel {
  // `gid`: the game; `author(line)`: who said a line, in words; `seats()`: the view's seats (for the
  // mute buttons); `mySeat()`: this page's seat (null: a spectator); `say(message)`: send over the
  // WebSocket, false when it is closed.
  constructor({ gid, author, seats, mySeat, say }) {
    this.gid = gid; this.author = author; this.seats = seats; this.mySeat = mySeat; this.say = say;
    this.lines = new Map();
    this.muted = mutedSeats(gid);
    this.pending = null;
    this.el = {
      head: h("h2", {}, t("web.chat.title")),
      list: h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" }),
      empty: h("p", { class: "muted chat-empty" }, t("web.chat.empty")),
      phrases: h("div", { class: "chat-phrases", role: "group" }),
      input: h("input", { id: "chat-input", type: "text", maxlength: String(MAX_CHARS), autocomplete: "off" }),
      send: h("button", { id: "chat-send", type: "submit" }, t("web.chat.send")),
      note: h("p", { class: "muted chat-note" }),
      mutes: h("div", { class: "chat-mutes", role: "group" }),
    };
    this.el.form = h("form", { class: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.sendText(); } },
      this.el.input, this.el.send);
    this.el.root = h("section", { class: "panel chat-panel", id: "chat" }, this.el.head, this.el.list, this.el.empty,
      this.el.phrases, this.el.form, this.el.note, this.el.mutes);
    this.relang();
  }

  // The history after the last line held (every (re)connection: nothing said meanwhile is missed).
  async load() {
    const after = Math.max(0, ...this.lines.keys());
    try {
      const got = await api(`/api/games/${encodeURIComponent(this.gid)}/chat?after=${after}`);
      this.phrases = got.phrases;
      for (const line of got.lines) this.lines.set(line.id, line);
      this.render();
    } catch { /* the next connection tries again */ }
  }

  add(line) {
    if (!line || this.lines.has(line.id)) return;
    this.lines.set(line.id, line);
    this.render();
  }

  acked(msg) {
    if (this.pending !== null && msg.ref === this.pending) { this.el.input.value = ""; this.pending = null; }
  }

  sendText() {
    const text = this.el.input.value.trim();
    if (!text) return;
    const ref = `chat-${Date.now()}`;
    if (this.say({ type: "chat", text, ref })) this.pending = ref;
  }

  sendPhrase(phrase) { this.say({ type: "chat", phrase, ref: `chat-${Date.now()}` }); }

  toggleMute(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat); else this.muted.add(seat);
    saveMuted(this.gid, this.muted);
    this.render();
  }

  relang() {
    this.el.head.textContent = t("web.chat.title");
    this.el.list.setAttribute("aria-label", t("web.chat.lines_label"));
    this.el.empty.textContent = t("web.chat.empty");
    this.el.phrases.setAttribute("aria-label", t("web.chat.phrases"));
    this.el.input.setAttribute("aria-label", t("web.chat.input_label"));
    this.el.input.placeholder = t("web.chat.placeholder");
    this.el.send.textContent = t("web.chat.send");
    this.el.note.textContent = t("web.chat.spectator_note");
    this.el.mutes.setAttribute("aria-label", t("web.chat.mutes"));
    this.render();
  }

  render() {
    const mine = this.mySeat();
    const writer = mine !== null && mine !== undefined;
    const shown = [...this.lines.values()].sort((a, b) => a.id - b.id).filter((l) => !this.muted.has(l.seat));
    const atEnd = this.el.list.scrollHeight - this.el.list.scrollTop - this.el.list.clientHeight < 24;
    this.el.list.replaceChildren(...shown.map((line) => lineItem(line, this.author(line))));
    if (atEnd) this.el.list.scrollTop = this.el.list.scrollHeight;
    this.el.empty.hidden = shown.length > 0;
    this.el.form.hidden = !writer;
    this.el.phrases.hidden = !writer;
    this.el.note.hidden = writer;
    this.el.phrases.replaceChildren(...(this.phrases || []).map((p) => h("button", { type: "button", class: "chat-phrase",
      dataset: { phrase: p }, onclick: () => this.sendPhrase(p) }, t(`web.chat.phrase.${p}`))));
    const others = (this.seats() || []).filter((s) => s.kind === "human" && s.seat !== mine);
    this.el.mutes.replaceChildren(...others.map((s) => {
      const who = this.author({ seat: s.seat });
      const muted = this.muted.has(s.seat);
      return h("button", { type: "button", class: `chat-mute ${muted ? "on" : ""}`, "aria-pressed": muted ? "true" : "false",
        dataset: { mute: String(s.seat) }, title: muted ? t("web.chat.muted", { player: who }) : null,
        onclick: () => this.toggleMute(s.seat) }, muted ? t("web.chat.unmute", { player: who }) : t("web.chat.mute", { player: who }));
    }));
  }
}
