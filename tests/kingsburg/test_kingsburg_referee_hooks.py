"""Kingsburg's referee hooks: whose roll the pending chance outcome is, at a real table."""

from __future__ import annotations

from meeple.core import CHANCE

from .helpers import new, take_aid


def test_each_spring_roll_is_entered_by_the_seat_that_rolls_it() -> None:
    state = new(3)
    take_aid(state)
    for seat, faces in enumerate(("6 6 4", "6 6 6", "6 6 5")):
        assert state.to_move() == [CHANCE] and state.tasks[0]["kind"] == "roll" and state.tasks[0]["seat"] == seat
        assert state.chance_owner() == seat
        state.apply(state.parse_action("roll " + faces, CHANCE), CHANCE)


def test_the_enemy_card_and_the_kings_die_are_anyones() -> None:
    state = new(3)
    take_aid(state)
    owners: dict[str, int | None] = {}
    while state.to_move() and not {"draw", "king"} <= owners.keys():
        if state.to_move() == [CHANCE]:
            kind = state.tasks[0]["kind"]
            if kind != "roll":
                owners.setdefault(kind, state.chance_owner())
            state.apply(state.legal_actions(CHANCE)[0], CHANCE)
        else:
            seat = state.to_move()[0]
            state.apply(state.legal_actions(seat)[0], seat)
    assert owners == {"draw": None, "king": None}
