// "How to play": a side sheet on the game page with the game's rules for players (static/howto/<game>.<lang>.md,
// written for players: no code, no move codes) in the page's language, the section of the current phase
// opened. Its last section links to the rules as implemented (docs/rules/<game>[.zh].md, served by
// GET /api/rules/<game>?lang=), shown in the same sheet with a way back.
//
// The markdown is turned into DOM nodes here (text nodes only: nothing in the document is parsed as
// HTML); every "##" heading becomes a collapsible section (<details>), a "###" one a section inside it.
// A heading may end with a key, "## Calling the characters {#call}": the same key in both languages, by
// which the current phase's section is found.
import { h } from "./dom.js";
import { t, lang } from "./i18n.js";
import { loadContent } from "./content.js";
import { drawPicture, hasPictures } from "./howto-pictures.js";

// Which section of the player text a game's phase is explained in: per game, the observation's phase
// (step) → the key of a section ("{#key}" at the end of its heading, the same in every language).
export const RULES_SECTIONS = {
  "cube-europe": {
    phase: (o) => o.phase,
    keys: { deal: "setup", first: "setup", draw: "setup", start: "setup", roll: "round", turn: "round", over: "scoring" },
  },
  citadels: {
    phase: (o) => o.phase,
    keys: { setup: "setup", draft: "draft", call: "call", turn: "call", over: "scoring" },
  },
  kingsburg: {
    phase: (o) => o.step,
    keys: { aid: "year", spring: "season", reward: "year", summer: "season", envoy: "year", autumn: "season",
      recruit: "recruit", winter: "winter", over: "scoring" },
  },
  versailles: {
    phase: (o) => o.phase,
    keys: { start: "setup", draw: "turn", move: "turn", decide: "turn", act: "turn", discard: "turn", offer: "turn", over: "scoring" },
  },
  "gods-playground": {
    // phases 1–16 of a round; 0 is the set-up. The special actions in phase 8; phases 12–14 (the royal army's
    // last battles, the expansion, the estates lost) open "Enemies expanding", to foresee the spill
    phase: (o) => (o.phase === 0 ? "setup" : o.phase === 8 ? "special" : o.phase >= 12 && o.phase <= 14 ? "expansion"
      : o.phase >= 1 && o.phase <= 16 ? "round" : "over"),
    keys: { setup: "setup", special: "special", expansion: "expansion", round: "round", over: "scoring" },
  },
};

// The key of the section for `view`'s phase, or null.
export function currentKey(gameId, view) {
  const table = RULES_SECTIONS[gameId];
  if (!table || !view) return null;
  const phase = view.over ? "over" : table.phase(view.observation || {});
  return table.keys[phase] || null;
}

// ------------------------------------------------------------------ markdown → DOM (a safe subset)
const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)\s]+\))/g;

export function inline(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    if (tok.startsWith("`")) out.push(h("code", {}, tok.slice(1, -1)));
    else if (tok.startsWith("**")) out.push(h("strong", {}, ...inline(tok.slice(2, -2))));
    else if (tok.startsWith("*")) out.push(h("em", {}, ...inline(tok.slice(1, -1))));
    else {
      const [, label, href] = tok.match(/^\[([^\]]+)\]\(([^)\s]+)\)$/);
      // only web links are followed; "#implementation" opens the rules as implemented in the sheet, labelled the
      // same in every game as what it is, a technical text for researchers and developers (not for players); a
      // link into the repository shows its text
      if (href === "#implementation") {
        out.push(h("button", { type: "button", class: "rules-link technical", "data-rules-link": "implementation" },
          t("web.endgame.rules_technical")));
      } else out.push(/^https?:\/\//.test(href) ? h("a", { href, target: "_blank", rel: "noopener noreferrer" }, ...inline(label)) : h("span", {}, ...inline(label)));
    }
    last = m.index + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const ITEM = /^(\s*)([-*+]|\d+\.)\s+(.*)$/;

// Lines of one paragraph joined: with a space, but none between two Chinese characters (or punctuation),
// where a line break in the source is no space in the text.
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
export function joinLines(parts) {
  const cjkJoin = (a, b) => CJK.test(a.replace(/\*+$/, "").at(-1) || "") && CJK.test(b.replace(/^\*+/, "")[0] || "");
  return parts.reduce((text, part) => (!text ? part : cjkJoin(text, part) ? text + part : `${text} ${part}`), "");
}

// The blocks of some markdown lines (no headings among them): paragraphs, lists, tables, code.
// `picture(name)`: the drawing a "{{picture NAME}}" line stands for, or null (the line is then dropped).
const PICTURE = /^\s*\{\{picture ([a-z0-9-]+)\}\}\s*$/;

function blocks(lines, picture) {
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const pic = line.match(PICTURE);
    if (pic) {
      const drawing = picture ? picture(pic[1]) : null;
      if (drawing) out.push(h("figure", { class: "howto-picture", "data-picture": pic[1] }, drawing));
      i++;
      continue;
    }
    if (/^\s*```/.test(line)) {
      const code = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) code.push(lines[i]);
      i++;
      out.push(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) {
        if (/^\s*\|[\s:|-]+\|?\s*$/.test(lines[i])) continue;   // the |---|---| line
        rows.push(lines[i].trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim()));
      }
      const [head, ...body] = rows;
      out.push(h("div", { class: "rules-table" }, h("table", {},
        h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, ...inline(c))))),
        h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, ...inline(c)))))))));
      continue;
    }
    const item = line.match(ITEM);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const first = ordered ? Number.parseInt(item[2], 10) : null;
      const items = [];   // each item's lines (a continuation line is indented; nested items join their parent)
      for (; i < lines.length; i++) {
        const l = lines[i];
        const m = l.match(ITEM);
        if (m && (!m[1].length || !items.length)) { items.push([m[3]]); continue; }
        if (!l.trim()) { if (i + 1 < lines.length && (ITEM.test(lines[i + 1]) || /^\s+\S/.test(lines[i + 1]))) continue; break; }
        if (/^\s+\S/.test(l)) { items[items.length - 1].push(l.trim()); continue; }
        break;
      }
      const list = h(ordered ? "ol" : "ul", ordered && first !== 1 ? { start: first } : {},
        items.map((parts) => h("li", {}, ...inline(joinLines(parts)))));
      out.push(list);
      continue;
    }
    const para = [];
    for (; i < lines.length && lines[i].trim() && !lines[i].match(ITEM) && !PICTURE.test(lines[i]) && !/^\s*(```|\|)/.test(lines[i]); i++) para.push(lines[i].trim());
    out.push(h("p", {}, ...inline(joinLines(para))));
  }
  return out;
}

// The document as { title, intro: [nodes], sections: [{ level, title, node }] }: "##" and "###"
// sections are <details> (a "###" inside its "##"), the one whose key is `open` opened.
// `picture(name, label)`: the drawing for a "{{picture NAME}}" line (labelled by its section's heading).
export function renderRules(markdown, open, picture = null) {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let title = "";
  const intro = [];
  const top = [];          // the "##" sections
  let cur = null, sub = null, buf = [];
  const flush = () => {
    const where = sub || cur;
    const nodes = blocks(buf, picture && ((name) => picture(name, where ? where.text : title)));
    buf = [];
    (sub ? sub.body : cur ? cur.body : intro).append(...nodes);
  };
  const section = (level, heading) => {
    const keyed = heading.match(/^(.*?)\s*\{#([a-z0-9-]+)\}$/);
    const text = keyed ? keyed[1] : heading;
    const body = h("div", { class: "rules-body" });
    const node = h("details", { class: `rules-section level-${level}`, "data-heading": text, ...(keyed ? { "data-key": keyed[2] } : {}) },
      h("summary", {}, h(level === 2 ? "h3" : "h4", {}, ...inline(text))), body);
    return { node, body, text };
  };
  const introBox = h("div", { class: "rules-intro" });
  intro.append = (...nodes) => introBox.append(...nodes);
  let inFence = false;
  for (const line of lines) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const m = !inFence && line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (!m) { buf.push(line); continue; }
    flush();
    const level = m[1].length;
    if (level === 1) { title = m[2]; continue; }
    if (level === 2 || !cur) { cur = section(2, m[2]); sub = null; top.push(cur); continue; }
    sub = section(3, m[2]);
    cur.body.append(sub.node);
  }
  flush();
  let opened = null;
  if (open) {
    for (const el of [...top.map((x) => x.node), ...top.flatMap((x) => [...x.body.querySelectorAll("details")])]) {
      if (el.dataset.key === open) { opened = el; break; }
    }
  }
  if (opened) {
    opened.open = true;
    opened.dataset.current = "";
    opened.querySelector("summary").append(h("span", { class: "rules-now" }, t("web.endgame.rules_now")));
    for (let p = opened.parentElement; p; p = p.parentElement) if (p.tagName === "DETAILS") p.open = true;
  }
  return { title, intro: introBox, sections: top.map((x) => x.node), opened };
}

// ------------------------------------------------------------------ the panel
// Only these two documents per game are ever fetched: the player text (a static file) and the rules as
// implemented (the rules route); the game id and language are the page's own, encoded into the URL.
const DOCUMENTS = {
  howto: (gameId, language) => `/static/howto/${encodeURIComponent(gameId)}.${language === "zh" ? "zh" : "en"}.md`,
  implementation: (gameId, language) => `/api/rules/${encodeURIComponent(gameId)}?lang=${language === "zh" ? "zh" : "en"}`,
};
const cache = {};
async function fetchRules(gameId, language, which = "howto") {
  const key = `${which}:${gameId}:${language}`;
  if (!cache[key]) {
    cache[key] = fetch(DOCUMENTS[which](gameId, language), { headers: { Accept: "text/markdown" } })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status}`))))
      .catch((err) => { delete cache[key]; throw err; });
  }
  return cache[key];
}

// The "How to play" button and its side sheet. `getView()`: the page's view now (for the phase).
export class RulesPanel {
  constructor(gameId, getView) {
    this.gameId = gameId; this.getView = getView; this.isOpen = false;
    this.button = h("button", { type: "button", id: "how-to-play", class: "how-to-play", "aria-expanded": "false",
      "aria-controls": "rules-panel", onclick: () => (this.isOpen ? this.close() : this.open()) }, t("web.endgame.how_to_play"));
    this.body = h("div", { class: "rules-content" });
    this.heading = h("h2", { id: "rules-title" }, t("web.endgame.how_to_play"));
    this.closeButton = h("button", { type: "button", class: "rules-close", id: "rules-close", onclick: () => this.close() }, t("web.endgame.close"));
    this.sheet = h("aside", { class: "rules-panel", id: "rules-panel", role: "dialog", "aria-labelledby": "rules-title", hidden: true },
      h("header", { class: "rules-head" }, this.heading, this.closeButton), this.body);
    this.showing = "howto";
    this.body.addEventListener("click", (ev) => {
      const link = ev.target.closest("[data-rules-link]");
      if (link) { this.showing = link.dataset.rulesLink; this.load(); }
    });
    this.onKey = (ev) => { if (ev.key === "Escape" && this.isOpen) this.close(); };
    document.addEventListener("keydown", this.onKey);
  }

  async open() {
    this.isOpen = true;
    this.showing = "howto";
    // below the page's top bar (the language switch stays in reach)
    const bar = document.querySelector(".topbar");
    this.sheet.style.top = `${bar ? Math.max(0, Math.round(bar.getBoundingClientRect().bottom)) : 0}px`;
    this.sheet.hidden = false;
    this.button.setAttribute("aria-expanded", "true");
    await this.load();
    this.closeButton.focus();
  }

  close() {
    this.isOpen = false;
    this.sheet.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
    this.button.focus();
  }

  async load() {
    const language = lang();
    const which = this.showing;
    this.body.replaceChildren(h("p", { class: "muted" }, t("web.loading")));
    let text;
    try { text = await fetchRules(this.gameId, language, which); } catch (err) {
      this.body.replaceChildren(h("p", { class: "error" }, t("web.endgame.rules_missing")));
      return;
    }
    if (which !== this.showing) return;   // another document was asked for meanwhile
    let content = null;
    if (which === "howto" && hasPictures(this.gameId)) {
      try { content = await loadContent(this.gameId); } catch (err) { content = null; }   // no drawings then
    }
    if (which !== this.showing) return;
    const picture = content ? (name, label) => drawPicture(this.gameId, name, content, label) : null;
    const doc = renderRules(text, which === "howto" ? currentKey(this.gameId, this.getView()) : null, picture);
    this.sheet.dataset.lang = language;
    this.sheet.dataset.document = which;
    this.heading.textContent = doc.title || t("web.endgame.how_to_play");
    const back = which === "howto" ? [] : [h("p", {}, h("button", { type: "button", class: "rules-link", "data-rules-link": "howto" }, t("web.endgame.rules_back")))];
    this.body.replaceChildren(...back, doc.intro, ...doc.sections);
    if (doc.opened) {   // the section at the top, its parent's heading just above it
      this.body.scrollTop = Math.max(0, doc.opened.offsetTop - this.body.offsetTop - 40);
    } else this.body.scrollTop = 0;
  }

  async relang() {
    this.button.textContent = t("web.endgame.how_to_play");
    this.closeButton.textContent = t("web.endgame.close");
    if (this.isOpen) await this.load();
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.sheet.remove();
  }
}
