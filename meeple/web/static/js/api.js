// HTTP calls to the meeple server and the seat tokens this browser holds.
// Tokens live in localStorage (per game) and travel only in the Authorization header.

const STORE = "meeple.seats";

export function seats() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { return {}; }
}

export function seatFor(gid) { return seats()[gid] || null; }

export function remember(gid, seat, token) {
  const all = seats();
  all[gid] = { seat, token };
  localStorage.setItem(STORE, JSON.stringify(all));
}

export function forget(gid) {
  const all = seats();
  delete all[gid];
  localStorage.setItem(STORE, JSON.stringify(all));
}

export class ApiError extends Error {
  constructor(status, detail) { super(detail); this.status = status; }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const detail = data && (data.detail || data.message) ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : res.statusText;
    throw new ApiError(res.status, detail);
  }
  return data;
}

export function socketUrl(gid) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/api/games/${encodeURIComponent(gid)}/ws`;
}
