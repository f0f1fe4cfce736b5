// The lobby: start a game (game, players, options, seats), invite links, open / live / finished games.
import { api, remember, seatFor } from "./api.js";
import { h, toast } from "./dom.js";
import { t, has, term } from "./i18n.js";
import { gameTitle, seatLabel, levelName } from "./names.js";

let shown = null; // the last invites drawn (redrawn after a language switch)

export async function showLobby(main, keep = null) {
  const [catalog, lobby] = await Promise.all([api("/api/catalog"), api("/api/lobby")]);
  const form = createForm(catalog, keep);
  main.replaceChildren(
    h("section", { class: "panel" }, h("h1", {}, t("web.lobby.start")), form),
    h("div", { id: "invites" }),
    h("section", { class: "panel" }, h("h2", {}, t("web.lobby.open")), gameList(lobby.open, "open", catalog)),
    h("section", { class: "panel" }, h("h2", {}, t("web.lobby.active")), gameList(lobby.active, "active", catalog)),
    h("section", { class: "panel" }, h("h2", {}, t("web.lobby.finished")), gameList(lobby.finished, "finished", catalog)),
  );
  if (keep && shown) showInvites(shown.res, catalog.games.find((g) => g.id === shown.game) || { id: shown.game, seat_names: [] });
  else shown = null;
  // a language switch: the same lobby, the same choices in the form, in the new words
  return { relang: () => showLobby(main, formState(form)) };
}

function formState(form) {
  const values = {};
  for (const el of form.querySelectorAll("select, input")) if (el.name) values[el.name] = el.value;
  return values;
}

// The option's words: its help (the game's catalogue), and a label per choice.
function optionHelp(game, o) {
  const id = `${game.id}.option.${o.name}`;
  return has(id) ? t(id) : (o.help || o.name);
}

function choiceLabel(game, o, value, index) {
  const raw = String(value);
  for (const key of [raw, raw.toLowerCase(), raw.replace(/-/g, "_")]) {
    const id = `${game.id}.option.${o.name}.${key}`;
    if (has(id)) return t(id);
  }
  const given = (o.labels && o.labels[index]) || (o.choice_labels && o.choice_labels[index]);
  if (typeof given === "string") return given;
  if (typeof value === "boolean") return t(value ? "web.yes" : "web.no");
  const named = term(game.id, o.name, value);
  return named !== null ? named : raw;
}

function createForm(catalog, keep) {
  const form = h("form", { class: "create", "aria-label": t("web.lobby.start") });
  const gameSel = h("select", { id: "game", name: "game", "aria-label": t("web.lobby.game") },
    catalog.games.map((g) => h("option", { value: g.id },
      g.min_players === g.max_players ? t("web.lobby.game_choice_fixed", { title: gameTitle(g), n: g.min_players })
        : t("web.lobby.game_choice", { title: gameTitle(g), low: g.min_players, high: g.max_players }))));
  const playersIn = h("input", { id: "players", type: "number", name: "players", min: 1, max: 7, "aria-label": t("web.lobby.players") });
  const nameIn = h("input", { id: "player-name", name: "name", maxlength: 40, placeholder: t("web.lobby.name_placeholder"), "aria-label": t("web.lobby.your_name") });
  const summary = h("p", { class: "muted game-summary" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const current = () => catalog.games.find((g) => g.id === gameSel.value);

  function drawSeats() {
    const g = current();
    const n = Math.max(g.min_players, Math.min(g.max_players, Number(playersIn.value) || g.min_players));
    playersIn.value = n;
    const before = Object.fromEntries([...seatsBox.querySelectorAll("select")].map((el) => [el.name, el.value]));
    seatsBox.replaceChildren(h("legend", {}, t("web.lobby.seats")));
    for (let i = 0; i < n; i++) {
      const label = seatLabel(g, i);
      const sel = h("select", { name: `seat${i}`, "aria-label": t("web.lobby.seat_of", { seat: label }), id: `seat-${i}` },
        h("option", { value: "human" }, i === 0 ? t("web.lobby.you") : t("web.lobby.invite_person")),
        catalog.bot_levels.map((lvl) => h("option", { value: `bot:${lvl}`, selected: i > 0 && lvl === "heuristic" },
          t("web.lobby.bot_choice", { level: levelName(lvl) }))));
      if (i > 0 && !catalog.bot_levels.includes("heuristic")) sel.value = `bot:${catalog.bot_levels[0]}`;
      if (before[sel.name]) sel.value = before[sel.name];
      seatsBox.append(h("label", { class: "seat" }, h("span", {}, label), sel));
    }
  }
  function drawOptions() {
    const g = current();
    playersIn.min = g.min_players; playersIn.max = g.max_players;
    summary.textContent = has(`${g.id}.summary`) ? t(`${g.id}.summary`) : (g.summary || "");
    optionsBox.replaceChildren(...g.options.map((o) => {
      const help = optionHelp(g, o);
      return h("label", { class: "option" }, h("span", { class: "help" }, help),
        h("select", { name: `opt:${o.name}`, "aria-label": help },
          o.choices.map((c, i) => h("option", { value: JSON.stringify(c), selected: c === o.default }, choiceLabel(g, o, c, i)))));
    }));
    seatsBox.replaceChildren();
    drawSeats();
  }
  gameSel.addEventListener("change", () => { playersIn.value = ""; drawOptions(); });
  playersIn.addEventListener("change", drawSeats);
  form.append(
    h("label", {}, t("web.lobby.game"), gameSel), h("label", {}, t("web.lobby.players"), playersIn),
    h("label", {}, t("web.lobby.name"), nameIn), summary,
    optionsBox, seatsBox, h("button", { type: "submit", class: "primary", id: "create" }, t("web.lobby.start_button")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const g = current();
    const data = new FormData(form);
    const options = {};
    for (const o of g.options) options[o.name] = JSON.parse(data.get(`opt:${o.name}`));
    const seats = [];
    for (let i = 0; i < Number(playersIn.value); i++) {
      const v = data.get(`seat${i}`);
      seats.push(v === "human" ? { kind: "human" } : { kind: "bot", level: v.slice(4) });
    }
    const you = seats.findIndex((x) => x.kind === "human");
    try {
      const res = await api("/api/games", { method: "POST", body: {
        game: g.id, players: seats.length, options, seats, join: you >= 0 ? you : null,
        player_name: nameIn.value || null } });
      if (res.token !== null && res.token !== undefined) remember(res.id, res.seat, res.token);
      if (res.invites.length) showInvites(res, g);
      else location.hash = `#/game/${encodeURIComponent(res.id)}`;
    } catch (err) { toast(t("web.error.start", { reason: err.message })); }
  });
  if (keep && keep.game && catalog.games.some((g) => g.id === keep.game)) gameSel.value = keep.game;
  if (keep && keep.players) playersIn.value = keep.players;
  drawOptions();
  if (keep) {
    for (const el of form.querySelectorAll("select, input")) {
      if (el.name && el.name !== "game" && keep[el.name] !== undefined) el.value = keep[el.name];
    }
  }
  return form;
}

function showInvites(res, g) {
  shown = { res, game: g.id };
  const box = document.getElementById("invites");
  const base = `${location.origin}${location.pathname}`;
  box.replaceChildren(h("section", { class: "panel invites" },
    h("h2", {}, t("web.invite.title")),
    h("p", {}, t("web.invite.explain")),
    h("ul", {}, res.invites.map((inv) => {
      const url = `${base}#/join/${encodeURIComponent(res.id)}/${inv.seat}/${encodeURIComponent(inv.code)}`;
      return h("li", {}, t("web.invite.seat", { seat: seatLabel(g, inv.seat) }),
        h("input", { readonly: true, value: url, size: 60, "aria-label": t("web.invite.link_for", { number: inv.seat + 1 }), class: "invite-link" }));
    })),
    res.token ? h("a", { class: "button primary", id: "go-to-game", href: `#/game/${encodeURIComponent(res.id)}` }, t("web.invite.go")) : null));
}

function who(s, color) {
  if (s.kind === "bot") return t("web.lobby.seat_bot", { seat: color, level: levelName(s.level) });
  if (s.name) return t("web.lobby.seat_named", { seat: color, name: s.name });
  return t(s.claimed ? "web.lobby.seat_person" : "web.lobby.seat_free", { seat: color });
}

function gameList(games, status, catalog) {
  if (!games.length) return h("p", { class: "muted" }, t("web.lobby.none"));
  return h("ul", { class: "games" }, games.map((g) => {
    const mine = seatFor(g.id);
    const info = catalog.games.find((x) => x.id === g.game) || { id: g.game, name: g.game, seat_names: [] };
    const color = (seat) => seatLabel(info, seat);
    const seats = (g.seats || []).map((s) => who(s, color(s.seat))).join(t("web.separator"));
    const links = [];
    if (status === "open") {
      for (const s of g.seats || []) {
        if (s.kind === "human" && !s.claimed) {
          links.push(h("button", { onclick: () => joinSeat(g.id, s.seat) }, t("web.lobby.join_as", { seat: color(s.seat) })));
        }
      }
    }
    if (status !== "finished") links.push(h("a", { class: "button", href: `#/game/${encodeURIComponent(g.id)}` }, mine ? t("web.lobby.resume") : t("web.lobby.watch")));
    else links.push(h("a", { class: "button", href: `#/replay/${encodeURIComponent(g.id)}` }, t("web.lobby.replay")));
    return h("li", {}, h("strong", {}, gameTitle(info)), " ", t("web.lobby.player_count", { n: g.players }), " — ",
      h("span", { class: "muted" }, seats), " ", links);
  }));
}

async function joinSeat(gid, seat) {
  try {
    const res = await api(`/api/games/${encodeURIComponent(gid)}/join`, { method: "POST", body: { seat } });
    remember(gid, res.seat, res.token);
    location.hash = `#/game/${encodeURIComponent(gid)}`;
  } catch (err) { toast(t("web.error.join", { reason: err.message })); }
}
