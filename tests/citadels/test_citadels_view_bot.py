"""The terminal view (drawn from the observation only) and the heuristic bot."""

from __future__ import annotations

import pytest
from rich.console import Console

import meeple
from meeple.agents import choose_action, make_agent
from meeple.core import Rng
from meeple.games.citadels.view import render

EXTRAS = dict(rank1="witch", rank2="tax-collector", rank3="wizard", rank4="emperor", rank5="abbot",
              rank6="alchemist", rank7="navigator", rank8="diplomat", rank9="artist")


def text_of(state, player) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(state, player))
    return console.export_text()


def test_view_shows_hand_gold_cities_crown_and_the_offer():
    s = meeple.load("citadels", players=4).new_game(seed=2)
    p = s.to_move()[0]
    out = text_of(s, p)
    assert "Your hand:" in out and "crown:" in out and "You may choose from:" in out
    assert "Cities" in out and "gold" in out


def test_view_depends_only_on_what_the_seat_may_know():
    s = meeple.load("citadels", players=4).new_game(seed=4)
    rng = Rng(4)
    for step in range(120):
        p = s.to_move()[0]
        if step % 20 == 0:
            for q in (None, 0, 1, 2, 3):
                assert text_of(s, q) == text_of(s.determinize(q, step), q)
        la = s.legal_actions(p)
        s.apply(la[rng.randbelow(len(la))], p)


@pytest.mark.parametrize("opts", [{}, EXTRAS, dict(EXTRAS, rank9="queen")])
def test_bots_play_whole_games_with_every_character(opts):
    for n in (2, 3, 5):
        s = meeple.load("citadels", players=n, **opts).new_game(seed=n)
        bots = [make_agent("heuristic", "citadels", seed=q) for q in range(n)]
        while s.to_move():
            p = s.to_move()[0]
            s.apply(choose_action(bots[p], s, p), p)
        assert s.winners()


def test_heuristic_beats_random_players():
    g = meeple.load("citadels", players=4)
    wins = 0.0
    games = 24
    for i in range(games):
        seat = i % 4
        agents = [make_agent("heuristic" if q == seat else "random", "citadels", seed=i * 4 + q) for q in range(4)]
        s = g.new_game(seed=500 + i)
        while s.to_move():
            p = s.to_move()[0]
            s.apply(choose_action(agents[p], s, p), p)
        w = s.winners()
        wins += (seat in w) / len(w)
    assert wins / games >= 0.7


@pytest.mark.parametrize("players, opts", [(2, {}), (4, {}), (4, EXTRAS), (7, EXTRAS)])
def test_heuristic_reads_hidden_facts_only_for_its_guesses(players, opts):
    """bots.GUESSES names every choice for which the heuristic player looks at what its seat cannot
    know; for any other choice it decides the same on the real game and on any re-deal of the hidden
    parts (so ISMCTS rollouts may skip re-determinizing there)."""
    from meeple.games.citadels.bots import GUESSES, HeuristicBot

    checked = guesses_differ = 0
    for seed in range(6):
        s = meeple.load("citadels", players=players, **opts).new_game(seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            if len(legal) > 1:
                picks = {HeuristicBot(seed).act_on_state(s.determinize(p, k), p) for k in range(4)}
                picks.add(HeuristicBot(seed).act_on_state(s, p))
                if any(a.name in GUESSES for a in legal):
                    guesses_differ += len(picks) > 1
                else:
                    assert len(picks) == 1, (seed, p, sorted(map(str, picks)))
                    checked += 1
            s.apply(legal[rng.randbelow(len(legal))], p)
    assert checked > 100
    assert guesses_differ > 0  # the guesses really do depend on the re-deal


@pytest.mark.parametrize("players, opts", [(2, {}), (4, {}), (4, EXTRAS), (7, EXTRAS)])
def test_guess_world_leads_to_the_choice_of_the_whole_determinization(players, opts):
    """bots.guess_world re-deals only the characters (the same draws as determinize from the same
    seed) for a kill, rob or bewitch: the heuristic player then makes the very choice it makes on the
    whole determinization, and the state it was drawn from is left as it was."""
    from meeple.games.citadels.bots import GUESSES, HeuristicBot, guess_world

    compared = 0
    for seed in range(4):
        s = meeple.load("citadels", players=players, **opts).new_game(seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            if len(legal) > 1 and any(a.name in GUESSES for a in legal):
                before = s.to_json()
                for k in range(3):
                    world = guess_world(s, p, k)
                    whole = s.determinize(p, k)
                    assert world.character_holder == whole.character_holder
                    if not any(a.name == "facedown" for a in legal):  # a face-down pick: the whole one
                        assert world.log == [] and world.history == []
                    assert (HeuristicBot(seed).act_on_state(world, p)
                            == HeuristicBot(seed).act_on_state(whole, p)), (seed, p, sorted(map(str, legal)))
                    compared += 1
                assert s.to_json() == before
            s.apply(legal[rng.randbelow(len(legal))], p)
    assert compared > 20
