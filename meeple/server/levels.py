"""Which bots a request may ask for: a fixed list of levels, search settings within bounds.

A client never names code. Over HTTP a seat's ``level`` (and a game's ``fallback_level``) is one of
the ladder's ``random``, ``easy``, ``normal``, ``hard`` (``meeple.agents.LADDER``: what the lobby
offers), ``heuristic`` (the same player as ``easy``) or ``ismcts`` — the search levels (``normal``,
``hard``, ``ismcts``) optionally with settings (``hard:rollout=heuristic``, ``ismcts:seconds=2``)
inside the server's bounds — or a name the operator gave a plug-in agent when starting the server
(``meeple serve --agent mine=mypackage.bots:Clever``). Anything else is refused with the list of
valid levels.

>>> policy = LevelPolicy(max_seconds=5)
>>> policy.check("ismcts:seconds=2")
'ismcts:seconds=2'
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, field
from typing import Any

from meeple.agents import LADDER, LEVELS, _parse_params
from meeple.core import UnknownGame
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, render

QUICK_LEVELS = ("random", "easy", "heuristic")
"""Levels that decide in milliseconds: they think on their own thread, never behind a search."""

SEARCH_LEVELS = (*LEVELS, "ismcts")
"""Information-set MCTS levels (``meeple.agents.LEVELS``, and ``ismcts``); they may carry settings."""

BUILT_IN_LEVELS = (*LADDER, *(name for name in (*QUICK_LEVELS, *SEARCH_LEVELS) if name not in LADDER))
"""Every built-in level a request may name: the ladder first (weakest first), then ``heuristic``, ``ismcts``."""

LEVEL_HELP: dict[str, Message] = {
    **{level: Message(f"web.setup.level.{level}", {}) for level in (*LADDER, "heuristic")},
    "ismcts": Message("server.level.ismcts", {}),
}
"""What each level is in one sentence, as a message (rendered in the reader's language by ``describe``)."""

CHOICES = {
    "clock": ("wall", "cpu"),
    "rollout": ("random", "heuristic"),
    "leaf": ("score", "heuristic"),
    "opponents": ("search", "heuristic"),
    "cutoff": ("lead", "blend"),
}

CLIENT_SETTINGS = ("seconds", "iterations", "rollout_depth", "exploration", *CHOICES)
"""The search settings a request may give a bot; the rest (a network's file, a solo planner) are the operator's."""


class InvalidLevel(ValueError):
    """A bot level a request may not use; ``message`` names the valid levels."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class LevelPolicy:
    """The bounds on bot levels a request may ask for, and the operator's plug-in agents.

    ``max_seconds``: the longest a bot may think for one move (a setting ``seconds`` above it is
    refused, and every search, whatever its budget, stops there); ``max_iterations`` and
    ``max_rollout_depth`` bound those settings; ``plugins`` maps operator-chosen names to
    ``package.module:Class`` (trusted: they come from the command line, never from a request)."""

    max_seconds: float = 10.0
    max_iterations: int = 20_000
    max_rollout_depth: int = 200
    max_exploration: float = 10.0
    plugins: dict[str, str] = field(default_factory=dict)

    def names(self) -> list[str]:
        """Every level a request may name (settings aside): the ladder, ``heuristic``, ``ismcts``, the plug-ins."""
        return [*BUILT_IN_LEVELS, *self.plugins]

    def describe(self, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """The levels with their name and a sentence each in ``lang``, for the catalog (``name`` only for
        the built-in levels)."""
        out = [{"level": name, "name": render(f"web.level.{name}", None, lang), "help": LEVEL_HELP[name].render(lang)}
               for name in BUILT_IN_LEVELS]
        out += [{"level": name, "help": render("server.level.plugin", None, lang)} for name in self.plugins]
        return out

    def limits(self) -> dict[str, Any]:
        return {"max_seconds": self.max_seconds, "max_iterations": self.max_iterations,
                "max_rollout_depth": self.max_rollout_depth, "max_exploration": self.max_exploration,
                "settings": {"seconds": "number", "iterations": "integer", "rollout_depth": "integer",
                             "exploration": "number", **{k: list(v) for k, v in CHOICES.items()}}}

    def _refuse(self, level: Any, why: Message | dict[str, Any] | str) -> InvalidLevel:
        reason = why.to_json() if isinstance(why, Message) else why
        return InvalidLevel(Message("server.level.refused", {"level": repr(level)[:60], "reason": reason,
                                                             "levels": ", ".join(self.names())}))

    def check(self, level: Any) -> str:
        """``level`` in its canonical text if a request may use it; else InvalidLevel saying why."""
        if not isinstance(level, str) or not level.strip():
            raise self._refuse(level, Message("server.level.empty", {}))
        level = level.strip()
        if level in QUICK_LEVELS or level in self.plugins:
            return level
        base, _, params = level.partition(":")
        if base in QUICK_LEVELS:
            raise self._refuse(level, Message("server.level.no_settings", {"level": base}))
        if base not in SEARCH_LEVELS:
            raise self._refuse(level, Message("server.level.unknown", {}))
        try:
            settings = _parse_params(level, params)
        except UnknownGame as exc:
            raise self._refuse(level, exc.message or str(exc)) from None
        for key, value in settings.items():
            problem = self._bad_setting(key, value) if key in CLIENT_SETTINGS else \
                Message("server.level.not_for_clients", {"key": key, "keys": ", ".join(CLIENT_SETTINGS)})
            if problem:
                raise self._refuse(level, problem)
        parts = [base] + [f"{key}={_text(value)}" for key, value in settings.items()]
        return ":".join(parts)

    def _bad_setting(self, key: str, value: Any) -> Message | None:
        if isinstance(value, float) and not math.isfinite(value):
            return Message("server.level.not_finite", {"key": key})
        if key == "seconds" and not 0 < value <= self.max_seconds:
            return Message("server.level.seconds", {"limit": f"{self.max_seconds:g}"})
        if key == "iterations" and not 1 <= value <= self.max_iterations:
            return Message("server.level.range", {"key": key, "low": 1, "high": self.max_iterations})
        if key == "rollout_depth" and not 0 <= value <= self.max_rollout_depth:
            return Message("server.level.range", {"key": key, "low": 0, "high": self.max_rollout_depth})
        if key == "exploration" and not 0 <= value <= self.max_exploration:
            return Message("server.level.range", {"key": key, "low": 0, "high": f"{self.max_exploration:g}"})
        if key in CHOICES and value not in CHOICES[key]:
            return Message("server.level.choice", {"key": key, "choices": ", ".join(CHOICES[key])})
        return None

    def agent_name(self, level: str) -> str:
        """What ``meeple.agents.make_agent`` builds for a checked level (a plug-in's class path)."""
        return self.plugins.get(level, level)

    def is_quick(self, level: str) -> bool:
        return level in QUICK_LEVELS


def _text(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def parse_plugins(specs: list[str]) -> dict[str, str]:
    """``["mine=pkg.mod:Class", ...]`` (``meeple serve --agent``) as a dict, each class imported now so
    that a mistake stops the server at start, not a game later. ValueError says what is wrong."""
    out: dict[str, str] = {}
    for spec in specs:
        name, eq, path = spec.partition("=")
        name, path = name.strip(), path.strip()
        module_name, colon, class_name = path.partition(":")
        if not eq or not name or not colon or not module_name or not class_name:
            raise ValueError(f"--agent {spec!r}: write NAME=package.module:Class")
        if name in BUILT_IN_LEVELS or ":" in name or not name.replace("-", "_").isidentifier():
            raise ValueError(f"--agent {spec!r}: the name must be a new word (letters, digits, - and _), "
                             f"not a built-in level")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise ValueError(f"--agent {spec!r}: cannot import {module_name!r} ({exc})") from None
        if not callable(getattr(module, class_name, None)):
            raise ValueError(f"--agent {spec!r}: {module_name} has no class {class_name!r}")
        out[name] = path
    return out
