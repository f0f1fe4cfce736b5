// Learn a game by playing it (issue 42): a guided first game on the real board. Each step's sentence
// sits in a bar above the board (sticky, so it stays in sight; the lit piece is scrolled into sight below it,
// with what it belongs to: see bringIntoSight); the one thing to touch is lit (`learn-target`: the move's [data-action], or
// the piece to pick first when that move waits for a pick). Touching it plays on; touching another
// move shows why it is not the move now (the game's refusal, or the scenario's explanation) and lets you
// try again. Dice, bots and notes are shown one by one with a Continue button; the part of the board such a
// step talks about (its `focus`) is lit to look at, never as a move: a dashed teal outline with no pointer
// (`learn-look`), against the pulsing pink ring of the one thing to touch, and the sentence starts with
// "Look:" or "Touch:" in the same style. The side panel is the guided game's whole log, as a real game shows it.
// The step index is the whole session (GET/POST /api/learn/<game>/steps/<k>): it is kept in this
// browser's localStorage, so leaving and coming back goes on where you were.
import { api, ApiError } from "./api.js";
import { h, s, toast } from "./dom.js";
import { boardFor } from "./boards/index.js";
import { t } from "./i18n.js";
import { gameTitle, seatLabel } from "./names.js";
import { playNowOf } from "./lobby.js";
import { logLine, toNewest } from "./log.js";

const STORE = "meeple.learn";
const SIGHT_GAP = 12;  // px between the sentence bar (and its shadow) and what is scrolled under it
const HALO_GAP = 5;    // px between a lit drawing group and the frame drawn round it (see halo)
const RING = ":scope > .hit-area, :scope > rect:first-child, polygon.hit-area";  // what carries an SVG piece's ring

function saved(game) {
  try { return Number(JSON.parse(localStorage.getItem(STORE) || "{}")[game]) || 0; } catch { return 0; }
}

function keep(game, k) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { all = {}; }
  all[game] = k;
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch { /* private mode: this visit only */ }
}

export async function showLearn(main, game) {
  const catalog = await api("/api/catalog");
  const info = catalog.games.find((g) => g.id === game) || { id: game, name: game, seat_names: [] };
  const board = boardFor(game);
  if (board.prepare) await board.prepare();
  const page = new LearnPage(main, info, catalog);
  try {
    await page.go(saved(game));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404 || !saved(game)) throw err;
    await page.go(0);  // a step kept from an older, longer version of the scenario: start over
  }
  return page;
}

class LearnPage {
  constructor(main, info, catalog) {
    this.info = info; this.catalog = catalog; this.step = null; this.busy = false;
    this.el = {
      title: h("h1", {}),
      count: h("span", { class: "learn-count", "data-learn-count": "" }),
      restart: h("button", { type: "button", class: "learn-restart", "data-learn-restart": "", onclick: () => this.go(0) }),
      bubble: h("section", { class: "learn-bubble", id: "learn-bubble", "data-learn": "", role: "status", "aria-live": "polite" }),
      board: h("div", { class: "board learn-board", id: "board" }),
      logHead: h("h2", {}),
      log: h("ol", { class: "log", id: "log" }),
    };
    main.replaceChildren(
      h("section", { class: "game-head learn-head" }, h("div", { class: "game-title-row" }, this.el.title, this.el.count, this.el.restart)),
      this.el.bubble,
      h("div", { class: "game-layout" }, this.el.board,
        h("aside", { class: "side" }, h("section", { class: "panel" }, this.el.logHead, this.el.log))));
    // a touch that reached no piece (the board's pieces stop their own clicks): point at the lit one; on a step
    // that only shows something, say that the lit part is to look at and Continue plays on
    this.el.board.addEventListener("click", () => {
      if (this.step && this.step.who === "you") this.why(t("web.learn.not_there"), "not_there");
      else if (this.step && !this.step.done) this.why(t("web.learn.look_only"), "look_only");
    });
    // the board draws itself again after a pick: light the target again
    this.observer = new MutationObserver(() => this.light(false));
    this.observer.observe(this.el.board, { childList: true });
    this.words();
  }

  words() {
    this.el.title.textContent = t("web.learn.title", { game: gameTitle(this.info) });
    this.el.restart.textContent = t("web.learn.restart");
    this.el.logHead.textContent = t("web.learn.log");
  }

  async relang() {
    this.words();
    if (this.step) await this.go(this.step.step);
  }

  async go(k) {
    const step = await api(`/api/learn/${encodeURIComponent(this.info.id)}/steps/${k}`);
    this.step = step;
    keep(this.info.id, step.step);
    this.render();
  }

  render() {
    const step = this.step;
    this.el.count.textContent = t("web.learn.step", { n: step.number, total: step.total });
    this.drawBubble();
    const ui = { legal: step.view.legal, act: (entry) => this.touch(entry.text), seatName: (p) => seatLabel(this.info, p),
      yourSeat: step.view.seat, events: step.view.events };
    boardFor(this.info.id).render(this.el.board, step.view, ui);
    // the whole log of the guided game so far, numbered and decorated as the game page's, newest in sight
    const board = boardFor(this.info.id);
    this.el.log.replaceChildren(...step.log.map((line, i) => logLine(line, step.view.events[i], board, this.el.board)));
    toNewest(this.el.log);
    this.light(true);
  }

  drawBubble() {
    const step = this.step;
    const parts = [];
    if (step.intro) parts.push(h("p", { class: "learn-intro" }, step.intro));
    // "Touch:" before a step of yours, "Look:" before one that lights a part of the board only to be looked at
    const cue = step.done ? null : step.who === "you" ? "touch" : step.focus ? "look" : null;
    const said = step.say ? h("span", { class: "learn-say", "data-learn-say": step.who || "end" }, step.say) : null;
    if (said) {
      parts.push(h("p", { class: "learn-line" }, cue ? [h("span", { class: `learn-cue ${cue}`, "data-learn-cue": cue },
        t(`web.learn.cue_${cue}`)), " "] : null, said));
    }
    this.el.why = h("p", { class: "learn-why", "data-learn-why": "", hidden: true });
    parts.push(this.el.why);
    const buttons = [];
    if (step.done) {
      buttons.push(h("button", { type: "button", class: "primary", "data-learn-real": "",
        onclick: (ev) => playNowOf(this.info, this.catalog, ev.currentTarget) }, t("web.learn.play_real")));
      buttons.push(h("a", { href: "#/", class: "learn-back" }, t("web.learn.back")));
    } else if (step.who === "you") {
      parts.push(h("p", { class: "learn-touch muted" }, t("web.learn.touch")));
    } else {
      if (cue === "look") parts.push(h("p", { class: "learn-touch muted" }, t("web.learn.look")));
      buttons.push(h("button", { type: "button", class: "primary", "data-learn-next": "", onclick: () => this.go(step.next) },
        t("web.learn.next")));
    }
    if (buttons.length) parts.push(h("div", { class: "learn-buttons" }, buttons));
    this.el.bubble.className = `learn-bubble ${step.who === "you" ? "yours" : ""}`;
    this.el.bubble.replaceChildren(...parts);
  }

  // The one thing to touch: the expected move's element, or the piece to pick before it; a note's focus.
  target() {
    const root = this.el.board.querySelector("[data-board]");
    if (!root || !this.step) return null;
    if (this.step.expected) {
      const el = root.querySelector(`[data-action="${CSS.escape(this.step.expected)}"]`);
      if (el && el.classList.contains("dormant") && el.dataset.needs) {
        return root.querySelector(`[data-pick="${CSS.escape(el.dataset.needs)}"]`) || el;
      }
      return el;
    }
    return this.step.focus ? root.querySelector(this.step.focus) : null;
  }

  light(scroll) {
    for (const old of this.el.board.querySelectorAll(".learn-target")) {
      old.classList.remove("learn-target", "learn-look", "learn-inline");
      old.removeAttribute("data-learn-target");
    }
    for (const old of this.el.board.querySelectorAll(".learn-halo")) old.remove();
    const el = this.target();
    if (!el) return;
    if (!(el instanceof SVGElement) && getComputedStyle(el).display === "inline") el.classList.add("learn-inline");
    const look = !this.step.expected;  // a focus: to look at, not to touch
    el.classList.add("learn-target");
    if (look) el.classList.add("learn-look");
    el.setAttribute("data-learn-target", look ? "look" : "touch");
    this.halo(el);
    if (scroll) this.bringIntoSight(el);
  }

  // A drawing group with no shape of its own to carry the ring (a province, a few cubes): a frame drawn round it,
  // HALO_GAP px out, styled as the ring (learn.css), which takes no touch.
  halo(el) {
    if (!(el instanceof SVGGElement) || el.querySelector(RING)) return;
    let box;
    try { box = el.getBBox(); } catch { return; }
    if (!box.width && !box.height) return;
    const ctm = el.getScreenCTM();
    const pad = HALO_GAP / ((ctm && Math.hypot(ctm.a, ctm.b)) || 1);
    el.append(s("rect", { class: "learn-halo", x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad,
      height: box.height + 2 * pad, rx: pad, "pointer-events": "none" }));
  }

  // Scroll the lit element into sight below the sentence bar together with its context: the largest part of
  // the board around it that fits the screen under the bar (a phone's card with its name, a panel, or the
  // whole board), whose top is put just under the bar. Where nothing around it fits, the element itself is.
  // When that context is on the screen already the page stays as it is.
  bringIntoSight(el) {
    const context = this.context(el);
    if (this.inSight(context)) return;
    if (el.scrollIntoView) el.scrollIntoView({ block: "nearest", inline: "nearest" });  // inner scrolling parts too
    window.scrollBy(0, context.getBoundingClientRect().top - (this.el.bubble.offsetHeight + SIGHT_GAP));
    const under = context.getBoundingClientRect().top - (this.el.bubble.getBoundingClientRect().bottom + SIGHT_GAP);
    if (under < 0) window.scrollBy(0, under);  // the bar was not stuck to the top where the first scroll assumed it
  }

  context(el) {
    const room = window.innerHeight - this.el.bubble.offsetHeight - 2 * SIGHT_GAP;
    let best = el;
    for (let up = el.parentElement; up && up !== this.el.board; up = up.parentElement) {
      const r = up.getBoundingClientRect();
      if (r.height > room || r.width > window.innerWidth) break;
      best = up;
    }
    return best;
  }

  // Whether `el` is on the screen already, below the sentence bar.
  inSight(el) {
    const r = el.getBoundingClientRect();
    const bar = this.el.bubble.getBoundingClientRect();
    return r.top >= bar.bottom + 4 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  }

  why(text, kind) {
    if (!this.el.why) return;
    this.el.why.textContent = text;
    this.el.why.dataset.learnWhy = kind;
    this.el.why.hidden = false;
  }

  async touch(text) {
    if (this.busy || !this.step || this.step.who !== "you") return;
    this.busy = true;
    try {
      const res = await api(`/api/learn/${encodeURIComponent(this.info.id)}/steps/${this.step.step}`, { method: "POST", body: { text } });
      if (res.result === "advanced") await this.go(res.next);
      else this.why(res.reason, res.result);
    } catch (err) {
      toast(err.message);
    } finally {
      this.busy = false;
    }
  }

  leave() { this.observer.disconnect(); }
}
