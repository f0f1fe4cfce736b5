"""The game log: its events (``LogEntry``), how a state writes them (``GameLog``: ``say``, ``say_again``)
and the record a quiet copy keeps instead (``QUIET_RECORD``). Events are rendered in the reader's
language when shown.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Hashable, Mapping, NamedTuple

from meeple.core.i18n import DEFAULT_LANGUAGE, render


class LogEntry(NamedTuple):
    """One event of the game log: a message id, its arguments, and who may read it (``visible_to`` is
    None for everyone, else the seats that may). It is rendered in the reader's language when shown:

    >>> entry.render("zh"), entry.text          # entry.text is the English sentence
    ('黄方拿取 2 枚金币。', 'Yellow takes 2 gold.')
    """

    id: str
    args: dict[str, Any]
    visible_to: tuple[int, ...] | None = None

    @property
    def text(self) -> str:
        """The English sentence."""
        return render(self.id, self.args, DEFAULT_LANGUAGE)

    def render(self, lang: str = DEFAULT_LANGUAGE, seat_names: Mapping[int, str] | None = None) -> str:
        return render(self.id, self.args, lang, seat_names)

    def __str__(self) -> str:
        return self.text

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "args": self.args}


QUIET_RECORD: deque[Any] = deque(maxlen=0)
"""The log and the history of a quiet copy (``State.determinize(..., quiet=True)``), shared by all of them:
a deque that keeps nothing, so the rules' ``say`` and every move's record cost only their append (made
in C) and leave no objects behind. A search's copies are played thousands of times per move and never
shown to anyone: nobody reads what they say (``clone`` of a quiet copy is quiet too)."""

_new_tuple = tuple.__new__  # builds a LogEntry without NamedTuple's keyword-handling __new__
_SHARED_ENTRIES: dict[str, dict[Hashable, LogEntry]] = {}  # State.say_again: message id -> key -> entry
_SHARED_PER_ID = 50_000



class GameLog:
    """What a state says and who may read it (mixed into ``State``): ``say`` and ``say_again`` add events
    to its ``log``, ``log_for`` reads them in a language. A quiet copy's log is ``QUIET_RECORD``."""

    log: list[LogEntry]

    def say(self, message_id: str, to: tuple[int, ...] | None = None, /, **args: Any) -> None:
        """Add a log event, public or visible only to the seats in ``to``; ``args`` are JSON-native values
        (seat numbers, component keys, numbers, nested ``msg(...)``), named after their kind.

        >>> self.say("citadels.builds", seat=p, district="temple", cost=1)
        >>> self.say("citadels.draws_card", (p,), seat=p, district="temple")   # or to=(p,)
        """
        # message_id and to are positional-only: CPython then matches no keyword argument against their
        # names (three string comparisons per argument, on the hottest call of every game); ``to=`` still
        # works, taken out of the arguments here.
        log = self.log
        if log is QUIET_RECORD:
            return
        if "to" in args:
            to = args.pop("to")
        log.append(_new_tuple(LogEntry, (message_id, args, to)))

    def say_again(self, message_id: str, key: Hashable, /, **args: Any) -> None:
        """``say(message_id, **args)`` for a public event a game repeats often with the same arguments:
        ``key`` (hashable: the seat, a tuple of numbers, …) must stand for exactly these ``args``. Every
        such event shares one entry (never mutated), so a long log keeps no new objects for it and the
        garbage collector has less to count and walk.

        >>> self.say_again("kingsburg.gains.2", p, seat=p)
        """
        if self.log is QUIET_RECORD:
            return
        by_key = _SHARED_ENTRIES.get(message_id)
        if by_key is None:
            by_key = _SHARED_ENTRIES[message_id] = {}
        entry = by_key.get(key)
        if entry is None:
            if len(by_key) >= _SHARED_PER_ID:
                by_key.clear()
            entry = by_key[key] = _new_tuple(LogEntry, (message_id, args, None))
        self.log.append(entry)

    def log_for(self, player: int | None, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """The log lines ``player`` may read (``None``: public lines only), in ``lang``."""
        return [e.render(lang) for e in self.log if e.visible(player)]

