"""Messages in the reader's language: gettext catalogues (Babel ``.po`` files) and game terms.

Nothing meeple shows a person is stored as a finished sentence. A log line, an action's description,
the reason an action is illegal, an error: each is a *message* — an id and its arguments — rendered
when it is shown, in the language of whoever reads it:

>>> render("citadels.builds", {"seat": 3, "district": "tavern", "colour": "green", "cost": 1}, "zh")
'黄方建造了酒馆（绿色，1 枚金币）。'

Where the words come from:

* the catalogues: ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` for the core (``meeple``), the
  browser (``meeple/web``) and every game package, merged into one table per language (message ids
  are namespaced: ``core.…``, ``cli.…``, ``web.…``, ``<game id>.…``). English is a catalogue like any
  other: the ids are not sentences. ``tools/catalogues.py`` extracts, updates and checks them with
  Babel.
* the game's terms: a game's ``content.TERMS`` maps an argument kind (``"district"``, ``"seat"``…)
  to the names of its components in every language. An argument is translated when its name, less
  trailing digits, is a kind of the message's game (``seat``, ``seat2`` are both seats; ``seats`` is a
  list of them); a list is joined the language's way; a ``{"id": …, "args": …}`` value is a message rendered in place.
* plurals: a catalogue entry with plural forms is chosen by the argument ``n`` with the catalogue's
  own ``Plural-Forms`` rule (English: 1 card / 2 cards; Chinese has one form).

Placeholders are ``{name}`` only (no attribute access, no format specs); the browser fills them the
same way from the same catalogues (``catalogue_json``).
"""

from __future__ import annotations

import gettext
import importlib
import io
import os
import re
import threading
from pathlib import Path
from typing import Any, Iterable, Mapping, NamedTuple

LANGUAGES: dict[str, str] = {"en": "English", "zh": "简体中文"}
"""The languages meeple speaks: code → its own name for itself."""
DEFAULT_LANGUAGE = "en"

_ALIASES = {"zh-cn": "zh", "zh-hans": "zh", "zh-sg": "zh", "zh-hans-cn": "zh", "cn": "zh", "chinese": "zh",
            "en-us": "en", "en-gb": "en", "english": "en"}
_LIST_JOIN = {"en": ", ", "zh": "、"}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SHARED_NAMESPACES = frozenset({"core", "cli", "web", "server", "sim"})
_MESSAGE_ID = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9_]+)+$")


class UnknownLanguage(ValueError):
    """A language code meeple has no catalogue for; the message lists the available ones."""


def available() -> str:
    """``"en (English), zh (简体中文)"``: for error messages and help."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def language(code: str | None) -> str:
    """The language code for ``code`` (``"zh-CN"`` → ``"zh"``); None → the default; unknown → UnknownLanguage.

    >>> language("zh_CN")
    'zh'
    """
    if code is None:
        return DEFAULT_LANGUAGE
    if not isinstance(code, str):
        raise UnknownLanguage(f"a language is a code such as 'en' or 'zh', not {code!r}; available: {available()}")
    key = code.strip().replace("_", "-").lower()
    key = _ALIASES.get(key, key)
    if key in LANGUAGES:
        return key
    raise UnknownLanguage(f"no language {code!r}; available: {available()}")


def from_locale(value: str | None) -> str | None:
    """The language of a POSIX locale (``zh_CN.UTF-8`` → ``zh``), or None when meeple does not speak it."""
    if not value:
        return None
    head = value.split(".")[0].split("@")[0].replace("_", "-").lower()
    for candidate in (head, head.split("-")[0]):
        candidate = _ALIASES.get(candidate, candidate)
        if candidate in LANGUAGES:
            return candidate
    return None


def from_accept_language(header: str | None) -> str | None:
    """The best language of an HTTP ``Accept-Language`` header that meeple speaks, or None.

    >>> from_accept_language("fr-FR,zh-CN;q=0.8,en;q=0.5")
    'zh'
    """
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:32]):
        pieces = part.strip().split(";")
        tag, quality = pieces[0].strip(), 1.0
        for param in pieces[1:]:
            if param.strip().startswith("q="):
                try:
                    quality = float(param.strip()[2:])
                except ValueError:
                    quality = 0.0
        code = from_locale(tag)
        if code is not None and quality > 0:
            ranked.append((-quality, i, code))
    return min(ranked)[2] if ranked else None


def terminal_language(explicit: str | None = None) -> str:
    """The terminal's language: ``explicit`` (``--lang``), else ``MEEPLE_LANG``, else the locale, else English.

    An explicit or ``MEEPLE_LANG`` code that meeple does not speak raises UnknownLanguage (a typo is never
    hidden); a locale it does not speak falls back to English."""
    if explicit:
        return language(explicit)
    env = os.environ.get("MEEPLE_LANG")
    if env:
        return language(env)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return from_locale(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


# ------------------------------------------------------------------ messages
class Message(NamedTuple):
    """A message id and its JSON-native arguments; ``str()`` is the English sentence.

    >>> str(Message("core.game_over", {}))
    'the game is over; no more actions'
    """

    id: str
    args: dict[str, Any]

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return render(self.id, self.args, lang)

    def __str__(self) -> str:
        return render(self.id, self.args, DEFAULT_LANGUAGE)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "args": self.args}


def msg(message_id: str, /, **args: Any) -> dict[str, Any]:
    """A message as a JSON value, to nest in another message's arguments.

    >>> render("core.legal_now", {"action": "x", "seat": 0, "legal": [msg("core.more")]}, "en")
    """
    return {"id": message_id, "args": args}


def title(game_id: str, fallback: str) -> dict[str, Any] | str:
    """A game's name as a message argument: ``{game_id}.title`` when a catalogue has it, else ``fallback``
    (a plug-in game with no catalogue keeps the name it registered)."""
    message_id = f"{game_id}.title"
    return msg(message_id) if has(message_id, DEFAULT_LANGUAGE) else fallback


def game_text(game_id: str, key: str, fallback: str, lang: str) -> str:
    """``{game_id}.{key}`` in ``lang`` (``title``, ``summary``, ``option.<name>``…), else ``fallback``."""
    message_id = f"{game_id}.{key}"
    return render(message_id, None, lang) if has(message_id, DEFAULT_LANGUAGE) else fallback


def is_message_id(text: str) -> bool:
    """Whether ``text`` has the form of a message id (``game.some_key``), not of a sentence."""
    return bool(_MESSAGE_ID.match(text))


# ------------------------------------------------------------------ catalogues
class Catalogue(NamedTuple):
    """One language's messages: id → text, or id → plural forms; and the plural rule."""

    messages: dict[str, str | tuple[str, ...]]
    plural_forms: str
    translations: gettext.GNUTranslations


_CATALOGUES: dict[str, Catalogue] = {}
_EXTRA_DIRS: list[Path] = []
_LOCK = threading.Lock()


def add_locale_dir(path: str | Path) -> None:
    """Also read the catalogues of ``path`` (``<path>/<lang>/LC_MESSAGES/*.po``): a plug-in's own words."""
    resolved = Path(path)
    if resolved not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(resolved)
        _CATALOGUES.clear()


def locale_dirs() -> list[Path]:
    """Every ``locale`` directory whose catalogues are merged: the core's, the browser's, each game's."""
    root = Path(__file__).resolve().parent.parent
    dirs = [root / "locale", root / "web" / "locale"]
    from meeple.core.registry import registered_state_classes

    for state_class in registered_state_classes():
        package = importlib.import_module(state_class.__module__.rsplit(".", 1)[0])
        if package.__file__:
            dirs.append(Path(package.__file__).resolve().parent / "locale")
    dirs.extend(_EXTRA_DIRS)
    seen: list[Path] = []
    for d in dirs:
        if d not in seen:
            seen.append(d)
    return seen


def po_files(lang: str) -> list[Path]:
    """The ``.po`` files of ``lang``, in merge order."""
    files: list[Path] = []
    for d in locale_dirs():
        folder = d / lang / "LC_MESSAGES"
        if folder.is_dir():
            files.extend(sorted(folder.glob("*.po")))
    return files


def catalogue(lang: str) -> Catalogue:
    """The merged catalogue of ``lang``, read from the ``.po`` files once (Babel parses them)."""
    hit = _CATALOGUES.get(lang)
    if hit is not None:
        return hit
    with _LOCK:
        hit = _CATALOGUES.get(lang)
        if hit is None:
            hit = _CATALOGUES[lang] = _load(language(lang))
    return hit


def _load(lang: str) -> Catalogue:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = Catalog(locale=lang, domain="meeple")
    plural_forms = ""
    for path in po_files(lang):
        with path.open("rb") as handle:
            part = read_po(handle, locale=lang, abort_invalid=True)
        plural_forms = plural_forms or part.plural_forms
        for message in part:
            if message.id and message.string and not message.fuzzy:
                merged[message.id] = message  # type: ignore[index]
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    translations = gettext.GNUTranslations(buffer)
    table: dict[str, str | tuple[str, ...]] = {}
    for message in merged:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            table[message.id[0]] = tuple(message.string)
        else:
            table[message.id] = message.string
    return Catalogue(table, merged.plural_forms or plural_forms, translations)


def has(message_id: str, lang: str) -> bool:
    """Whether ``lang``'s catalogue has ``message_id``."""
    return message_id in catalogue(lang).messages


def template(message_id: str, lang: str, n: Any = None) -> str | None:
    """The text of ``message_id`` in ``lang`` before its placeholders are filled (plural form by ``n``)."""
    cat = catalogue(lang)
    entry = cat.messages.get(message_id)
    if entry is None:
        return None
    if isinstance(entry, tuple):
        count = n if isinstance(n, int) and not isinstance(n, bool) else 1
        return cat.translations.ngettext(message_id, message_id + ".plural", count)
    return entry


# ------------------------------------------------------------------ terms
SEAT_COLOURS: dict[str, dict[str, str]] = {
    "Red": {"en": "Red", "zh": "红方"}, "Blue": {"en": "Blue", "zh": "蓝方"},
    "Green": {"en": "Green", "zh": "绿方"}, "Yellow": {"en": "Yellow", "zh": "黄方"},
    "Purple": {"en": "Purple", "zh": "紫方"}, "Black": {"en": "Black", "zh": "黑方"},
    "White": {"en": "White", "zh": "白方"}, "Orange": {"en": "Orange", "zh": "橙方"},
    "Grey": {"en": "Grey", "zh": "灰方"}, "Pink": {"en": "Pink", "zh": "粉方"},
}
"""Seat colours as the log names them (红方 "the red side", as Chinese rulebooks name seats)."""


def seat_terms(english_names: Iterable[str]) -> list[dict[str, str]]:
    """The ``TERMS["seat"]`` table of a game whose seats are colours: ``seat_terms(("Red", "Blue"))``."""
    return [dict(SEAT_COLOURS[name]) for name in english_names]


_TERMS: dict[str, Mapping[str, Any] | None] = {}


def game_terms(namespace: str) -> Mapping[str, Any]:
    """The ``content.TERMS`` of the game whose id is ``namespace`` ({} for the core's namespaces)."""
    hit = _TERMS.get(namespace, False)
    if hit is not False:
        return hit or {}
    terms: Mapping[str, Any] | None = None
    from meeple.core.registry import state_class_of

    state_class = state_class_of(namespace)
    if state_class is not None:
        package = state_class.__module__.rsplit(".", 1)[0]
        try:
            content = importlib.import_module(f"{package}.content")
            terms = getattr(content, "TERMS", None)
        except ModuleNotFoundError:
            terms = None
    _TERMS[namespace] = terms
    return terms or {}


def term(namespace: str, kind: str, key: Any, lang: str) -> str | None:
    """The name of component ``key`` of ``kind`` in game ``namespace``, in ``lang`` (None if unknown).

    >>> term("citadels", "character", "assassin", "zh")
    '刺客'
    """
    table = game_terms(namespace).get(kind)
    if table is None:
        if kind == "seat":
            return _colour_seat(namespace, key, lang)
        return None
    try:
        names = table[key]
    except (KeyError, IndexError, TypeError):
        return None
    if isinstance(names, str):
        return names
    return names.get(lang) or names.get(DEFAULT_LANGUAGE)


def _colour_seat(namespace: str, key: Any, lang: str) -> str | None:
    """A seat of a game that declares no seat terms: its English seat name, as a colour if it is one."""
    from meeple.core.registry import games

    info = games().get(namespace)
    if info is None or not isinstance(key, int) or not 0 <= key < len(info.seat_names):
        return None
    name = info.seat_names[key]
    return SEAT_COLOURS.get(name, {}).get(lang, name)


def _kind(name: str) -> str:
    return name.rstrip("0123456789_") or name


# ------------------------------------------------------------------ rendering
def render(message_id: str, args: Mapping[str, Any] | None, lang: str = DEFAULT_LANGUAGE,
           seat_names: Mapping[int, str] | None = None) -> str:
    """The sentence of a message in ``lang``; ``seat_names`` may name seats otherwise than the game does.

    A message missing from ``lang`` falls back to English, and one missing there too shows its id (the
    catalogue tests fail on both)."""
    args = args or {}
    text = template(message_id, lang, args.get("n"))
    if text is None:
        text = template(message_id, DEFAULT_LANGUAGE, args.get("n"))
        if text is None:
            return message_id if not args else f"{message_id} {dict(args)}"
    if "{" not in text:
        return text
    namespace = message_id.split(".", 1)[0]
    if namespace in _SHARED_NAMESPACES and isinstance(args.get("game"), str):
        namespace = args["game"]  # a core message about a game: its seats and components by that game's names

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in args:
            return match.group(0)
        return _value(namespace, _kind(name), args[name], lang, seat_names)

    return _PLACEHOLDER.sub(fill, text)


def _value(namespace: str, kind: str, value: Any, lang: str, seat_names: Mapping[int, str] | None) -> str:
    if isinstance(value, dict) and "id" in value:
        return render(value["id"], value.get("args"), lang, seat_names)
    if isinstance(value, list | tuple):
        if kind.endswith("s") and (kind == "seats" or kind[:-1] in game_terms(namespace)):
            kind = kind[:-1]  # "seats": a list of seats
        return _LIST_JOIN.get(lang, ", ").join(_value(namespace, kind, v, lang, seat_names) for v in value)
    if isinstance(value, bool) or value is None:
        return str(value)
    if kind == "seat":
        if seat_names is not None and value in seat_names:
            return seat_names[value]
        if value == -1:  # meeple.CHANCE
            return render("core.chance", None, lang)
        if isinstance(value, int) and not isinstance(value, bool) and term(namespace, "seat", value, lang) is None:
            return render("core.player_n", {"number": value + 1}, lang)
    if isinstance(value, int | str):
        named = term(namespace, kind, value, lang)
        if named is None and kind.endswith("s"):
            named = term(namespace, kind[:-1], value, lang)  # "seats": a list of seats
        if named is not None:
            return named
    return str(value)


def argument(message_id: str, name: str, value: Any, lang: str) -> str:
    """One argument of ``message_id`` as ``render`` would write it in ``lang`` (for screens that style the
    pieces of a sentence separately, e.g. a coloured seat name inside a terminal line)."""
    namespace = message_id.split(".", 1)[0]
    return _value(namespace, _kind(name), value, lang, None)


def render_message(message: Message | Mapping[str, Any] | str, lang: str = DEFAULT_LANGUAGE) -> str:
    """``message`` in ``lang``: a Message, a ``{"id", "args"}`` dict, or plain text (shown as it is)."""
    if isinstance(message, Message):
        return message.render(lang)
    if isinstance(message, Mapping):
        return render(message["id"], message.get("args"), lang)
    return str(message)


def plain(lang: str, message_id: str, **args: Any) -> str:
    """Shorthand for screens: ``plain("zh", "cli.no_games")``."""
    return render(message_id, args, lang)


def catalogue_json(lang: str, prefixes: Iterable[str] | None = None) -> dict[str, Any]:
    """``lang``'s catalogue and every game's terms as JSON, for the browser (the same words as here)."""
    lang = language(lang)
    cat = catalogue(lang)
    wanted = tuple(prefixes) if prefixes is not None else None
    messages = {k: (list(v) if isinstance(v, tuple) else v) for k, v in cat.messages.items()
                if wanted is None or k.startswith(wanted)}
    from meeple.core.registry import registered_ids

    terms: dict[str, Any] = {}
    for game_id in registered_ids():
        kinds: dict[str, Any] = {}
        for kind, table in game_terms(game_id).items():
            items = table.items() if isinstance(table, Mapping) else enumerate(table)
            kinds[kind] = {str(k): (v if isinstance(v, str) else (v.get(lang) or v.get(DEFAULT_LANGUAGE)))
                           for k, v in items}
        terms[game_id] = kinds
    return {"lang": lang, "languages": LANGUAGES, "plural_forms": cat.plural_forms, "messages": messages,
            "terms": terms, "list_separator": _LIST_JOIN.get(lang, ", ")}
