"""The terminal's language: chosen once per command (``meeple --lang zh``, ``MEEPLE_LANG``, the locale)
and used by every screen of it.

>>> set_language("zh"); say("cli.saved_to", path="a.json")
'已保存到 a.json。'
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from meeple.core import i18n

_current = [i18n.DEFAULT_LANGUAGE]
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def set_language(code: str | None) -> str:
    """Choose the language (``code``, else ``MEEPLE_LANG``, else the locale); UnknownLanguage if unknown."""
    _current[0] = i18n.terminal_language(code)
    return _current[0]


def current() -> str:
    return _current[0]


def say(message_id: str, **args: Any) -> str:
    """A message in the terminal's language."""
    return i18n.render(message_id, args, _current[0])


def rich(message_id: str, style: str = "", **args: Any) -> Text:
    """A message as Rich text; an argument that is already ``Text`` (a coloured seat) keeps its style."""
    lang = _current[0]
    template = i18n.template(message_id, lang, args.get("n")) or i18n.template(message_id, i18n.DEFAULT_LANGUAGE, args.get("n"))
    if template is None:
        return Text(message_id, style=style)
    out = Text(style=style)
    last = 0
    for match in _PLACEHOLDER.finditer(template):
        out.append(template[last:match.start()])
        name = match.group(1)
        value = args.get(name, match.group(0))
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(i18n.argument(message_id, name, value, lang) if name in args else value)
        last = match.end()
    out.append(template[last:])
    return out


def level_label(name: str) -> str:
    """A bot as the game's opening lines show it: a level of the ladder (or ``heuristic``) with its name
    and what it is, ``normal (Normal) — Searches simulated games, under a second a move: a fair fight.``; any
    other agent as ``agent_label`` has it."""
    base = name.split(":", 1)[0]
    lang = _current[0]
    if name != base or not i18n.has(f"web.setup.level.{base}", lang):
        return agent_label(name)
    return i18n.render("cli.level_label", {"name": name, "label": i18n.msg(f"web.level.{base}"),
                                           "about": i18n.msg(f"web.setup.level.{base}")}, lang)


def agent_label(name: str) -> str:
    """An agent's name as typed (``heuristic``), with its name in the language when that is not English:
    ``heuristic（经验型）`` (the same level names as the browser's, ``web.level.*``)."""
    lang = _current[0]
    message_id = f"web.level.{name.split(':', 1)[0]}"
    if lang == i18n.DEFAULT_LANGUAGE or not i18n.has(message_id, lang):
        return name
    return i18n.render("cli.agent_label", {"name": name, "label": i18n.msg(message_id)}, lang)


def take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` / ``--lang=X`` from anywhere on the command line (before ``--``), and the rest.

    >>> take_language(["play", "--lang", "zh", "kingsburg"])
    ('zh', ['play', 'kingsburg'])
    """
    rest: list[str] = []
    lang: str | None = None
    args = iter(argv)
    for arg in args:
        if arg == "--":
            rest.append(arg)
            rest.extend(args)
            break
        if arg == "--lang":
            lang = next(args, "")
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    return lang, rest
