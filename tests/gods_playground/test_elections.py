"""Ties in every election: the crown (sealed bids, repeated while tied), governors, track majorities,
and the final ranking."""

from __future__ import annotations

import pytest

from meeple import CHANCE, Action, IllegalAction

from .conftest import BLUE, LITHUANIA, OTTOMANS, RED, WHITE, act, blank, cubes, stop_before


def crown_tie(camp):
    s = blank()
    stop_before(s, "polish_army")
    s.tokens_shown = [[0, 0, 0, 0, 0, c] for c in camp]
    s.phase = 3
    s.electing_the_king()
    return s


def test_highest_camp_token_is_king():
    s = crown_tie([2, 5, 4])
    assert s.king == BLUE and s.money == [10, 10, 10]


def test_tied_camp_tokens_go_to_sealed_bids_paid_to_the_bank():
    s = crown_tie([5, 5, 1])
    assert sorted(s.to_move()) == [WHITE, BLUE]
    act(s, WHITE, "bid 3")
    # the bid is secret until both are in
    assert s.observation(BLUE)["bids"][WHITE] == -2
    assert s.observation(WHITE)["bids"][WHITE] == 3
    assert s.to_move() == [BLUE]
    act(s, BLUE, "bid 4")
    assert s.king == BLUE
    assert s.money == [7, 6, 10]                 # both bids are paid


def test_tied_bids_are_repeated_until_someone_wins():
    s = crown_tie([4, 4, 4])
    act(s, WHITE, "bid 2")
    act(s, BLUE, "bid 2")
    act(s, RED, "bid 1")
    assert s.mode == "bid" and sorted(s.to_move()) == [WHITE, BLUE]     # red is out
    act(s, WHITE, "bid 0")
    act(s, BLUE, "bid 1")
    assert s.king == BLUE and s.money == [8, 7, 9]


def test_bids_tied_at_zero_are_settled_by_a_die():
    s = crown_tie([3, 3, 0])
    act(s, WHITE, "bid 0")
    act(s, BLUE, "bid 0")
    assert s.to_move() == [CHANCE]
    assert [str(a) for a in s.legal_actions(CHANCE)] == ["lot 0", "lot 1"]
    s.apply(Action("lot", (1,)), CHANCE)
    assert s.king == BLUE


def test_a_bid_above_your_money_is_illegal():
    s = crown_tie([3, 3, 0])
    before = s.to_json()
    with pytest.raises(IllegalAction, match="only 10"):
        s.apply(Action("bid", (11,)), WHITE)
    assert s.to_json() == before


def test_tied_governor_election_gives_no_governor():
    s = blank()
    cubes(s, LITHUANIA, red=3, blue=3, white=1)
    s.phase = 6
    s.elections()
    assert s.senate[LITHUANIA] == -1 and s.noble_cubes[LITHUANIA] == [1, 3, 3]


def test_nobody_with_cubes_means_no_governor():
    s = blank()
    s.phase = 6
    s.elections()
    assert s.senate == [-1] * 5


def score(s):
    s.money = [0, 0, 0]
    s.phase = 15
    s.victory_points()
    return s.vp


def test_track_majority_with_royal_cubes_leading_scores_nothing():
    s = blank()
    s.track_nobles[OTTOMANS] = [0, 0, 2]
    s.track_royal_cubes[OTTOMANS] = 3
    s.cubes_in_hand[RED] -= 2
    assert score(s) == [0, 0, 0]


def test_a_tie_with_the_king_loses_half_rounded_down():
    s = blank()
    s.track_nobles[OTTOMANS] = [0, 0, 2]
    s.track_royal_cubes[OTTOMANS] = 2
    s.cubes_in_hand[RED] -= 2
    assert score(s) == [0, 0, 2]                 # 5 / 2 = 2.5 -> 2


def test_three_way_tie_splits_rounded_down():
    s = blank()
    s.track_nobles[OTTOMANS] = [1, 1, 1]                   # 5 VP: a split that is not whole (Tatars' 3 / 3 is)
    s.cubes_in_hand = [19, 19, 19]
    assert score(s) == [1, 1, 1]                 # 5 / 3 = 1.67 -> 1 (rounding to nearest would give 2)


def test_senate_discs_and_money_score_and_at_most_4_zloty_are_kept():
    s = blank()
    s.senate = [RED, RED, BLUE, -1, -1]
    s.discs_in_hand = [16, 15, 14]
    s.phase = 15
    s.money = [4, 9, 23]
    s.victory_points()
    assert s.vp == [0, 2 + 1, 4 + 4]
    assert s.money == [4, 4, 3]


def test_final_ties_broken_by_nobles_then_cash():
    s = blank(rnd=4)
    s.vp = [20, 20, 20]
    cubes(s, LITHUANIA, white=3, blue=3, red=2)
    s.money = [1, 3, 4]
    s.final_scoring()
    assert s.winners() == [BLUE]
    s.money[BLUE] = 1
    assert s.winners() == [WHITE, BLUE]
