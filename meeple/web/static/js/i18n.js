// The browser's words: one language's catalogue from /api/i18n/<lang> (the same gettext catalogues the
// terminal reads, served as JSON by `meeple serve`), and t(id, args) to fill a message the way
// meeple/core/i18n.py `render` does:
//   - `{name}` placeholders only; an argument the message lacks leaves its placeholder as it is;
//   - an argument named after a TERMS kind of the message's game (less trailing digits and "_", and less
//     a final "s" for a list: seat, seat2, seats) is shown by the game's name for that component;
//   - a seat number the game does not name is "Player 3" (core.player_n), seat -1 is chance (core.chance);
//   - a `{id, args}` value is a message rendered in place; a list is joined with the language's separator;
//   - a message with plural forms is chosen by the argument `n` (Intl.PluralRules categories, in CLDR
//     order: English one/other → forms 0/1, Chinese has one form).
// A message missing from the catalogue shows its id (and a console warning, once per id).
//
// The language: `?lang=` in the address (remembered), else the remembered one, else the first of
// navigator.languages meeple speaks, else English. An unknown `?lang=` quietly falls back.

export const LANGUAGES = { en: "English", zh: "中文" };
export const DEFAULT = "en";
const STORE = "meeple.lang";
const SHARED = new Set(["core", "cli", "web", "server", "sim"]);
const PLACEHOLDER = /\{(\w+)\}/g;
const CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"];

let current = DEFAULT;
let cat = { lang: DEFAULT, messages: {}, terms: {}, list_separator: ", ", languages: {} };
let plural = null;
const warned = new Set();
const listeners = [];

// "zh-CN" → "zh", "en-GB" → "en", anything else → null.
export function normalise(code) {
  if (typeof code !== "string") return null;
  const key = code.trim().toLowerCase().replace(/_/g, "-");
  for (const lang of Object.keys(LANGUAGES)) if (key === lang || key.startsWith(`${lang}-`)) return lang;
  return null;
}

function stored() {
  try { return normalise(localStorage.getItem(STORE)); } catch { return null; }
}

function remember(lang) {
  try { localStorage.setItem(STORE, lang); } catch { /* private mode: the choice lasts this page */ }
}

// The language this page opens in (and remembers a `?lang=` that names one meeple speaks).
export function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  const fromUrl = normalise(asked);
  if (fromUrl) { remember(fromUrl); return fromUrl; }
  const kept = stored();
  if (kept) return kept;
  for (const code of navigator.languages || [navigator.language]) {
    const lang = normalise(code);
    if (lang) return lang;
  }
  return DEFAULT;
}

export function lang() { return current; }

// The catalogue of `code`, loaded once per language.
const loaded = {};
async function fetchCatalogue(code) {
  if (!loaded[code]) {
    loaded[code] = fetch(`/api/i18n/${encodeURIComponent(code)}`, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status} ${r.statusText}`))))
      .catch((err) => { delete loaded[code]; throw err; });
  }
  return loaded[code];
}

// Use `code` from now on: its catalogue, <html lang>, the remembered choice.
export async function setLanguage(code, { save = true } = {}) {
  const next = normalise(code) || DEFAULT;
  const data = await fetchCatalogue(next);
  use(data, next);
  if (save) remember(next);
  document.documentElement.lang = next === "zh" ? "zh-Hans" : next;
  for (const fn of listeners) fn(next);
  return next;
}

// Install a catalogue (a `catalogue_json` object) without fetching: for tests and for setLanguage.
export function use(data, code = data.lang) {
  cat = { messages: {}, terms: {}, list_separator: ", ", ...data };
  current = normalise(code) || DEFAULT;
  plural = typeof Intl !== "undefined" && Intl.PluralRules ? new Intl.PluralRules(current === "zh" ? "zh-Hans" : current) : null;
}

export function onLanguage(fn) { listeners.push(fn); }

export function has(id) { return Object.prototype.hasOwnProperty.call(cat.messages, id); }

function pluralIndex(n, forms) {
  const count = Number.isInteger(n) ? n : 1;
  let index;
  if (plural) {
    const order = CLDR_ORDER.filter((c) => plural.resolvedOptions().pluralCategories.includes(c));
    index = order.indexOf(plural.select(count));
  } else {
    index = count === 1 ? 0 : 1;
  }
  return Math.max(0, Math.min(forms.length - 1, index));
}

function template(id, n) {
  if (!has(id)) return null;
  const entry = cat.messages[id];
  if (Array.isArray(entry)) return entry[pluralIndex(n, entry)];
  return entry;
}

// A component's name in the current language: term("citadels", "district", "temple") → "神庙" (or null).
export function term(game, kind, key) {
  const table = cat.terms && cat.terms[game] && cat.terms[game][kind];
  if (!table || key === null || key === undefined) return null;
  const name = table[String(key)];
  return typeof name === "string" ? name : null;
}

function kindOf(name) {
  return name.replace(/[0-9_]+$/, "") || name;
}

function pyStr(value) {
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null || value === undefined) return "None";
  return String(value);
}

function value(namespace, kind, v) {
  if (v && typeof v === "object" && !Array.isArray(v) && "id" in v) return t(v.id, v.args);
  if (Array.isArray(v)) return v.map((x) => value(namespace, kind, x)).join(cat.list_separator || ", ");
  if (typeof v === "boolean" || v === null || v === undefined) return pyStr(v);
  if (kind === "seat" && Number.isInteger(v)) {
    if (v === -1) return t("core.chance"); // meeple.CHANCE
    if (term(namespace, "seat", v) === null) return t("core.player_n", { number: v + 1 });
  }
  if (typeof v === "string" || Number.isInteger(v)) {
    let named = term(namespace, kind, v);
    if (named === null && kind.endsWith("s")) named = term(namespace, kind.slice(0, -1), v);
    if (named !== null) return named;
  }
  return String(v);
}

// The sentence of message `id` with `args`, in the current language.
export function t(id, args = {}) {
  args = args || {};
  const text = template(id, args.n);
  if (text === null || text === undefined) {
    if (!warned.has(id)) { warned.add(id); console.warn(`meeple: no text for message ${id} in ${current}`); }
    return id;
  }
  if (!text.includes("{")) return text;
  let namespace = id.split(".", 1)[0];
  if (SHARED.has(namespace) && typeof args.game === "string") namespace = args.game;
  return text.replace(PLACEHOLDER, (whole, name) => (Object.prototype.hasOwnProperty.call(args, name)
    ? value(namespace, kindOf(name), args[name]) : whole));
}

// A message value as the server may send it: a `{id, args}` object, or text already rendered.
export function show(message) {
  if (message && typeof message === "object" && "id" in message) return t(message.id, message.args);
  return message === null || message === undefined ? "" : String(message);
}

// The first of `ids` the catalogue has, rendered; else `fallback`.
export function tFirst(ids, args, fallback) {
  for (const id of ids) if (has(id)) return t(id, args);
  return fallback;
}

// Numbers and lists the language's way.
export function list(items) { return items.join(cat.list_separator || ", "); }
