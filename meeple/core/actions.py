"""Actions: small immutable records with a compact text form and a JSON form.

>>> a = Action("take", (4, 2)); str(a), a.to_json()
('take 4 2', {'name': 'take', 'args': [4, 2]})
"""

from __future__ import annotations

from typing import Any

import re

from meeple.core.errors import ActionParseError

_INT = re.compile(r"-?[0-9]+")

Arg = int | str

CHANCE = -1
"""The chance seat: in ``to_move()`` when a random outcome is due and the game uses manual chance."""


class Action:
    """One decision: a name and a tuple of int/str arguments. Equal actions compare and hash equal."""

    __slots__ = ("name", "args", "_hash", "index")

    def __init__(self, name: str, args: tuple[Arg, ...] = ()) -> None:
        self.name = name
        self.args = args
        self._hash = hash((name, args))
        self.index: int | None = None
        """Position in the game's fixed action space (set on the actions ``legal_actions`` returns
        when the game declares one; see ``Game.num_distinct_actions``)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuild from name and args: the cached hash of a string is only valid in this process.
        return (_rebuild, (self.name, self.args, self.index))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Action) and self._hash == other._hash and self.name == other.name and self.args == other.args

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        if not self.args:
            return self.name
        return self.name + " " + " ".join(str(a) for a in self.args)

    def __repr__(self) -> str:
        return f"Action({self.name!r}, {self.args!r})"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Rebuild an action from ``to_json()`` output; raises ActionParseError saying what is wrong."""
        if not isinstance(data, dict):
            raise ActionParseError("core.action_not_object", kind=type(data).__name__)
        extra = set(data) - {"name", "args"}
        if extra:
            raise ActionParseError("core.action_unknown_fields", fields=", ".join(sorted(map(str, extra)))[:120])
        name = data.get("name")
        if not isinstance(name, str) or not name:
            raise ActionParseError("core.action_needs_name")
        args = data.get("args", [])
        if not isinstance(args, list):
            raise ActionParseError("core.action_args_list")
        for a in args:
            if isinstance(a, bool) or not isinstance(a, (int, str)):
                raise ActionParseError("core.action_bad_arg", value=repr(a)[:40])
        return cls(name, tuple(args))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Split ``"take 4 2"`` into an action; digits become integers."""
        if not isinstance(text, str):
            raise ActionParseError("core.action_text_not_string", kind=type(text).__name__)
        words = text.strip().split()
        if not words:
            raise ActionParseError("core.action_empty")
        args = []
        for w in words[1:]:
            if _INT.fullmatch(w):
                args.append(int(w))
            elif w.lstrip("-").isdigit():  # '--3', '²': looks like a number, is none
                raise ActionParseError("core.action_bad_number", word=repr(w)[:40])
            else:
                args.append(w)
        args = tuple(args)
        return cls(words[0].lower(), args)


def _rebuild(name: str, args: tuple[Arg, ...], index: int | None) -> Action:
    action = Action(name, args)
    action.index = index
    return action
