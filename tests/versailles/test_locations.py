"""Every location at 1, 2 and 3 workers (seed: 地点收益)."""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.core import CHANCE, Action
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R

from .helpers import act, edit, new, place, texts

PREV = {C.MQ: "kf", C.GM: "mq", C.LM: "ws", C.AG: "gm", C.WS: "ag", C.CS: "lm", C.AL: "cs", C.KF: "al"}


def arrive(st: R.VersaillesState, p: int, loc: int, workers: int) -> None:
    """Red ends a regular move at ``loc`` with ``workers`` of its workers there, and activates."""
    code = R.CODE[loc]
    place(st, p, **{PREV[loc]: 1, code: workers - 1} if workers > 1 else {PREV[loc]: 1})
    act(st, f"move {PREV[loc]} {code}", "activate")


# ------------------------------------------------------------------ resource sites
@pytest.mark.parametrize("loc,kind", [(C.MQ, C.MARBLE), (C.LM, C.WOOD), (C.GM, C.GOLD)])
@pytest.mark.parametrize("workers,gain", [(1, 1), (2, 2), (3, 3), (4, 3)])
def test_resource_sites_give_1_2_3(loc: int, kind: int, workers: int, gain: int) -> None:
    st = new()
    arrive(st, 0, loc, workers)
    assert st.res[0][kind] == gain
    assert sum(st.res[0]) == gain
    assert st.active == 1 and st.phase == "move"


def test_not_activating_gives_nothing() -> None:
    st = new()
    place(st, 0, kf=1, mq=2)
    act(st, "move kf mq", "pass")
    assert st.res[0] == [0, 0, 0]


# ------------------------------------------------------------------ Architects' Guild
def test_architects_take_costs_the_workers_of_the_position() -> None:
    st = new()
    arrive(st, 0, C.AG, 1)
    assert texts(st) >= {"take 1", "take 2", "remove 1", "done"}
    assert "take 3" not in texts(st)            # position 3 costs 2 workers
    t = st.display[0]
    act(st, "take 1")
    assert st.hand[0] == [t]
    # the only worker is used: the activation ends, the display slides and is refilled by chance
    assert st.to_move() == [CHANCE]
    assert st.display[:4] == [st.display[0], st.display[1], st.display[2], st.display[3]]
    assert st.display[4] == -1


def test_architects_no_refill_while_taking_then_slide_and_refill() -> None:
    st = new()
    d = list(st.display)
    arrive(st, 0, C.AG, 3)
    act(st, "take 2")
    assert st.display == [d[0], -1, d[2], d[3], d[4]]       # a hole: no slide, no refill yet
    assert "take 3" in texts(st)                              # position 3 still costs 2
    act(st, "take 3")                                         # 1 + 2 workers used
    assert st.hand[0] == [d[1], d[2]]
    assert st.display == [d[0], d[3], d[4], -1, -1]           # slid down, waiting for two draws
    assert st.to_move() == [CHANCE]
    fresh = st.legal_actions(CHANCE)
    assert [a.args[0] for a in fresh] == sorted(st.stack)
    st.apply(fresh[0], CHANCE)
    st.apply(st.legal_actions(CHANCE)[0], CHANCE)
    assert -1 not in st.display and st.active == 1


def test_architects_hand_limit_discard_at_once() -> None:
    st = new()
    st.hand[0] = [7, 8, 9, 10]
    st.stack = [t for t in st.stack if t not in (7, 8, 9, 10)]
    edit(st)
    d0 = st.display[0]
    arrive(st, 0, C.AG, 2)
    act(st, "take 1")
    assert st.phase == "discard"
    assert texts(st) == {f"discard {t}" for t in (7, 8, 9, 10, d0)}
    act(st, "discard 8")
    assert sorted(st.hand[0]) == sorted([7, 9, 10, d0]) and 8 in st.discard
    assert st.phase == "act" and st.budget == 1


def test_architects_remove_one_for_one_worker_slides() -> None:
    st = new()
    d = list(st.display)
    arrive(st, 0, C.AG, 2)
    act(st, "remove 2")
    assert st.display == [d[0], d[2], d[3], d[4], -1]
    assert st.discard == [d[1]] and st.budget == 1


def test_architects_remove_three_for_two_workers() -> None:
    st = new()
    d = list(st.display)
    arrive(st, 0, C.AG, 2)
    assert "clear 1 2 3" in texts(st)
    act(st, "clear 1 3 5")
    assert st.discard == sorted([d[0], d[2], d[4]])
    assert st.to_move() == [CHANCE] and st.display[:2] == [d[1], d[3]]


def test_architects_clear_needs_two_workers() -> None:
    st = new()
    arrive(st, 0, C.AG, 1)
    assert not any(a.startswith("clear") for a in texts(st))


def test_architects_flip_once_per_activation() -> None:
    st = new()
    st.dm[0] = 0
    arrive(st, 0, C.AG, 3)
    act(st, "flip")
    assert st.dm[0] == 1 and st.budget == 2
    assert "flip" not in texts(st)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="once per activation"):
        st.apply(Action("flip"), 0)
    assert st.to_json() == before


def test_refill_reshuffles_discards_when_the_stack_is_empty() -> None:
    st = new()
    rest = list(st.stack)
    st.stack = []
    st.discard = sorted(rest[:8])
    st.hand[1] = rest[8:12]
    st.hand[2] = rest[12:16]
    st.site[0] = rest[16]
    st.vp[2] = R.T_VP[rest[16]]
    for k in R.T_DECO[rest[16]]:
        st.deco_supply[k] -= 1
    leftover = rest[17:]
    st.hand[2] = st.hand[2]
    st.discard = sorted(st.discard + leftover)
    edit(st)
    arrive(st, 0, C.AG, 1)
    act(st, "remove 1")
    assert st.to_move() == [CHANCE]
    assert st.discard == [] and len(st.stack) >= 7
    st.check_invariants()


def test_fewer_than_seven_tiles_to_reshuffle_ends_the_game_at_once() -> None:
    st = new()
    rest = list(st.stack)
    st.stack = []
    st.discard = sorted(rest[:5])
    st.hand[1] = rest[5:9]
    st.hand[2] = rest[9:13]
    st.hand[0] = rest[13:16]
    cells = R.SITES[3].cells[: len(rest) - 16]
    for c, t in zip(cells, rest[16:]):
        st.site[c] = t
        st.vp[1] += R.T_VP[t]
        for k in R.T_DECO[t]:
            st.deco_supply[k] -= 1
    edit(st)
    st.check_invariants()
    arrive(st, 0, C.AG, 1)
    act(st, "remove 1")                     # 6 discards now: the refill finds too few tiles
    assert st.is_over() and "palace stack" in st.end_reason
    assert st.to_move() == []


# ------------------------------------------------------------------ Workshop
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_workshop_buys_one_decoration_per_worker(workers: int) -> None:
    st = new()
    st.res[0] = [20, 20, 20]
    edit(st)
    arrive(st, 0, C.WS, workers)
    for _ in range(workers):
        act(st, "buy f")
    f = R.DECO_INDEX["F"]
    assert st.deco[0][f] == workers
    assert st.deco_supply[f] == C.DECORATIONS_PER_KIND - workers
    cost = C.DECORATIONS[f][4]
    assert st.res[0] == [20 - workers * cost[0], 20 - workers * cost[1], 20 - workers * cost[2]]
    assert st.active == 1        # all workers used: the activation ended by itself


def test_workshop_needs_resources_and_supply() -> None:
    st = new()
    y = R.DECO_INDEX["Y"]
    assert sum(1 for d in C.DECORATIONS if d[4] == C.DECORATIONS[y][4]) == 1   # a cost no other kind has
    st.res[0] = list(C.DECORATIONS[y][4])     # exactly a Tapestry
    st.deco_supply[R.DECO_INDEX["S"]] = 0
    edit(st)
    arrive(st, 0, C.WS, 2)
    assert texts(st) == {"buy y", "done"}
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(Action("buy", ("s",)), 0)
    assert st.to_json() == before


# ------------------------------------------------------------------ Alchemists' Guild
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_alchemists_advance_technologies(workers: int) -> None:
    st = new()
    st.res[0] = [20, 20, 20]
    edit(st)
    arrive(st, 0, C.AL, workers)
    left = workers
    for lvl in range(3):
        need = C.TECH_COSTS["gains"][lvl][0]
        if need > left:
            assert "tech gains" not in texts(st)
            break
        act(st, "tech gains")
        left -= need
        assert st.tech[0][0] == lvl + 1
    cost = [0, 0, 0]
    for lvl in range(st.tech[0][0]):
        for i in range(3):
            cost[i] += C.TECH_COSTS["gains"][lvl][1][i]
    assert st.res[0] == [20 - c for c in cost]
    assert st.active == 1 or st.phase == "act"


def test_alchemists_each_level_costs_its_workers_and_resources() -> None:
    for track in C.TECH_TRACKS:
        for lvl, (workers, cost) in enumerate(C.TECH_COSTS[track]):
            st = new()
            st.tech[0][C.TECH_TRACKS.index(track)] = lvl
            st.res[0] = list(cost)
            edit(st)
            arrive(st, 0, C.AL, workers)
            assert f"tech {track}" in texts(st)
            act(st, f"tech {track}")
            assert st.tech[0][C.TECH_TRACKS.index(track)] == lvl + 1 and st.res[0] == [0, 0, 0]
            if any(cost):
                st = new()
                st.tech[0][C.TECH_TRACKS.index(track)] = lvl
                st.res[0] = [max(0, c - 1) for c in cost]
                edit(st)
                arrive(st, 0, C.AL, workers)
                assert st.phase != "act" or f"tech {track}" not in texts(st)


def test_alchemists_level_three_is_the_top() -> None:
    st = new()
    st.res[0] = [20, 20, 20]
    st.tech[0] = [3, 2, 0]
    edit(st)
    arrive(st, 0, C.AL, 3)
    assert "tech gains" not in texts(st)
    assert "tech sites" in texts(st) and "tech guilds" in texts(st)


# ------------------------------------------------------------------ King's Favor
def test_activating_kings_favor_advances_the_king() -> None:
    st = new()
    place(st, 0, al=2)
    act(st, "move al kf", "activate")
    assert st.king == 1


def test_stopping_at_kings_favor_and_declining_does_not_move_the_king() -> None:
    # seed: 当国王恩赐地点被激活或者跳过时 — 跳过 is the jump over a location (跳过一个地点), not a pass
    st = new()
    place(st, 0, al=2)
    act(st, "move al kf", "pass")
    assert st.king == 0 and st.active == 1
    st = new()
    place(st, 0, al=2)
    act(st, "move2 al kf", "pass")              # a double move that ends there is no jump either
    assert st.king == 0


def test_new_workers_start_on_the_new_worker_spaces_not_in_play() -> None:
    # seed: 每个玩家放2个工人到国王恩赐地点的新工人格上 / 新招募的工人出现在国王恩赐地点
    for n in range(2, 6):
        st = new(n)
        for order in range(n):
            p = order % n
            table = C.START_TABLE[n][order]
            assert sum(st.workers[p]) == len(table)          # only the starting table is in play
            assert st.workers[p][C.KF] == table.count("kf")
            assert st.reserve[p] == [1, 1, C.WORKERS_PER_PLAYER - len(table) - 2]


def test_kings_favor_recruit_or_flip_one_of_the_two_per_activation() -> None:
    # seed: 玩家可以激活国王恩赐来招募新工人或者翻面他们的双倍移动token
    st = new()
    st.dm[0] = 0
    edit(st)
    arrive(st, 0, C.KF, 4)
    assert texts(st) == {"recruit", "flip", "done"}
    act(st, "recruit")
    assert st.dm[0] == 0 and st.active == 1           # no flip after recruiting: the activation ended
    st = new()
    st.dm[0] = 0
    edit(st)
    arrive(st, 0, C.KF, 4)
    act(st, "flip")
    assert st.dm[0] == 2 and st.reserve[0][:2] == [1, 1] and st.active == 1


def test_kings_favor_flip_up_to_two_tokens_for_one_worker() -> None:
    st = new()
    st.dm[0] = 0
    edit(st)
    arrive(st, 0, C.KF, 1)
    assert texts(st) == {"flip", "done"}
    act(st, "flip")
    assert st.dm[0] == 2


def test_kings_favor_recruit_needs_two_or_three_workers_and_no_resources() -> None:
    # seed: 招募新工人行动要2-3个工人来激活 — no resource is named, none is paid
    for workers, offered in ((1, set()), (2, set()), (3, {"recruit"}), (4, {"recruit"}),
                             (5, {"recruit", "recruit2"})):
        st = new()
        arrive(st, 0, C.KF, workers)
        assert st.res[0] == [0, 0, 0]
        legal = texts(st) if st.phase == "act" else set()
        assert {a for a in legal if a.startswith("recruit")} == offered, workers


def test_kings_favor_the_expensive_new_worker_first_then_the_cheap_one() -> None:
    # seed: 玩家可以一次招募2个新工人或者先招募贵的新工人
    st = new()
    arrive(st, 0, C.KF, 3)
    act(st, "recruit")
    assert st.reserve[0][:2] == [1, 0]                # the expensive one (3 workers) went first
    assert st.workers[0][C.KF] == 4 and st.res[0] == [0, 0, 0]
    assert st.active == 1
    st.check_invariants()
    # later, the cheap one for 2 workers
    st = new()
    st.reserve[0][1] = 0
    edit(st)
    arrive(st, 0, C.KF, 2)
    assert "recruit" in texts(st)
    act(st, "recruit")
    assert st.reserve[0][:2] == [0, 0] and st.workers[0][C.KF] == 3


def test_kings_favor_both_new_workers_at_once() -> None:
    st = new()
    st.dm[0] = 0
    edit(st)
    arrive(st, 0, C.KF, 5)
    act(st, "recruit2")
    assert st.reserve[0][:2] == [0, 0] and st.workers[0][C.KF] == 7
    # the new workers cannot act at once, and the activation's one option is used
    assert st.active == 1 and st.dm[0] == 0
    st.check_invariants()


def test_kings_favor_nothing_to_recruit_once_both_are_in_play() -> None:
    st = new()
    st.reserve[0][:2] = [0, 0]
    st.dm[0] = 0
    edit(st)
    arrive(st, 0, C.KF, 5)
    assert texts(st) == {"flip", "done"}
    with pytest.raises(IllegalAction, match="already recruited"):
        st.apply(Action("recruit"), 0)


def test_the_king_at_the_end_of_his_track_ends_the_game_at_once() -> None:
    st = new()
    st.king = st.king_track() - 2
    edit(st)
    arrive(st, 0, C.KF, 3)
    assert st.is_over() and "King" in st.end_reason
    assert st.reserve[0][:2] == [1, 1] and st.to_move() == []     # no recruiting after the end
