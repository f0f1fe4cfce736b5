"""Movement (seed: 移动工人, 常规移动, 双倍移动, 激活标志) and the board's arrows."""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.core import Action
from meeple.games.versailles import actions
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

from .helpers import act, edit, new, place, texts


def test_ring_is_the_two_rows_joined_clockwise() -> None:
    assert C.TOP_ROW == (C.KINGS_FAVOR, C.MARBLE_QUARRY, C.GOLD_MINE, C.ARCHITECTS_GUILD)
    assert C.BOTTOM_ROW == (C.ALCHEMISTS_GUILD, C.CONSTRUCTION_SITE, C.LUMBER_MILL, C.WORKSHOP)
    succ = dict(C.ARROWS)
    # along the top row to the right, down, along the bottom row to the left, up
    order = [C.KINGS_FAVOR]
    while len(order) < 8:
        order.append(succ[order[-1]])
    assert order == [C.KINGS_FAVOR, C.MARBLE_QUARRY, C.GOLD_MINE, C.ARCHITECTS_GUILD, C.WORKSHOP, C.LUMBER_MILL,
                     C.CONSTRUCTION_SITE, C.ALCHEMISTS_GUILD]
    assert succ[C.ALCHEMISTS_GUILD] == C.KINGS_FAVOR
    assert len(C.ARROWS) == 8 and len(succ) == 8


def test_regular_move_one_worker_one_step() -> None:
    st = new()
    place(st, 0, mq=2)
    st.double_moves_face_up[0] = 0
    assert texts(st) == {"move mq gm"}
    act(st, "move mq gm")
    assert st.workers_at[0][C.MARBLE_QUARRY] == 1 and st.workers_at[0][C.GOLD_MINE] == 1
    assert st.activation_markers[0] == C.GOLD_MINE
    assert st.phase == "decide"


def test_move_against_the_arrows_is_refused_and_changes_nothing() -> None:
    st = new()
    place(st, 0, gm=1)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="along the arrows"):
        st.apply(Action("move", ("gm", "mq")), 0)
    with pytest.raises(IllegalAction, match="along the arrows"):
        st.parse_action("move gm ws", 0)
    assert st.to_json() == before


def test_never_onto_your_own_activation_marker() -> None:
    st = new()
    place(st, 0, mq=1, kf=1)
    st.activation_markers[0] = C.GOLD_MINE
    assert "move mq gm" not in texts(st)
    assert "move kf mq" in texts(st)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="activation marker"):
        st.apply(Action("move", ("mq", "gm")), 0)
    assert st.to_json() == before
    # another player's marker does not block (forget the cached legal list, or this checks nothing)
    st.activation_markers[1] = C.MARBLE_QUARRY
    edit(st)
    assert "move kf mq" in texts(st)


def test_jump_skips_a_location_but_may_not_land_on_the_marker() -> None:
    st = new()
    place(st, 0, mq=1)
    st.activation_markers[0] = C.ARCHITECTS_GUILD
    st._legal_cache = {}
    assert "jump mq ag" not in texts(st)
    st.activation_markers[0] = C.GOLD_MINE            # skipping over the marker is allowed
    st._legal_cache = {}
    assert "jump mq ag" in texts(st)
    act(st, "jump mq ag")
    assert st.workers_at[0][C.ARCHITECTS_GUILD] == 1 and st.double_moves_face_up[0] == C.DOUBLE_MOVES_PER_PLAYER - 1
    assert st.activation_markers[0] == C.ARCHITECTS_GUILD


def test_double_move_two_workers_from_one_location() -> None:
    st = new()
    place(st, 0, lm=2, gm=1)
    assert "move2 lm cs" in texts(st)
    assert "move2 gm ag" not in texts(st)       # needs two workers there
    act(st, "move2 lm cs")
    assert st.workers_at[0][C.LUMBER_MILL] == 0 and st.workers_at[0][C.CONSTRUCTION_SITE] == 2
    assert st.double_moves_face_up[0] == C.DOUBLE_MOVES_PER_PLAYER - 1
    assert st.activation_markers[0] == C.CONSTRUCTION_SITE


def test_no_double_move_without_a_face_up_token() -> None:
    st = new()
    place(st, 0, lm=2)
    st.double_moves_face_up[0] = 0
    assert texts(st) == {"move lm cs"}
    before = st.to_json()
    with pytest.raises(IllegalAction, match="double-move token"):
        st.apply(Action("move2", ("lm", "cs")), 0)
    assert st.to_json() == before


def test_a_turn_is_one_move_then_an_optional_activation() -> None:
    st = new()
    place(st, 0, mq=1)
    place(st, 1, gm=1)
    act(st, "move mq gm", "pass")
    assert st.turn_seat == 1 and st.phase == "move"


def test_jumping_over_kings_favor_advances_the_king() -> None:
    st = new()
    place(st, 0, al=1)
    act(st, "jump al mq")
    assert st.king_space == 1


def test_activation_counts_every_own_worker_there_not_others() -> None:
    st = new()
    place(st, 0, mq=1, gm=2)
    place(st, 1, gm=3)
    act(st, "move mq gm", "activate")
    assert st.resources[0][C.GOLD] == 3       # three of Red's workers; Blue's do not count
    assert st.resources[1][C.GOLD] == 0


def test_start_table_and_setup() -> None:
    for n in range(2, 6):
        st = new(n, first=1)
        for order in range(n):
            p = (1 + order) % n
            assert sum(st.workers_at[p]) == len(C.START_TABLE[n][order])
            assert st.workers_off_board[p][:2] == [1, 1]          # the new workers wait on their spaces
            assert st.double_moves_face_up[p] == C.DOUBLE_MOVES_PER_PLAYER
            assert st.technology_levels[p] == [0, 0, 0] and st.vp[p] == 0 and st.activation_markers[p] == -1
        assert st.king_space == 0
        assert all(t >= 0 for t in st.tile_display)
        assert len(st.tile_stack) == len(st.tiles_in_play()) - 5
        assert st.turn_seat == 1 and st.phase == "move"
        st.check_invariants()


def test_tiles_in_play_by_player_count() -> None:
    counts = {n: len(new(n).tiles_in_play()) for n in range(2, 6)}
    assert counts == {2: 24, 3: 28, 4: 34, 5: 40}


@pytest.mark.parametrize("seed", range(3))
def test_marker_location_always_keeps_a_worker_so_a_move_exists(seed: int) -> None:
    import meeple
    from meeple.core import Rng

    st = meeple.load("versailles", players=3).new_game(seed=seed)
    rng = Rng(seed)
    while not st.is_over():
        p = st.to_move()[0]
        if st.phase == "move" and st.activation_markers[p] >= 0:
            assert st.workers_at[p][st.activation_markers[p]] >= 1
        legal = st.legal_actions(p)
        assert legal
        st.apply(legal[rng.randbelow(len(legal))], p)


def test_describe_and_actions_text() -> None:
    st = new()
    place(st, 0, mq=2)
    for a in st.legal_actions(0):
        assert st.describe(a, 0)
        assert st.parse_action(str(a), 0) == a
    assert actions.A_MOVE[(C.MARBLE_QUARRY, C.GOLD_MINE)] in st.legal_actions(0)
