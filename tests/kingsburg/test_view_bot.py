"""The terminal view, the heuristic bot, and random games at every player count."""

from __future__ import annotations

import pytest
from .helpers import CHANCE, act, new, take_aid, tasks
from rich.console import Console

import meeple
from meeple.agents import RandomAgent, choose_action
from meeple.core import Rng
from meeple.games.kingsburg.bots import HeuristicBot
from meeple.games.kingsburg.view import render


def _text(state, player):
    console = Console(width=160, record=True, color_system=None)
    console.print(render(state, player))
    return console.export_text()


def test_view_shows_track_board_and_only_what_the_seat_knows():
    s = new(3)
    take_aid(s)
    tasks(s, ["adv", 0, 10])
    act(s, "enemy goblins3", CHANCE)
    mine = _text(s, 0)
    theirs = _text(s, 1)
    assert "General" in mine and "Merchants' Guild" in mine and "soldiers 2" in mine
    assert "Goblins 3" in mine
    assert "Goblins 3" not in theirs and "face down" in theirs
    assert "Goblins 3" not in _text(s, None)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_a_winner_and_keep_invariants(players):
    for seed in range(3):
        s = meeple.load("kingsburg", players=players).new_game(seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            p = s.to_move()[0]
            s.apply(rng.choice(s.legal_actions(p)), p)
            s.check_invariants()
        assert s.winners()
        assert s.year == 6 and any("Final score" in line for line in s.log_for(None))
        assert meeple.from_json(s.to_json()).to_json() == s.to_json()
        _text(s, 0)


def _bot_game(seed, players=3):
    seat = seed % players
    s = meeple.load("kingsburg", players=players).new_game(seed=seed)
    agents = [HeuristicBot(seed) if k == seat else RandomAgent(seed * 10 + k) for k in range(players)]
    while not s.is_over():
        p = s.to_move()[0]
        s.apply(choose_action(agents[p], s, p), p)
    return seat in s.winners()


def test_heuristic_bot_beats_random_players_most_of_the_time():
    wins = sum(_bot_game(seed) for seed in range(12))
    assert wins >= 9


@pytest.mark.slow
def test_heuristic_bot_wins_80_percent_of_1000_three_player_games():
    wins = sum(_bot_game(seed) for seed in range(1000))
    assert wins >= 800


def test_the_fast_legal_list_is_exact_with_or_without_an_action_space():
    # rules.KingsburgState._legal skips the engine's action-space lookup: valid only while there is none
    game = meeple.load("kingsburg", players=3)
    lookup = game.action_lookup  # None unless the package has an encoding module
    s = game.new_game(seed=4)
    rng = Rng(4)
    for _ in range(150):
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        assert legal == s._legal_actions(p)
        if lookup is not None:
            assert all(lookup[a] is a for a in legal)  # canonical, indexed instances
        assert s.legal_actions(p + 1 if p + 1 < 3 else 0) == [] or len(s.to_move()) > 1
        s.apply(rng.choice(legal), p)
