// The lobby, the front door: a gallery of the games (a drawn cover, the name, player counts, length,
// what it is, how many open games wait for players) with "Play now" against bots in one click; "Set up a
// game" (player count, who sits where, options in the rulebook's words); the games to join, yours in
// progress, the others being played, and the finished ones to replay, every seat by its player's name.
import { api, forget, holdTheTable, remember, seatFor } from "./api.js";
import { myGames, signedIn, whoAmI } from "./account.js";
import { h, toast } from "./dom.js";
import { t, has, term, lang, LANGUAGES } from "./i18n.js";
import { gameTitle, seatLabel, levelName, personName } from "./names.js";
import { cover } from "./covers.js";
import { paceChoice, paceWords } from "./pace.js";
import { waitingPanel } from "./waiting.js";
import { inviteByName } from "./invite_name.js";

const NAME_STORE = "meeple.name";
const NAME_LIMIT = 40; // the server's limit (meeple/server/app.py NAME_LIMIT)

// "Play now": how many sit at the table (you and bots), a count the game plays well with.
const PLAY_NOW_PLAYERS = { "cube-europe": 2, citadels: 4, kingsburg: 3, versailles: 3, "gods-playground": 3 };
// The bot level "Play now" seats, and the one a new bot seat starts with in the set-up.
const DEFAULT_LEVEL = "normal";
// The difficulty ladder offered in the set-up, weakest first: the game's own (its catalog entry's `ladder`,
// the rungs measured to differ there), else the catalog's; heuristic, the same player as easy, and ismcts,
// which takes settings, are for programs, through the API.
const LADDER = ["random", "easy", "normal", "hard"];
const NOT_OFFERED = ["heuristic", "ismcts"];
// Options that matter only at some player counts: shown then, sent always (at their chosen value).
const RELEVANT = {
  "citadels.three_player": (n) => n === 3,
  "citadels.two_player_city": (n) => n === 2,
  "cube-europe.solo_deck": (n) => n === 1,
};
// Citadels' nine character options, drawn together as one row of ranks.
const RANK_OPTION = /^rank(\d)$/;

// A game id as a message-id segment (ids allow "-" in their first segment only).
const key = (gameId) => String(gameId).replace(/-/g, "_");

let shown = null; // the last invites drawn (redrawn after a language switch)

export function savedName() {
  try { return (localStorage.getItem(NAME_STORE) || "").slice(0, NAME_LIMIT); } catch { return ""; }
}

export function saveName(name) {
  try { if (name) localStorage.setItem(NAME_STORE, name); } catch { /* private mode: not remembered */ }
}

// The games' names in the page's other language, for the gallery's second line (e.g. 富饶之城 under Citadels).
async function namesInOtherLanguage() {
  const other = Object.keys(LANGUAGES).find((code) => code !== lang());
  if (!other) return { code: null, names: {} };
  try {
    const res = await fetch(`/api/catalog?lang=${encodeURIComponent(other)}`, { headers: { Accept: "application/json" } });
    const data = res.ok ? await res.json() : { games: [] };
    return { code: other, names: Object.fromEntries(data.games.map((g) => [g.id, g.name])) };
  } catch { return { code: other, names: {} }; }
}

export async function showLobby(main, keep = null) {
  const [catalog, lobby, other, held] = await Promise.all([api("/api/catalog"), api("/api/lobby"), namesInOtherLanguage(), myGames()]);
  const form = createForm(catalog, keep);
  const setup = h("section", { class: "panel setup", id: "setup", "aria-labelledby": "setup-title" },
    h("h2", { id: "setup-title" }, t("web.setup.title")), h("p", { class: "muted" }, t("web.setup.explain")), form);
  const choose = (gameId, table = null) => {
    const sel = form.querySelector("#game");
    if (sel.value !== gameId) { sel.value = gameId; sel.dispatchEvent(new Event("change")); }
    if (table) { const where = form.querySelector("#table"); where.value = table; where.dispatchEvent(new Event("change")); }
    setup.scrollIntoView({ behavior: "smooth", block: "start" });
    sel.focus({ preventScroll: true });
  };
  const { yours, open: openToJoin, active: others } = sortLists(lobby, new Set(held.map((g) => g.id)));
  main.replaceChildren(
    waitingPanel(catalog),  // "Waiting for you" first: your turns and the invitations sent to you
    h("section", { class: "front" },
      h("h1", {}, t("web.gallery.title")), h("p", { class: "muted lead" }, t("web.gallery.lead")),
      h("div", { class: "gallery", id: "gallery" }, catalog.games.map((g) => gameCard(g, catalog, openToJoin, other, choose)))),
    h("div", { id: "invites" }),
    setup,
    listSection("your-games", t("web.lists.yours"), yours, "yours", catalog),
    listSection("open-games", t("web.lists.open"), openToJoin, "open", catalog),
    listSection("active-games", t("web.lists.active"), others, "active", catalog),
    listSection("finished-games", t("web.lists.finished"), lobby.finished, "finished", catalog),
  );
  keepFresh(main.querySelector("#gallery"), catalog);
  if (keep && shown) showInvites(shown.res, catalog.games.find((g) => g.id === shown.game) || { id: shown.game, seat_names: [] });
  else shown = null;
  // a language switch: the same lobby, the same choices in the form, in the new words
  return { relang: () => showLobby(main, formState(form)) };
}

// While this lobby is on the page: the lists and the cards' open-game counts follow the server
// (every 10 s); the timer stops once the lobby is replaced (another screen, a language switch).
const REFRESH_MS = 10000;

function keepFresh(gallery, catalog) {
  const timer = setInterval(async () => {
    if (!gallery.isConnected) { clearInterval(timer); return; }
    if (document.hidden) return;
    let lobby, held;
    try { [lobby, held] = await Promise.all([api("/api/lobby"), myGames()]); } catch { return; }
    if (!gallery.isConnected) return;
    const lists = sortLists(lobby, new Set(held.map((g) => g.id)));
    for (const card of gallery.querySelectorAll(".game-card")) {
      const waiting = lists.open.filter((x) => x.game === card.dataset.game).length;
      const box = card.querySelector("[data-open]");
      box.replaceWith(waitingLine(waiting));
    }
    for (const [id, kind] of [["your-games", "yours"], ["open-games", "open"], ["active-games", "active"], ["finished-games", "finished"]]) {
      const old = document.getElementById(id);
      if (old) old.replaceWith(listSection(id, old.querySelector("h2").firstChild.textContent.trim(), lists[kind], kind, catalog));
    }
  }, REFRESH_MS);
}

// The lobby's games sorted for the lists: yours (open or active), open to join, others' active, finished.
// `accountGames`: the ids of the games the signed-in player's account holds a seat in (any device).
function sortLists(lobby, accountGames = new Set()) {
  const mine = (g) => seatFor(g.id) !== null || accountGames.has(g.id);
  return {
    yours: [...lobby.open, ...lobby.active].filter(mine),
    open: lobby.open.filter((g) => !mine(g) && (g.seats || []).some((s) => s.kind === "human" && !s.claimed && !s.reserved)),
    active: lobby.active.filter((g) => !mine(g)),
    finished: lobby.finished,
  };
}

function waitingLine(waiting) {
  return h("p", { class: `waiting ${waiting ? "some" : ""}`, "data-open": waiting },
    waiting ? h("a", { href: "#open-games", onclick: (ev) => { ev.preventDefault(); document.getElementById("open-games").scrollIntoView({ behavior: "smooth" }); } },
      t("web.gallery.open_games", { n: waiting }))
      : t("web.gallery.no_open_games"));
}

// ------------------------------------------------------------------------------------------ the gallery
function playersText(g) {
  return g.min_players === g.max_players ? t("web.gallery.players_fixed", { n: g.min_players })
    : t("web.gallery.players_range", { low: g.min_players, high: g.max_players });
}

function gameCard(g, catalog, openToJoin, other, choose) {
  const waiting = openToJoin.filter((x) => x.game === g.id).length;
  const otherName = other.names[g.id];
  const players = playNowPlayers(g);
  const offered = offeredLevels(catalog, g);
  const level = offered.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : offered[0];
  return h("article", { class: "game-card", "data-game": g.id, "aria-labelledby": `card-${g.id}` },
    cover(g.id),
    h("div", { class: "card-body" },
      h("h2", { id: `card-${g.id}` }, gameTitle(g),
        otherName && otherName !== gameTitle(g)
          ? h("span", { class: "other-name", lang: other.code === "zh" ? "zh-Hans" : other.code }, otherName) : null),
      h("p", { class: "facts" }, h("span", {}, playersText(g)), h("span", {}, (has(`web.gallery.length.${key(g.id)}`) ? t(`web.gallery.length.${key(g.id)}`) : ""))),
      h("p", { class: "about" }, has(`web.gallery.about.${key(g.id)}`) ? t(`web.gallery.about.${key(g.id)}`) : (g.summary || "")),
      waitingLine(waiting),
      h("div", { class: "card-actions" },
        h("button", { class: "primary play-now", type: "button", "data-play": g.id,
          title: players > 1 ? t("web.gallery.play_now_with", { n: players - 1, level: levelName(level) }) : t("web.gallery.play_now_solo"),
          onclick: (ev) => playNow(g, players, level, ev.currentTarget) },
        t("web.gallery.play_now"),
        h("small", {}, players > 1 ? t("web.gallery.play_now_with", { n: players - 1, level: levelName(level) }) : t("web.gallery.play_now_solo"))),
        h("button", { type: "button", class: "set-up", "data-setup": g.id, onclick: () => choose(g.id) }, t("web.gallery.set_up")),
        h("button", { type: "button", class: "set-up referee", "data-referee": g.id, title: t("web.referee.gallery_help"),
          onclick: () => choose(g.id, "device") }, t("web.referee.gallery")),
        g.learn ? h("a", { class: "set-up learn-link", href: `#/learn/${encodeURIComponent(g.id)}`, "data-learn": g.id,
          title: t("web.learn.link_help") }, t("web.learn.link")) : null)));
}

// "Play now" from another page (the end of a guided game): the card's game and seats, against easy bots.
export function playNowOf(g, catalog, button) {
  const offered = offeredLevels(catalog, g);
  const level = ["easy", DEFAULT_LEVEL].find((l) => offered.includes(l)) || offered[0];
  return playNow(g, playNowPlayers(g), level, button);
}

function playNowPlayers(g) {
  const wanted = PLAY_NOW_PLAYERS[g.id] || Math.max(g.min_players, 2);
  return Math.max(g.min_players, Math.min(g.max_players, wanted));
}

async function playNow(g, players, level, button) {
  button.disabled = true;
  const seats = [{ kind: "human" }, ...Array.from({ length: players - 1 }, () => ({ kind: "bot", level }))];
  try {
    const res = await api("/api/games", { method: "POST", body: {
      game: g.id, players, seats, join: 0, player_name: savedName() || null } });
    remember(res.id, res.seat, res.token);
    location.hash = `#/game/${encodeURIComponent(res.id)}`;
  } catch (err) {
    button.disabled = false;
    toast(t("web.error.start", { reason: err.message }));
  }
}

// ------------------------------------------------------------------------------------------ set up a game
function formState(form) {
  const values = {};
  for (const el of form.querySelectorAll("select, input")) if (el.name) values[el.name] = el.value;
  return values;
}

// The option's short name (lobby.po), its help (lobby.po, else the game's catalogue), a label per choice.
function optionLabel(game, o) {
  const id = `web.setup.option.${key(game.id)}.${o.name}`;
  return has(id) ? t(id) : o.name;
}

function optionHelp(game, o) {
  for (const id of [`web.setup.help.${key(game.id)}.${o.name}`, `${game.id}.option.${o.name}`]) if (has(id)) return t(id);
  return o.help || "";
}

function choiceLabel(game, o, value, index) {
  const raw = String(value);
  for (const key of [raw, raw.toLowerCase(), raw.replace(/-/g, "_")]) {
    const id = `${game.id}.option.${o.name}.${key}`;
    if (has(id)) return t(id);
  }
  const given = o.labels && o.labels[index];
  if (typeof given === "string" && given !== raw) return given;
  if (typeof value === "boolean") return t(value ? "web.yes" : "web.no");
  const named = term(game.id, o.name, value);
  return named !== null ? named : raw;
}

// The bot levels the set-up offers for game `g`: its ladder (those the server allows), then the operator's
// plug-ins.
function offeredLevels(catalog, g) {
  const ladder = (g && g.ladder) || catalog.ladder || LADDER;
  const known = catalog.ladder || LADDER;
  return [...ladder.filter((l) => catalog.bot_levels.includes(l)),
    ...catalog.bot_levels.filter((l) => !known.includes(l) && !NOT_OFFERED.includes(l))];
}

// A level's one line, and its rating in this game at this player count (the catalog's bot_ratings: the
// ratings shipped with the server, or those of `meeple ratings seed-bots`).
function levelHelp(catalog, level, game = null, players = 0) {
  const id = `web.setup.level.${level}`;
  let text = has(id) ? t(id) : ((catalog.bot_level_help || []).find((x) => x.level === level) || { help: "" }).help;
  const band = players >= 3 ? "3p+" : "2p";
  const rated = game && game.bot_ratings && game.bot_ratings[band] ? game.bot_ratings[band][level] : undefined;
  if (Number.isInteger(rated)) text = t("web.setup.level_rated", { help: text, rating: rated });
  return text;
}

function optionSelect(g, o) {
  return h("select", { name: `opt:${o.name}`, id: `opt-${o.name}`, "data-option": o.name },
    o.choices.map((c, i) => h("option", { value: JSON.stringify(c), selected: c === o.default }, choiceLabel(g, o, c, i))));
}

function createForm(catalog, keep) {
  const form = h("form", { class: "create", "aria-label": t("web.setup.title") });
  const gameSel = h("select", { id: "game", name: "game" },
    catalog.games.map((g) => h("option", { value: g.id }, gameTitle(g))));
  const playersIn = h("input", { id: "players", type: "number", name: "players", min: 1, max: 7, inputmode: "numeric" });
  const playersHint = h("small", { class: "muted", id: "players-hint" });
  const account = signedIn();  // signed in: the game is played under the account's name
  const nameIn = h("input", { id: "player-name", name: "name", maxlength: NAME_LIMIT, autocomplete: "nickname",
    placeholder: t("web.lobby.name_placeholder"), value: account ? account.name : savedName(), readonly: Boolean(account) });
  const summary = h("p", { class: "muted game-summary" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const current = () => catalog.games.find((g) => g.id === gameSel.value);
  const levelsOf = (g) => offeredLevels(catalog, g);
  const chosen = {}; // seat select name → the value chosen there: kept while seats come and go
  const tableSel = h("select", { id: "table", name: "table", "aria-describedby": "table-help" },
    ["online", "device", "phones"].map((v) => h("option", { value: v }, t(`web.referee.table.${v}`))));
  const tableHelp = h("small", { class: "help", id: "table-help" });
  const tableBox = h("div", { class: "option table-choice" },
    h("label", { for: "table", class: "option-name" }, t("web.referee.table")), tableSel, tableHelp);
  const referee = () => tableSel.value !== "online";
  // Rated: chosen now for good (no hints, no undo, every seat signed in); on by default for a signed-in
  // player against bots only, never for a solo or a referee game (the server says the same).
  const ratedIn = h("input", { type: "checkbox", id: "rated", name: "rated", "aria-describedby": "rated-help" });
  const ratedHelp = h("small", { class: "help", id: "rated-help" });
  const ratedBox = h("div", { class: "option rated-choice" },
    h("label", { for: "rated", class: "option-name" }, ratedIn, t("web.setup.rated")), ratedHelp);
  let ratedTouched = false;
  ratedIn.addEventListener("change", () => { ratedTouched = true; drawRated(); });
  function drawRated() {
    const n = count();
    const humansOnly = [...seatsBox.querySelectorAll("select")].filter((el) => el.value === "human").length;
    const possible = Boolean(account) && n >= 2 && !referee();
    if (!possible) ratedIn.checked = false;
    else if (!ratedTouched) ratedIn.checked = humansOnly <= 1;
    ratedIn.disabled = !possible;
    ratedHelp.textContent = !account ? t("web.setup.rated_sign_in") : !possible ? t("web.setup.rated_never")
      : ratedIn.checked ? t("web.setup.rated_help") : t("web.setup.unrated_help");
  }
  // Real time or turn-based (a time per move): a game refereed at one table is played in real time.
  const pace = paceChoice(catalog.turn_based);
  tableSel.addEventListener("change", () => {
    pace.table(referee());
    tableHelp.textContent = t(`web.referee.table_help.${tableSel.value}`);
    if (referee()) for (const el of seatsBox.querySelectorAll("select")) el.value = "human"; // a real table: people
    drawSeats();
  });
  tableHelp.textContent = t("web.referee.table_help.online");

  function count() {
    const g = current();
    return Math.max(g.min_players, Math.min(g.max_players, Number(playersIn.value) || g.min_players));
  }

  function drawSeats() {
    const g = current();
    const n = count();
    const levels = levelsOf(g);
    const startLevel = levels.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : levels[0];
    playersIn.value = n;
    for (const el of seatsBox.querySelectorAll("select")) chosen[el.name] = el.value;
    seatsBox.replaceChildren(h("legend", {}, t("web.lobby.seats")));
    for (let i = 0; i < n; i++) {
      const label = seatLabel(g, i);
      const sel = h("select", { name: `seat${i}`, id: `seat-${i}`, "aria-label": t("web.lobby.seat_of", { seat: label }) },
        h("option", { value: "human" }, i === 0 ? t("web.setup.you")
          : tableSel.value === "device" ? t("web.referee.at_device") : t("web.setup.invite")),
        levels.map((lvl) => h("option", { value: `bot:${lvl}` }, t("web.setup.bot", { level: levelName(lvl) }))));
      sel.value = chosen[sel.name] && [...sel.options].some((o) => o.value === chosen[sel.name]) ? chosen[sel.name]
        : i === 0 || referee() ? "human" : `bot:${startLevel}`;
      const help = h("small", { class: "level-help muted", id: `seat-help-${i}` });
      const explain = () => {
        help.textContent = sel.value === "human" ? (i === 0 ? t("web.setup.you_help")
          : tableSel.value === "device" ? t("web.referee.at_device_help") : t("web.setup.invite_help"))
          : levelHelp(catalog, sel.value.slice(4), g, n);
      };
      sel.addEventListener("change", () => { chosen[sel.name] = sel.value; explain(); drawRated(); });
      explain();
      seatsBox.append(h("div", { class: "seat" },
        h("span", { class: "swatch", "aria-hidden": "true", "data-colour": (g.seat_colours || [])[i] || "" }),
        h("label", { for: `seat-${i}`, class: "seat-name" }, label), sel, help));
    }
    playersHint.textContent = playersText(g);
    drawRelevance();
    drawRated();
  }

  function drawRelevance() {
    const g = current();
    const n = count();
    for (const box of optionsBox.querySelectorAll("[data-option-box]")) {
      const test = RELEVANT[`${g.id}.${box.dataset.optionBox}`];
      box.hidden = test ? !test(n) : false;
    }
  }

  function drawOptions() {
    const g = current();
    playersIn.min = g.min_players; playersIn.max = g.max_players;
    summary.textContent = has(`web.gallery.about.${key(g.id)}`) ? t(`web.gallery.about.${key(g.id)}`) : (g.summary || "");
    const ranks = g.options.filter((o) => RANK_OPTION.test(o.name));
    const rest = g.options.filter((o) => !RANK_OPTION.test(o.name));
    const boxes = rest.map((o) => {
      const help = optionHelp(g, o);
      const sel = optionSelect(g, o);
      sel.setAttribute("aria-describedby", `help-${o.name}`);
      return h("div", { class: "option", "data-option-box": o.name },
        h("label", { for: sel.id, class: "option-name" }, optionLabel(g, o)), sel,
        h("small", { class: "help", id: `help-${o.name}` }, help));
    });
    if (ranks.length) {
      // what the rank's two characters do: on hover, and below the row for the rank last touched (phones)
      const about = h("small", { class: "help rank-about", id: "rank-about", "aria-live": "polite" });
      boxes.unshift(h("fieldset", { class: "option ranks", "data-option-box": "characters" },
        h("legend", { class: "option-name" }, t(`web.setup.option.${key(g.id)}.characters`)),
        h("small", { class: "help" }, t(`web.setup.help.${key(g.id)}.characters`)),
        h("div", { class: "rank-row" }, ranks.map((o) => {
          const sel = optionSelect(g, o);
          sel.title = optionHelp(g, o);
          const tell = () => { about.textContent = optionHelp(g, o); };
          sel.addEventListener("focus", tell);
          sel.addEventListener("change", tell);
          return h("label", { class: "rank" }, h("span", {}, t("web.setup.rank", { number: Number(RANK_OPTION.exec(o.name)[1]) })), sel);
        })), about));
    }
    optionsBox.replaceChildren(...(boxes.length ? [h("h3", {}, t("web.setup.options")), ...boxes]
      : [h("p", { class: "muted" }, t("web.setup.no_options"))]));
    for (const key of Object.keys(chosen)) delete chosen[key];
    seatsBox.replaceChildren();
    drawSeats();
  }
  gameSel.addEventListener("change", () => { playersIn.value = ""; drawOptions(); });
  playersIn.addEventListener("change", drawSeats);
  const startButton = h("button", { type: "submit", class: "primary", id: "create" }, t("web.setup.start"));
  form.append(
    h("div", { class: "form-row" },
      h("label", {}, h("span", {}, t("web.lobby.game")), gameSel),
      h("label", {}, h("span", {}, t("web.lobby.players")), playersIn, playersHint),
      h("label", {}, h("span", {}, t("web.lobby.your_name")), nameIn)),
    summary, tableBox, seatsBox, pace.box, ratedBox, optionsBox, h("div", { class: "form-row end" }, startButton));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const g = current();
    const data = new FormData(form);
    const options = {};
    for (const o of g.options) options[o.name] = JSON.parse(data.get(`opt:${o.name}`));
    const seats = [];
    for (let i = 0; i < count(); i++) {
      const v = data.get(`seat${i}`);
      seats.push(v === "human" ? { kind: "human" } : { kind: "bot", level: v.slice(4) });
    }
    const you = seats.findIndex((x) => x.kind === "human");
    const name = nameIn.value.trim();
    if (!account) saveName(name);
    startButton.disabled = true;
    try {
      const res = await api("/api/games", { method: "POST", body: {
        game: g.id, players: seats.length, options, seats, join: you >= 0 ? you : null,
        player_name: name || null, referee: referee(), rated: ratedIn.checked, ...pace.body() } });
      if (res.token !== null && res.token !== undefined && tableSel.value === "device") {
        await holdTheTable(res);
      } else if (res.token !== null && res.token !== undefined) remember(res.id, res.seat, res.token);
      if (res.invites.length && tableSel.value !== "device") showInvites(res, g);
      else location.hash = `#/game/${encodeURIComponent(res.id)}`;
    } catch (err) { toast(t("web.error.start", { reason: err.message })); }
    startButton.disabled = false;
  });
  if (keep && keep.game && catalog.games.some((g) => g.id === keep.game)) gameSel.value = keep.game;
  if (keep && keep.players) playersIn.value = keep.players;
  drawOptions();
  if (keep) {
    for (const el of form.querySelectorAll("select, input")) {
      if (el.name && el.name !== "game" && keep[el.name] !== undefined) el.value = keep[el.name];
    }
    drawSeats();
    pace.table(referee());
  }
  return form;
}

function showInvites(res, g) {
  shown = { res, game: g.id };
  const box = document.getElementById("invites");
  const base = `${location.origin}${location.pathname}`;
  box.replaceChildren(h("section", { class: "panel invites" },
    h("h2", {}, t("web.invite.title")),
    // a signed-in player may invite accounts by name (no link to send); the links stay, for guests
    // a seat invited by name refuses its link meanwhile: the link leaves the list
    signedIn() ? inviteByName(res.id, g, res.invites.map((inv) => inv.seat),
      (sent) => { const li = box.querySelector(`[data-link-seat="${sent.seat}"]`); if (li) li.remove(); }) : null,
    h("p", {}, signedIn() ? t("web.invite.links_for_guests") : t("web.invite.explain")),
    h("ul", {}, res.invites.map((inv) => {
      const url = `${base}#/join/${encodeURIComponent(res.id)}/${inv.seat}/${encodeURIComponent(inv.code)}`;
      const field = h("input", { readonly: true, value: url, size: 60, "aria-label": t("web.invite.link_for", { number: inv.seat + 1 }), class: "invite-link" });
      const copy = h("button", { type: "button", class: "copy-link", onclick: async () => {
        field.select();
        try { await navigator.clipboard.writeText(url); copy.textContent = t("web.invite.copied"); }
        catch { copy.textContent = t("web.invite.select_to_copy"); }
      } }, t("web.invite.copy"));
      return h("li", { "data-link-seat": inv.seat }, t("web.invite.seat", { seat: seatLabel(g, inv.seat) }), field, " ", copy);
    })),
    res.token ? h("a", { class: "button primary", id: "go-to-game", href: `#/game/${encodeURIComponent(res.id)}` }, t("web.invite.go")) : null));
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

// ------------------------------------------------------------------------------------------ the lists
// A seat as the lists show it: its player's name (a guest's marked), a bot by level, an invited seat still free.
export function seatWords(s, label) {
  if (s.kind === "bot") return t("web.lobby.seat_bot", { seat: label, level: levelName(s.level) });
  if (s.name && Number.isInteger(s.rating)) return t("web.lobby.seat_rated", { seat: label, name: personName(s), rating: s.rating });
  if (s.name) return t("web.lobby.seat_named", { seat: label, name: personName(s) });
  if (s.reserved) return t("web.lobby.seat_invited", { seat: label });  // held for an account invited by name
  return t(s.claimed ? "web.lists.seat_unnamed" : "web.lobby.seat_free", { seat: label });
}

function listSection(id, title, games, kind, catalog) {
  return h("section", { class: "panel list", id },
    h("h2", {}, title, " ", h("span", { class: "count" }, String(games.length))),
    games.length ? gameList(games, kind, catalog) : h("p", { class: "muted" }, t(`web.lists.none_${kind}`)));
}

function gameList(games, kind, catalog) {
  return h("ul", { class: "games" }, games.map((g) => {
    const info = catalog.games.find((x) => x.id === g.game) || { id: g.game, name: g.game, seat_names: [] };
    const label = (seat) => seatLabel(info, seat);
    const links = [];
    if (kind === "open") {
      for (const s of g.seats || []) {
        if (s.kind === "human" && !s.claimed && !s.reserved) {  // a seat held by an invite by name is its invitee's
          links.push(h("a", { class: "button primary", "data-join": `${g.id}/${s.seat}`,
            href: `#/join/${encodeURIComponent(g.id)}/${s.seat}` }, t("web.lobby.join_as", { seat: label(s.seat) })));
        }
      }
    } else if (kind === "yours") {
      links.push(h("a", { class: "button primary", href: `#/game/${encodeURIComponent(g.id)}` }, t("web.lobby.resume")));
      const mine = seatFor(g.id);
      // The creator may cancel a game nobody has started yet (the server says no once it has).
      if (g.status === "open" && mine && g.creator_seat !== null && g.creator_seat !== undefined && mine.seat === g.creator_seat) {
        links.push(h("button", { type: "button", class: "button cancel-game", "data-cancel": g.id,
          onclick: (ev) => cancelGame(g, mine, ev.currentTarget) }, t("web.lobby.cancel")));
      }
    } else if (kind === "active") {
      links.push(h("a", { class: "button", href: `#/game/${encodeURIComponent(g.id)}` }, t("web.lobby.watch")));
    } else {
      links.push(h("a", { class: "button", href: `#/replay/${encodeURIComponent(g.id)}` }, t("web.lobby.replay")));
    }
    return h("li", { "data-game-id": g.id, "data-status": g.status },
      h("div", { class: "what" }, h("strong", {}, gameTitle(info)), " ",
        h("span", { class: "muted" }, t("web.lobby.player_count", { n: g.players }), " · ", when(g, kind),
          g.pace === "turns" ? [" · ", h("span", { class: "pace" }, paceWords(g))] : null,
          g.status === "abandoned" ? [" · ", h("span", { class: "abandoned" }, t("web.lists.abandoned"))] : null)),
      h("ul", { class: "seat-list" }, (g.seats || []).map((s) => h("li", {}, seatWords(s, label(s.seat))))),
      h("div", { class: "links" }, links));
  }));
}

// "Cancel" on one of your games not started: asked once more, then the server closes it for everyone.
async function cancelGame(g, mine, button) {
  if (!window.confirm(t("web.lobby.cancel_confirm"))) return;
  button.disabled = true;
  try {
    await api(`/api/games/${encodeURIComponent(g.id)}/cancel`, { method: "POST", token: mine.token });
    forget(g.id);
    const item = button.closest("li[data-game-id]");
    const list = item && item.closest("section.list");
    if (item) item.remove();
    const count = list && list.querySelector(".count");
    if (count) count.textContent = String(Math.max(0, Number(count.textContent) - 1));
    toast(t("web.lobby.cancelled"));
  } catch (err) {
    button.disabled = false;
    toast(t("web.error.cancel", { reason: err.message }));
  }
}

// When a game started or ended, in words relative to now ("5 minutes ago").
function when(g, kind) {
  const at = kind === "finished" ? (g.finished_at || g.updated_at) : g.created_at;
  if (!at) return "";
  const minutes = Math.max(0, Math.round((Date.now() / 1000 - at) / 60));
  const id = kind === "finished" ? "web.lists.finished_ago" : "web.lists.started_ago";
  if (minutes < 1) return t(`${id}_now`);
  if (minutes < 90) return t(`${id}_minutes`, { n: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 36) return t(`${id}_hours`, { n: hours });
  return t(`${id}_days`, { n: Math.round(hours / 24) });
}

// ------------------------------------------------------------------------------------------ joining
// An invitation (or a free seat of a public game): who is at the table, your name, then "Join".
export async function showJoin(main, gid, seat, invite) {
  const [summary, catalog] = await Promise.all([api(`/api/games/${encodeURIComponent(gid)}`), api("/api/catalog")]);
  const info = catalog.games.find((g) => g.id === summary.game) || { id: summary.game, name: summary.game, seat_names: [] };
  const seatNumber = seat === undefined || seat === "" ? null : Number(seat);
  const account = await whoAmI();  // signed in: the seat becomes the account's, under its name
  const nameIn = h("input", { id: "join-name", name: "name", required: true, maxlength: NAME_LIMIT, autocomplete: "nickname",
    placeholder: t("web.lobby.name_placeholder"), value: account ? account.name : savedName(), readonly: Boolean(account) });
  const button = h("button", { type: "submit", class: "primary", id: "join-button" }, t("web.join.button"));
  const form = h("form", { class: "join-form" },
    h("label", {}, h("span", {}, t("web.join.your_name")), nameIn), button);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = nameIn.value.trim();
    if (!name) { nameIn.focus(); return; }
    if (!account) saveName(name);
    button.disabled = true;
    try {
      const res = await api(`/api/games/${encodeURIComponent(gid)}/join`, { method: "POST",
        body: { invite: invite || null, seat: seatNumber, name } });
      remember(gid, res.seat, res.token);
      history.replaceState(null, "", `${location.pathname}${location.search}#/game/${encodeURIComponent(gid)}`);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (err) {
      button.disabled = false;
      toast(t("web.error.join", { reason: err.message }));
    }
  });
  const wanted = seatNumber !== null ? summary.seats.find((s) => s.seat === seatNumber) : null;
  const free = summary.seats.some((s) => s.kind === "human" && !s.claimed && !s.reserved);
  const gone = seatNumber !== null ? !wanted || wanted.kind !== "human" || wanted.claimed || wanted.reserved : !free;
  const draw = () => {
    const yours = seatNumber !== null ? seatLabel(info, seatNumber) : null;
    const watch = h("a", { class: "button", href: `#/game/${encodeURIComponent(gid)}` }, t("web.lobby.watch"));
    main.replaceChildren(h("section", { class: "panel join", id: "join" },
      h("div", { class: "join-cover" }, cover(info.id)),
      h("div", {},
        h("h1", {}, t("web.join.title", { title: gameTitle(info) })),
        yours ? h("p", {}, t("web.join.your_seat", { seat: yours })) : null,
        h("p", { class: "muted" }, t("web.join.table")),
        h("ul", { class: "seat-list" }, summary.seats.map((s) => h("li", { class: s.seat === seatNumber && !gone ? "yours" : "" },
          s.seat === seatNumber && !gone ? t("web.join.seat_yours", { seat: seatLabel(info, s.seat) }) : seatWords(s, seatLabel(info, s.seat))))),
        gone ? h("p", { class: "error", role: "alert", id: "join-taken" }, t("web.join.taken"), " ", watch) : form,
        h("p", {}, h("a", { href: "#/" }, t("web.back_to_lobby"))))));
    if (!gone) nameIn.focus();
  };
  draw();
  return { relang: () => showJoin(main, gid, seat, invite) };
}
