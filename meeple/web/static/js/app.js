// The single page: routes by URL hash to the lobby, a game, an invite, or a replay. The page speaks
// the language chosen by i18n.js; the switch in the header re-draws the current screen in place.
import { showLobby, showJoin } from "./lobby.js";
import { showGame, leaveGame } from "./game.js";
import { showReplay } from "./replay.js";
import { showLearn } from "./learn.js";
import { showSignIn, whoAmI, drawAccountLink } from "./account.js";
import { startWaiting, refreshWaiting } from "./waiting.js";
import { showProfile, showLeaderboard } from "./profile.js";
import { h, toast } from "./dom.js";
import { chooseLanguage, setLanguage, lang, t, LANGUAGES, DEFAULT } from "./i18n.js";

let started = false; // the waiting list is being kept (after the first screen)
let screen = null; // what is on the page now: { relang() } re-draws it in the new language

async function route() {
  leaveGame();
  if (screen && screen.leave) screen.leave();  // a learn page stops watching its board
  screen = null;
  const main = document.getElementById("main");
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  try {
    if (parts[0] === "game" && parts[1]) screen = await showGame(main, parts[1]);
    else if (parts[0] === "replay" && parts[1]) screen = await showReplay(main, parts[1]);
    else if (parts[0] === "learn" && parts[1]) screen = await showLearn(main, parts[1]);
    else if (parts[0] === "join" && parts[1]) screen = await showJoin(main, parts[1], parts[2], parts[3]);
    else if (parts[0] === "signin") screen = await showSignIn(main);
    else if (parts[0] === "player" && parts[1]) screen = await showProfile(main, parts[1]);
    else if (parts[0] === "leaderboard" && parts[1]) screen = await showLeaderboard(main, parts[1], parts[2]);
    else screen = await showLobby(main);
    if (started) refreshWaiting();  // a seat taken, a game left: the title's count follows at once
  } catch (err) {
    main.replaceChildren(h("p", { class: "error", role: "alert" }, t("web.error.something", { reason: err.message })),
      h("p", {}, h("a", { href: "#/" }, t("web.back_to_lobby"))));
  }
}

// The words of index.html (data-i18n) and the language switch.
function drawChrome() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  drawAccountLink();
  const box = document.getElementById("lang-switch");
  if (!box) return;
  box.setAttribute("aria-label", t("web.lang.choose"));
  box.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => h("button", {
    class: `lang ${code === lang() ? "current" : ""}`, lang: code === "zh" ? "zh-Hans" : code, type: "button",
    "aria-pressed": String(code === lang()), "data-lang": code, title: name,
    onclick: () => switchTo(code),
  }, name)));
}

async function switchTo(code) {
  if (code === lang()) return;
  try {
    await setLanguage(code);
  } catch (err) {
    toast(t("web.error.language", { reason: err.message }));
    return;
  }
  const params = new URLSearchParams(location.search);
  if (params.has("lang")) {
    params.set("lang", code);
    history.replaceState(null, "", `${location.pathname}?${params}${location.hash}`);
  }
  drawChrome();
  if (screen && screen.relang) {
    try { await screen.relang(); } catch (err) { toast(err.message); }
  } else {
    await route();
  }
}

async function start() {
  try {
    await setLanguage(chooseLanguage(), { save: false });
  } catch {
    await setLanguage(DEFAULT, { save: false }).catch(() => {});
  }
  await whoAmI();
  drawChrome();
  window.addEventListener("hashchange", route);
  await route();
  started = true;
  startWaiting();  // "Waiting for you": the tab's title and icon, on every page
}

start();
