"""A game that declares its actions in one table (``meeple.core.action_table``) declares every action
there, whole: each name of its action space has a method that performs it, one that describes it and a
declared refusal; ``ACTION_NAMES`` is the table's names; the engine's action hooks are the table's
(no game goes round it); and each action is performed and described by the rulebook section that
declares it (side by side in one module). The games listed in ``ADOPTED`` must use a table (issue 39:
Citadels first; the others join the list as they move to it)."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import Rng
from meeple.core.action_table import ActionSpec, ActionTableState
from meeple.core.registry import state_class_of

from .harness import CONFIGS, Config

ADOPTED = ("citadels", "cube-europe", "gods-playground", "kingsburg", "versailles")
"""The games whose actions are one table today (the test fails if one of them stops using it)."""

TABLE_GAMES = [game_id for game_id in meeple.games() if issubclass(state_class_of(game_id), ActionTableState)]
TABLE_CONFIGS = [c for c in CONFIGS if c.game_id in TABLE_GAMES]
HOOKS = ("perform_action", "describe_message", "why_illegal")


def _declaring_class(state_class: type, name: str) -> type:
    """The class of ``state_class``'s MRO whose own ``ACTIONS`` declares ``name`` (the most derived)."""
    return next(klass for klass in state_class.__mro__ if name in klass.__dict__.get("ACTIONS", {}))


def _defining_class(state_class: type, method: str) -> type:
    return next(klass for klass in state_class.__mro__ if method in klass.__dict__)


def test_the_adopted_games_use_one_table() -> None:
    assert set(ADOPTED) <= set(TABLE_GAMES), f"not on a table of actions: {sorted(set(ADOPTED) - set(TABLE_GAMES))}"


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_table_is_whole_and_gives_the_names(game_id: str) -> None:
    state_class = state_class_of(game_id)
    table = state_class.ACTION_TABLE
    assert table, "an empty table"
    assert state_class.unbound_actions() == []
    assert state_class.ACTION_NAMES == frozenset(table)
    for name, spec in table.items():
        assert isinstance(spec, ActionSpec), name
        assert callable(getattr(state_class, spec.perform)), f"{name}: no perform method"
        assert spec.describe is not None and callable(getattr(state_class, spec.describe)), f"{name}: no description"
        assert spec.refuse is None or callable(getattr(state_class, spec.refuse)), f"{name}: no refusal method"
    for hook in HOOKS:
        owner = _defining_class(state_class, hook)
        assert owner is ActionTableState, f"{state_class.__name__}.{hook} is {owner.__name__}'s, not the table's"


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_each_action_is_performed_and_described_in_the_section_that_declares_it(game_id: str) -> None:
    state_class = state_class_of(game_id)
    for name, spec in state_class.ACTION_TABLE.items():
        section = _declaring_class(state_class, name)
        for method in (spec.perform, spec.describe):
            defined_in = _defining_class(state_class, method)
            assert defined_in.__module__ == section.__module__, (
                f"{name}: {method} is in {defined_in.__module__}, its table entry in {section.__module__}")


@pytest.mark.parametrize("config", TABLE_CONFIGS, ids=[str(c) for c in TABLE_CONFIGS])
def test_every_action_of_the_action_space_is_in_the_table(config: Config) -> None:
    space = config.game().action_space()
    assert space, "a table game numbers its actions"
    table = config.state_class.ACTION_TABLE
    missing = sorted({a.name for a in space} - set(table))
    assert not missing, f"{config}: actions of the action space without a table entry: {missing}"


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_every_table_entry_is_an_action_of_the_game(game_id: str) -> None:
    configs = [c for c in TABLE_CONFIGS if c.game_id == game_id]
    names = {a.name for c in configs for a in c.game().action_space()}
    unused = sorted(set(state_class_of(game_id).ACTION_TABLE) - names)
    assert not unused, f"{game_id}: table entries no configuration's action space has: {unused}"


@pytest.mark.parametrize("config", TABLE_CONFIGS, ids=[str(c) for c in TABLE_CONFIGS])
def test_random_play_performs_only_table_actions(config: Config) -> None:
    state = config.new(seed=1, chance="manual")
    table = type(state).ACTION_TABLE
    chooser = Rng(7)
    for _ in range(400):
        movers = state.to_move()
        if not movers:
            break
        seat = movers[chooser.randbelow(len(movers))]
        action = chooser.choice(state.legal_actions(seat))
        assert action.name in table, f"{config}: {action} is played but not in the table"
        state.apply(action, seat)
