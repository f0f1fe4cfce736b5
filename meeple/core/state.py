"""The base State every game extends: turn taking, legality, chance, copies, JSON, the log.

A game subclass declares its data in ``FIELDS`` (JSON-native values only: dicts with string keys,
lists, ints, floats, strings, booleans, None) and implements the transitions below. Its final class
may also say ``__slots__ = FIELDS``: the fields then live in slots, which the rules read faster than
an instance dict of more than 30 attributes (the most CPython keeps in its fast, shared-key form).

* ``setup()``                      deal the starting position (chance may be pending afterwards)
* ``_to_move()``                   the seats that may act now, or ``[CHANCE]``
* ``_legal_actions(player)``       the legal actions of a seat in ``_to_move()``
* ``_apply(action, player)``       perform a legal action (called only after the legality check; it may
                                   put in ``self._legal_cache`` the legal list of the position it ends in)
* ``chance_outcomes()``            ``[(Action, weight), ...]`` when ``[CHANCE]`` is to move
* ``is_over()``, ``scores()``, ``winners()``, ``_observation(player)``
* ``_resample_hidden(player)``     re-deal, in a copy, what ``player`` cannot know (optional)
* ``chance_choices(player)``, ``_reconcile_chance_entry(action)``   a real table's entries (optional)
* ``check_invariants()``           component conservation (optional, used by the contract tests)

>>> state = meeple.load("cube-europe", players=2).new_game(seed=7)
>>> state.apply(state.legal_actions(state.to_move()[0])[0])
"""

from __future__ import annotations

import importlib
import marshal
from collections import deque
from typing import Any, ClassVar, Hashable, Mapping, NamedTuple

from meeple.core.actions import CHANCE, Action
from meeple.core.errors import ActionParseError, BadArgument, IllegalAction, StateFormatError, UnknownGame
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, render, term
from meeple.core.registry import Game, load
from meeple.core.rng import Rng

FORMAT = "meeple-state"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
"""Version 1 stored the log as English sentences; version 2 stores events (message id and arguments).
A version-1 save still loads: its moves are replayed and its log is rebuilt as events."""


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


class MoveReport(NamedTuple):
    """What one move did beyond its own content (``State.apply_reporting``).

    ``revealed``: the move, or what the rules did because of it, showed some seat something that seat
    could not know before (a character called, a secret choice turned up, a card drawn from a hidden
    deck); the game's rules say so exactly by calling ``State.reveal()``. ``chance_outcomes``: how many
    random outcomes were drawn after it (automatic chance). A move is undoable only when neither
    happened (Board Game Arena's policy):

    >>> state.apply_reporting(action, player).undoable
    True
    """

    revealed: bool
    chance_outcomes: int

    @property
    def undoable(self) -> bool:
        return not self.revealed and self.chance_outcomes == 0


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


class State:
    """The state of one game in progress; see the module docstring for what a game implements."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        read, write, copy = _field_copiers(tuple(cls.FIELDS), cls.FIELD_SHAPES)
        cls._read_fields, cls._write_fields, cls._copy_fields = staticmethod(read), staticmethod(write), staticmethod(copy)

    FIELDS: ClassVar[tuple[str, ...]] = ()
    FIELD_SHAPES: ClassVar[dict[str, str]] = {}
    """What some fields always hold, so that a copy (``clone``, ``determinize``) copies them by their shape
    (``VALUE``, ``LIST``, ``ROWS``, ``DICT_ROWS``: a few list copies in C) instead of a ``marshal`` round trip,
    the deep copy every other field gets (a search copies the position once per iteration).
    tests/core/test_field_shapes.py checks every game's shapes on random play at every player count."""
    FIELD_RENAMES: ClassVar[dict[str, str]] = {}
    """Former names of state fields (old → new): a save that still uses one loads under the new name."""
    EARLIER_FIELD_RENAMES: ClassVar[dict[str, str]] = {}
    """Older names that ``FIELD_RENAMES`` cannot hold, applied before it (old → a key of ``FIELD_RENAMES``
    or a field): a field renamed twice (its first name → its former name), or a name that no former name
    may be (one the core's observation uses for itself, such as ``over``)."""

    @classmethod
    def upgrade_saved_fields(cls, fields: dict[str, Any]) -> dict[str, Any]:
        """A save's fields (under today's names, ``FIELD_RENAMES``) in today's forms, for a game whose fields
        changed form: ``from_json`` compares them with the replay's (or loads them, for a determinized
        copy). Returns ``fields`` itself when nothing changes (the default), else a new dict."""
        return fields
    OBSERVATION_SCHEMA: ClassVar[int] = 1
    """The version of the observation's keys (its ``"schema"``); raised by one when keys are renamed."""
    OBSERVATION_RENAMES: ClassVar[dict[int, dict[str, str]]] = {}
    """The keys each schema renamed (version → {old: new}): ``meeple.core.observation_schema``."""
    ACTION_NAMES: ClassVar[frozenset[str]] = frozenset()
    _revealed: bool = False  # set by ``reveal()`` during a move; read by ``apply_reporting``

    game: Game
    players: int
    """The number of seats (the game's): a plain attribute, set with ``game``, as the rules read it often."""
    seed: int
    chance: str
    rng: Rng
    history: list[tuple[int, Action]]
    log: list[LogEntry]
    determinized: bool

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, game: Game, seed: int, chance: str) -> State:
        game.action_space()  # numbers the game's actions (once per configuration) before any is listed
        state = cls.__new__(cls)
        state._init_base(game, seed, chance)
        state.setup()
        state._advance()
        return state

    def _init_base(self, game: Game, seed: int, chance: str) -> None:
        self.game = game
        self.players = game.players
        self.seed = seed
        self.chance = chance
        self.rng = Rng(seed)
        self.history = []
        self.log = []
        self.determinized = False
        self._legal_cache: dict[int, list[Action]] = {}

    # ------------------------------------------------------------------ game hooks
    def setup(self) -> None:
        raise NotImplementedError

    def _to_move(self) -> list[int]:
        raise NotImplementedError

    def _legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action, player: int) -> None:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of the pending random event with their weights (any positive scale)."""
        raise NotImplementedError

    def sample_chance(self, rng: Rng) -> Action:
        """Draw the pending random outcome; games may override with a faster equivalent."""
        outcomes = self.chance_outcomes()
        return outcomes[rng.weighted_index([w for _, w in outcomes])][0]

    def chance_owner(self) -> int | None:
        """The seat whose roll or draw the pending random outcome is, when it is one seat's (at a real
        table that player enters it); None when anyone at the table may (the first player, a public
        reveal). The default: anyone."""
        return None

    def chance_choices(self, player: int) -> list[Action]:
        """The outcomes ``player`` is offered to enter for the pending random event at a real table
        (manual chance): every outcome it might be, judged only from what ``player`` may know. Always
        includes every legal outcome, and ``determinize(player)`` never changes it (a contract test).

        The default, the legal outcomes themselves, is right when they are public (dice, who starts);
        a game whose deck holds cards a seat cannot locate offers more (a draw from a deck whose
        content would tell where the other cards are), and then accepts every outcome it offers:
        ``apply`` hands an offered outcome that is not legal to ``_reconcile_chance_entry``.

        >>> set(state.legal_actions(meeple.CHANCE)) <= set(state.chance_choices(0))
        True
        """
        return [a for a, _ in self.chance_outcomes()]

    def _reconcile_chance_entry(self, action: Action) -> bool:
        """Manual chance: a real table entered ``action``, an outcome some seat may be offered
        (``chance_choices``) that meeple's own arrangement of the hidden components rules out (the card
        entered is, for meeple, in a place no seat entering it could see). Rearrange only what is hidden,
        so that ``action`` becomes a legal outcome, log a public notice that two entries conflict
        (naming nobody), and return True; or return False and change nothing. It must be deterministic
        (``self.rng`` may be used): a replay of the same entries gives the same position. The default
        accepts nothing: a game whose outcomes are public offers only legal ones."""
        return False

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[float]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def _observation(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _resample_hidden(self, player: int | None) -> None:
        """Re-deal what ``player`` cannot know, using ``self.rng``; the default has nothing hidden."""

    def check_invariants(self) -> None:
        """Raise InvariantError if components were created or lost; the default checks nothing."""

    @classmethod
    def action_space(cls, game: Game) -> list[Action] | None:
        """Every distinct action the game can ever offer in this configuration, chance outcomes
        included, in a fixed order (the research adapters' action ids); None if not declared.

        The default asks the game package's ``encoding`` module: ``encoding.action_space(game)``.
        """
        encoding = cls._encoding_module()
        return None if encoding is None else encoding.action_space(game)

    def _observation_tensor(self, player: int | None) -> Any:
        """``observation(player)`` as a fixed-shape float32 numpy array (research adapters).

        The default is ``encoding.observation_tensor(observation)`` of the game package, computed
        from the observation alone so that it can hold nothing more.
        """
        encoding = self._encoding_module()
        if encoding is None:
            raise NotImplementedError(f"{self.game.id} has no observation tensor")
        return encoding.observation_tensor(self.observation(player))

    @classmethod
    def _encoding_module(cls) -> Any:
        cache = cls.__dict__.get("_encoding_cache")
        if cache is not None:
            return cache[0]
        package = cls.__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(f"{package}.encoding")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.encoding":
                raise
            module = None
        cls._encoding_cache = (module,)
        return module

    def why_illegal(self, action: Action, player: int) -> Message:
        """Why ``action`` is not legal for ``player`` now (a Message; ``str()`` of it is English); games
        refine this with rule-specific reasons."""
        legal = self.legal_actions(player)
        shown: list[Any] = [{"id": "core.notation", "args": {"text": str(a)}} for a in legal[:12]]
        if len(legal) > 12:
            shown.append("…")
        return Message("core.not_legal_now", {"game": self.game.id, "action": str(action), "seat": player,
                                               "legal": shown})

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now, as a message; games override this (None: no sentence)."""
        return None

    def describe(self, action: Action, player: int | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
        """A sentence for a person in ``lang`` (``describe_message`` rendered); else the compact text.

        >>> state.describe(Action("gold"), 3, "zh")     # Citadels
        '从银行拿取 2 枚金币'
        """
        try:
            message = self.describe_message(action, player)
        except (IndexError, KeyError, ValueError, TypeError, AttributeError):
            message = None
        return str(action) if message is None else render(message.id, message.args, lang)

    # ------------------------------------------------------------------ the public API
    def player_name(self, player: int | None, lang: str = DEFAULT_LANGUAGE) -> str:
        """The seat's name in ``lang`` (its colour, or the game's own name for it)."""
        if player is None:
            return render("core.spectator", None, lang)
        if player == CHANCE:
            return render("core.chance", None, lang)
        named = term(self.game.id, "seat", player, lang)
        return named if named is not None else self.game.seat_name(player)

    def __repr__(self) -> str:
        """What the state is, in one line: the game, its table, seed and moves, and who moves.

        >>> meeple.load("kingsburg", players=2).new_game(seed=4)
        KingsburgState('kingsburg', players=2, seed=4, moves=0, to_move=[0])
        """
        moving = "over" if self.is_over() else self.to_move()
        return (f"{type(self).__name__}({self.game.id!r}, players={self.players}, seed={self.seed}, "
                f"moves={len(self.history)}, to_move={moving}{', determinized' if self.determinized else ''})")

    def to_move(self) -> list[int]:
        """The seats that may act now ([] once the game is over; [CHANCE] for a manual random outcome)."""
        return self._to_move()

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of ``player`` (default: the only seat to move); [] for a seat not to move."""
        if player is None:
            player = self._single_mover()
        return list(self._legal(player))

    def _legal(self, player: int) -> list[Action]:
        """The cached legal actions (shared list: never mutate it), as the action space's own objects
        when the game declares a space (a game whose rules already list those objects pays nothing)."""
        cached = self._legal_cache.get(player)
        if cached is None:
            if player not in self._to_move():
                return []
            if player == CHANCE:
                cached = [a for a, _ in self.chance_outcomes()]
            else:
                cached = self._legal_actions(player)
            for action in cached:
                if action.index is None:  # not the action space's own objects: map them (if it has one)
                    lookup = self.game.action_lookup
                    if lookup is not None:
                        cached = [lookup[a] for a in cached]
                    break
            self._legal_cache[player] = cached
        return cached

    def apply(self, action: Action, player: int | None = None) -> None:
        """Perform ``action`` for ``player``; anything not legal raises IllegalAction and changes nothing.

        With manual chance, a random outcome a real table entered that meeple's hidden arrangement rules
        out is first reconciled (``_reconcile_chance_entry``) when the game can; else it is refused."""
        # Fast path: a seat whose legal actions are cached is a seat to move (the cache is emptied on
        # every change), and agents hand back an object from that very list.
        legal = self._legal_cache.get(player) if type(player) is int else None
        if legal is None:
            player, legal = self._mover_and_legal(action, player)
        for candidate in legal:
            if candidate is action:
                break
        else:
            if not isinstance(action, Action):
                    raise IllegalAction("core.not_an_action", value=repr(action)[:80])
            if action not in legal and not (player == CHANCE and self.chance == "manual"
                                            and self._reconcile_chance_entry(action)):
                raise IllegalAction(self.why_illegal(action, player))
        self._perform(action, player)

    def apply_reporting(self, action: Action, player: int | None = None) -> MoveReport:
        """``apply``, and say whether the move revealed anything or led to random outcomes (undo needs
        both to be false). Raises like ``apply``."""
        self._revealed = False
        before = len(self.history)
        self.apply(action, player)
        revealed, self._revealed = self._revealed, False
        return MoveReport(revealed, len(self.history) - before - 1)

    def reveal(self) -> None:
        """Called by a game's rules in every transition that shows some seat what it could not know
        before, beyond the content of the action itself: a hidden card or choice turned face up, the
        next character called, a card taken from a shuffled deck. Nothing else depends on it but
        ``apply_reporting`` (the server's undo), so a game may call it freely where in doubt."""
        self._revealed = True

    def _mover_and_legal(self, action: Any, player: Any) -> tuple[int, list[Action]]:
        """The checks of ``apply`` when nothing is cached: the action's type, whose turn it is."""
        if not isinstance(action, Action):
            raise IllegalAction("core.not_an_action", value=repr(action)[:80])
        movers = self._to_move()
        if player is None:
            player = self._single_mover(movers)
        elif isinstance(player, bool) or not isinstance(player, int):
            raise IllegalAction("core.bad_player", last=self.players - 1, value=repr(player)[:40])
        if player not in movers:
            if not movers:
                raise IllegalAction("core.game_over")
            raise IllegalAction("core.not_your_turn", game=self.game.id, seat=player, seats=list(movers))
        return player, self._legal(player)

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

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know, as a JSON-able dict (``None``: a spectator's public view)."""
        obs = {
            "game": self.game.id,
            "players": self.players,
            "player": player,
            "to_move": self.to_move(),
            "over": self.is_over(),
            "schema": self.OBSERVATION_SCHEMA,
        }
        obs.update(self._observation(player))
        return obs

    def determinize(self, player: int | None, seed: int, *, quiet: bool = False) -> State:
        """A copy in which all that ``player`` cannot know is re-sampled from ``seed``.

        ``quiet``: a copy for a search, which reads neither the log nor the history: it starts with
        neither and keeps none (``quiet_record``); the rules play on it exactly as on any copy."""
        if quiet:
            new = self._copy(Rng(seed), QUIET_RECORD, QUIET_RECORD, True)
        else:
            # The copy keeps only the log lines the seat may read and the seat's own moves: other
            # seats' moves and chance outcomes may be secret (a card drawn, a hidden pick).
            log, history = self._seat_record(player)
            new = self._copy(Rng(seed), history.copy(), log.copy(), True)
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

    def action_from_index(self, index: int) -> Action:
        """The action with this id in the game's fixed action space (legality is checked by ``apply``)."""
        space = self.game.action_space()
        if space is None:
            raise NotImplementedError(f"{self.game.id} declares no fixed action space")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(space):
            raise ActionParseError("core.bad_action_index", last=len(space) - 1, value=repr(index)[:40])
        return space[index]

    def action_index(self, action: Action) -> int:
        """The fixed id of ``action`` (any equal action works, not only the indexed instance)."""
        lookup = self.game.action_lookup
        if lookup is None or action not in lookup:
            raise ActionParseError("core.not_in_action_space", action=str(action), game=self.game.id)
        return lookup[action].index  # type: ignore[return-value]

    def observation_tensor(self, player: int | None) -> Any:
        """What ``player`` may know as a fixed-shape numpy float32 array (same content as ``observation``)."""
        return self._observation_tensor(player)

    def log_for(self, player: int | None, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """The log lines ``player`` may read (``None``: public lines only), in ``lang``."""
        return [e.render(lang) for e in self.log if e.visible(player)]

    def parse_action(self, text: str, player: int | None = None) -> Action:
        """The legal action whose text is ``text`` (spacing and case ignored)."""
        if player is None:
            player = self._single_mover()
        elif isinstance(player, bool) or not isinstance(player, int):
            raise IllegalAction("core.bad_player", last=self.players - 1, value=repr(player)[:40])
        wanted = Action.parse(text)
        movers = self._to_move()
        if player not in movers:
            if not movers:
                raise IllegalAction("core.game_over")
            raise IllegalAction("core.not_your_turn", game=self.game.id, seat=player, seats=list(movers))
        key = str(wanted).lower()
        for action in self.legal_actions(player):
            if str(action).lower() == key:
                return action
        if wanted.name in self.ACTION_NAMES or (player == CHANCE and self._to_move() == [CHANCE]):
            raise IllegalAction(self.why_illegal(wanted, player))
        names = ", ".join(sorted({a.name for a in self.legal_actions(player)}))
        raise ActionParseError("core.no_such_action", text=text.strip()[:80], names=names or "-")

    def action_from_json(self, data: Any) -> Action:
        """The action ``data`` describes (legality is checked by ``apply``)."""
        return Action.from_json(data)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """Everything, RNG included: ``meeple.from_json(state.to_json())`` is identical."""
        fields = marshal.loads(marshal.dumps({f: getattr(self, f) for f in self.FIELDS}))
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.id,
            "players": self.players,
            "options": dict(self.game.options),
            "seed": self.seed,
            "chance": self.chance,
            "rng": self.rng.state,
            "determinized": self.determinized,
            "history": [[p, a.to_json()] for p, a in self.history],
            # a copy: games may share argument values between events (never mutated; nor may a caller)
            "log": marshal.loads(marshal.dumps(
                [[e.id, e.args, None if e.visible_to is None else list(e.visible_to)] for e in self.log])),
            "state": fields,
        }

    # ------------------------------------------------------------------ internals
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

    def _single_mover(self, movers: list[int] | None = None) -> int:
        movers = self._to_move() if movers is None else movers
        if len(movers) == 1:
            return movers[0]
        if not movers:
            raise IllegalAction("core.game_over")
        raise IllegalAction("core.say_which_player", game=self.game.id, seats=list(movers))

    def _do(self, action: Action, player: int) -> None:
        # Emptied before ``_apply``, not after: a game may leave in the cache the legal list it computed
        # for the position it ends in (it must never cache a list of an intermediate position).
        self._legal_cache = {}
        self.history.append((player, action))
        self._apply(action, player)

    def position_changed(self) -> None:
        """Say that the position's fields were changed by hand (a test, a tool), not by a move: the
        engine drops what it keeps between moves (the legal lists, the open step) and reads them anew.

        >>> state.phase = "over"; state.position_changed()
        """
        self._legal_cache = {}

    def _perform(self, action: Action, player: int) -> None:
        """Do a legal action (``_do``) and, with automatic chance, the random outcomes that follow it."""
        self._do(action, player)
        if self.chance == "auto":
            self._advance()

    def _chance_due(self) -> bool:
        """Whether a random outcome is pending (``[CHANCE]`` to move); games may answer faster."""
        return self._to_move() == [CHANCE]

    def _advance(self) -> None:
        """In automatic chance mode, resolve every pending random outcome from the state's RNG."""
        if self.chance != "auto":
            return
        while self._chance_due():
            self._do(self.sample_chance(self.rng), CHANCE)


def from_json(data: Any) -> State:
    """Rebuild a state from ``State.to_json()``; a malformed or inconsistent save raises StateFormatError.

    A real game is checked by replaying its moves from its seed; the replay must reproduce the saved
    position exactly. A determinized copy (which has no such history) is loaded as saved.
    """
    if not isinstance(data, dict):
        raise StateFormatError("core.save_not_object", kind=type(data).__name__)
    if data.get("format") != FORMAT:
        raise StateFormatError("core.save_not_meeple", found=repr(data.get("format"))[:40], expected=FORMAT)
    version = data.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise StateFormatError("core.save_version", version=repr(version)[:20],
                               readable=", ".join(map(str, READABLE_VERSIONS)))
    required = {"game", "players", "options", "seed", "chance", "rng", "history", "log", "state", "determinized"}
    missing = required - set(data)
    if missing:
        raise StateFormatError("core.save_lacks", fields=", ".join(sorted(missing)))
    if not isinstance(data["options"], dict) or not all(isinstance(k, str) for k in data["options"]):
        raise StateFormatError("core.save_bad_options")
    if not isinstance(data["game"], str):
        raise StateFormatError("core.save_bad_game")
    if not isinstance(data["determinized"], bool):
        raise StateFormatError("core.save_bad_determinized")
    try:
        game = load(data["game"], players=data["players"], **data["options"])
        seed, chance = data["seed"], data["chance"]
        state = game.new_game(seed=seed, chance=chance)
    except (UnknownGame, BadArgument) as exc:
        raise StateFormatError("core.save_bad_settings", reason=_reason(exc)) from None
    history = data["history"]
    if not isinstance(history, list):
        raise StateFormatError("core.save_bad_history")
    for renames in (type(state).EARLIER_FIELD_RENAMES, type(state).FIELD_RENAMES):
        if renames and isinstance(data["state"], dict) and not renames.keys().isdisjoint(data["state"]):
            data = {**data, "state": {renames.get(name, name): value for name, value in data["state"].items()}}
    if isinstance(data["state"], dict):
        upgraded = type(state).upgrade_saved_fields(data["state"])
        if upgraded is not data["state"]:
            data = {**data, "state": upgraded}
    if data["determinized"]:
        return _load_fields(state, data, version)
    for i, entry in enumerate(history):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)):
            raise StateFormatError("core.save_bad_entry", index=i)
        player = entry[0]
        try:
            action = Action.from_json(entry[1])
        except ActionParseError as exc:
            raise StateFormatError("core.save_entry_unreadable", index=i, reason=_reason(exc)) from None
        if player == CHANCE and chance == "auto":
            continue  # regenerated by the seed; compared below
        try:
            state.apply(action, player)
        except IllegalAction as exc:
            raise StateFormatError("core.save_entry_illegal", game=state.game.id, index=i, seat=player,
                                   action=str(action), reason=_reason(exc)) from None
    saved = state.to_json()
    # A version-1 log holds English sentences of an older wording: the replay's events replace it.
    for key in ("history", "rng", "state", "log") if version == FORMAT_VERSION else ("history", "rng", "state"):
        if saved[key] != data[key]:
            raise StateFormatError("core.save_mismatch", field=key)
    return state


def _reason(exc: Exception) -> Any:
    """A nested error as a message argument (rendered in the reader's language), or its text."""
    message = getattr(exc, "message", None)
    return message.to_json() if isinstance(message, Message) else str(exc)[:200]


def _log_entry(entry: Any, version: int) -> LogEntry:
    if version == 1:  # [text, visible_to]: kept as a sentence shown as it is in every language
        text, visible = entry
        return LogEntry("core.text", {"text": str(text)}, None if visible is None else tuple(int(x) for x in visible))
    message_id, args, visible = entry
    if not isinstance(message_id, str) or not isinstance(args, dict):
        raise ValueError("a log entry is [message id, arguments, visible_to]")
    return LogEntry(message_id, args, None if visible is None else tuple(int(x) for x in visible))


def _load_fields(state: State, data: dict[str, Any], version: int) -> State:
    fields = data["state"]
    if not isinstance(fields, dict) or set(fields) != set(state.FIELDS):
        raise StateFormatError("core.save_bad_fields", fields=", ".join(sorted(state.FIELDS)))
    try:
        state.rng = Rng(raw_state=int(data["rng"]))
        state.history = [(int(p), Action.from_json(a)) for p, a in data["history"]]
        state.log = [_log_entry(entry, version) for entry in data["log"]]
        for name in state.FIELDS:
            setattr(state, name, marshal.loads(marshal.dumps(fields[name])))
        state.determinized = True
        state._legal_cache = {}
        state.check_invariants()
        state.to_move()
    except (TypeError, ValueError, KeyError, IndexError, AssertionError, ActionParseError) as exc:
        raise StateFormatError("core.save_malformed", reason=_reason(exc)) from None
    return state
