// The lobby: start a game (game, players, options, seats), invite links, open / live / finished games.
import { api, remember, seatFor } from "./api.js";
import { h, toast } from "./dom.js";

export async function showLobby(main) {
  const [catalog, lobby] = await Promise.all([api("/api/catalog"), api("/api/lobby")]);
  main.replaceChildren(
    h("section", { class: "panel" }, h("h1", {}, "Start a game"), createForm(catalog)),
    h("div", { id: "invites" }),
    h("section", { class: "panel" }, h("h2", {}, "Open games"), gameList(lobby.open, "open", catalog)),
    h("section", { class: "panel" }, h("h2", {}, "Games in progress"), gameList(lobby.active, "active", catalog)),
    h("section", { class: "panel" }, h("h2", {}, "Finished games"), gameList(lobby.finished, "finished", catalog)),
  );
}

function gameName(catalog, id) {
  const g = catalog.games.find((x) => x.id === id);
  return g ? g.name : id;
}

function createForm(catalog) {
  const form = h("form", { class: "create", "aria-label": "Start a game" });
  const gameSel = h("select", { id: "game", name: "game", "aria-label": "Game" },
    catalog.games.map((g) => h("option", { value: g.id }, `${g.name} (${g.min_players}–${g.max_players})`)));
  const playersIn = h("input", { id: "players", type: "number", name: "players", min: 1, max: 7, "aria-label": "Players" });
  const nameIn = h("input", { id: "player-name", name: "name", maxlength: 40, placeholder: "your name", "aria-label": "Your name" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const current = () => catalog.games.find((g) => g.id === gameSel.value);

  function drawSeats() {
    const g = current();
    const n = Math.max(g.min_players, Math.min(g.max_players, Number(playersIn.value) || g.min_players));
    playersIn.value = n;
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    for (let i = 0; i < n; i++) {
      const label = g.seat_names[i] || `Player ${i + 1}`;
      const sel = h("select", { name: `seat${i}`, "aria-label": `${label} seat`, id: `seat-${i}` },
        h("option", { value: "human" }, i === 0 ? "you" : "a person (invite)"),
        catalog.bot_levels.map((lvl) => h("option", { value: `bot:${lvl}`, selected: i > 0 && lvl === "heuristic" }, `bot: ${lvl}`)));
      if (i > 0 && !catalog.bot_levels.includes("heuristic")) sel.value = `bot:${catalog.bot_levels[0]}`;
      seatsBox.append(h("label", { class: "seat" }, h("span", {}, label), sel));
    }
  }
  function drawOptions() {
    const g = current();
    playersIn.min = g.min_players; playersIn.max = g.max_players;
    optionsBox.replaceChildren(...g.options.map((o) => h("label", { title: o.help }, `${o.name}: `,
      h("select", { name: `opt:${o.name}`, "aria-label": o.name },
        o.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === o.default }, String(c)))),
      h("small", { class: "help" }, o.help))));
    drawSeats();
  }
  gameSel.addEventListener("change", () => { playersIn.value = ""; drawOptions(); });
  playersIn.addEventListener("change", drawSeats);
  form.append(
    h("label", {}, "Game ", gameSel), h("label", {}, "Players ", playersIn), h("label", {}, "Name ", nameIn),
    optionsBox, seatsBox, h("button", { type: "submit", class: "primary", id: "create" }, "Start"));
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
    } catch (err) { toast(`Could not start the game: ${err.message}`); }
  });
  drawOptions();
  return form;
}

function showInvites(res, g) {
  const box = document.getElementById("invites");
  const base = `${location.origin}${location.pathname}`;
  box.replaceChildren(h("section", { class: "panel invites" },
    h("h2", {}, "Invite the other players"),
    h("p", {}, "Send each person their own link (it works once):"),
    h("ul", {}, res.invites.map((inv) => {
      const url = `${base}#/join/${encodeURIComponent(res.id)}/${inv.seat}/${encodeURIComponent(inv.code)}`;
      return h("li", {}, `${g.seat_names[inv.seat] || `Player ${inv.seat + 1}`}: `,
        h("input", { readonly: true, value: url, size: 60, "aria-label": `invite link for seat ${inv.seat + 1}`, class: "invite-link" }));
    })),
    res.token ? h("a", { class: "button primary", href: `#/game/${encodeURIComponent(res.id)}` }, "Go to the game") : null));
}

function gameList(games, status, catalog) {
  if (!games.length) return h("p", { class: "muted" }, "None.");
  return h("ul", { class: "games" }, games.map((g) => {
    const mine = seatFor(g.id);
    const info = catalog.games.find((x) => x.id === g.game);
    const color = (seat) => (info && info.seat_names[seat]) || `Player ${seat + 1}`;
    const who = (g.seats || []).map((s) => `${color(s.seat)}: ${s.kind === "bot" ? `bot (${s.level})` : (s.name || (s.claimed ? "person" : "free"))}`).join(" · ");
    const links = [];
    if (status === "open") {
      for (const s of g.seats || []) {
        if (s.kind === "human" && !s.claimed) {
          links.push(h("button", { onclick: () => joinSeat(g.id, s.seat) }, `Join as ${color(s.seat)}`));
        }
      }
    }
    if (status !== "finished") links.push(h("a", { class: "button", href: `#/game/${encodeURIComponent(g.id)}` }, mine ? "Resume" : "Watch"));
    else links.push(h("a", { class: "button", href: `#/replay/${encodeURIComponent(g.id)}` }, "Replay"));
    return h("li", {}, h("strong", {}, gameName(catalog, g.game)), ` ${g.players} players — `, h("span", { class: "muted" }, who), " ", links);
  }));
}

async function joinSeat(gid, seat) {
  try {
    const res = await api(`/api/games/${encodeURIComponent(gid)}/join`, { method: "POST", body: { seat } });
    remember(gid, res.seat, res.token);
    location.hash = `#/game/${encodeURIComponent(gid)}`;
  } catch (err) { toast(`Could not join: ${err.message}`); }
}
