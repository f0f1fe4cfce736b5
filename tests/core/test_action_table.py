"""The one table of actions (``meeple.core.action_table``) on a small game of its own: the sections'
tables are joined, the names and the handler map derived from them, descriptions and refusals found by
the action's name, and a malformed table fails when its class is created."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import Action
from meeple.core.action_table import ActionSpec, ActionTableState
from meeple.core.i18n import Message, msg

ENGINE_REASON = Message("core.game_over", {})
"""What the stand-in for ``State.why_illegal`` answers (the engine's reason)."""


class Engine:
    """A stand-in for ``State``: the engine's reason, after the table in the MRO."""

    def why_illegal(self, action: Action, player: int) -> Message:
        return ENGINE_REASON


class Purse:
    """One rulebook section: taking gold, described and refused beside its rule."""

    ACTIONS = {"gold": ActionSpec(perform="_act_gold", describe="_describe_gold", refuse="_refuse_gold")}

    def __init__(self) -> None:
        self.gold = [0, 0]
        self.took = False

    def _act_gold(self, action: Action, seat: int) -> None:
        self.gold[seat] += action.args[0]
        self.took = True

    def _describe_gold(self, action: Action, seat: int) -> dict[str, Any]:
        return msg("test.gold", seat=seat, n=action.args[0])

    def _refuse_gold(self, action: Action, seat: int) -> Message | None:
        return Message("test.took_already", {}) if self.took else None


class Market:
    """Another section: an action with neither a sentence nor a reason of its own."""

    ACTIONS = {"pass": ActionSpec(perform="_act_pass", describe=None, refuse=None)}

    def _act_pass(self, action: Action, seat: int) -> None:
        self.passed = seat


class Game(Purse, Market, ActionTableState, Engine):
    """The state's class: the sections, then the table's hooks, then the engine."""

    def describing_seat(self, player: int | None) -> int | None:
        return 1 if player is None else player


def test_the_tables_of_the_sections_are_joined_and_give_the_names() -> None:
    assert list(Game.ACTION_TABLE) == ["pass", "gold"]  # bases first
    assert Game.ACTION_NAMES == frozenset({"gold", "pass"})
    assert Game.unbound_actions() == []


def test_an_action_is_performed_by_its_method() -> None:
    game = Game()
    game.perform_action(Action("gold", (2,)), 1)
    game.perform_action(Action("pass"), 0)
    assert game.gold == [0, 2] and game.passed == 0


def test_an_action_is_described_by_its_method_from_the_describing_seat() -> None:
    game = Game()
    assert game.describe_message(Action("gold", (3,)), 0) == Message("test.gold", {"seat": 0, "n": 3})
    assert game.describe_message(Action("gold", (3,))) == Message("test.gold", {"seat": 1, "n": 3})
    assert game.describe_message(Action("pass"), 0) is None  # no sentence declared
    assert game.describe_message(Action("steal"), 0) is None  # not an action of the game


def test_a_refusal_names_the_rule_or_leaves_the_reason_to_the_engine() -> None:
    game = Game()
    assert game.why_illegal(Action("gold", (1,)), 0) == ENGINE_REASON  # its refusal finds nothing to say
    game.took = True
    assert game.why_illegal(Action("gold", (1,)), 0) == Message("test.took_already", {})
    assert game.why_illegal(Action("pass"), 0) == ENGINE_REASON  # no refusal of its own
    assert game.why_illegal(Action("steal"), 0) == ENGINE_REASON  # not in the table


def test_an_action_declared_by_two_sections_fails_at_class_creation() -> None:
    class OtherPurse:
        ACTIONS = {"gold": ActionSpec(perform="_act_gold", describe=None, refuse=None)}

    with pytest.raises(TypeError, match="'gold' is declared by both"):
        type("Twice", (Purse, OtherPurse, ActionTableState, Engine), {})


def test_a_subclass_may_replace_an_entry_of_its_base() -> None:
    class QuietPurse(Purse):
        ACTIONS = {"gold": ActionSpec(perform="_act_gold", describe=None, refuse=None)}

    class Quiet(QuietPurse, Market, ActionTableState, Engine):
        pass

    assert Quiet.ACTION_TABLE["gold"].describe is None
    assert Quiet().describe_message(Action("gold", (1,)), 0) is None


def test_action_names_are_never_declared_beside_a_table() -> None:
    with pytest.raises(TypeError, match="ACTION_NAMES is derived"):
        type("ByHand", (Purse, ActionTableState, Engine), {"ACTION_NAMES": frozenset({"gold"})})


def test_a_missing_method_is_reported_and_leaves_the_table_unbound() -> None:
    class Half:
        ACTIONS = {"build": ActionSpec(perform="_act_build", describe="_describe_build", refuse=None)}

        def _act_build(self, action: Action, seat: int) -> None:
            pass

    half = type("HalfGame", (Half, ActionTableState, Engine), {})
    assert half.unbound_actions() == ["build._describe_build"]
    assert half._performers == {}  # (the class that defines every method binds them)
    complete = type("WholeGame", (half,), {"_describe_build": lambda self, action, seat: None})
    assert complete.unbound_actions() == []
    assert set(complete._performers) == {"build"}


@pytest.mark.parametrize("entry", [("gold", ("_act_gold", None, None)), ("", ActionSpec("_act_gold", None, None)),
                                   ("gold", ActionSpec("", None, None))])
def test_a_malformed_entry_fails_at_class_creation(entry: tuple[Any, Any]) -> None:
    name, spec = entry
    section = type("Section", (), {"ACTIONS": {name: spec}, "_act_gold": Purse._act_gold})
    with pytest.raises(TypeError, match="ACTIONS"):
        type("Malformed", (section, ActionTableState, Engine), {})
