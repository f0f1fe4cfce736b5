"""End of the game (seed: 游戏结束, 游戏计分), whole games, the bot and the view."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import choose_action, make_agent
from meeple.core import Rng
from meeple.games.versailles import actions
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

from .helpers import act, edit, new, place


def finished(st: R.VersaillesState) -> R.VersaillesState:
    st.king_space = st.king_track_length() - 2
    place(st, 0, al=1)
    st.double_moves_face_up[0] = 1
    edit(st)
    act(st, "jump al mq")                   # jumping over King's Favor moves the King to the end
    assert st.is_over()
    return st


def test_final_scoring() -> None:
    st = new()
    st.vp[0] = 0
    st.resources[0] = [7, 5, 5]                  # 2 + 1 + 2 VP: 1 per 3 wood, 3 marble, 2 gold
    hand = st.tile_stack[:3]
    for t in hand:
        st.tile_stack.remove(t)
    st.hands[0] = hand                      # 3 VP
    st.decorations[0] = [1, 0, 0, 0, 0, 1]        # 6 VP
    st.decoration_supply[0] -= 1
    st.decoration_supply[5] -= 1
    edit(st)
    st.check_invariants()
    assert st.scores()[0] == 0             # the running score counts built tiles only
    finished(st)
    assert st.scores()[0] == 2 + 1 + 2 + 3 + 6


def test_ties_share_the_win() -> None:
    st = new()
    st.resources[1] = [0, 0, 4]                  # 2 VP
    st.resources[2] = [6, 0, 0]                  # 2 VP
    edit(st)
    finished(st)
    assert st.scores() == [0, 2, 2]
    assert st.winners() == [1, 2]


def test_single_winner() -> None:
    st = new()
    st.resources[2] = [0, 0, 2]
    edit(st)
    finished(st)
    assert st.winners() == [2]


def test_nothing_after_the_end() -> None:
    st = finished(new())
    assert st.to_move() == [] and st.legal_actions(0) == []
    with pytest.raises(meeple.IllegalAction):
        st.apply(actions.A_PASS, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_conserve_components(players: int) -> None:
    for seed in range(3):
        st = meeple.load("versailles", players=players).new_game(seed=seed)
        rng = Rng(seed)
        steps = 0
        while not st.is_over():
            p = st.to_move()[0]
            legal = st.legal_actions(p)
            st.apply(legal[rng.randbelow(len(legal))], p)
            steps += 1
            if steps % 7 == 0:
                st.check_invariants()
        st.check_invariants()
        assert st.end_reason
        assert st.winners()
        assert meeple.from_json(st.to_json()).to_json() == st.to_json()


def test_manual_chance_draws_are_the_unseen_tiles() -> None:
    st = meeple.load("versailles", players=3).new_game(seed=0, chance="manual")
    assert st.to_move() == [meeple.CHANCE]
    assert [str(a) for a in st.legal_actions(meeple.CHANCE)] == ["first 0", "first 1", "first 2"]
    st.apply(st.parse_action("first 2", meeple.CHANCE), meeple.CHANCE)
    outs = st.chance_outcomes()
    assert [a.args[0] for a, _ in outs] == st.tiles_in_play()
    assert all(w == 1.0 for _, w in outs)
    st.apply(st.parse_action("draw 17", meeple.CHANCE), meeple.CHANCE)
    assert st.tile_display[0] == 17 and 17 not in st.tile_stack
    assert "draw 17" not in {str(a) for a in st.legal_actions(meeple.CHANCE)}


def test_observation_hides_nothing_and_determinize_keeps_it() -> None:
    st = meeple.load("versailles", players=3).new_game(seed=4)
    for _ in range(40):
        p = st.to_move()[0]
        st.apply(st.legal_actions(p)[0], p)
    for p in (None, 0, 1, 2):
        obs = st.observation(p)
        assert obs["hands"] == st.hands and obs["tile_stack"] == st.tile_stack
        d = st.determinize(p if p is not None else 0, 9)
        assert d.observation(p) == obs


def test_heuristic_bot_plays_legal_moves() -> None:
    st = meeple.load("versailles", players=3).new_game(seed=11)
    bots = [make_agent("heuristic", "versailles", 1), make_agent("random", "versailles", 2),
            make_agent("random", "versailles", 3)]
    for _ in range(60):
        if st.is_over():
            break
        p = st.to_move()[0]
        st.apply(choose_action(bots[p], st, p), p)


@pytest.mark.slow
def test_heuristic_bot_beats_random_players() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        st = meeple.load("versailles", players=3).new_game(seed=seed)
        h = seed % 3
        agents = [make_agent("heuristic" if p == h else "random", "versailles", seed * 3 + p) for p in range(3)]
        while not st.is_over():
            p = st.to_move()[0]
            st.apply(choose_action(agents[p], st, p), p)
        wins += h in st.winners()
    assert wins >= 0.8 * games


def test_view_renders_every_seat() -> None:
    from rich.console import Console

    from meeple.games.versailles.view import render

    st = meeple.load("versailles", players=4).new_game(seed=3)
    for _ in range(50):
        p = st.to_move()[0]
        st.apply(st.legal_actions(p)[-1], p)
    console = Console(width=160, record=True)
    for p in (None, 0, 3):
        console.print(render(st, p))
    out = console.export_text()
    assert "King's Favor" in out and "Construction Site" in out and "Architects' Guild display" in out


def test_content_is_consistent() -> None:
    assert len(C.TILES) == 40
    assert [sum(1 for row in C.TILES if row[8] <= n) for n in (2, 3, 4, 5)] == [24, 28, 34, 40]
    assert len(C.DECORATIONS) == 6 and C.DECORATIONS_PER_KIND * 6 == 30
    assert C.DOUBLE_MOVES_PER_PLAYER * 5 == 10
    for row in C.TILES:
        assert len(row[7]) == 4 and set(row[7]) <= {"I", "O"}
        assert 1 <= row[1] <= 3 and row[6] > 0
        assert all(ch in C.DECORATION_CODES for ch in row[5])
    for n in range(2, 6):
        assert len(C.START_TABLE[n]) == n
        for order in C.START_TABLE[n]:
            assert len(order) + C.NEW_WORKERS_AT_KINGS_FAVOR <= C.WORKERS_PER_PLAYER
