// The single page: routes by URL hash to the lobby, a game, an invite, or a replay.
import { showLobby } from "./lobby.js";
import { showGame, leaveGame } from "./game.js";
import { showReplay } from "./replay.js";
import { api, remember } from "./api.js";
import { h, toast } from "./dom.js";

async function route() {
  leaveGame();
  const main = document.getElementById("main");
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  try {
    if (parts[0] === "game" && parts[1]) return await showGame(main, parts[1]);
    if (parts[0] === "replay" && parts[1]) return await showReplay(main, parts[1]);
    if (parts[0] === "join" && parts[1]) return await join(main, parts[1], parts[2], parts[3]);
    return await showLobby(main);
  } catch (err) {
    main.replaceChildren(h("p", { class: "error", role: "alert" }, `Something went wrong: ${err.message}`),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
  }
}

async function join(main, gid, seat, invite) {
  main.replaceChildren(h("p", {}, "Joining…"));
  try {
    const body = { invite: invite || null, seat: seat === undefined || seat === "" ? null : Number(seat) };
    const res = await api(`/api/games/${encodeURIComponent(gid)}/join`, { method: "POST", body });
    remember(gid, res.seat, res.token);
    history.replaceState(null, "", `#/game/${encodeURIComponent(gid)}`);
    return showGame(main, gid);
  } catch (err) {
    toast(`Could not join: ${err.message}`);
    location.hash = `#/game/${encodeURIComponent(gid)}`;
  }
}

window.addEventListener("hashchange", route);
route();
