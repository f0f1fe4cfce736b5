"""Every location at 1, 2 and 3 workers (seed: 地点收益)."""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.core import CHANCE, Action
from meeple.games.versailles import board
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

from .helpers import act, edit, new, place, texts

PREV = {C.MARBLE_QUARRY: "kf", C.GOLD_MINE: "mq", C.LUMBER_MILL: "ws", C.ARCHITECTS_GUILD: "gm", C.WORKSHOP: "ag",
        C.CONSTRUCTION_SITE: "lm", C.ALCHEMISTS_GUILD: "cs", C.KINGS_FAVOR: "al"}


def arrive(st: R.VersaillesState, p: int, loc: int, workers: int) -> None:
    """Red ends a regular move at ``loc`` with ``workers`` of its workers there, and activates."""
    code = board.LOCATION_CODES[loc]
    place(st, p, **{PREV[loc]: 1, code: workers - 1} if workers > 1 else {PREV[loc]: 1})
    act(st, f"move {PREV[loc]} {code}", "activate")


# ------------------------------------------------------------------ resource sites
@pytest.mark.parametrize("loc,kind", [(C.MARBLE_QUARRY, C.MARBLE), (C.LUMBER_MILL, C.WOOD), (C.GOLD_MINE, C.GOLD)])
@pytest.mark.parametrize("workers,gain", [(1, 1), (2, 2), (3, 3), (4, 3)])
def test_resource_sites_give_1_2_3(loc: int, kind: int, workers: int, gain: int) -> None:
    st = new()
    arrive(st, 0, loc, workers)
    assert st.resources[0][kind] == gain
    assert sum(st.resources[0]) == gain
    assert st.turn_seat == 1 and st.phase == "move"


def test_not_activating_gives_nothing() -> None:
    st = new()
    place(st, 0, kf=1, mq=2)
    act(st, "move kf mq", "pass")
    assert st.resources[0] == [0, 0, 0]


# ------------------------------------------------------------------ Architects' Guild
def test_architects_take_costs_the_workers_of_the_position() -> None:
    st = new()
    arrive(st, 0, C.ARCHITECTS_GUILD, 1)
    assert texts(st) >= {"take 1", "take 2", "remove 1", "done"}
    assert "take 3" not in texts(st)            # position 3 costs 2 workers
    t = st.tile_display[0]
    act(st, "take 1")
    assert st.hands[0] == [t]
    # the only worker is used: the activation ends, the display slides and is refilled by chance
    assert st.to_move() == [CHANCE]
    assert st.tile_display[:4] == [st.tile_display[0], st.tile_display[1], st.tile_display[2], st.tile_display[3]]
    assert st.tile_display[4] == -1


def test_architects_no_refill_while_taking_then_slide_and_refill() -> None:
    st = new()
    d = list(st.tile_display)
    arrive(st, 0, C.ARCHITECTS_GUILD, 3)
    act(st, "take 2")
    assert st.tile_display == [d[0], -1, d[2], d[3], d[4]]       # a hole: no slide, no refill yet
    assert "take 3" in texts(st)                              # position 3 still costs 2
    act(st, "take 3")                                         # 1 + 2 workers used
    assert st.hands[0] == [d[1], d[2]]
    assert st.tile_display == [d[0], d[3], d[4], -1, -1]           # slid down, waiting for two draws
    assert st.to_move() == [CHANCE]
    fresh = st.legal_actions(CHANCE)
    assert [a.args[0] for a in fresh] == sorted(st.tile_stack)
    st.apply(fresh[0], CHANCE)
    st.apply(st.legal_actions(CHANCE)[0], CHANCE)
    assert -1 not in st.tile_display and st.turn_seat == 1


def test_architects_hand_limit_discard_at_once() -> None:
    st = new()
    st.hands[0] = [7, 8, 9, 10]
    st.tile_stack = [t for t in st.tile_stack if t not in (7, 8, 9, 10)]
    edit(st)
    d0 = st.tile_display[0]
    arrive(st, 0, C.ARCHITECTS_GUILD, 2)
    act(st, "take 1")
    assert st.phase == "discard"
    assert texts(st) == {f"discard {t}" for t in (7, 8, 9, 10, d0)}
    act(st, "discard 8")
    assert sorted(st.hands[0]) == sorted([7, 9, 10, d0]) and 8 in st.discard_pile
    assert st.phase == "act" and st.unspent_workers == 1


def test_architects_remove_one_for_one_worker_slides() -> None:
    st = new()
    d = list(st.tile_display)
    arrive(st, 0, C.ARCHITECTS_GUILD, 2)
    act(st, "remove 2")
    assert st.tile_display == [d[0], d[2], d[3], d[4], -1]
    assert st.discard_pile == [d[1]] and st.unspent_workers == 1


def test_architects_remove_three_for_two_workers() -> None:
    st = new()
    d = list(st.tile_display)
    arrive(st, 0, C.ARCHITECTS_GUILD, 2)
    assert "clear 1 2 3" in texts(st)
    act(st, "clear 1 3 5")
    assert st.discard_pile == sorted([d[0], d[2], d[4]])
    assert st.to_move() == [CHANCE] and st.tile_display[:2] == [d[1], d[3]]


def test_architects_clear_needs_two_workers() -> None:
    st = new()
    arrive(st, 0, C.ARCHITECTS_GUILD, 1)
    assert not any(a.startswith("clear") for a in texts(st))


def test_architects_flip_once_per_activation() -> None:
    st = new()
    st.double_moves_face_up[0] = 0
    arrive(st, 0, C.ARCHITECTS_GUILD, 3)
    act(st, "flip")
    assert st.double_moves_face_up[0] == 1 and st.unspent_workers == 2
    assert "flip" not in texts(st)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="once per activation"):
        st.apply(Action("flip"), 0)
    assert st.to_json() == before


def test_refill_reshuffles_discards_when_the_stack_is_empty() -> None:
    st = new()
    rest = list(st.tile_stack)
    st.tile_stack = []
    st.discard_pile = sorted(rest[:8])
    st.hands[1] = rest[8:12]
    st.hands[2] = rest[12:16]
    st.construction_site[0] = rest[16]
    st.vp[2] = board.TILE_VP[rest[16]]
    for k in board.TILE_DECORATIONS[rest[16]]:
        st.decoration_supply[k] -= 1
    leftover = rest[17:]
    st.hands[2] = st.hands[2]
    st.discard_pile = sorted(st.discard_pile + leftover)
    edit(st)
    arrive(st, 0, C.ARCHITECTS_GUILD, 1)
    act(st, "remove 1")
    assert st.to_move() == [CHANCE]
    assert st.discard_pile == [] and len(st.tile_stack) >= 7
    st.check_invariants()


def test_fewer_than_seven_tiles_to_reshuffle_ends_the_game_at_once() -> None:
    st = new()
    rest = list(st.tile_stack)
    st.tile_stack = []
    st.discard_pile = sorted(rest[:5])
    st.hands[1] = rest[5:9]
    st.hands[2] = rest[9:13]
    st.hands[0] = rest[13:16]
    cells = board.SITE_GRIDS[3].cells[: len(rest) - 16]
    for c, t in zip(cells, rest[16:]):
        st.construction_site[c] = t
        st.vp[1] += board.TILE_VP[t]
        for k in board.TILE_DECORATIONS[t]:
            st.decoration_supply[k] -= 1
    edit(st)
    st.check_invariants()
    arrive(st, 0, C.ARCHITECTS_GUILD, 1)
    act(st, "remove 1")                     # 6 discards now: the refill finds too few tiles
    assert st.is_over() and "palace stack" in st.end_reason
    assert st.to_move() == []


# ------------------------------------------------------------------ Workshop
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_workshop_buys_one_decoration_per_worker(workers: int) -> None:
    st = new()
    st.resources[0] = [20, 20, 20]
    edit(st)
    arrive(st, 0, C.WORKSHOP, workers)
    for _ in range(workers):
        act(st, "buy f")
    f = board.DECORATION_INDEX["F"]
    assert st.decorations[0][f] == workers
    assert st.decoration_supply[f] == C.DECORATIONS_PER_KIND - workers
    cost = C.DECORATIONS[f][4]
    assert st.resources[0] == [20 - workers * cost[0], 20 - workers * cost[1], 20 - workers * cost[2]]
    assert st.turn_seat == 1        # all workers used: the activation ended by itself


def test_workshop_needs_resources_and_supply() -> None:
    st = new()
    y = board.DECORATION_INDEX["Y"]
    assert sum(1 for d in C.DECORATIONS if d[4] == C.DECORATIONS[y][4]) == 1   # a cost no other kind has
    st.resources[0] = list(C.DECORATIONS[y][4])     # exactly a Tapestry
    st.decoration_supply[board.DECORATION_INDEX["S"]] = 0
    edit(st)
    arrive(st, 0, C.WORKSHOP, 2)
    assert texts(st) == {"buy y", "done"}
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(Action("buy", ("s",)), 0)
    assert st.to_json() == before


# ------------------------------------------------------------------ Alchemists' Guild
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_alchemists_advance_technologies(workers: int) -> None:
    st = new()
    st.resources[0] = [20, 20, 20]
    edit(st)
    arrive(st, 0, C.ALCHEMISTS_GUILD, workers)
    left = workers
    for lvl in range(3):
        need = C.TECH_COSTS["gains"][lvl][0]
        if need > left:
            assert "tech gains" not in texts(st)
            break
        act(st, "tech gains")
        left -= need
        assert st.technology_levels[0][0] == lvl + 1
    cost = [0, 0, 0]
    for lvl in range(st.technology_levels[0][0]):
        for i in range(3):
            cost[i] += C.TECH_COSTS["gains"][lvl][1][i]
    assert st.resources[0] == [20 - c for c in cost]
    assert st.turn_seat == 1 or st.phase == "act"


def test_alchemists_each_level_costs_its_workers_and_resources() -> None:
    for track in C.TECH_TRACKS:
        for lvl, (workers, cost) in enumerate(C.TECH_COSTS[track]):
            st = new()
            st.technology_levels[0][C.TECH_TRACKS.index(track)] = lvl
            st.resources[0] = list(cost)
            edit(st)
            arrive(st, 0, C.ALCHEMISTS_GUILD, workers)
            assert f"tech {track}" in texts(st)
            act(st, f"tech {track}")
            assert st.technology_levels[0][C.TECH_TRACKS.index(track)] == lvl + 1 and st.resources[0] == [0, 0, 0]
            if any(cost):
                st = new()
                st.technology_levels[0][C.TECH_TRACKS.index(track)] = lvl
                st.resources[0] = [max(0, c - 1) for c in cost]
                edit(st)
                arrive(st, 0, C.ALCHEMISTS_GUILD, workers)
                assert st.phase != "act" or f"tech {track}" not in texts(st)


def test_alchemists_level_three_is_the_top() -> None:
    st = new()
    st.resources[0] = [20, 20, 20]
    st.technology_levels[0] = [3, 2, 0]
    edit(st)
    arrive(st, 0, C.ALCHEMISTS_GUILD, 3)
    assert "tech gains" not in texts(st)
    assert "tech sites" in texts(st) and "tech guilds" in texts(st)


# ------------------------------------------------------------------ King's Favor
def test_activating_kings_favor_advances_the_king() -> None:
    st = new()
    place(st, 0, al=2)
    act(st, "move al kf", "activate")
    assert st.king_space == 1


def test_stopping_at_kings_favor_and_declining_does_not_move_the_king() -> None:
    # seed: 当国王恩赐地点被激活或者跳过时 — 跳过 is the jump over a location (跳过一个地点), not a pass
    st = new()
    place(st, 0, al=2)
    act(st, "move al kf", "pass")
    assert st.king_space == 0 and st.turn_seat == 1
    st = new()
    place(st, 0, al=2)
    act(st, "move2 al kf", "pass")              # a double move that ends there is no jump either
    assert st.king_space == 0


def test_new_workers_start_on_the_new_worker_spaces_not_in_play() -> None:
    # seed: 每个玩家放2个工人到国王恩赐地点的新工人格上 / 新招募的工人出现在国王恩赐地点
    for n in range(2, 6):
        st = new(n)
        for order in range(n):
            p = order % n
            table = C.START_TABLE[n][order]
            assert sum(st.workers_at[p]) == len(table)          # only the starting table is in play
            assert st.workers_at[p][C.KINGS_FAVOR] == table.count("kf")
            assert st.workers_off_board[p] == [1, 1, C.WORKERS_PER_PLAYER - len(table) - 2]


def test_kings_favor_recruit_or_flip_one_of_the_two_per_activation() -> None:
    # seed: 玩家可以激活国王恩赐来招募新工人或者翻面他们的双倍移动token
    st = new()
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive(st, 0, C.KINGS_FAVOR, 4)
    assert texts(st) == {"recruit", "recruit2", "flip", "done"}
    act(st, "recruit")
    assert st.double_moves_face_up[0] == 0 and st.turn_seat == 1           # no flip after recruiting: the activation ended
    st = new()
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive(st, 0, C.KINGS_FAVOR, 4)
    act(st, "flip")
    assert st.double_moves_face_up[0] == 2 and st.workers_off_board[0][:2] == [1, 1] and st.turn_seat == 1


def test_kings_favor_flip_up_to_two_tokens_for_one_worker() -> None:
    st = new()
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive(st, 0, C.KINGS_FAVOR, 1)
    assert texts(st) == {"flip", "done"}
    act(st, "flip")
    assert st.double_moves_face_up[0] == 2


def test_kings_favor_recruit_needs_two_or_three_workers_and_no_resources() -> None:
    # seed: 招募新工人行动要2-3个工人来激活 — no resource is named, none is paid
    # issue 39's ruling: both at once are one activation of 3 workers (「玩家可以一次招募2个新工人」)
    for workers, offered in ((1, set()), (2, set()), (3, {"recruit", "recruit2"}), (4, {"recruit", "recruit2"}),
                             (5, {"recruit", "recruit2"})):
        st = new()
        arrive(st, 0, C.KINGS_FAVOR, workers)
        assert st.resources[0] == [0, 0, 0]
        legal = texts(st) if st.phase == "act" else set()
        assert {a for a in legal if a.startswith("recruit")} == offered, workers


def test_kings_favor_the_expensive_new_worker_first_then_the_cheap_one() -> None:
    # seed: 玩家可以一次招募2个新工人或者先招募贵的新工人
    st = new()
    arrive(st, 0, C.KINGS_FAVOR, 3)
    act(st, "recruit")
    assert st.workers_off_board[0][:2] == [1, 0]                # the expensive one (3 workers) went first
    assert st.workers_at[0][C.KINGS_FAVOR] == 4 and st.resources[0] == [0, 0, 0]
    assert st.turn_seat == 1
    st.check_invariants()
    # later, the cheap one for 2 workers
    st = new()
    st.workers_off_board[0][1] = 0
    edit(st)
    arrive(st, 0, C.KINGS_FAVOR, 2)
    assert "recruit" in texts(st)
    act(st, "recruit")
    assert st.workers_off_board[0][:2] == [0, 0] and st.workers_at[0][C.KINGS_FAVOR] == 3


def test_kings_favor_both_new_workers_at_once_for_one_activation_of_three() -> None:
    # seed: 招募新工人行动要2-3个工人来激活 … 玩家可以一次招募2个新工人 — one activation of 3 workers, not 3 + 2
    st = new()
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive(st, 0, C.KINGS_FAVOR, 3)
    act(st, "recruit2")
    assert st.workers_off_board[0][:2] == [0, 0] and st.workers_at[0][C.KINGS_FAVOR] == 5
    # the new workers cannot act at once, and the activation's one option is used
    assert st.turn_seat == 1 and st.double_moves_face_up[0] == 0
    st.check_invariants()


def test_kings_favor_nothing_to_recruit_once_both_are_in_play() -> None:
    st = new()
    st.workers_off_board[0][:2] = [0, 0]
    st.double_moves_face_up[0] = 0
    edit(st)
    arrive(st, 0, C.KINGS_FAVOR, 5)
    assert texts(st) == {"flip", "done"}
    with pytest.raises(IllegalAction, match="already recruited"):
        st.apply(Action("recruit"), 0)


def test_the_king_at_the_end_of_his_track_ends_the_game_at_once() -> None:
    st = new()
    st.king_space = st.king_track_length() - 2
    edit(st)
    arrive(st, 0, C.KINGS_FAVOR, 3)
    assert st.is_over() and "King" in st.end_reason
    assert st.workers_off_board[0][:2] == [1, 1] and st.to_move() == []     # no recruiting after the end
