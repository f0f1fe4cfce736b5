"""One turn-flow mechanism for every game: the steps of play declared as data, run by the core.

At any moment a game has one open *step*: a decision of one seat (place a die), of several seats at
once (a secret bid), a random outcome (a roll), or an automatic step that the rules play by
themselves (collect income). A game names the open step with ``open_step()`` and declares every kind
of step once, in ``STEPS``:

>>> STEPS = {"place": Decision(legal="_placements", act="_place"),
...          "roll": Chance(outcomes="_roll_outcomes", act="_rolled"),
...          "income": Automatic(run="_collect_income"), "over": GAME_OVER}

and the core does the rest (``FlowState``): who is to move, each seat's legal actions, an action sent
to its step's method, chance's outcomes and draws, and, after every action, the automatic steps run
until a decision is open again (``run_flow``). Who moves next is said with the shared turn orders
below (``clockwise``, ``next_in_turn``) and, for interrupts (a reaction, a call, a follow-up), by
putting steps on a queue that ``open_step()`` reads first (``interrupt``).

A decision that is sometimes no choice at all (a turn whose only action left is its end) names a
``settle`` method: the flow calls it each time it arrives at that decision, and the step plays itself
when nothing is left to decide.

This is boardgame.io's idea (phases, moves and turn orders as data) in the shape of OpenSpiel's
Python games (the state answers ``current_player`` from its own fields): a step's name is read from
the position, never stored twice, so saves and observations keep their form.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable, NamedTuple

from meeple.core.actions import CHANCE, Action
from meeple.core.log import QUIET_RECORD
from meeple.core.rng import Rng

DECISION = "decision"
CHANCE_STEP = "chance"
AUTOMATIC = "automatic"
OVER = "over"


class Step(NamedTuple):
    """One kind of step, by the names of the state's methods that carry it out (see the constructors).

    ``kind``: DECISION, CHANCE_STEP, AUTOMATIC or OVER. ``legal(seat)``: a deciding seat's actions.
    ``act(action, seat)``: performs a chosen action or a chance outcome. ``seats()``: who decides
    (default: the state's ``acting_seats()``). ``outcomes()``: ``[(Action, weight)]`` of a random
    outcome. ``sample(rng)``: draws one (default: from ``outcomes`` by weight). ``owner()``: whose roll
    or draw it is at a real table (default: anyone's). ``run()``: an automatic step's work.
    ``settle()``: a decision's check on arrival (see ``Decision``).
    """

    kind: str
    legal: str | None = None
    act: str | None = None
    seats: str | None = None
    outcomes: str | None = None
    sample: str | None = None
    owner: str | None = None
    run: str | None = None
    settle: str | None = None


def Decision(legal: str, act: str, seats: str | None = None,  # noqa: N802 - reads as a declaration
             settle: str | None = None) -> Step:
    """A decision of the seats ``seats()`` names (default ``acting_seats()``): ``legal(seat)`` lists a
    seat's choices, ``act(action, seat)`` performs one (``act=BY_ACTION``: each action's own ``perform``
    method of the game's action table, for a decision that takes several kinds of action). ``settle()``,
    if named, is called each time the
    flow arrives at this decision (never in the middle of a move's own work): it returns True when it
    played the step itself because nothing was left to decide (the flow then runs on), False to leave
    the decision open; it may keep the legal list it computed (``_legal_cache[seat]``) when it leaves
    the decision open (a list of the action space's own objects, as the game's action tables are: the
    core hands a kept list out as it is)."""
    return Step(DECISION, legal=legal, act=act, seats=seats, settle=settle)


def Chance(outcomes: str, act: str, sample: str | None = None, owner: str | None = None) -> Step:  # noqa: N802
    """A random outcome: ``outcomes()`` with their weights, ``act(action, CHANCE)`` applies the one drawn;
    ``sample(rng)`` draws faster than by weight, ``owner()`` names the seat who rolls or draws."""
    return Step(CHANCE_STEP, act=act, outcomes=outcomes, sample=sample, owner=owner)


def Automatic(run: str) -> Step:  # noqa: N802
    """A step the rules play by themselves: ``run()`` does its work and opens the next step."""
    return Step(AUTOMATIC, run=run)


BY_ACTION = "by action"
"""A decision's ``act`` that is each action's own ``perform`` method of the game's action table
(``meeple.core.action_table``): the engine calls it directly, with no method of the step's between."""

OPEN_STEP = None
"""The key under which the bound open step is kept with the legal lists between moves: not a seat (seats
are ints, and the engine looks up only ints there), and not a string, so the dict never changes kind."""

_NOT_KEPT = object()
"""``FlowState.memo``: no value kept under that key yet."""

_KINDS = {kind: kind for kind in (DECISION, CHANCE_STEP, AUTOMATIC, OVER)}
"""Each step kind's one string object (``_BoundStep.kind`` is compared with ``is``)."""

GAME_OVER = Step(OVER)
"""The step that is open once the game is over: nobody moves."""


class _BoundStep:
    """A ``Step`` with its method names looked up on the state's class (the functions themselves; ``act``
    None for ``BY_ACTION``). A class with slots, not a tuple: its fields are read on every move, and a
    slot is the quickest read."""

    __slots__ = ("kind", "legal", "act", "seats", "outcomes", "sample", "owner", "run", "settle")

    def __init__(self, kind: str, legal: Callable[..., list[Action]] | None, act: Callable[..., None] | None,
                 seats: Callable[..., list[int]] | None, outcomes: Callable[..., list[tuple[Action, float]]] | None,
                 sample: Callable[..., Action] | None, owner: Callable[..., int | None] | None,
                 run: Callable[..., None] | None, settle: Callable[..., bool] | None) -> None:
        # the kind is compared by identity on every move: always the module's own string, also when a
        # pickled state (a worker process's copy) brings another string of the same text
        self.kind = _KINDS.get(kind, kind)
        self.legal, self.act, self.seats = legal, act, seats
        self.outcomes, self.sample, self.owner, self.run, self.settle = outcomes, sample, owner, run, settle

    def __reduce__(self) -> tuple[Any, ...]:
        return (_BoundStep, (self.kind, self.legal, self.act, self.seats, self.outcomes, self.sample, self.owner,
                             self.run, self.settle))


def _check(owner: str, name: str, step: Step) -> None:
    needs = {DECISION: ("legal", "act"), CHANCE_STEP: ("outcomes", "act"), AUTOMATIC: ("run",), OVER: ()}
    if step.kind not in needs:
        raise TypeError(f"{owner}.STEPS[{name!r}]: unknown kind {step.kind!r}")
    if step.settle is not None and step.kind != DECISION:
        raise TypeError(f"{owner}.STEPS[{name!r}]: only a decision may settle itself")
    if step.act == BY_ACTION and step.kind != DECISION:
        raise TypeError(f"{owner}.STEPS[{name!r}]: only a decision is acted on BY_ACTION")
    missing = [field for field in needs[step.kind] if getattr(step, field) is None]
    if missing:
        raise TypeError(f"{owner}.STEPS[{name!r}]: a {step.kind} step needs {', '.join(missing)}")


def _bind(cls: type, step: Step) -> _BoundStep | None:
    """The step with its methods looked up on ``cls``; None while ``cls`` lacks one of them."""
    act = None if step.act == BY_ACTION else step.act  # BY_ACTION: the action table's, per action
    names = (step.legal, act, step.seats or ("acting_seats" if step.kind == DECISION else None),
             step.outcomes, step.sample, step.owner, step.run, step.settle)
    functions = [None if name is None else getattr(cls, name, None) for name in names]
    if any(name is not None and function is None for name, function in zip(names, functions)):
        return None
    return _BoundStep(step.kind, *functions)


class FlowState:
    """The engine's hooks answered from ``STEPS`` (mixed into a game's ``State`` before ``State``).

    A game implements ``open_step()`` (the open step's name, read from its fields) and, for its
    decisions, ``acting_seats()`` (or a ``seats`` method per step); its setup ends with ``run_flow()``.
    The steps' methods are looked up once, when a class that defines them all is created (a malformed
    step fails at import; the contract tests check that every game's class binds all its steps).
    """

    STEPS: ClassVar[dict[str, Step]] = {}
    LEGAL_LISTS_INDEXED: ClassVar[bool] = False
    """Whether the decisions' ``legal`` methods always list the action space's own objects (the game's
    action tables, as the lists a ``settle`` keeps are): the engine then hands them out as they are,
    without looking at each action (tests/core/test_legal_lists_indexed.py checks every game that says so)."""
    MAX_AUTOMATIC_STEPS: ClassVar[int] = 100_000
    """A guard against rules that never open a decision: more automatic steps in a row is a bug."""
    _bound_steps: ClassVar[dict[str, _BoundStep]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_to_move" in cls.__dict__:  # ``to_move`` is bound to FlowState's: an override would go unasked
            raise TypeError(f"{cls.__name__}: a flow game says who moves with STEPS and acting_seats(), "
                            "not by overriding _to_move")
        if "STEPS" in cls.__dict__:
            for name, step in cls.STEPS.items():
                _check(cls.__name__, name, step)
        bound = {name: _bind(cls, step) for name, step in cls.STEPS.items()}
        # a mixin may declare the steps before the methods exist: the class that has them all binds them
        if all(step is not None for step in bound.values()):
            cls._bound_steps = bound

    @classmethod
    def unbound_steps(cls) -> list[str]:
        """The steps whose methods this class does not define ([] for a complete game; a contract test)."""
        return [name for name, step in cls.STEPS.items() if _bind(cls, step) is None]

    # ------------------------------------------------------------------ what a game provides
    def open_step(self) -> str:
        """The name of the open step (a key of ``STEPS``), read from the position."""
        raise NotImplementedError

    def acting_seats(self) -> list[int]:
        """The seats deciding in the open step (several for simultaneous secret choices)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the engine's hooks
    # Between moves the open step is kept with the legal lists (``_legal_cache[OPEN_STEP]``), for the two
    # questions every player's move asks (who moves, and what they may do) and for the move itself. It is
    # stored only where a move (or the setup) ends, and ``_do``, ``clone``, ``from_json`` and every move
    # start with an empty cache, so inside a move the rules always read it afresh; the other hooks
    # (``is_over``, chance) always read the position.
    def _open(self) -> _BoundStep:
        """The open step, bound, read from the position."""
        return self._bound_steps[self.open_step()]

    # The bound steps' functions are read into a local before they are called (``seats = step.seats``):
    # CPython 3.11 cannot specialize ``step.seats(self)``, a method call on a slot that holds a function,
    # and looks the name up on the type on every call; read as an attribute, the slot is read directly.
    def _to_move(self) -> list[int]:
        step = self._legal_cache.get(OPEN_STEP) or self._bound_steps[self.open_step()]
        kind = step.kind
        if kind is DECISION:
            seats = step.seats
            return seats(self)
        if kind is CHANCE_STEP:
            return [CHANCE]
        return []

    to_move = _to_move  # State.to_move's answer, without its extra call: every player's move asks it

    def is_over(self) -> bool:
        return self._open().kind is OVER

    def _chance_due(self) -> bool:
        return self._open().kind is CHANCE_STEP

    def _legal_actions(self, player: int) -> list[Action]:
        return self._open().legal(self, player)

    def _legal(self, player: int) -> list[Action]:
        """``State._legal`` with the open step looked up once (who may act, then what)."""
        cache = self._legal_cache
        cached = cache.get(player)
        if cached is None:
            step = cache.get(OPEN_STEP) or self._bound_steps[self.open_step()]
            kind = step.kind
            seats, legal = step.seats, step.legal  # read, then called: see ``_to_move``
            if kind is DECISION and player != CHANCE and player in seats(self):
                cached = legal(self, player)
                if self.LEGAL_LISTS_INDEXED:
                    cache[player] = cached
                    return cached
            elif kind is CHANCE_STEP and player == CHANCE:
                cached = [action for action, _ in step.outcomes(self)]
            else:
                return []
            for action in cached:
                if action.index is None:  # not the action space's own objects: map them (if it has one)
                    lookup = self.game.action_lookup
                    if lookup is not None:
                        cached = [lookup[a] for a in cached]
                    break
            cache[player] = cached
        return cached

    def _apply(self, action: Action, player: int) -> None:
        act = self._bound_steps[self.open_step()].act
        if act is None:  # BY_ACTION
            act = self._performers[action.name]  # type: ignore[attr-defined]  # the action table's
        act(self, action, player)
        self.run_flow()

    def _perform(self, action: Action, player: int) -> None:
        """``State._perform`` in one pass: do the action, then run the automatic steps and (with
        automatic chance) draw the random outcomes, each recorded like a move, until a decision is open."""
        step = self._legal_cache.get(OPEN_STEP) or self._bound_steps[self.open_step()]
        self._legal_cache = {}
        history = self.history
        if history is not QUIET_RECORD:  # a search's quiet copy keeps no record: its pairs are not even built
            history.append((player, action))
        act = step.act  # read, then called: see ``_to_move``
        if act is None:  # BY_ACTION
            act = self._performers[action.name]  # type: ignore[attr-defined]  # the action table's
        act(self, action, player)
        self._run_to_decision(self.chance == "auto")

    def _advance(self) -> None:
        """``State._advance`` (the random outcomes after the setup, with automatic chance) in the same
        pass as a move's."""
        if self.chance == "auto":
            self._run_to_decision(True)

    def _run_to_decision(self, automatic_chance: bool) -> None:
        """Run the automatic steps and, with ``automatic_chance``, draw the random outcomes (each recorded
        like a move) until a decision (or a manual random outcome, or the end) is open; keep that step.
        A decision with ``settle`` that plays itself does not stop the run."""
        steps = self._bound_steps
        automatic_steps = 0
        while True:
            step = steps[self.open_step()]
            kind = step.kind
            if kind is AUTOMATIC:
                run = step.run  # read, then called: see ``_to_move`` (and below)
                run(self)
            elif kind is CHANCE_STEP and automatic_chance:
                sample = step.sample
                if sample is not None:
                    outcome = sample(self, self.rng)
                else:
                    weighted = step.outcomes(self)
                    outcome = weighted[self.rng.weighted_index([weight for _, weight in weighted])][0]
                self._legal_cache = {}
                history = self.history
                if history is not QUIET_RECORD:  # as in ``_perform``
                    history.append((CHANCE, outcome))
                act = step.act
                act(self, outcome, CHANCE)
                continue
            elif (settle := step.settle) is None or not settle(self):
                self._legal_cache[OPEN_STEP] = step
                return
            automatic_steps += 1  # an automatic step, or a decision that played itself
            if automatic_steps > self.MAX_AUTOMATIC_STEPS:
                raise RuntimeError(f"{type(self).__name__}: {self.MAX_AUTOMATIC_STEPS} automatic steps "
                                   "without a decision")

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        step = self._open()
        return step.outcomes(self) if step.kind is CHANCE_STEP else []

    def sample_chance(self, rng: Rng) -> Action:
        step = self._open()
        if step.sample is not None:
            return step.sample(self, rng)
        outcomes = step.outcomes(self)
        return outcomes[rng.weighted_index([weight for _, weight in outcomes])][0]

    def chance_owner(self) -> int | None:
        step = self._open()
        return step.owner(self) if step.kind is CHANCE_STEP and step.owner is not None else None

    # ------------------------------------------------------------------ values kept per position
    def memo(self, key: str, compute: Callable[[Any], Any]) -> Any:
        """``compute(self)``, worked out once per position: kept with the legal lists between moves (the
        next move, ``clone``, ``determinize`` and ``position_changed`` start without it), for a value that
        players and searches read several times per position (the scores, an evaluation's shared part).
        In the middle of a move, before it has opened the next step, the rules may still be changing
        the position: then it is worked out afresh on every call. ``key`` names the value (a string,
        never a seat); the value is shared: never change it.

        >>> state.memo("bots: progress", progress_of)   # Versailles' evaluate, for every seat
        0.35
        """
        cache = self._legal_cache
        if OPEN_STEP in cache:  # between moves: the open step is kept only where a move ends
            value = cache.get(key, _NOT_KEPT)
            if value is _NOT_KEPT:
                value = cache[key] = compute(self)
            return value
        return compute(self)

    # ------------------------------------------------------------------ running the rules
    def run_flow(self) -> None:
        """Run automatic steps (and decisions that settle themselves) until a decision, a random outcome
        or the end is open: ``_run_to_decision`` with every random outcome left to be entered."""
        self._run_to_decision(False)


# ---------------------------------------------------------------------- turn orders
def clockwise(first: int, players: int) -> list[int]:
    """Every seat once, in turn order from ``first``.

    >>> clockwise(2, 4)
    [2, 3, 0, 1]
    """
    return [(first + k) % players for k in range(players)]


def next_in_turn(current: int, players: int, skip: Callable[[int], bool] | None = None) -> int | None:
    """The next seat after ``current`` in turn order that ``skip`` does not rule out (``current`` itself
    last), or None when every seat is skipped.

    >>> next_in_turn(3, 4), next_in_turn(0, 3, skip=lambda seat: seat == 1)
    (0, 2)
    """
    for k in range(1, players + 1):
        seat = (current + k) % players
        if skip is None or not skip(seat):
            return seat
    return None


def interrupt(queue: list[Any], steps: Iterable[Any]) -> None:
    """Put ``steps`` at the front of a game's queue of pending steps, in their order: what an interrupt
    does (a reaction, a call, a follow-up decision comes before the rest of the turn).

    >>> queue = [["build", 0]]; interrupt(queue, [["lose", 1], ["lose", 2]]); queue
    [['lose', 1], ['lose', 2], ['build', 0]]
    """
    queue[:0] = steps
