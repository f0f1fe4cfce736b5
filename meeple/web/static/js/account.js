// Accounts in the page: who is signed in (the top bar's link), the sign-in / sign-up screen, and the
// games an account holds (so a signed-in player finds them on any device). The session lives in an
// HTTP-only cookie the page never reads; `api()` echoes the CSRF cookie on every state-changing call.
//
//   const me = await whoAmI();      // {id, name} or null
//   await signIn("Ann", "…");       // then location.hash = "#/"
import { api, csrfToken } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

let known; // undefined: not asked yet; null: a guest; {id, name}

export async function whoAmI(fresh = false) {
  if (known !== undefined && !fresh) return known;
  // no CSRF cookie: no session (the session cookie itself is HTTP-only): a guest, without asking
  if (!csrfToken()) { known = null; return known; }
  try { const me = await api("/api/me"); known = { id: me.id, name: me.name }; }
  catch { known = null; }
  return known;
}

export function signedIn() { return known || null; }

export async function signIn(name, password) {
  const me = await api("/api/session", { method: "POST", body: { name, password } });
  known = { id: me.id, name: me.name };
  drawAccountLink();
  return known;
}

export async function signUp(name, password) {
  const me = await api("/api/accounts", { method: "POST", body: { name, password } });
  known = { id: me.id, name: me.name };
  drawAccountLink();
  return known;
}

export async function signOut() {
  try { await api("/api/session", { method: "DELETE" }); } catch { /* already signed out */ }
  known = null;
  drawAccountLink();
}

// The account's seats ({id, game, status, seat}), [] for a guest.
export async function myGames() {
  if (!(await whoAmI())) return [];
  try { return (await api("/api/me/games")).games; } catch { return []; }
}

// The top bar: "Sign in", or the player's name (their profile) and "Sign out".
export function drawAccountLink() {
  const box = document.getElementById("account");
  if (!box) return;
  const me = known || null;
  if (!me) {
    box.replaceChildren(h("a", { href: "#/signin", id: "sign-in-link" }, t("web.account.sign_in")));
    return;
  }
  box.replaceChildren(
    h("a", { href: `#/player/${encodeURIComponent(me.name)}`, id: "me-link" }, me.name),
    h("button", { type: "button", class: "link-button", id: "sign-out", onclick: async () => {
      await signOut();
      location.hash = "#/";
    } }, t("web.account.sign_out")));
}

// The sign-in screen: sign in, or create an account (the same two fields).
export async function showSignIn(main) {
  const name = h("input", { id: "account-name", name: "name", autocomplete: "username", maxlength: 24, required: true });
  const password = h("input", { id: "account-password", name: "password", type: "password", autocomplete: "current-password",
    minlength: 8, required: true });
  const problem = h("p", { class: "error", id: "account-problem", role: "alert" });
  const submit = async (kind) => {
    problem.textContent = "";
    try {
      if (kind === "up") await signUp(name.value, password.value);
      else await signIn(name.value, password.value);
      location.hash = "#/";
    } catch (err) { problem.textContent = err.message; }
  };
  const form = h("form", { class: "panel account-form", id: "account-form", onsubmit: (ev) => { ev.preventDefault(); submit("in"); } },
    h("h1", {}, t("web.account.title")),
    h("p", { class: "muted" }, t("web.account.explain")),
    h("label", {}, h("span", {}, t("web.account.name")), name, h("small", { class: "muted" }, t("web.account.name_help"))),
    h("label", {}, h("span", {}, t("web.account.password")), password, h("small", { class: "muted" }, t("web.account.password_help"))),
    problem,
    h("div", { class: "form-row" },
      h("button", { type: "submit", class: "primary", id: "sign-in" }, t("web.account.sign_in")),
      h("button", { type: "button", id: "sign-up", onclick: () => submit("up") }, t("web.account.sign_up"))));
  main.replaceChildren(form);
  name.focus();
  return { relang: () => showSignIn(main) };
}

export function accountProblem(err) { toast(err.message); }
