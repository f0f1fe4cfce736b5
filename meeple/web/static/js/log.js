// A game's log as the game page shows it: one numbered line per entry (an <ol>: the numbers are the entries'
// places in the whole game), a board's hint on a line (the colour of the seat it names, and the pieces it
// concerns lit on the board while the pointer is on it). Shared by the game page (game.js) and the guided
// game (learn.js), which shows the whole log of its game the same way.
import { h } from "./dom.js";
import { show } from "./i18n.js";

// One line: `line` (text or a message), `event` ([id, args], or undefined), `board` (the board module, for its
// logHint) and `boardEl` (where its selectors are looked for).
export function logLine(line, event, board, boardEl) {
  const li = h("li", {}, show(line));
  const hint = board && board.logHint && event ? board.logHint(event) : null;
  if (hint) decorate(li, hint, boardEl);
  return li;
}

function decorate(li, hint, boardEl) {
  if (hint.colour) { li.classList.add("seat-entry"); li.style.setProperty("--seat", hint.colour); }
  if (!hint.selectors || !hint.selectors.length) return;
  const lit = () => boardEl.querySelectorAll(hint.selectors.join(","));
  li.addEventListener("mouseenter", () => lit().forEach((el) => el.classList.add("log-lit")));
  li.addEventListener("mouseleave", () => lit().forEach((el) => el.classList.remove("log-lit")));
}

// The newest line in sight: the list scrolls inside its own box (.log's max-height), newest last.
export function toNewest(list) {
  list.scrollTop = list.scrollHeight;
}
