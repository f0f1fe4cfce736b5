// A player's profile (#/player/<name>: ratings per game with a small chart over time, the last games)
// and a game's leaderboard (#/leaderboard/<game>/<band>: top players, bots marked). Everything comes
// from the public HTTP API (GET /api/players/{name}, GET /api/leaderboard/{game}).
import { api } from "./api.js";
import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle, levelName } from "./names.js";
import { signedIn, signOut } from "./account.js";
import { emailSettings } from "./email.js";

const BANDS = ["2p", "3p+"];

async function catalogGames() {
  try { return (await api("/api/catalog")).games; } catch { return []; }
}

function titleOf(games, id) {
  const info = games.find((g) => g.id === id);
  return info ? gameTitle(info) : id;
}

function bandName(band) { return t(`web.ratings.band.${band === "2p" ? "two" : "more"}`); }

// The rating over time: a line through the points after each rated game, the first and last labelled.
export function ratingChart(history) {
  const W = 260, H = 70, PAD = 6;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "data-chart": "",
    "aria-label": t("web.ratings.chart_label") });
  if (!history.length) return svg;
  const values = history.map((p) => p.rating);
  const lo = Math.min(...values), hi = Math.max(...values);
  const x = (i) => PAD + (history.length === 1 ? (W - 2 * PAD) / 2 : (i / (history.length - 1)) * (W - 2 * PAD));
  const y = (v) => H - PAD - (hi === lo ? (H - 2 * PAD) / 2 : ((v - lo) / (hi - lo)) * (H - 2 * PAD));
  svg.append(s("polyline", { points: history.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "rating-line" }));
  history.forEach((p, i) => svg.append(s("circle", { cx: x(i), cy: y(p.rating), r: 2.6, class: "rating-point" },
    s("title", {}, String(p.rating)))));
  return svg;
}

function change(n) {
  if (n === null || n === undefined) return "";
  return n > 0 ? `+${n}` : String(n);
}

export async function showProfile(main, name) {
  const [profile, games] = await Promise.all([api(`/api/players/${encodeURIComponent(name)}`), catalogGames()]);
  const ratings = profile.ratings.length
    ? h("div", { class: "rating-cards" }, profile.ratings.map((r) => h("article", { class: "panel rating-card", "data-rating": `${r.game}/${r.band}` },
      h("h3", {}, titleOf(games, r.game), " ", h("small", { class: "muted" }, bandName(r.band))),
      h("p", { class: "rating-number" }, String(r.rating)),
      h("p", { class: "muted" }, t("web.ratings.games_rated", { n: r.games })),
      ratingChart(r.history || []),
      h("a", { href: `#/leaderboard/${encodeURIComponent(r.game)}/${encodeURIComponent(r.band)}` }, t("web.ratings.leaderboard")))))
    : h("p", { class: "muted" }, t("web.ratings.none_yet"));
  const rows = profile.games.map((g) => h("tr", { "data-game-id": g.game_id },
    h("td", {}, g.finished_at ? new Date(g.finished_at * 1000).toLocaleDateString() : ""),
    h("td", {}, titleOf(games, g.game)),
    h("td", {}, String(g.players)),
    h("td", {}, g.rank ? t("web.ratings.rank", { n: g.rank }) : t("web.ratings.unrated")),
    h("td", { class: `rating-change ${g.change > 0 ? "up" : g.change < 0 ? "down" : ""}` }, change(g.change)),
    h("td", {}, h("a", { href: `#/replay/${encodeURIComponent(g.game_id)}` }, t("web.lobby.replay")))));
  main.replaceChildren(...[
    h("section", { class: "profile", id: "profile" },
      h("h1", {}, profile.name),
      h("h2", {}, t("web.ratings.title")), ratings,
      h("h2", {}, t("web.ratings.last_games")),
      profile.games.length
        ? h("div", { class: "table-scroll" }, h("table", { class: "history", id: "history" },
          h("thead", {}, h("tr", {}, ["date", "game", "players", "result", "change", "replay"].map((k) => h("th", {}, t(`web.ratings.col.${k}`))))),
          h("tbody", {}, rows)))
        : h("p", { class: "muted" }, t("web.ratings.no_games"))),
    mine(profile) ? accountSettings() : null].filter(Boolean));
  return { relang: () => showProfile(main, name) };
}

function mine(profile) {
  const me = signedIn();
  return me !== null && me.id === profile.id;
}

// The signed-in player's own profile: e-mail notices, change the password, delete the account.
function accountSettings() {
  const field = (id, label, auto) => h("label", {}, h("span", {}, label),
    h("input", { id, type: "password", autocomplete: auto, minlength: 8, required: true }));
  const said = h("p", { class: "muted", id: "account-said", role: "status" });
  const value = (id) => document.getElementById(id).value;
  const change = h("form", { class: "account-form", id: "change-password", onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      await api("/api/me/password", { method: "POST", body: { password: value("old-password"), new_password: value("new-password") } });
      said.textContent = t("web.account.password_changed");
      ev.target.reset();
    } catch (err) { said.textContent = err.message; }
  } },
  h("h3", {}, t("web.account.change_password")),
  field("old-password", t("web.account.password"), "current-password"),
  field("new-password", t("web.account.new_password"), "new-password"),
  h("button", { type: "submit" }, t("web.account.change_password")));
  const remove = h("form", { class: "account-form", id: "delete-account", onsubmit: async (ev) => {
    ev.preventDefault();
    if (!window.confirm(t("web.account.delete_confirm"))) return;
    try {
      await api("/api/me", { method: "DELETE", body: { password: value("delete-password") } });
      await signOut();
      location.hash = "#/";
    } catch (err) { said.textContent = err.message; }
  } },
  h("h3", {}, t("web.account.delete")),
  h("p", { class: "muted" }, t("web.account.delete_explain")),
  field("delete-password", t("web.account.password"), "current-password"),
  h("button", { type: "submit", class: "danger" }, t("web.account.delete")));
  return h("section", { class: "panel account-settings", id: "account-settings" }, h("h2", {}, t("web.account.settings")), said, emailSettings(), change, remove);
}

export async function showLeaderboard(main, game, band = "2p") {
  if (!BANDS.includes(band)) band = "2p";
  const [board, games] = await Promise.all([api(`/api/leaderboard/${encodeURIComponent(game)}?band=${encodeURIComponent(band)}`), catalogGames()]);
  main.replaceChildren(h("section", { class: "leaderboard", id: "leaderboard" },
    h("h1", {}, t("web.ratings.leaderboard_of", { game: titleOf(games, game) })),
    h("p", { class: "band-switch" }, BANDS.map((b) => h("a", { class: `button ${b === band ? "primary" : ""}`, "data-band": b,
      href: `#/leaderboard/${encodeURIComponent(game)}/${encodeURIComponent(b)}` }, bandName(b)))),
    board.rows.length
      ? h("ol", { class: "leader-list" }, board.rows.map((r) => h("li", { "data-kind": r.kind },
        r.kind === "person" ? h("a", { href: `#/player/${encodeURIComponent(r.name)}` }, r.name)
          : h("span", {}, t("web.ratings.bot", { level: levelName(r.name) })),
        " ", h("strong", { class: "rating-number" }, String(r.rating)),
        " ", h("small", { class: "muted" }, t("web.ratings.games_rated", { n: r.games })))))
      : h("p", { class: "muted" }, t("web.ratings.nobody"))));
  return { relang: () => showLeaderboard(main, game, band) };
}
