"""How a die change is paid: workers, the free once-per-turn yellow effects, or both (「你可以同时使用
工人和黄色效果在一个行动中修改单个骰子的点数」), chosen by the player in a ``pay`` step.

Solo on card 7, start D3, market: deck top card 3, discard card 5 — squares 1 (3 red), 2 (4 green),
3 (6 green), 4 (1 blue), 5 (3 white), 6 (5 blue). Card 1 is Steady Hand (±1), card 6 Mirror (7 − die).
"""

import pytest

from meeple import Action, IllegalAction
from meeple.games.cube_europe.bots import WEIGHTS, HeuristicBot

from .helpers import new_manual, roll, tuck

STEADY, MIRROR = 1, 6


def position(dice, workers, *cards):
    state = new_manual(starts=["D3"])
    for card in cards:  # keep the cards conserved: a tucked card leaves the unseen deck
        if card in state.unseen_cards:
            state.unseen_cards.remove(card)
            state.deck_size -= 1
    tuck(state, 0, *cards)
    state.workers[0] = workers
    roll(state, dice)
    return state


def pays(state):
    return [str(a) for a in state.legal_actions()]


def red_in_hand(state):
    state.inventory[0] = ["red"]
    state.supply[0]["red"] -= 1
    return state


def test_mirror_now_keeps_steady_hand_for_the_second_die():
    # Die 3 takes from square 2 (4): Steady Hand or Mirror, both free. Die 2 is to place the red cube
    # on E2 (3): only Steady Hand can do that (Mirror makes 5), so spending it first loses the move.
    state = red_in_hand(position((3, 2), 0, STEADY, MIRROR))
    state.apply(Action("take", (3, 2)))
    assert pays(state) == ["pay 0 steady", "pay 0 mirror"]
    assert sorted(state.dice[0]) == [2, 3] and state.inventory[0] == ["red"]  # nothing happens before paying
    wrong = state.clone()
    wrong.apply(Action("pay", (0, "steady")))
    assert Action("place", (2, "E2")) not in wrong.legal_actions()
    state.apply(Action("pay", (0, "mirror")))
    assert state.mirror_used and not state.steady_hand_used and state.inventory[0] == ["red", "green"]
    state.apply(Action("place", (2, "E2")))  # 2 -> 3 with Steady Hand: the only way, no question asked
    assert "E2" in state.filled_hexes[0] and state.workers[0] == 0 and state.steady_hand_used


def test_a_worker_may_pay_instead_of_the_free_effect():
    state = position((2, 5), 2, STEADY)
    state.apply(Action("take", (2, 1)))  # 2 -> 3
    assert pays(state) == ["pay 1", "pay 0 steady"]
    state.apply(Action("pay", (1,)))
    assert state.workers[0] == 1 and not state.steady_hand_used
    state.apply(Action("take", (5, 2)))  # 5 -> 4: again a choice
    assert pays(state) == ["pay 1", "pay 0 steady"]
    state.apply(Action("pay", (0, "steady")))
    assert state.workers[0] == 1 and state.steady_hand_used
    assert any("turns die 2 into 3 with 1 worker" in line for line in state.log_for(0))


def test_workers_and_both_effects_combine_on_one_die():
    state = position((3, 1), 3, STEADY, MIRROR)
    state.apply(Action("take", (3, 3)))  # 3 -> 6: 3 workers, Steady + 2, Mirror (4) + 2, or both + 1
    assert pays(state) == ["pay 3", "pay 2 steady", "pay 2 mirror", "pay 1 steady mirror"]
    state.apply(Action("pay", (1, "steady", "mirror")))
    assert state.workers[0] == 2 and state.steady_hand_used and state.mirror_used


def test_plans_beaten_on_every_count_are_not_offered():
    state = position((2, 1), 3, STEADY, MIRROR)
    state.apply(Action("take", (2, 1)))  # 2 -> 3; Mirror gives 5, two away: never better
    assert pays(state) == ["pay 1", "pay 0 steady"]


def test_no_question_when_only_one_way_makes_sense():
    state = position((3, 4), 2)
    state.apply(Action("take", (4, 1)))  # 4 -> 3 needs a worker, nothing else could pay
    assert state.follow_ups == [] and state.workers[0] == 1
    state = position((6, 6), 0, 17)  # Wild Six: a rolled 6 takes from any square, free
    state.apply(Action("take", (6, 2)))
    assert state.follow_ups == [] and state.inventory[0] == ["green"]
    state = position((3, 4), 2, STEADY)
    state.apply(Action("take", (3, 1)))  # the die already matches
    assert state.follow_ups == [] and not state.steady_hand_used


def test_other_moves_wait_for_the_payment_and_a_refusal_changes_nothing():
    state = position((3, 2), 0, STEADY, MIRROR)
    state.apply(Action("take", (3, 2)))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="choose how to pay"):
        state.apply(Action("take", (2, 1)))
    with pytest.raises(IllegalAction):
        state.apply(Action("pay", (1,)))  # not one of the sensible plans here
    assert state.to_json() == before


def test_placing_asks_too_and_the_cube_effect_follows_the_payment():
    state = position((5, 3), 1, STEADY)
    state.inventory[0] = ["blue"]
    state.supply[0]["blue"] -= 1
    state.apply(Action("place", (5, "D4")))  # D4 shows 4
    assert pays(state) == ["pay 1", "pay 0 steady"]
    state.apply(Action("pay", (0, "steady")))
    assert "D4" in state.filled_hexes[0] and state.workers[0] == 2  # blue's worker after paying nothing


def test_heuristic_pays_so_that_the_second_die_still_works():
    state = red_in_hand(position((3, 2), 0, STEADY, MIRROR))
    state.apply(Action("take", (3, 2)))
    # The multiplayer weights: the solo ones value the green cube kept in hand as much as the red one placed,
    # so they tie here (6.8 either way) and the tie-break decides; what is tested is the planning.
    for seed in range(6):  # not a lucky tie-break: both payments look alike one step ahead
        assert HeuristicBot(seed=seed, weights=WEIGHTS).act_on_state(state, 0) == Action("pay", (0, "mirror"))
    state.apply(Action("pay", (0, "mirror")))
    assert HeuristicBot(seed=1, weights=WEIGHTS).act_on_state(state, 0) == Action("place", (2, "E2"))
