// Names the pages share: a game's title, a seat's name, a bot level, in the page's language.
import { t, has, term } from "./i18n.js";

// A game's title: the catalogue's `<game id>.title`, else what the server's catalog says.
export function gameTitle(info) {
  if (!info) return "";
  if (has(`${info.id}.title`)) return t(`${info.id}.title`);
  return info.title || info.name || info.id;
}

// Seat `p` of a game by the game's own name for it (红方, Blue…), else "Player 3".
export function seatLabel(info, p) {
  const named = info ? term(info.id, "seat", p) : null;
  if (named !== null) return named;
  const english = info && info.seat_names && info.seat_names[p];
  if (english && has(`web.colour.${english.toLowerCase()}`)) return t(`web.colour.${english.toLowerCase()}`);
  return t("web.player_n", { number: p + 1 });
}

// A bot level ("heuristic", "hard:seconds=2") in words; settings after the name are shown as they are.
export function levelName(level) {
  if (!level) return t("web.level.unknown");
  const [base, ...rest] = String(level).split(":");
  const id = `web.level.${base}`;
  const name = has(id) ? t(id) : base;
  return rest.length ? t("web.level.with_settings", { level: name, settings: rest.join(":") }) : name;
}

// A seat's player by name, a guest's (a seat held without an account) marked "(guest)", so that a guest
// never passes for the account of the same or a similar name; "" for a seat without a name.
export function personName(seat) {
  if (!seat || !seat.name) return "";
  return seat.account === false ? t("web.guest_name", { name: seat.name }) : seat.name;
}
