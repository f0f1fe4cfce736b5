"""Scoring (「游戏结束」) and the seed's worked example: 34 points, Master."""

from meeple.games.cube_europe.content import CARDS, rank

from .conftest import new_manual, tuck


def test_seed_scoring_example_is_34_and_master():
    # Card 7 holds the example's shape: complete territories 5 singles, 2 doubles, 2 triples (23);
    # red, white and yellow complete (3); three green cubes placed (3); the second yellow effect
    # gives 1 VP per white cube, all four placed (4); 3 workers score 1.
    state = new_manual(boards=(7,), discard=2, top=3)
    state.filled[0] = ["A1", "B4", "C4", "C5", "A3", "D3", "E1", "C1", "C2", "E2", "E3", "A2", "B1", "B2", "D4"]
    tuck(state, 0, 1, 2)  # Steady Hand (no end scoring), then Patron of White
    state.workers[0] = 3
    assert CARDS[1].effect == "nudge" and CARDS[2].effect == "white_patron"
    breakdown = state.score_breakdown(0)
    assert breakdown == {"territories": 23, "colours": 3, "green": 3, "yellow_effects": 4, "workers": 1}
    assert state.score(0) == 34
    assert state.rank(0) == ("Master", "大师")


def test_rank_table_boundaries():
    assert rank(21) == ("Novice", "新手")
    assert rank(22) == ("Apprentice", "学徒")
    assert rank(25) == ("Apprentice", "学徒")
    assert rank(26) == ("Journeyman", "熟练工")
    assert rank(30) == ("Expert", "专家")
    assert rank(33) == ("Expert", "专家")
    assert rank(34) == ("Master", "大师")


def test_every_board_totals_30_territory_points_when_full():
    for card in CARDS.values():
        state = new_manual(boards=(card.id,), discard=(card.id % 9) + 1, top=((card.id + 1) % 9) + 1) \
            if card.id <= 9 else None
        if state is None:
            continue
        state.filled[0] = list(card.hexes)
        assert state.score_breakdown(0)["territories"] == 30
        assert state.score_breakdown(0)["colours"] == 5


def test_incomplete_territory_scores_nothing_and_single_worker_no_half_point():
    state = new_manual(boards=(7,))
    state.filled[0] = ["B4", "C4"]  # two of the three hexes of a white territory
    state.workers[0] = 1
    assert state.score_breakdown(0)["territories"] == 0
    assert state.score_breakdown(0)["workers"] == 0


def test_solo_win_needs_expert():
    state = new_manual(boards=(7,))
    state.phase = "over"
    state.filled[0] = list(CARDS[7].hexes)  # 30 territory + 5 colours + 4 green
    assert state.winners() == [0]
    state.filled[0] = []
    assert state.winners() == []
