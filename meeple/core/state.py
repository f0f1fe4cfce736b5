"""The base State every game extends: turn taking, legality, chance; its copies (``meeple.core.copies``),
its log (``meeple.core.log``) and its saves (``meeple.core.saves``) are mixed in or called from here.

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
from typing import Any, ClassVar, NamedTuple

from meeple.core import saves
from meeple.core.actions import CHANCE, Action
from meeple.core.copies import (  # noqa: F401 - the shapes and copiers are read from here too
    DICT_ROWS, LIST, ROWS, SHAPES, VALUE, Copies, _field_copiers, field_shape_problem,
)
from meeple.core.errors import ActionParseError, IllegalAction
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, render, term
from meeple.core.log import QUIET_RECORD, GameLog, LogEntry  # noqa: F401 - QUIET_RECORD is read from here too
from meeple.core.registry import Game
from meeple.core.rng import Rng
from meeple.core.saves import FORMAT, FORMAT_VERSION, READABLE_VERSIONS, from_json  # noqa: F401 - read from here too


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


class State(Copies, GameLog):
    """The state of one game in progress; see the module docstring for what a game implements."""

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
        """Everything, RNG included: ``meeple.from_json(state.to_json())`` is identical (``meeple.core.saves``)."""
        return saves.to_json(self)

    # ------------------------------------------------------------------ internals
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

