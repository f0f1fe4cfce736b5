"""Rounds, the market deck, the end of the game, and the multiplayer card's rules."""

import pytest

import meeple
from meeple import CHANCE, Action, IllegalAction
from meeple.agents import RandomAgent

from .helpers import new_manual, roll


def _play_round_with_workers(state):
    while state.phase == "turn":
        p = state.to_move()[0]
        state.apply(Action("worker", (state.dice[p][0],)), p)


def _draw_next(state, card=None):
    while state.to_move() == [CHANCE] and state.phase == "draw":
        options = state.legal_actions(CHANCE)
        state.apply(options[0] if card is None else Action("card", (card,)), CHANCE)


def test_solo_classic_reshuffles_once_with_extra_cards_for_empty_yellow_hexes_and_lasts_12_rounds():
    state = new_manual(boards=(7,), discard=2, top=3)
    for rnd in range(1, 8):
        assert state.round == rnd
        roll(state, (3, 3))
        _play_round_with_workers(state)
        if rnd < 7:
            _draw_next(state)
    # after round 7 the deck of 8 is exhausted: reshuffle, 1 card + 2 for the two empty yellow hexes
    assert state.deck_exhaustions == 1
    assert state.market_draws_due == ["discard", "discard", "discard", "top"]
    assert state.deck_size == 8
    _draw_next(state)
    assert state.deck_size == 5 and len(state.discard_pile) == 3
    for rnd in range(8, 13):
        roll(state, (3, 3))
        _play_round_with_workers(state)
        if not state.is_over():
            _draw_next(state)
    assert state.is_over() and state.round == 12
    assert "second time" in state.log_for(0)[-2]


def test_solo_thirteen_card_variant_ends_when_deck_first_runs_out():
    game = meeple.load("cube-europe", players=1, solo_deck="thirteen")
    state = game.new_game(seed=5)
    agent = RandomAgent(5)
    while not state.is_over():
        state.apply(agent.act(None, state.legal_actions()))
    assert state.deck_exhaustions == 0 and state.round == 12
    assert len(state.unseen_cards) == 17 - 1 - 13  # three cards set aside, never seen


def test_multiplayer_starting_workers_by_seat_from_the_start_card():
    state = new_manual(players=3, boards=(1, 2, 3), first=1, discard=4, top=5)
    assert state.workers == [3, 1, 2]
    assert state.to_move() == [CHANCE] and state.phase == "roll"


def test_multiplayer_turn_order_from_start_card_and_card_passes_left():
    state = new_manual(players=3, boards=(1, 2, 3), first=2, discard=4, top=5)
    roll(state, (1, 2), (3, 4), (5, 6))
    assert state.dice == [[3, 4], [5, 6], [1, 2]]  # rolled in order 2, 0, 1
    order = []
    while state.phase == "turn":
        p = state.to_move()[0]
        order.append(p)
        state.apply(Action("worker", (state.dice[p][0],)), p)
    assert order == [2, 2, 0, 0, 1, 1]
    assert state.start_card_seat == 0 and state.round == 2


def test_two_players_never_share_a_market_square():
    state = new_manual(players=2, boards=(1, 2), first=0, discard=4, top=5)
    roll(state, (3, 3), (3, 3))
    square = next(a for a in state.legal_actions(0) if a.name == "take")
    state.apply(square, 0)
    state.apply(Action("worker", (3,)), 0)
    assert square not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="already holds 1"):
        state.apply(square, 1)


def test_three_players_stack_at_most_two_dice():
    state = new_manual(players=3, boards=(1, 2, 3), first=0, discard=4, top=5)
    roll(state, (3, 3), (3, 3), (3, 3))
    square = next(a for a in state.legal_actions(0) if a.name == "take")
    state.apply(square, 0)
    state.apply(Action("worker", (3,)), 0)
    assert square in state.legal_actions(1)
    state.apply(square, 1)
    state.apply(Action("worker", (3,)), 1)
    assert square not in state.legal_actions(2)


def test_multiplayer_yellow_effects_resolve_at_round_end_in_order_from_first_player():
    state = new_manual(players=2, boards=(1, 2), first=1, discard=4, top=5)
    roll(state, (1, 1), (1, 1))
    state.yellow_tucks_due = [1, 1]
    while state.phase == "turn":
        p = state.to_move()[0]
        state.apply(Action("worker", (1,)), p)
    # seat 1 held the start card: it tucks the discard top (card 4) and seat 0 finds the pile empty
    assert state.tucked_cards == [[], [4]]
    assert any("discard pile is empty" in line for line in state.log_for(None))


def test_multiplayer_game_ends_when_deck_is_empty_after_12_rounds_and_tie_break():
    state = meeple.load("cube-europe", players=4).new_game(seed=11)
    agent = RandomAgent(11)
    while not state.is_over():
        p = state.to_move()[0]
        state.apply(agent.act(None, state.legal_actions(p)), p)
    assert state.round == 12 and state.deck_size == 0
    state.filled_hexes = [[], [], [], []]
    state.inventory = [[], [], [], []]
    state.workers = [0, 0, 0, 0]
    state.tucked_cards = [[], [], [], []]
    state.active_effects = [[], [], [], []]
    assert state.winners() == [0, 1, 2, 3]  # all tied, nobody filled more: a shared win
    state.workers = [2, 2, 0, 0]
    assert state.winners() == [0, 1]
    lone = next(t for t in state.board(0).territories if len(t) > 1 and state.board(0).hexes[t[0]][0] != "green")[0]
    state.filled_hexes[0] = [lone]  # same score, one more filled hex: seat 1 wins the tie-break
    assert state.scores()[:2] == [1, 1]
    assert state.winners() == [1]


def test_start_hex_must_be_yellow():
    state = meeple.load("cube-europe", players=1).new_game(seed=2)
    assert {a.name for a in state.legal_actions()} == {"start"}
    with pytest.raises(IllegalAction, match="yellow hexes"):
        state.apply(Action("worker", (1,)))
