// The end of a game on the game page: the score breakdown per player in the rulebook's categories (a
// stacked bar chart drawn in SVG), the winner(s) and the tie-break that decided, the game's length, the
// replay and "play again with the same seats".
//
// The categories come from the board: every board module exports scoreBreakdown(view) →
// { categories: [label…], rows: [{ seat, values: [number…], total }], winners, tieBreak: text|null,
//   length: { rounds | years | turns: n } } — the same function its own end table is drawn with.
// Everything here comes from the finished view (and, once the game is over, the public move count of
// its replay and its public summary): nothing hidden.
import { api, holdTheTable, remember } from "./api.js";
import { h, s, toast } from "./dom.js";
import { lang, t } from "./i18n.js";

// One colour per category (Okabe–Ito: told apart with the common colour-vision deficiencies).
export const CATEGORY_COLOURS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#7f7f7f"];

const BAR_H = 26, GAP = 12, TOP = 8, TOTAL_W = 48;

// The breakdown of a finished view: the board's, else one category ("Score") from the result.
export function breakdownOf(board, view) {
  const result = view.result || { scores: [], winners: [] };
  let sb = null;
  if (board && typeof board.scoreBreakdown === "function") {
    try { sb = board.scoreBreakdown(view); } catch (err) { console.warn("meeple: scoreBreakdown failed", err); sb = null; }
  }
  if (!sb || !sb.rows || !sb.rows.length) {
    sb = { categories: [t("web.game.score")], rows: result.scores.map((sc, p) => ({ seat: p, values: [sc], total: sc })), tieBreak: null, length: null };
  }
  return { ...sb, winners: result.winners || sb.winners || [] };
}

// The chart: one horizontal bar per player (highest total first), a segment per category (negative
// values drawn left of zero), the total at the end of the bar, the winners marked.
export function chart(sb, seatName) {
  const rows = [...sb.rows].sort((a, b) => b.total - a.total || a.seat - b.seat);
  const pos = (r) => r.values.reduce((a, v) => a + Math.max(0, v), 0);
  const neg = (r) => r.values.reduce((a, v) => a + Math.min(0, v), 0);
  const hi = Math.max(1, ...rows.map(pos)), lo = Math.min(0, ...rows.map(neg));
  // drawn at the width it is shown at (a phone: 320 px), so its words keep their size
  const W = Math.round(Math.max(300, Math.min(640, (typeof window !== "undefined" ? window.innerWidth : 640) - 70)));
  const LABEL_W = W < 480 ? 96 : 150;
  const span = W - LABEL_W - TOTAL_W;
  const x = (v) => LABEL_W + ((v - lo) / (hi - lo)) * span;
  const height = TOP + rows.length * (BAR_H + GAP);
  const svg = s("svg", { viewBox: `0 0 ${W} ${height}`, class: "endgame-chart", "data-chart": "", role: "img", style: `max-width: ${W}px`,
    "aria-label": t("web.endgame.chart_label") });
  rows.forEach((r, i) => {
    const y = TOP + i * (BAR_H + GAP);
    const won = sb.winners.includes(r.seat);
    const bar = s("g", { class: `endgame-bar ${won ? "winner" : ""}`, "data-bar": String(r.seat), "data-total": String(r.total) });
    bar.append(s("text", { x: LABEL_W - 8, y: y + BAR_H / 2 + 5, "text-anchor": "end", class: "endgame-name" },
      won ? `${seatName(r.seat)} ★` : seatName(r.seat)));
    let right = 0, left = 0;
    r.values.forEach((v, k) => {
      if (!v) return;
      const from = v > 0 ? right : left + v;
      if (v > 0) right += v; else left += v;
      const seg = s("rect", { x: x(from), y, width: Math.max(1, x(from + Math.abs(v)) - x(from)), height: BAR_H,
        fill: CATEGORY_COLOURS[k % CATEGORY_COLOURS.length], class: `endgame-segment ${v < 0 ? "negative" : ""}`,
        "data-segment": String(k), "data-value": String(v) });
      seg.append(s("title", {}, `${sb.categories[k]}: ${v}`));
      bar.append(seg);
      const wide = x(from + Math.abs(v)) - x(from);
      if (wide >= 22) bar.append(s("text", { x: x(from) + wide / 2, y: y + BAR_H / 2 + 5, "text-anchor": "middle", class: "endgame-value" }, String(v)));
    });
    bar.append(s("text", { x: x(right) + 8, y: y + BAR_H / 2 + 5, class: "endgame-total" }, String(r.total)));
    svg.append(bar);
  });
  if (lo < 0) svg.append(s("line", { x1: x(0), x2: x(0), y1: 0, y2: height, class: "endgame-zero" }));
  return svg;
}

function legend(sb) {
  return h("ul", { class: "endgame-legend", "data-legend": "" }, sb.categories.map((label, k) =>
    h("li", {}, h("i", { class: "swatch", style: `background: ${CATEGORY_COLOURS[k % CATEGORY_COLOURS.length]}` }), label)));
}

// "8 rounds · 112 moves · 6 minutes": what the observation says (rounds, years or turns), the players'
// moves of the replay, the time from creation to the end.
function lengthText(sb, moves, summary) {
  const parts = [];
  const L = sb.length || {};
  if (Number.isInteger(L.rounds) && L.rounds > 0) parts.push(t("web.endgame.rounds", { n: L.rounds }));
  if (Number.isInteger(L.years) && L.years > 0) parts.push(t("web.endgame.years", { n: L.years }));
  if (Number.isInteger(L.turns) && L.turns > 0) parts.push(t("web.endgame.turns", { n: L.turns }));
  if (Number.isInteger(moves)) parts.push(t("web.endgame.moves", { n: moves }));
  if (summary && summary.created_at && summary.finished_at) {
    const minutes = Math.max(1, Math.round((summary.finished_at - summary.created_at) / 60));
    parts.push(t("web.endgame.minutes", { n: minutes }));
  }
  return parts.join(" · ");
}

// The summary panel (#game-over) of a finished view. `page`: { gid, mine, seatName, board }.
export function summaryPanel(page, v) {
  const sb = breakdownOf(page.board, v);
  const winners = sb.winners;
  const length = h("p", { class: "endgame-length muted", "data-length": "" }, "");
  const ratingsBox = h("div", { class: "endgame-ratings", "data-ratings": "" });
  const reviewBox = h("div", { class: "endgame-review", id: "review" });
  const reviewButton = page.mine ? h("button", { type: "button", id: "review-button" }, t("web.coach.review")) : null;
  if (reviewButton) reviewButton.addEventListener("click", () => showReview(page, reviewButton, reviewBox));
  const invites = h("div", { class: "endgame-invites" });
  const again = h("button", { type: "button", class: "primary", id: "play-again" }, t("web.endgame.play_again"));
  again.addEventListener("click", async () => {
    again.disabled = true;
    try { await playAgain(page, invites); } catch (err) { toast(t("web.error.start", { reason: err.message })); }
    again.disabled = false;
  });
  const panel = h("section", { class: "panel summary endgame", id: "game-over", role: "dialog", "aria-label": t("web.game.over") },
    // a board's own result line when it has one (a solo game's rank and score), else the winners
    h("h2", { "data-result": "" }, sb.title ? sb.title
      : winners.length ? t("web.game.winners", { n: winners.length, seats: winners.map((p) => page.seatName(p)) }) : t("web.game.nobody_wins")),
    length,
    ratingsBox,
    h("h3", {}, t("web.endgame.breakdown")),
    chart(sb, (p) => page.seatName(p)),
    legend(sb),
    sb.tieBreak ? h("p", { class: "endgame-tiebreak", "data-tiebreak": "" }, sb.tieBreak) : null,
    h("div", { class: "endgame-buttons" },
      h("a", { class: "button", id: "watch-replay", href: `#/replay/${encodeURIComponent(page.gid)}` }, t("web.game.watch_replay")), " ",
      again, " ",
      reviewButton, reviewButton ? " " : null,
      h("a", { class: "button", href: "#/" }, t("web.back_to_lobby"))),
    reviewBox,
    invites);
  // the length: the replay's moves by the players (chance's draws and rolls are not moves) and the times
  const gid = encodeURIComponent(page.gid);
  // the replay with this seat's token (a private game's replay is for its seats only)
  Promise.all([api(`/api/games/${gid}/replay`, { token: page.mine && page.mine.token }).catch(() => null),
    api(`/api/games/${gid}`).catch(() => null),
    api(`/api/games/${gid}/ratings`).catch(() => null)]).then(([replay, summary, rated]) => {
    const moves = replay && Array.isArray(replay.moves) ? replay.moves.filter((m) => m.seat >= 0).length : null;
    length.textContent = lengthText(sb, moves, summary);
    ratingsBox.replaceChildren(...ratingLines(rated, summary, page.seatName));
  });
  if (!length.textContent) length.textContent = lengthText(sb, null, null);
  return panel;
}

// The review of your seat (GET /api/games/{id}/review): the moves the search rated clearly worse than
// its best, worst first, each in the move list's sentences with its value in words ("wins about 3 in 10
// from here (sure)"), what the search would have played, and its top three. While it is computed (up to
// 15 s) the page asks how far it has come (GET …/review/progress): "position k of n".
async function showReview(page, button, box) {
  button.disabled = true;
  const status = h("p", { class: "muted", role: "status", "data-review-progress": "" }, t("web.coach.reviewing"));
  box.replaceChildren(status);
  const gid = encodeURIComponent(page.gid);
  const token = page.mine && page.mine.token;
  let waiting = true;
  const follow = async () => {
    while (waiting) {
      await new Promise((done) => setTimeout(done, 500));
      if (!waiting) break;
      const now = await api(`/api/games/${gid}/review/progress`, { token }).catch(() => null);
      if (!waiting || !now) continue;
      if (now.status === "running" && now.total) status.textContent = t("web.coach.review_progress", { done: now.done, total: now.total });
      else if (now.status === "waiting") status.textContent = t("web.coach.review_waiting");
    }
  };
  follow();
  try {
    const got = await api(`/api/games/${gid}/review`, { token });
    waiting = false;
    const said = (x) => `${x.label} — ${x.words}`;
    box.replaceChildren(h("h3", {}, t("web.coach.review_title")),
      got.blunders.length ? h("ol", { class: "review-list" }, got.blunders.map((b) => h("li", { "data-review-move": String(b.move) },
        t("web.coach.blunder", { move: b.move, played: b.played.label, played_value: b.played.words,
          best: b.best.label, best_value: b.best.words }),
        b.judged ? h("small", { class: "muted review-judged" }, " ", t("web.coach.judged")) : null,
        h("small", { class: "muted review-top" }, " ", t("web.coach.top", { moves: b.top.map(said).join(lang() === "zh" ? "；" : "; ") })))))
        : h("p", {}, t("web.coach.no_blunder")));
  } catch (err) {
    waiting = false;
    box.replaceChildren(h("p", { class: "error" }, err.message));
    button.disabled = false;
  }
}

// Each rated participant's rating before and after the game (people and bots, by seat), with why a
// person was ranked last (left the game, or their bot played most of it); a game with a signed-in
// player that was not rated says why not (the server's reason, in the reader's language).
function ratingLines(rated, summary, seatName) {
  if (rated && rated.rated) {
    return [h("h3", {}, t("web.ratings.changes_title")), h("ul", { class: "rating-changes" }, rated.changes.map((c) =>
      h("li", { "data-rating-change": String(c.seat), class: `rating-change ${c.change > 0 ? "up" : c.change < 0 ? "down" : ""}` },
        seatName(c.seat), summary && summary.seats[c.seat] && summary.seats[c.seat].name ? ` · ${summary.seats[c.seat].name}` : "",
        ": ", t("web.ratings.change", { before: c.before, after: c.after,
          change: c.change > 0 ? `+${c.change}` : String(c.change) }),
        c.forfeit ? h("small", { class: "forfeit", "data-forfeit": c.forfeit }, " ", t(`web.ratings.forfeit.${c.forfeit}`)) : null)))];
  }
  const accounts = summary && (summary.seats || []).some((x) => x.account);
  const why = rated && rated.unrated_reason ? t(rated.unrated_reason) : t("server.unrated.not_chosen");
  return accounts ? [h("p", { class: "muted", "data-unrated": rated ? rated.unrated_reason || "" : "" }, why)] : [];
}

// A new game of the same game, player count, options and seats: bots of the same level, you in your
// seat, the invited seats invited again (their links shown here); then open it.
export async function playAgain(page, invitesBox) {
  const old = await api(`/api/games/${encodeURIComponent(page.gid)}`);
  const seats = old.seats.map((x) => (x.kind === "bot" ? { kind: "bot", level: x.level } : { kind: "human", level: x.level }));
  const mine = page.mine && old.seats[page.mine.seat] && old.seats[page.mine.seat].kind === "human" ? page.mine.seat : null;
  const body = { game: old.game, players: old.players, options: old.options || {}, seats, join: mine,
    private: Boolean(old.private), name: old.name || null, referee: Boolean(old.referee), rated: Boolean(old.rated),
    player_name: mine !== null ? old.seats[mine].name || null : null };
  if (old.turn_timeout) body.turn_timeout = old.turn_timeout;
  const res = await api("/api/games", { method: "POST", body });
  const go = `#/game/${encodeURIComponent(res.id)}`;
  if (res.token !== null && res.token !== undefined && page.mine && page.mine.table) {
    await holdTheTable(res); // the same table at the same device
    location.hash = go;
    return res;
  }
  if (res.token !== null && res.token !== undefined) remember(res.id, res.seat, res.token);
  if (!res.invites || !res.invites.length) { location.hash = go; return res; }
  const base = `${location.origin}${location.pathname}`;
  invitesBox.replaceChildren(h("h3", {}, t("web.invite.title")), h("p", {}, t("web.invite.explain")),
    h("ul", {}, res.invites.map((inv) => {
      const url = `${base}#/join/${encodeURIComponent(res.id)}/${inv.seat}/${encodeURIComponent(inv.code)}`;
      return h("li", {}, t("web.invite.seat", { seat: page.seatName(inv.seat) }), " ",
        h("input", { readonly: true, value: url, size: 50, class: "invite-link", "aria-label": t("web.invite.link_for", { number: inv.seat + 1 }) }));
    })),
    h("a", { class: "button primary", id: "go-to-new-game", href: go }, t("web.invite.go")));
  return res;
}
