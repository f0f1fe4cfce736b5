"""The terminal's help in the reader's language: a Typer app's help texts, and Typer's own words around
them, swapped for catalogue messages (the English is the code's own text, kept to switch back).

>>> translate_app_help(app, "zh", app_id="cli.help.app", prefix="cli.help", panels=True)
>>> translate_app_help(app, "en", app_id="cli.help.app", prefix="cli.help", panels=True)   # as written
"""

from __future__ import annotations

import inspect
from typing import Any

import typer

from meeple.core import i18n

_ENGLISH_HELP: dict[tuple[int, str], str | None] = {}
"""The code's own text of each help attribute replaced, by (holder's id, attribute)."""

_TYPER_WORDS = ("OPTIONS_PANEL_TITLE", "ARGUMENTS_PANEL_TITLE", "COMMANDS_PANEL_TITLE", "ERRORS_PANEL_TITLE",
                "DEFAULT_STRING", "REQUIRED_LONG_STRING", "ENVVAR_STRING", "ABORTED_TEXT", "DEPRECATED_STRING")
"""Typer's own words around the help ("Options", "[default: …]"…): ids ``cli.typer.<name in lower case>``."""


def _put(holder: Any, attr: str, message_id: str, lang: str) -> None:
    key = (id(holder), attr)
    if key not in _ENGLISH_HELP:
        _ENGLISH_HELP[key] = getattr(holder, attr)
    chosen = i18n.template(message_id, lang) if lang != i18n.DEFAULT_LANGUAGE else None
    setattr(holder, attr, chosen if chosen is not None else _ENGLISH_HELP[key])


def translate_app_help(app: typer.Typer, lang: str, *, app_id: str, prefix: str, panels: bool = False) -> None:
    """Put ``app``'s help in ``lang``: the app's (``app_id``), each command's (``<prefix>.<command>``, dashes
    as underscores) and each option's (``<prefix>.<command>.<parameter>``); ``panels``: Typer's own words
    too. A message missing in ``lang`` leaves the English."""
    _put(app.info, "help", app_id, lang)
    if panels:
        import typer.rich_utils as typer_words

        for attr in _TYPER_WORDS:
            if hasattr(typer_words, attr):
                _put(typer_words, attr, f"cli.typer.{attr.lower()}", lang)
    for info in app.registered_commands:
        if info.callback is None:
            continue
        name = (info.name or info.callback.__name__).replace("-", "_")
        if info.help is None:
            info.help = inspect.getdoc(info.callback)
        _put(info, "help", f"{prefix}.{name}", lang)
        for param in inspect.signature(info.callback).parameters.values():
            if getattr(param.default, "help", None):
                _put(param.default, "help", f"{prefix}.{name}.{param.name}", lang)
