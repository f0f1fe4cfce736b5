"""Each of the 17 yellow effects, active only once tucked under the board (「插入版图下方后」)."""

import pytest

from meeple import Action
from meeple.games.cube_europe.content import CARDS, EFFECTS

from .helpers import new_manual, roll, tuck

CARD_OF = {card.effect: card.id for card in CARDS.values()}


def with_effect(effect, dice=(3, 5), starts=("D3",)):
    """Solo on card 7 (start D3), market: deck top card 3, discard card 5, the effect tucked.

    Squares: 1 (3 red), 2 (4 green), 3 (6 green), 4 (1 blue), 5 (3 white), 6 (5 blue).
    """
    state = new_manual(starts=list(starts))
    tuck(state, 0, *([CARD_OF[effect]] if effect else []))
    if effect:
        # keep cards conserved: the tucked card comes out of the unseen deck
        if CARD_OF[effect] in state.unseen_cards:
            state.unseen_cards.remove(CARD_OF[effect])
            state.deck_size -= 1
    roll(state, dice)
    return state


def give(state, *colours):
    for c in colours:
        state.inventory[0].append(c)
        state.supply[0][c] -= 1


def test_seventeen_distinct_effects_one_per_card():
    assert sorted(c.effect for c in CARDS.values()) == sorted(EFFECTS)
    assert len(EFFECTS) == 17


def test_effects_in_the_market_do_nothing():
    state = with_effect(None, dice=(3, 5))
    state.workers[0] = 0
    assert CARDS[3].effect == "storehouse"  # the deck's top card: in the market, not tucked
    give(state, "red", "red", "red")
    state.apply(Action("take", (3, 5)))
    assert state.follow_ups == [["return"]]


def test_nudge_changes_one_die_for_free_once_per_turn():
    state = with_effect("nudge", dice=(2, 4))
    state.workers[0] = 0
    assert Action("take", (2, 1)) in state.legal_actions()  # 2 -> 3 free
    state.apply(Action("take", (2, 1)))
    assert Action("take", (4, 6)) not in state.legal_actions()  # 4 -> 5 would need a second nudge


def test_nudge_combines_with_workers():
    state = with_effect("nudge", dice=(3, 4))
    state.workers[0] = 1
    state.apply(Action("take", (3, 4)))  # 3 -> 1: nudge + 1 worker, the only way with 1 worker
    assert state.workers[0] == 0 and state.steady_hand_used


def test_flip_turns_die_to_opposite_face():
    state = with_effect("flip", dice=(6, 3))
    state.workers[0] = 0
    state.apply(Action("take", (6, 4)))  # 6 flipped to 1
    assert state.mirror_used and state.inventory[0] == ["blue"]
    assert Action("take", (3, 2)) not in state.legal_actions()  # 3 -> 4 would need a 2nd flip


def test_wild_six_takes_from_any_square():
    state = with_effect("wild_six", dice=(6, 3))
    state.workers[0] = 0
    assert Action("take", (6, 2)) in state.legal_actions()  # square 2 shows 4
    assert Action("take", (3, 2)) not in state.legal_actions()


def test_storehouse_holds_four_cubes():
    state = with_effect("storehouse", dice=(3, 5))
    give(state, "red", "red", "blue")
    state.apply(Action("take", (3, 1)))
    assert state.follow_ups == [] and len(state.inventory[0]) == 4


def test_bulk_buyer_takes_two_from_a_low_square():
    state = with_effect("bulk", dice=(1, 3))
    state.apply(Action("take", (1, 4)))  # square 4 shows 1
    assert state.inventory[0] == ["blue", "blue"]
    state.apply(Action("take", (3, 1)))  # square 1 shows 3: one cube
    assert state.inventory[0] == ["blue", "blue", "red"]


def test_recruiter_gains_two_workers():
    state = with_effect("recruiter", dice=(1, 3))
    state.apply(Action("worker", (1,)))
    assert state.workers[0] == 3


def test_blue_boost_blue_gives_two_workers():
    state = with_effect("blue_boost", dice=(4, 3))
    give(state, "blue")
    state.apply(Action("place", (4, "D4")))
    assert state.workers[0] == 3


def test_white_plus_takes_any_colour():
    state = with_effect("white_plus", dice=(6, 3))
    give(state, "white")
    state.apply(Action("place", (6, "C4")))
    assert {a.args[0] for a in state.legal_actions() if a.name == "white"} == {"red", "blue", "green", "white", "yellow"}


def test_wage_green_gives_a_worker():
    state = with_effect("wage", dice=(4, 3), starts=("A3",))
    give(state, "green")
    state.apply(Action("place", (4, "A2")))
    assert state.workers[0] == 2


def test_surveyor_places_one_off_the_number():
    state = with_effect("surveyor", dice=(5, 3))
    state.workers[0] = 0
    give(state, "blue")
    assert Action("place", (5, "D4")) in state.legal_actions()  # D4 is 4
    assert Action("place", (3, "D4")) in state.legal_actions()
    state.apply(Action("place", (5, "D4")))
    assert state.workers[0] == 1  # the blue effect, nothing paid


def test_recycle_full_inventory_return_gives_worker():
    state = with_effect("recycle", dice=(1, 3))
    give(state, "red", "red", "blue")
    state.apply(Action("take", (1, 4)))
    state.apply(Action("return", ("red",)))
    assert state.workers[0] == 2


@pytest.mark.parametrize("effect,colour", [("white_patron", "white"), ("red_patron", "red"),
                                           ("blue_patron", "blue"), ("harvest", "green")])
def test_patrons_score_one_per_cube_of_their_colour(effect, colour):
    state = with_effect(effect)
    hexes = [h for h, (c, _) in state.board(0).hexes.items() if c == colour][:2]
    state.filled_hexes[0] += hexes
    state.supply[0][colour] -= 2
    assert state.score_breakdown(0)["yellow_effects"] == 2


def test_treasury_scores_every_worker():
    state = with_effect("treasury")
    state.workers[0] = 5
    b = state.score_breakdown(0)
    assert b["workers"] + b["yellow_effects"] == 5


def test_cartographer_doubles_completed_colours():
    state = with_effect("cartographer")
    state.filled_hexes[0] = [h for h, (c, _) in state.board(0).hexes.items() if c == "yellow"]
    b = state.score_breakdown(0)
    assert b["colours"] == 1 and b["yellow_effects"] == 1
