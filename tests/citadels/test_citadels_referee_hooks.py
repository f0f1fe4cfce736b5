"""Citadels' referee hooks: who enters a district draw, and what a seat is offered to enter."""

from __future__ import annotations

from meeple.core import CHANCE

from cit_helpers import act, deal, new
from meeple.games.citadels import content


def test_each_set_up_draw_is_entered_by_the_seat_that_draws_it() -> None:
    state = new(4)
    for seat in range(4):
        for _ in range(content.START_CARDS):
            assert state.to_move() == [CHANCE] and state.chance_kind == "draw"
            assert state.chance_owner() == seat
            state.apply(state.legal_actions(CHANCE)[0], CHANCE)
    assert state.chance_kind == "crown" and state.chance_owner() is None


def test_a_draw_offers_every_kind_the_seat_cannot_see_not_the_decks_content() -> None:
    state = new(2)
    single = [d for d in range(content.N_DISTRICT_KINDS) if content.DISTRICT_COPIES[d] == 1]
    mine, theirs = single[0], single[1]
    act(state, f"draw {content.DISTRICT_SLUG[mine]}", CHANCE)  # seat 0 draws the only copy of a kind
    for _ in range(content.START_CARDS - 1):
        state.apply(state.legal_actions(CHANCE)[0], CHANCE)
    act(state, f"draw {content.DISTRICT_SLUG[theirs]}", CHANCE)  # seat 1 draws the only copy of another kind
    assert state.chance_owner() == 1
    outcomes = {str(a) for a in state.legal_actions(CHANCE)}
    offered_to = [{str(a) for a in state.chance_choices(p)} for p in range(2)]
    assert f"draw {content.DISTRICT_SLUG[theirs]}" not in outcomes  # the deck holds no copy of it any more
    assert f"draw {content.DISTRICT_SLUG[theirs]}" in offered_to[0]  # but seat 0 cannot know that
    assert f"draw {content.DISTRICT_SLUG[theirs]}" not in offered_to[1]  # seat 1 holds it
    assert f"draw {content.DISTRICT_SLUG[mine]}" not in offered_to[0] and f"draw {content.DISTRICT_SLUG[mine]}" in offered_to[1]
    assert outcomes <= offered_to[0] and outcomes <= offered_to[1]


def test_a_face_up_deal_offers_the_face_down_card_too() -> None:
    state = new(4)
    deal(state)
    assert state.chance_kind == "down" and state.chance_owner() is None
    down = state.legal_actions(CHANCE)[0]
    state.apply(down, CHANCE)
    assert state.chance_kind == "up" and state.chance_owner() is None
    face_down = down.args[0]
    assert f"deal-up {face_down}" not in {str(a) for a in state.legal_actions(CHANCE)}
    for p in range(4):
        offered = {str(a) for a in state.chance_choices(p)}
        assert f"deal-up {face_down}" in offered or content.CHARACTER_RANK[content.CHARACTER_INDEX[face_down]] == 4
        assert {str(a) for a in state.legal_actions(CHANCE)} <= offered
