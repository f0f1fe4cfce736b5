// "Waiting for you": the games where it is your turn and the invitations sent to you (GET /api/me/waiting
// for a signed-in player; for a guest, the public turn-based games whose seat tokens this browser holds),
// kept fresh every 60 s and whenever the page becomes visible again. The tab's title carries the count
// ("(2) meeple") and the icon a badge; with the player's permission (asked only when they click the
// button), a browser notification tells of each new entry while the page is hidden.
//
//   startWaiting();                    // once, at start (app.js)
//   onWaiting((w) => draw(w));         // w = {games, invites, count}
//   waitingPanel(catalog)              // the lobby's section
import { api, remember, seats } from "./api.js";
import { whoAmI, signedIn } from "./account.js";
import { h, toast } from "./dom.js";
import { t, lang } from "./i18n.js";
import { gameTitle, seatLabel } from "./names.js";
import { paceWords, moveTime } from "./pace.js";

const POLL_MS = 60000;          // one request a minute at most while the page is open and visible
const NOTIFY_STORE = "meeple.notify";
const TITLE = "meeple";

let latest = { games: [], invites: [], count: 0 };
let seen = null;                // the keys of the entries last fetched (null: nothing fetched yet)
let timer = null;
let inFlight = null;
const listeners = new Set();

const entryKey = (e) => (e.inviter !== undefined ? `invite:${e.id}` : `game:${e.id}`);

export function onWaiting(fn) { listeners.add(fn); return () => listeners.delete(fn); }
export function currentWaiting() { return latest; }

// Ask the server again now (one request at a time), then tell the title, the icon and the listeners.
export function refreshWaiting() {
  if (inFlight) return inFlight;
  inFlight = (async () => {
    try {
      const me = await whoAmI();
      const got = me ? await api("/api/me/waiting") : await guestWaiting();
      const keys = new Set([...got.games, ...got.invites].map(entryKey));
      if (seen !== null) for (const e of [...got.games, ...got.invites]) if (!seen.has(entryKey(e))) notifyEntry(e);
      seen = keys;
      latest = got;
      drawBadge(got.count);
      for (const fn of listeners) { try { fn(got); } catch { /* a listener's page went away */ } }
    } catch { /* offline or signed out meanwhile: keep what was shown */ }
    inFlight = null;
    return latest;
  })();
  return inFlight;
}

export function startWaiting() {
  if (timer) return;
  // a hidden page asks too only when it may notify (else nobody would see the answer before it is visible)
  timer = setInterval(() => { if (!document.hidden || notificationsOn()) refreshWaiting(); }, POLL_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refreshWaiting(); });
  refreshWaiting();
}

// A guest's: the public turn-based games in the lobby where this browser's seat has a deadline running.
async function guestWaiting() {
  const held = seats();
  if (!Object.keys(held).length) return { games: [], invites: [], count: 0 };
  const lobby = await api("/api/lobby");
  const games = lobby.active.flatMap((g) => {
    const mine = held[g.id];
    const seat = mine && (g.seats || []).find((s) => s.seat === mine.seat);
    if (!seat || !seat.deadline || g.pace !== "turns") return [];
    return [{ id: g.id, game: g.game, name: g.name, seat: seat.seat, players: g.players, pace: g.pace,
      move_seconds: g.move_seconds, since: seat.deadline - g.move_seconds, deadline: seat.deadline, guest: true }];
  });
  games.sort((a, b) => a.deadline - b.deadline);
  return { games, invites: [], count: games.length };
}

// ------------------------------------------------------------------------------------------ title and icon
function drawBadge(count) {
  document.title = count > 0 ? `(${count}) ${TITLE}` : TITLE;
  let link = document.querySelector("link[rel~='icon']");
  if (!link) { link = h("link", { rel: "icon" }); document.head.append(link); }
  const icon = iconUrl(count);
  if (icon) link.href = icon;
  link.dataset.count = String(count);
}

// The tab's icon drawn on a canvas: a meeple's head and body, and a red badge with the count.
function iconUrl(count) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const ctx = canvas.getContext && canvas.getContext("2d");
  if (!ctx) return null;
  ctx.fillStyle = "#3b6e8f";
  ctx.beginPath(); ctx.arc(16, 9, 6, 0, 2 * Math.PI); ctx.fill();
  ctx.beginPath(); ctx.moveTo(4, 30); ctx.lineTo(9, 15); ctx.lineTo(23, 15); ctx.lineTo(28, 30); ctx.closePath(); ctx.fill();
  if (count > 0) {
    ctx.fillStyle = "#d2302c";
    ctx.beginPath(); ctx.arc(23, 9, 9, 0, 2 * Math.PI); ctx.fill();
    ctx.fillStyle = "#ffffff";
    ctx.font = "bold 13px sans-serif"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText(count > 9 ? "9+" : String(count), 23, 10);
  }
  try { return canvas.toDataURL("image/png"); } catch { return null; }
}

// ------------------------------------------------------------------------------------------ notifications
function notificationsOn() {
  try {
    return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(NOTIFY_STORE) === "1";
  } catch { return false; }
}

// A notification (while the page is hidden: a visible page shows it already); `tag` replaces an older one.
export function notice(title, body, tag, href) {
  if (!notificationsOn() || !document.hidden) return;
  try {
    const n = new Notification(title, { body, tag, lang: lang() === "zh" ? "zh-CN" : lang() });
    n.onclick = () => { window.focus(); if (href) location.hash = href; n.close(); };
  } catch { /* a browser that only notifies from a service worker */ }
}

function notifyEntry(e) {
  const title = gameTitle({ id: e.game });
  if (e.inviter !== undefined) {
    notice(t("web.waiting.notice_invite", { name: e.inviter, title }), t("web.waiting.notice_body"), `meeple-invite-${e.id}`, "#/");
  } else {
    notice(t("web.waiting.notice_turn", { title }), t("web.waiting.notice_body"), `meeple-${e.id}`, `#/game/${encodeURIComponent(e.id)}`);
  }
}

// The game page: its view just turned to this seat.
export function noticeTurn(gid, gameId) {
  notice(t("web.waiting.notice_turn", { title: gameTitle({ id: gameId }) }), t("web.waiting.notice_body"),
    `meeple-${gid}`, `#/game/${encodeURIComponent(gid)}`);
}

// The clearly labelled button that asks for the browser's permission (never asked without a click), or
// turns the notices off again; null where the browser has no notifications.
export function notifyButton() {
  if (!("Notification" in window)) return null;
  const note = h("small", { class: "muted notify-note", role: "status" });
  const button = h("button", { type: "button", class: "notify-button", id: "notify-toggle" });
  const draw = () => {
    const on = notificationsOn();
    button.textContent = on ? t("web.waiting.notify_off") : t("web.waiting.notify_on");
    button.setAttribute("aria-pressed", String(on));
    note.textContent = on ? t("web.waiting.notify_enabled")
      : Notification.permission === "denied" ? t("web.waiting.notify_blocked") : "";
  };
  button.addEventListener("click", async () => {
    if (notificationsOn()) { localStorage.setItem(NOTIFY_STORE, "0"); draw(); return; }
    let permission = Notification.permission;
    if (permission === "default") {
      try { permission = await Notification.requestPermission(); } catch { permission = "denied"; }
    }
    try { localStorage.setItem(NOTIFY_STORE, permission === "granted" ? "1" : "0"); } catch { /* private mode */ }
    draw();
  });
  draw();
  return h("div", { class: "notify-box" }, button, note);
}

// ------------------------------------------------------------------------------------------ the lobby's panel
// How long ago `since` (Unix seconds) was, in words: "3 hours", "2 days".
function waited(since) {
  const minutes = Math.max(0, Math.round((Date.now() / 1000 - since) / 60));
  if (minutes < 1) return t("web.waiting.waited_now");
  if (minutes < 90) return t("web.waiting.waited", { time: t("web.waiting.minutes", { n: minutes }) });
  const hours = Math.round(minutes / 60);
  if (hours < 36) return t("web.waiting.waited", { time: moveTime(hours * 3600) });
  return t("web.waiting.waited", { time: t("web.pace.days", { n: Math.round(hours / 24) }) });
}

function clock(at) {
  return new Date(at * 1000).toLocaleString(lang() === "zh" ? "zh-CN" : lang(),
    { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

function infoOf(catalog, id) {
  return (catalog && catalog.games.find((g) => g.id === id)) || { id, name: id, seat_names: [] };
}

function gameItem(e, catalog) {
  const info = infoOf(catalog, e.game);
  return h("li", { class: "waiting-game", "data-waiting": e.id },
    h("div", { class: "what" },
      h("strong", {}, gameTitle(info)), e.name ? [" ", h("span", { class: "muted" }, `“${e.name}”`)] : null,
      h("div", { class: "waiting-facts" },
        h("span", { class: "your-move" }, t("web.waiting.your_move")), " · ", seatLabel(info, e.seat), " · ",
        h("span", { "data-since": String(e.since) }, waited(e.since)),
        e.deadline ? [" · ", h("strong", { class: "deadline", "data-deadline": String(e.deadline) }, t("web.waiting.move_by", { time: clock(e.deadline) }))] : null)),
    h("div", { class: "links" },
      h("a", { class: "button primary", href: `#/game/${encodeURIComponent(e.id)}` }, t("web.waiting.play"))));
}

function inviteItem(e, catalog, after) {
  const info = infoOf(catalog, e.game);
  const buttons = [];
  const answer = async (what, button) => {
    for (const b of buttons) b.disabled = true;
    try {
      const res = await api(`/api/invites/${encodeURIComponent(e.id)}/${what}`, { method: "POST" });
      if (what === "accept") {
        remember(res.id, res.seat, res.token);
        location.hash = `#/game/${encodeURIComponent(res.id)}`;
        return;
      }
      toast(t("web.waiting.declined"), "info");
      button.closest("li").remove();
      after();
    } catch (err) {
      for (const b of buttons) b.disabled = false;
      toast(t("web.error.invite_answer", { reason: err.message }));
      after();
    }
  };
  buttons.push(
    h("button", { type: "button", class: "primary accept-invite", "data-accept": e.id, onclick: (ev) => answer("accept", ev.currentTarget) }, t("web.waiting.accept")),
    h("button", { type: "button", class: "decline-invite", "data-decline": e.id, onclick: (ev) => answer("decline", ev.currentTarget) }, t("web.waiting.decline")));
  return h("li", { class: "waiting-invite", "data-invite": e.id },
    h("div", { class: "what" },
      h("strong", {}, t("web.waiting.invited_by", { name: e.inviter, title: gameTitle(info) })),
      h("div", { class: "waiting-facts" },
        t("web.waiting.invite_seat", { seat: seatLabel(info, e.seat) }), " · ", t("web.lobby.player_count", { n: e.players }),
        e.pace === "turns" ? [" · ", paceWords(e)] : null),
      h("small", { class: "muted" }, t("web.waiting.invite_expires", { time: clock(e.expires_at) }))),
    h("div", { class: "links" }, buttons));
}

// The lobby's "Waiting for you" section, first on the page; it redraws itself at each refresh and stops
// listening once the lobby is gone. A guest sees it only when something waits.
export function waitingPanel(catalog) {
  const box = h("section", { class: "panel list waiting-panel", id: "waiting", "aria-labelledby": "waiting-title" });
  const draw = (w) => {
    if (!box.isConnected && box.dataset.drawn) { stop(); return; }
    box.dataset.drawn = "1";
    const account = signedIn();
    box.hidden = !account && !w.count;
    const items = [...w.games.map((e) => gameItem(e, catalog)), ...w.invites.map((e) => inviteItem(e, catalog, refreshWaiting))];
    box.replaceChildren(...[  // (replaceChildren would write a null as the text "null")
      h("h2", { id: "waiting-title" }, t("web.waiting.title"), " ", h("span", { class: "count", "data-waiting-count": String(w.count) }, String(w.count))),
      items.length ? h("ul", { class: "games waiting-list" }, items) : h("p", { class: "muted" }, t("web.waiting.none")),
      account ? null : h("p", { class: "muted" }, t("web.waiting.guest_note")),
      notifyButton()].filter(Boolean));
  };
  const stop = onWaiting(draw);
  draw(latest);
  refreshWaiting();
  return box;
}
