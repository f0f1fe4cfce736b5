"""One table of actions per game: each action's name beside the methods that perform, describe and refuse it.

A game's rules are mixins, one per section of its rulebook. Each declares the actions of its section in
``ACTIONS``: the action's name, and the names of the state's methods that carry it out, in the same
class, side by side:

>>> class TurnRules(GameFields):
...     ACTIONS = {"gold": ActionSpec(perform="_act_gold", describe="_describe_gold", refuse="_refuse_gold")}
...
...     def _act_gold(self, action: Action, seat: int) -> None:          # the rule
...         self.gold[seat] += 2
...
...     def _describe_gold(self, action: Action, seat: int) -> Message:  # the words for a person
...         return Message("game.do.gold", {})
...
...     def _refuse_gold(self, action: Action, seat: int) -> Message | None:  # why it is not legal now
...         return Message("game.err.took_already", {}) if self.took else None

The state's class mixes in ``ActionTableState`` (after the rules mixins, before ``State``); when it is
created, the core joins the ``ACTIONS`` of every class it is made of into ``ACTION_TABLE`` (a name
declared by two sections is an error at import) and derives from that one table what the engine asks:

* ``ACTION_NAMES``: the table's names (never written by hand: declaring it beside a table is an error);
* the handler map: ``perform_action(action, seat)`` sends an action to its ``perform`` method (a flow
  step names it as its ``act``, ``meeple.core.flow``; a step that takes one kind of action only, a
  chance outcome say, may name that action's ``perform`` method itself, a call less per action);
* ``describe_message(action, seat)``: the action's ``describe`` method, from the seat
  ``describing_seat(seat)`` names (a game overrides that to say whose view "no seat" takes);
* ``why_illegal(action, seat)``: the action's ``refuse`` method, when it names the rule broken; else
  the engine's reason (what is legal now).

This is boardgame.io's ``moves`` map with OpenSpiel's ``_apply_action`` beside ``_action_to_string``:
a newcomer given an action's name finds its whole code in one module. Like ``flow.STEPS``, the table
holds method *names*: they are looked up once, when a class that defines them all is created (a mixin
may declare actions whose methods another mixin defines), and ``unbound_actions()`` names what is
missing (the contract tests check that every game using a table binds all of it).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, NamedTuple

from meeple.core.actions import Action
from meeple.core.i18n import Message


class ActionSpec(NamedTuple):
    """How one action is performed, described and refused, by the names of the state's methods; all
    three are required, so that a new action is never added without saying how it reads and fails.

    ``perform(action, seat)``: the rule; it changes the state. ``describe(action, seat)``: what the
    action would do now, as a ``Message`` (or ``i18n.msg``'s dict), None for no sentence; ``describe=None``:
    the action has no sentence (it reads as its compact text). ``refuse(action, seat)``: for an action
    that is not legal now, the ``Message`` of the rule it breaks, or None to leave the reason to the
    engine; ``refuse=None``: the action has no reason of its own (the engine's: what is legal now).
    """

    perform: str
    describe: str | None
    refuse: str | None


_Method = Callable[..., Any]


def _join_tables(cls: type) -> dict[str, ActionSpec]:
    """The ``ACTIONS`` of every class of ``cls``'s MRO, bases first: a name may be declared again only by
    a subclass of the class that declared it (which replaces the entry), never by two unrelated mixins."""
    table: dict[str, ActionSpec] = {}
    declared_by: dict[str, type] = {}
    for klass in reversed(cls.__mro__):
        own = klass.__dict__.get("ACTIONS")
        if not own:
            continue
        for name, spec in own.items():
            if not isinstance(name, str) or not name:
                raise TypeError(f"{klass.__name__}.ACTIONS: {name!r} is not an action name")
            if not isinstance(spec, ActionSpec):
                raise TypeError(f"{klass.__name__}.ACTIONS[{name!r}]: an ActionSpec, not {type(spec).__name__}")
            if not isinstance(spec.perform, str) or not spec.perform:
                raise TypeError(f"{klass.__name__}.ACTIONS[{name!r}]: perform names no method")
            earlier = declared_by.get(name)
            if earlier is not None and not issubclass(klass, earlier):
                raise TypeError(f"{cls.__name__}: the action {name!r} is declared by both "
                                f"{earlier.__name__} and {klass.__name__}")
            table[name] = spec
            declared_by[name] = klass
    return table


def _missing(cls: type, spec: ActionSpec) -> list[str]:
    """The method names of ``spec`` that ``cls`` does not define."""
    return [method for method in spec if method is not None and getattr(cls, method, None) is None]


class ActionTableState:
    """The engine's action hooks answered from one table (mixed into a game's ``State``, after the rules
    mixins and before ``State``); see the module docstring.

    >>> CitadelsState.ACTION_TABLE["beautify"]
    ActionSpec(perform='_act_beautify', describe='_describe_beautify', refuse=None)
    """

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {}
    """This class's own actions (each rules mixin declares those of its rulebook section)."""
    ACTION_TABLE: ClassVar[dict[str, ActionSpec]] = {}
    """Every action of the game: the ``ACTIONS`` of all its classes, joined (read it, never change it)."""
    ACTION_NAMES: ClassVar[frozenset[str]] = frozenset()
    _performers: ClassVar[dict[str, _Method]] = {}
    _describers: ClassVar[dict[str, _Method]] = {}
    _refusers: ClassVar[dict[str, _Method]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table = _join_tables(cls)
        if table and "ACTION_NAMES" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: ACTION_NAMES is derived from the ACTIONS tables; do not declare it")
        cls.ACTION_TABLE = table
        cls.ACTION_NAMES = frozenset(table)
        # a mixin may declare actions before the methods exist: the class that has them all binds them
        if all(not _missing(cls, spec) for spec in table.values()):
            cls._performers = {name: getattr(cls, spec.perform) for name, spec in table.items()}
            cls._describers = {name: getattr(cls, spec.describe) for name, spec in table.items()
                               if spec.describe is not None}
            cls._refusers = {name: getattr(cls, spec.refuse) for name, spec in table.items()
                             if spec.refuse is not None}

    @classmethod
    def unbound_actions(cls) -> list[str]:
        """The actions whose methods this class does not define, as ``name.method`` ([] for a complete
        game; a contract test)."""
        return [f"{name}.{method}" for name, spec in cls.ACTION_TABLE.items() for method in _missing(cls, spec)]

    # ------------------------------------------------------------------ the engine's hooks
    def perform_action(self, action: Action, player: int) -> None:
        """Perform ``action`` (legal, already checked) for ``player`` with its table's ``perform`` method."""
        self._performers[action.name](self, action, player)

    def describing_seat(self, player: int | None) -> int | None:
        """The seat whose view a description takes when asked for ``player`` (None: no seat); games
        override this to name a default seat (the one to move, say)."""
        return player

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now, as a message, by its table's ``describe`` method (None: an action not
        in the table, or one without a sentence)."""
        describer = self._describers.get(action.name)
        if describer is None:
            return None
        found = describer(self, action, self.describing_seat(player))
        if found is None or isinstance(found, Message):
            return found
        return Message(found["id"], found["args"])

    def why_illegal(self, action: Action, player: int) -> Message:
        """Why ``action`` is not legal for ``player`` now: the rule its table's ``refuse`` method names, or
        the engine's reason."""
        refuser = self._refusers.get(action.name)
        if refuser is not None:
            reason = refuser(self, action, player)
            if reason is not None:
                return reason
        return super().why_illegal(action, player)  # type: ignore[misc]  # State's, later in the MRO
