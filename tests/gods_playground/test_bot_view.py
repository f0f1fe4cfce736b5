"""The heuristic player (always legal, beats random players) and the terminal view (no leaks)."""

from __future__ import annotations

import pytest
from rich.console import Console

import meeple
from meeple.agents import choose_action, make_agent
from meeple.games.gods_playground import view

from .conftest import BLUE, RED, WHITE, act, blank, stop_before


def play(seed, heuristic_seat):
    s = meeple.load("gods-playground", players=3).new_game(seed=seed)
    agents = {q: make_agent("heuristic" if q == heuristic_seat else "random", "gods-playground", seed * 3 + q)
              for q in range(3)}
    while s.to_move():
        p = s.to_move()[0]
        action = choose_action(agents[p], s, p)
        assert action in s.legal_actions(p)
        s.apply(action, p)
    return s


def test_heuristic_bot_plays_legal_games_to_the_end():
    for seed in range(2):
        s = play(seed, seed % 3)
        assert s.is_over()


@pytest.mark.slow
def test_heuristic_bot_beats_two_random_players_at_least_80_percent():
    games = 200
    wins = sum(1 for k in range(games) if k % 3 in play(k, k % 3).winners())
    assert wins >= 0.8 * games


def text(state, player):
    console = Console(width=160, record=True, color_system=None)
    console.print(view.render(state, player))
    return console.export_text()


def test_view_shows_the_board_and_hides_face_down_tokens():
    s = blank()
    stop_before(s, "electing_the_king")
    s.phase = 2
    s.nobles()
    act(s, RED, "token 1 5")
    red_view = text(s, RED)
    blue_view = text(s, BLUE)
    for word in ("Prussia", "Great Poland", "Ottomans", "Royal army", "Blue (Potocki)", "VP", "złoty"):
        assert word in blue_view
    assert ". 5 . . . ." in red_view            # red sees its own token
    assert ". ? . . . ." in blue_view           # blue sees only that one lies there
    assert text(s, None)


def test_view_of_a_finished_game_renders_for_everyone():
    s = play(5, WHITE)
    for p in (None, WHITE, BLUE, RED):
        assert "GAME OVER" in text(s, p)


def test_heuristic_reads_no_hidden_facts():
    """bots.GUESSES is empty: the heuristic player decides the same on the real game and on any re-deal
    of the others' face-down tokens and sealed bids (so ISMCTS rollouts need no determinization of
    their own). Positions with hidden tokens or bids must come up, or the check proves nothing."""
    from meeple.core import Rng
    from meeple.games.gods_playground.bots import GUESSES, HeuristicBot

    assert GUESSES == frozenset()
    checked = hidden = 0
    for seed in range(4):
        s = meeple.load("gods-playground", players=3).new_game(seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            if len(legal) > 1:
                picks = {HeuristicBot(seed).act_on_state(s.determinize(p, k), p) for k in range(4)}
                picks.add(HeuristicBot(seed).act_on_state(s, p))
                assert len(picks) == 1, (seed, p, sorted(map(str, picks)))
                checked += 1
                hidden += any(s.determinize(p, k).to_json()["state"] != s.to_json()["state"] for k in range(2))
            s.apply(legal[rng.randbelow(len(legal))], p)
    assert checked > 100
    assert hidden > 20  # many of the positions really had something to re-deal
