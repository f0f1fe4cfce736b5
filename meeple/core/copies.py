"""How a state is copied: ``clone`` (an exact copy) and ``determinize`` (a copy with what one seat cannot
know re-dealt), and the copiers each state class gets for its ``FIELDS``, by their ``FIELD_SHAPES``.

A search copies the position once per iteration, so the copiers are written out per class (as
``dataclasses`` writes an ``__init__``): a shaped field by the copy its shape needs, the others by one
``marshal`` round trip.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from meeple.core.actions import Action
from meeple.core.log import QUIET_RECORD, LogEntry
from meeple.core.rng import Rng

if TYPE_CHECKING:
    from meeple.core.registry import Game
    from meeple.core.state import State

VALUE = "value"
"""A ``FIELD_SHAPES`` shape: an immutable value (int, float, str, bool or None), shared by the copies."""
LIST = "list"
"""A ``FIELD_SHAPES`` shape: a list of immutable values (copied with ``list.copy``)."""
ROWS = "rows"
"""A ``FIELD_SHAPES`` shape: a list of lists of immutable values (each row copied with ``list.copy``)."""
DICT_ROWS = "dict rows"
"""A ``FIELD_SHAPES`` shape: a list of dicts (string keys) of immutable values (each copied with ``dict.copy``)."""
SHAPES = (VALUE, LIST, ROWS, DICT_ROWS)


def _field_copiers(fields: tuple[str, ...], shapes: Mapping[str, str] | None = None) -> tuple[Any, Any, Any]:
    """Three functions for a class's ``FIELDS``, made once when the class is (as ``dataclasses`` makes an
    ``__init__``): ``read(state)``, the fields' values as a tuple, ``write(state, values)``, which sets
    them from one (plain attribute reads and writes, whether the fields live in slots or in the dict),
    and ``copy(state, new)``, which gives ``new`` a deep copy of every field: a field named in ``shapes``
    (``FIELD_SHAPES``) by the copy its shape needs, written out (a value shared, a list copied, each row
    of a list of rows copied), every other field by a ``marshal`` round trip of them all.

    >>> read, write, copy = _field_copiers(("gold", "hands"), {"gold": LIST}); copy(state, new)
    """
    shapes = shapes or {}
    for name in fields:
        if not name.isidentifier():
            raise TypeError(f"FIELDS: {name!r} is not a field name")
    for name, shape in shapes.items():
        if name not in fields or shape not in SHAPES:
            raise TypeError(f"FIELD_SHAPES: {name!r}: {shape!r} (a field and one of {SHAPES})")
    if not fields:
        return (lambda state: ()), (lambda state, values: None), (lambda state, new: None)
    targets = "".join(f"state.{name}, " for name in fields)
    copying = []
    for name in fields:
        shape = shapes.get(name)
        if shape == VALUE:
            copying.append(f"    new.{name} = state.{name}\n")
        elif shape == LIST:
            copying.append(f"    new.{name} = _copy_list(state.{name})\n")
        elif shape == ROWS:
            copying.append(f"    new.{name} = list(map(_copy_list, state.{name}))\n")
        elif shape == DICT_ROWS:
            copying.append(f"    new.{name} = list(map(_copy_dict, state.{name}))\n")
    deep = [name for name in fields if name not in shapes]
    if deep:
        new_deep = "".join(f"new.{name}, " for name in deep)
        old_deep = "".join(f"state.{name}, " for name in deep)
        copying.append(f"    ({new_deep}) = _loads(_dumps(({old_deep})))\n")
    namespace: dict[str, Any] = {"_copy_list": list.copy, "_copy_dict": dict.copy, "_loads": marshal.loads,
                                 "_dumps": marshal.dumps}
    exec(f"def read(state):\n    return ({targets})\n"  # noqa: S102 - built from the class's own field names
         f"def write(state, values):\n    ({targets}) = values\n"
         f"def copy(state, new):\n{''.join(copying)}", namespace)
    return namespace["read"], namespace["write"], namespace["copy"]


def field_shape_problem(value: Any, shape: str) -> str | None:
    """Why ``value`` does not have ``shape`` (a ``FIELD_SHAPES`` shape), or None when it has it: what the
    contract test checks of every shaped field on random play.

    >>> field_shape_problem([[1, 2], []], ROWS), field_shape_problem([[1, [2]]], ROWS)
    (None, 'row 0 holds a list')
    """
    def immutable(v: Any) -> bool:
        return v is None or type(v) in (int, float, str, bool)

    if shape == VALUE:
        return None if immutable(value) else f"a {type(value).__name__}"
    if type(value) is not list:
        return f"a {type(value).__name__}, not a list"
    if shape == LIST:
        for v in value:
            if not immutable(v):
                return f"it holds a {type(v).__name__}"
        return None
    row_type = list if shape == ROWS else dict
    for i, row in enumerate(value):
        if type(row) is not row_type:
            return f"row {i} is a {type(row).__name__}"
        for v in (row if row_type is list else row.values()):
            if not immutable(v):
                return f"row {i} holds a {type(v).__name__}"
    return None


class Copies:
    """``clone`` and ``determinize`` (mixed into ``State``); each subclass gets its field copiers
    (``_read_fields``, ``_write_fields``, ``_copy_fields``) when it is made."""

    FIELDS: ClassVar[tuple[str, ...]]
    FIELD_SHAPES: ClassVar[dict[str, str]]
    game: Game
    players: int
    seed: int
    chance: str
    rng: Rng
    history: list[tuple[int, Action]]
    log: list[LogEntry]
    determinized: bool

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        read, write, copy = _field_copiers(tuple(cls.FIELDS), cls.FIELD_SHAPES)
        cls._read_fields, cls._write_fields, cls._copy_fields = staticmethod(read), staticmethod(write), staticmethod(copy)

    def clone(self) -> State:
        """An independent copy; applying actions to it never touches this state (nor its RNG)."""
        if self.log is QUIET_RECORD:  # a quiet copy's clone is quiet
            return self._copy(Rng(raw_state=self.rng.state), QUIET_RECORD, QUIET_RECORD, self.determinized)
        return self._copy(Rng(raw_state=self.rng.state), self.history.copy(), self.log.copy(), self.determinized)

    def _copy(self, rng: Rng, history: list[tuple[int, Action]], log: list[LogEntry], determinized: bool) -> State:
        """A deep copy of the fields (``_copy_fields``: by their shapes, else by marshal) with the engine's own
        parts given (``clone``, ``determinize``)."""
        cls = self.__class__
        new = cls.__new__(cls)
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.chance = self.chance
        new.rng = rng
        new.history = history
        new.log = log
        new.determinized = determinized
        new._legal_cache = {}
        self._copy_fields(self, new)
        return new

    def determinize(self, player: int | None, seed: int, *, quiet: bool = False, rng: Rng | None = None) -> State:
        """A copy in which all that ``player`` cannot know is re-sampled from ``seed``.

        ``quiet``: a copy for a search, which reads neither the log nor the history: it starts with
        neither and keeps none (``quiet_record``); the rules play on it exactly as on any copy.
        ``rng``: the copy's generator made already, ``Rng(seed)``'s stream from its start (a search's
        ``AheadRng.next_seeded`` has its first outputs ready)."""
        if rng is None:
            rng = Rng(seed)
        if quiet:
            new = self._copy(rng, QUIET_RECORD, QUIET_RECORD, True)
        else:
            # The copy keeps only the log lines the seat may read and the seat's own moves: other
            # seats' moves and chance outcomes may be secret (a card drawn, a hidden pick).
            log, history = self._seat_record(player)
            new = self._copy(rng, history.copy(), log.copy(), True)
        new._resample_hidden(player)
        new._legal_cache = {}
        return new

    @property
    def quiet(self) -> bool:
        """Whether this copy keeps no log and no history (``determinize(..., quiet=True)``)."""
        return self.log is QUIET_RECORD

    def _seat_record(self, player: int | None) -> tuple[list[LogEntry], list[tuple[int, Action]]]:
        """The log lines ``player`` may read and ``player``'s own moves, kept per seat and extended as
        the game goes on (a search determinizes the same position thousands of times)."""
        records = self.__dict__.setdefault("_seat_records", {})
        log, history = self.log, self.history
        record = records.get(player)
        if record is not None:
            n_log, n_hist, seen_log, own_moves = record[:4]
            if not (n_log <= len(log) and n_hist <= len(history)
                    and (n_log == 0 or record[4] is log[n_log - 1])
                    and (n_hist == 0 or record[5] is history[n_hist - 1])):
                record = None  # the log or history was rewritten (not appended to): start again
        if record is None:
            n_log = n_hist = 0
            seen_log, own_moves = [], []
        if n_log < len(log):
            seen_log.extend(e for e in log[n_log:] if e[2] is None or (player is not None and player in e[2]))
        if n_hist < len(history) and player is not None:
            own_moves.extend(m for m in history[n_hist:] if m[0] == player)
        n_log, n_hist = len(log), len(history)
        records[player] = (n_log, n_hist, seen_log, own_moves,
                           log[-1] if log else None, history[-1] if history else None)
        return seen_log, own_moves
