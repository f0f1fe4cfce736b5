"""The three die actions, workers, and the colour effects, on board card 7.

Card 7:  A: w3 g4 y5 / B: g2 g6 b3 w1 / C: r1 r5 b4 w6 w5 / D: g2 b1 y2 b4 / E: y6 r3 r6
Market with deck top card 3 and discard card 5: squares 1 (3 red), 2 (4 green), 3 (6 green),
4 (1 blue), 5 (3 white), 6 (5 blue).
"""

import pytest

from meeple import Action, IllegalAction

from .helpers import new_manual, roll


def test_take_cube_puts_die_on_matching_square_and_cube_in_inventory(solo):
    assert solo.market_squares() == [(3, "red"), (4, "green"), (6, "green"), (1, "blue"), (3, "white"), (5, "blue")]
    roll(solo, (3, 5))
    solo.apply(Action("take", (3, 1)))
    assert solo.inventory[0] == ["red"]
    assert solo.supply[0]["red"] == 3
    assert solo.dice_on_squares[0] == 1
    assert solo.dice[0] == [5]


def test_only_the_six_centre_squares_and_matching_faces(solo):
    roll(solo, (2, 5))
    solo.workers[0] = 0
    with pytest.raises(IllegalAction, match="cannot become"):
        solo.apply(Action("take", (2, 1)))  # square 1 shows 3; no worker to change 2 into 3
    with pytest.raises(IllegalAction, match="1–6"):
        solo.apply(Action("take", (2, 7)))
    assert solo.dice[0] == [2, 5] and solo.inventory[0] == []


def test_worker_changes_die_by_one_and_wraps_six_to_one(solo):
    roll(solo, (6, 6))
    assert solo.workers[0] == 1
    solo.apply(Action("take", (6, 4)))  # square 4 shows 1: 6 -> 1 costs one worker (1↔6 wrap)
    assert solo.workers[0] == 0 and solo.inventory[0] == ["blue"]
    assert Action("take", (6, 6)) not in solo.legal_actions()  # 6 -> 5 now needs a worker


def test_solo_may_stack_dice_on_an_occupied_square(solo):
    roll(solo, (3, 3))
    solo.apply(Action("take", (3, 1)))
    assert Action("take", (3, 1)) in solo.legal_actions()


def test_full_inventory_returns_a_cube_of_choice(solo):
    roll(solo, (4, 6))
    solo.inventory[0] = ["red", "red", "blue"]
    for c, k in (("red", 2), ("blue", 1)):
        solo.supply[0][c] -= k
    solo.apply(Action("take", (4, 2)))
    assert solo.legal_actions() == [Action("return", (c,)) for c in ("red", "blue", "green")]
    with pytest.raises(IllegalAction, match="return a cube first"):
        solo.apply(Action("take", (6, 3)))
    solo.apply(Action("return", ("red",)))
    assert sorted(solo.inventory[0]) == ["blue", "green", "red"]
    assert solo.supply[0]["red"] == 3


def test_empty_supply_uses_the_die_without_a_cube(solo):
    roll(solo, (4, 6))
    solo.supply[0]["green"] = 0
    solo.inventory[0] = []
    solo.filled_hexes[0] += ["A2", "B1", "B2", "D1"]  # all four green cubes are on the board
    solo.apply(Action("take", (4, 2)))
    assert solo.inventory[0] == [] and solo.dice_on_squares[1] == 1


def test_place_needs_adjacent_hex_matching_number_and_colour(solo):
    # start on A3; A2 is green 4 and adjacent
    roll(solo, (6, 4))
    with pytest.raises(IllegalAction, match="no green cube"):
        solo.apply(Action("place", (4, "A2")))
    solo.apply(Action("take", (6, 3)))
    with pytest.raises(IllegalAction, match="not next to a filled hex"):
        solo.apply(Action("place", (4, "B1")))
    with pytest.raises(IllegalAction, match="no hex"):
        solo.apply(Action("place", (4, "Z9")))
    solo.apply(Action("place", (4, "A2")))
    assert solo.filled_hexes[0] == ["A3", "A2"] and solo.inventory[0] == []


def test_gain_worker_with_any_die_and_track_maximum(solo):
    roll(solo, (3, 5))
    solo.apply(Action("worker", (3,)))
    assert solo.workers[0] == 2
    solo.workers[0] = 8
    solo.apply(Action("worker", (5,)))
    assert solo.workers[0] == 8


def _give(state, *colours):
    for c in colours:
        state.inventory[0].append(c)
        state.supply[0][c] -= 1


def test_red_places_a_chained_cube_ignoring_dice_and_its_effect_fires():
    state = new_manual(starts=["D3"])
    roll(state, (3, 2))
    _give(state, "red", "red", "blue")
    state.apply(Action("place", (3, "E2")))  # red 3
    assert state.legal_actions() == [Action("chain", ("E3",)), Action("chain", ("D2",)), Action("pass")] or \
        set(state.legal_actions()) == {Action("chain", ("E3",)), Action("chain", ("D2",)), Action("pass")}
    state.apply(Action("chain", ("D2",)))  # blue 1, no die needed; blue gives a worker
    assert "D2" in state.filled_hexes[0] and state.workers[0] == 2
    assert state.dice[0] == [2]


def test_red_chain_may_be_declined():
    state = new_manual(starts=["D3"])
    roll(state, (3, 2))
    _give(state, "red", "red")
    state.apply(Action("place", (3, "E2")))
    state.apply(Action("pass"))
    assert state.filled_hexes[0] == ["D3", "E2"] and state.inventory[0] == ["red"]


def test_white_takes_a_cube_of_a_market_colour():
    state = new_manual(starts=["D3"])
    roll(state, (6, 2))
    _give(state, "white")
    state.apply(Action("place", (6, "C4")))
    colours = {a.args[0] for a in state.legal_actions() if a.name == "white"}
    assert colours == {"red", "green", "blue", "white"}
    with pytest.raises(IllegalAction):
        state.apply(Action("white", ("yellow",)))
    state.apply(Action("white", ("green",)))
    assert state.inventory[0] == ["green"]


def test_blue_gains_a_worker_and_green_scores_at_the_end():
    state = new_manual(starts=["D3"])
    roll(state, (4, 2))
    _give(state, "blue", "green")
    state.apply(Action("place", (4, "D4")))
    assert state.workers[0] == 2
    green_before = state.score_breakdown(0)["green"]
    state.filled_hexes[0].append("D1")
    state.inventory[0].remove("green")
    assert state.score_breakdown(0)["green"] == green_before + 1


def test_yellow_tucks_the_rightmost_market_card_at_end_of_turn():
    state = new_manual(starts=["D3"], discard=2, top=3)
    roll(state, (6, 3))
    state.filled_hexes[0].append("E2")
    _give(state, "yellow")
    state.supply[0]["red"] -= 1
    state.apply(Action("place", (6, "E1")))
    assert state.tucked_cards[0] == []  # not before the turn ends
    state.apply(Action("worker", (3,)))
    assert state.tucked_cards[0] == [2]  # the discard pile's top card, before the deck card moves
    assert state.discard_pile == [3]
    assert state.effects(0) == ["white_patron"]


def test_illegal_action_leaves_state_unchanged(solo):
    roll(solo, (2, 5))
    before = solo.to_json()
    for bad in (Action("place", (2, "A2")), Action("take", (3, 1)), Action("chain", ("A1",)), Action("nope")):
        with pytest.raises(IllegalAction):
            solo.apply(bad)
    assert solo.to_json() == before
