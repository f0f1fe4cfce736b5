// A game's pace: real time (played at one sitting) or turn-based, with a time per move from 1 hour to
// 3 days (the server's bounds, meeple/server/turn_clock.py, told by /api/catalog's `turn_based`). The set-up's choice, and the words the
// lobby's lists use for a turn-based game.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const HOUR = 3600;
const DAY = 24 * HOUR;
// The times per move offered, and the misses in a row after which a bot takes the seat over: the
// catalog's `turn_based` (meeple/server/turn_clock.py), else these. A day is chosen first.
const DEFAULTS = { presets: [HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY], misses_before_replaced: 3 };
const FIRST_CHOICE = DAY;

// A time per move in words: "1 hour", "12 hours", "2 days" (in the page's language).
export function moveTime(seconds) {
  const s = Number(seconds) || 0;
  if (s >= DAY && s % DAY === 0) return t("web.pace.days", { n: s / DAY });
  return t("web.pace.hours", { n: Math.max(1, Math.round(s / HOUR)) });
}

// What a list shows of a game's pace: nothing for real time, "turn-based, 1 day per move" otherwise.
export function paceWords(game) {
  return game && game.pace === "turns" ? t("web.pace.listed", { time: moveTime(game.move_seconds) }) : "";
}

// The set-up's choice: `box` to place in the form; `body()` the fields of POST /api/games; `table(referee)`
// says whether the game is refereed at one table (played in real time: turn-based is not offered).
export function paceChoice(rules = DEFAULTS) {
  const { presets, misses_before_replaced: misses } = { ...DEFAULTS, ...(rules || {}) };
  const paceSel = h("select", { id: "pace", name: "pace", "aria-describedby": "pace-help" },
    ["realtime", "turns"].map((v) => h("option", { value: v }, t(`web.pace.${v}`))));
  const timeSel = h("select", { id: "move-time", name: "move_seconds", "aria-describedby": "pace-help" },
    presets.map((s) => h("option", { value: String(s), selected: s === FIRST_CHOICE }, moveTime(s))));
  const timeLabel = h("label", { class: "move-time", for: "move-time" },
    h("span", { class: "option-name" }, t("web.pace.time_per_move")), timeSel);
  const help = h("small", { class: "help", id: "pace-help" });
  const box = h("div", { class: "option pace-choice" },
    h("div", { class: "pace-row" },
      h("label", { for: "pace" }, h("span", { class: "option-name" }, t("web.pace.title")), paceSel), timeLabel),
    help);
  let atOneTable = false;
  const draw = () => {
    if (atOneTable) paceSel.value = "realtime";
    paceSel.disabled = atOneTable;
    const turns = paceSel.value === "turns";
    timeLabel.hidden = !turns;
    help.textContent = atOneTable ? t("web.pace.help_table")
      : turns ? t("web.pace.help_turns", { time: moveTime(timeSel.value), misses }) : t("web.pace.help_realtime");
  };
  paceSel.addEventListener("change", draw);
  timeSel.addEventListener("change", draw);
  draw();
  return {
    box,
    body: () => (paceSel.value === "turns" ? { pace: "turns", move_seconds: Number(timeSel.value) } : { pace: "realtime" }),
    table: (referee) => { atOneTable = referee; draw(); },
    redraw: draw,
  };
}
