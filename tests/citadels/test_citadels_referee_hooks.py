"""Citadels' referee hooks: who enters a district draw, and what a seat is offered to enter."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import CHANCE, Action, IllegalAction
from meeple.games.citadels import content
from meeple.games.citadels.actions import FACE_DOWN, FACE_UP
from meeple.games.citadels.rules import CitadelsState

from .helpers import C, D, act, deal, draw, hand, illegal, new


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


# ---------------------------------------------------------------------- entries that contradict meeple
def _enter(state, text: str) -> None:  # noqa: ANN001
    """What the server does with an entry it offered: ``apply`` it for chance (``parse_action`` finds only
    the legal outcomes)."""
    state.apply(Action.parse(text), CHANCE)


def _conflict_notices(state, viewer) -> int:  # noqa: ANN001
    return sum(1 for e in state.log if e.id == "citadels.entries_conflict" and e.visible(viewer))


def _seat_0_holds_the_keep(seat_2_knows: bool) -> CitadelsState:
    state = new(3)
    draw(state, "keep", "temple", "temple", "temple")  # seat 0's hand: the only Keep
    if seat_2_knows:
        state.known_hand_cards[2][0] = [D["keep"], D["temple"]]  # as after a Magician's swap
        state.position_changed()
    return state


def test_a_draw_of_a_card_another_seat_holds_takes_it_and_leaves_that_seat_a_card_of_the_deck() -> None:
    state = _seat_0_holds_the_keep(seat_2_knows=True)
    assert state.chance_owner() == 1 and "draw keep" in {str(a) for a in state.chance_choices(1)}
    assert "draw keep" not in {str(a) for a in state.legal_actions(CHANCE)}
    deck_before = len(state.deck_unseen)
    _enter(state, "draw keep")  # seat 1 says it drew the Keep
    assert hand(state, 1) == ["keep"]
    assert len(state.hands[0]) == 4 and "keep" not in hand(state, 0) and hand(state, 0).count("temple") == 3
    assert len(state.deck_unseen) == deck_before - 1  # one card left the deck for seat 0's hand
    assert state.known_hand_cards[2][0] == [D["temple"]]  # what seat 2 knew of the Keep is dropped
    state.check_invariants()
    assert all(_conflict_notices(state, viewer) == 1 for viewer in (None, 0, 1, 2))  # public, once
    assert state.log[-2].id == "citadels.entries_conflict" and state.log[-2].args == {}  # names nobody
    # the same entries give the same position (the card put in the Keep's place is drawn from the seed)
    again = _seat_0_holds_the_keep(seat_2_knows=True)
    _enter(again, "draw keep")
    assert again.to_json() == state.to_json()
    plain = _seat_0_holds_the_keep(seat_2_knows=False)
    _enter(plain, "draw keep")
    assert meeple.from_json(plain.to_json()).to_json() == plain.to_json()  # a save replays it exactly


def test_a_card_nobody_entering_could_miss_is_refused_and_nothing_changes() -> None:
    state = new(2)
    draw(state, "keep", "temple", "temple", "temple")
    state.known_hand_cards[1][0] = [D["keep"]]  # seat 1 knows seat 0 holds the only Keep
    state.position_changed()
    assert "draw keep" not in {str(a) for p in range(2) for a in state.chance_choices(p)}
    assert illegal(state, "draw keep", CHANCE)


def test_a_face_up_deal_of_the_face_down_character_sets_another_face_down() -> None:
    state = new(4)
    deal(state)
    act(state, "deal-down thief", CHANCE)
    _enter(state, "deal-up thief")  # the table turns the Thief up: meeple had it face down
    assert state.character_holder[C["thief"]] == FACE_UP and C["thief"] not in state.character_pool
    face_down = [c for where, c in state.character_deal if where == FACE_DOWN]
    assert len(face_down) == 1 and face_down[0] != C["thief"]
    assert state.character_holder[face_down[0]] == FACE_DOWN and face_down[0] not in state.character_pool
    assert state.character_pool == [c for c in state.characters if c in state.character_pool]  # rank order kept
    assert len(state.character_pool) == len(state.characters) - 2
    assert all(_conflict_notices(state, viewer) == 1 for viewer in (None, 0, 1, 2, 3))
    state.check_invariants()
    assert meeple.from_json(state.to_json()).to_json() == state.to_json()


def test_automatic_chance_never_reconciles() -> None:
    state = meeple.load("citadels", players=2).new_game(seed=3)
    assert state.chance == "auto" and state.to_move() != [CHANCE]
    with pytest.raises(IllegalAction):
        state.apply(Action.parse("draw keep"), CHANCE)
