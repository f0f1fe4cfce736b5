"""The errors meeple raises: every one says what was wrong, in words a player understands."""

from __future__ import annotations


class IllegalAction(ValueError):
    """A well-formed action the rules forbid now (wrong player, wrong phase, not allowed).

    The state it was applied to is unchanged.
    """


class ActionParseError(IllegalAction):
    """Text or JSON that is no action at all (a subclass, so one ``except IllegalAction`` catches both)."""


class StateFormatError(ValueError):
    """A saved state (``meeple.from_json``) that is malformed or inconsistent with its own moves."""


class UnknownGame(ValueError):
    """A game id, player count or option that does not exist; the message lists the valid ones."""


class InvariantError(AssertionError):
    """A broken component-conservation invariant: a bug in a game's rules, never a player's fault."""
