"""Citadels' one table of actions: every action is declared in the module of its rulebook section, and
the flow performs each action by the method the table names for it (a step that takes one kind of
action names that method as its ``act``; the turn's steps go through the table's handler map)."""

from __future__ import annotations

import pytest

from meeple.core import Rng
from meeple.games.citadels.rules import CitadelsState

from .helpers import new

SECTIONS = {
    "setup": {"crown"},
    "draft": {"deal-down", "deal-up", "pick", "facedown"},
    "turn": {"gold", "cards", "keep", "keep-done", "build", "income", "end"},
    "characters": {"kill", "rob", "swap", "discard", "redraw", "destroy"},
    "extra_characters": {"bewitch", "peek", "take", "wizard-keep", "wizard-build", "give-crown", "tribute-gold",
                         "tribute", "levy", "navigate-gold", "navigate-cards", "exchange", "exchange-with", "beautify"},
    "districts": {"draw", "lab", "smithy", "recover", "decline"},
}
"""Where a newcomer finds each action: the rulebook section's module (meeple/games/citadels/<module>.py)."""

TURN_DISPATCH = "_act_in_turn"
"""The turn's steps' ``act``: it sends every action through the table's handler map."""

EXTRAS = {"rank1": "witch", "rank2": "tax-collector", "rank3": "wizard", "rank4": "emperor", "rank5": "abbot",
          "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat"}
GAMES = [(2, {}), (3, {}), (5, {}), (7, {}), (2, dict(EXTRAS, rank9="artist")), (4, dict(EXTRAS, rank9="queen")),
         (6, dict(EXTRAS, rank9="artist")), (7, EXTRAS)]


def test_every_action_is_declared_in_its_rulebook_section() -> None:
    declared: dict[str, set[str]] = {}
    for klass in CitadelsState.__mro__:
        for name in klass.__dict__.get("ACTIONS", {}):
            declared.setdefault(klass.__module__.rsplit(".", 1)[-1], set()).add(name)
    assert declared == SECTIONS
    assert set().union(*SECTIONS.values()) == CitadelsState.ACTION_NAMES


def test_the_turn_dispatch_goes_through_the_table() -> None:
    steps = {name: step.act for name, step in CitadelsState.STEPS.items() if step.act is not None}
    assert {name for name, act in steps.items() if act == TURN_DISPATCH} == {
        "turn", "keep", "redraw", "ability_step", "graveyard", "tribute"}
    state = new(4)
    assert all(state._performers[name] is getattr(CitadelsState, spec.perform)
               for name, spec in CitadelsState.ACTION_TABLE.items())


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_every_step_performs_its_actions_by_the_tables_method(players: int, options: dict[str, str]) -> None:
    table = CitadelsState.ACTION_TABLE
    for seed in range(2):
        state = new(players, seed=seed, **options)
        chooser = Rng(seed)
        while state.to_move():
            movers = state.to_move()
            seat = movers[chooser.randbelow(len(movers))]
            action = chooser.choice(state.legal_actions(seat))
            act = CitadelsState.STEPS[state.open_step()].act
            assert act in (TURN_DISPATCH, table[action.name].perform), (
                f"step {state.open_step()!r} performs {action} with {act}, the table with {table[action.name].perform}")
            state.apply(action, seat)
