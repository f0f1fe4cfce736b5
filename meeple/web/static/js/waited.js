// "While you waited": what the other seats did since this seat's last decision, from the game's log.
//
// A log entry's event is [message id, args]; `args.seat` names the seat that acted (every game's log
// says so). This seat's last decision is its newest entry, less those a board calls passive (entries
// that name the seat without it deciding anything, e.g. Citadels' "you were the killed Merchant").
//
//   const since = waitedSince(events, mySeat, board.passiveEvent);
//   const line = waitedLine(log, events, since, mySeat, seatName);   // an element, or null
import { h } from "./dom.js";
import { t, show } from "./i18n.js";

const actorOf = (event) => {
  const args = Array.isArray(event) ? event[1] : null;
  return args && typeof args === "object" && Number.isInteger(args.seat) ? args.seat : null;
};

// The index of the first log entry after this seat's last decision (0 when it has not decided yet).
export function waitedSince(events, seat, passive) {
  for (let k = events.length - 1; k >= 0; k--) {
    if (actorOf(events[k]) === seat && !(typeof passive === "function" && passive(events[k]))) return k + 1;
  }
  return 0;
}

// Who did what from `since` on: per other seat (in the order they first acted) its newest log line and
// how many more it had. Null when no other seat acted.
export function summarise(log, events, since, seat) {
  const bySeat = new Map();
  for (let k = since; k < Math.min(log.length, events.length); k++) {
    const who = actorOf(events[k]);
    if (who === null || who === seat) continue;
    const got = bySeat.get(who) || { seat: who, count: 0, last: null };
    got.count += 1;
    got.last = log[k];
    bySeat.set(who, got);
  }
  return [...bySeat.values()];
}

// The line: "While you waited: Blue builds the Castle. (+3 more) · Green ends the turn."
export function waitedLine(log, events, since, seat, seatName) {
  const seats = summarise(log, events, since, seat);
  if (!seats.length) return null;
  const parts = [];
  seats.forEach((s, i) => {
    if (i) parts.push(" · ");
    // the seat's name once: a line that names it already is quoted alone
    const last = show(s.last), who = seatName(s.seat), more = s.count - 1;
    const words = last.includes(who)
      ? (more ? t("web.game.waited_line_more", { last, more }) : last)
      : (more ? t("web.game.waited_seat_more", { who, last, more }) : t("web.game.waited_seat", { who, last }));
    parts.push(h("span", { class: "waited-seat", "data-waited-seat": String(s.seat) }, words));
  });
  return h("p", { class: "waited-line", "data-waited-line": "" }, h("strong", {}, t("web.game.waited_title")), " ", ...parts);
}
