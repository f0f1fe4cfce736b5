"""Cube Europe's referee hooks: whose board or dice the pending chance outcome is, at a real table."""

from __future__ import annotations

import meeple
from meeple import CHANCE, Action

from .helpers import new_manual


def test_each_board_is_entered_by_the_seat_it_becomes_the_board_of() -> None:
    state = meeple.load("cube-europe", players=3).new_game(seed=1, chance="manual")
    for seat, card in enumerate((7, 8, 9)):
        assert state.phase == "deal" and state.chance_owner() == seat
        state.apply(Action("board", (card,)), CHANCE)
    assert state.phase == "first" and state.chance_owner() is None  # the start card is anyone's
    state.apply(Action("first", (1,)), CHANCE)
    assert state.phase == "draw" and state.chance_owner() is None  # a market card is anyone's


def test_each_seat_enters_its_own_roll_in_turn_order_from_the_start_card() -> None:
    state = new_manual(players=3, boards=(7, 8, 9), first=1)
    for seat in (1, 2, 0):
        assert state.phase == "roll" and state.chance_owner() == seat
        state.apply(state.parse_action("roll 3 4", CHANCE), CHANCE)
    assert state.phase == "turn"
