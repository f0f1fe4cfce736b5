"""The errors meeple raises: every one says what was wrong, in words a player understands.

Each carries a ``Message`` (an id and its arguments) so that a screen can say it in its reader's
language; ``str(error)`` is the English sentence:

>>> error = IllegalAction("core.game_over")
>>> error.render("zh")
'对局已经结束，不能再行动'
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import DEFAULT_LANGUAGE, Message, UnknownLanguage, is_message_id


class MeepleError(Exception):
    """Base of meeple's errors: built from a message id and its arguments (or, from a plug-in that has
    no catalogue, from a plain sentence, shown as it is in every language)."""

    message: Message | None

    def __init__(self, message: str | Message, /, **args: Any) -> None:
        if isinstance(message, Message):
            self.message = message
        elif isinstance(message, str) and (args or is_message_id(message)):
            self.message = Message(message, args)
        else:
            self.message = None
        super().__init__(message)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The error in ``lang``."""
        if self.message is None:
            return str(self.args[0]) if self.args else ""
        return self.message.render(lang)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)


class IllegalAction(MeepleError, ValueError):
    """A well-formed action the rules forbid now (wrong player, wrong phase, not allowed).

    The state it was applied to is unchanged.
    """


class ActionParseError(IllegalAction):
    """Text or JSON that is no action at all (a subclass, so one ``except IllegalAction`` catches both)."""


class StateFormatError(MeepleError, ValueError):
    """A saved state (``meeple.from_json``) that is malformed or inconsistent with its own moves."""


class UnknownGame(MeepleError, ValueError):
    """A game id, player count or option that does not exist; the message lists the valid ones."""


class BadArgument(MeepleError, ValueError):
    """A value a call does not take — a seed that is no integer, an unknown chance mode — where the game,
    its player count and options are fine (those raise ``UnknownGame``)."""


class InvariantError(AssertionError):
    """A broken component-conservation invariant: a bug in a game's rules, never a player's fault."""


__all__ = ["MeepleError", "IllegalAction", "ActionParseError", "StateFormatError", "UnknownGame", "BadArgument",
           "InvariantError", "UnknownLanguage"]
