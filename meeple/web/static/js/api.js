// HTTP calls to the meeple server and the seat tokens this browser holds.
// Tokens live in localStorage (per game) and travel only in the Authorization header.
// Every request names the page's language (`?lang=`): the server renders log lines, action labels,
// seat names and errors in it.
import { lang, show, t } from "./i18n.js";

const STORE = "meeple.seats";

export function seats() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { return {}; }
}

export function seatFor(gid) { return seats()[gid] || null; }

// `table`: a referee game played at one device, every seat's token by seat number (the page shows
// the seat whose turn it is).
export function remember(gid, seat, token, table = null) {
  const all = seats();
  all[gid] = table ? { seat, token, table } : { seat, token };
  localStorage.setItem(STORE, JSON.stringify(all));
}

// A referee game at one device: this browser takes every person's seat of the game just created (`res`,
// the answer of POST /api/games, with the invite codes it holds) and the game page shows the seat
// whose turn it is.
export async function holdTheTable(res) {
  const table = { [res.seat]: res.token };
  for (const inv of res.invites) {
    const joined = await api(`/api/games/${encodeURIComponent(res.id)}/join`, { method: "POST",
      body: { seat: inv.seat, invite: inv.code, guest: true } });  // the others at this device
    table[inv.seat] = joined.token;
  }
  remember(res.id, res.seat, res.token, table);
}

export function forget(gid) {
  const all = seats();
  delete all[gid];
  localStorage.setItem(STORE, JSON.stringify(all));
}

export class ApiError extends Error {
  constructor(status, detail) { super(detail); this.status = status; }
}

// `path` with the page's language added to its query.
export function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang())}`;
}

// The CSRF token of a signed-in session (a cookie the page may read): echoed on every state-changing
// request, so a request another site makes with the session cookie is refused.
export function csrfToken() {
  const hit = document.cookie.split("; ").find((c) => c.startsWith("meeple_csrf="));
  return hit ? decodeURIComponent(hit.slice("meeple_csrf=".length)) : null;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const csrf = method !== "GET" ? csrfToken() : null;
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const res = await fetch(withLang(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const detail = data && (data.detail || data.message) ? errorText(data.detail || data.message) : t("web.error.http", { status: res.status });
    throw new ApiError(res.status, detail);
  }
  return data;
}

// An error's `detail` as a person reads it: text (the server renders it in the page's language), a
// message `{id, args}`, or FastAPI's list of validation problems.
export function errorText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) return detail.map((d) => errorText(d && typeof d === "object" && "msg" in d ? d.msg : d)).join("; ");
  if (detail && typeof detail === "object" && "id" in detail) return show(detail);
  return JSON.stringify(detail);
}

export function socketUrl(gid) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/api/games/${encodeURIComponent(gid)}/ws`;
}
