"""Scoring (「游戏结束」) and the seed's worked example: 34 points, Master."""

import meeple
from meeple import CHANCE
from meeple.games.cube_europe.content import CARDS, rank

from .helpers import new_manual


# The rulebook's example (「得分示例」) played out on board card 7 with manual chance: every card drawn
# and every roll chosen so that the game ends in the example's position. Each round: the roll, the
# moves, then the card(s) drawn for the market (the deck's new top; after round 7 the reshuffle).
EXAMPLE_GAME = [
    ("roll 1 3", ["take 3 2", "place 1 B4", "white white"], ["card 6"]),
    ("roll 5 6", ["place 6 C4", "white white", "place 5 C5", "white blue"], ["card 1"]),
    ("roll 4 6", ["place 4 D4", "take 6 3"], ["card 9"]),
    ("roll 1 2", ["place 2 D3", "take 1 1"], ["card 2"]),          # yellow: card 1 (Steady Hand) tucked
    ("roll 1 4", ["take 1 4", "take 4 6"], ["card 3"]),
    ("roll 4 6", ["place 6 E3", "chain E2", "chain E1", "take 4 2"], ["card 8"]),  # card 2 tucked
    ("roll 4 6", ["place 4 A2", "take 6 6"], ["card 6", "card 3"]),  # deck exhausted: reshuffle
    ("roll 3 6", ["place 6 B2", "take 3 1"], ["card 5"]),
    ("roll 3 4", ["take 3 4", "take 4 5"], ["card 4"]),
    ("roll 5 6", ["place 5 C2", "chain C1", "chain B1", "take 6 3"], ["card 8"]),
    ("roll 3 3", ["place 3 A1", "pass", "worker 3"], ["card 9"]),
    ("roll 2 4", ["take 2 2", "take 4 3"], []),                      # the deck runs out again: game over
]


def test_seed_scoring_example_played_to_the_end_is_34_and_master():
    state = meeple.load("cube-europe", players=1).new_game(seed=1, chance="manual")
    for text in ("board 7", "card 4", "card 5"):  # board, market discard pile, deck top
        state.apply(state.parse_action(text, CHANCE), CHANCE)
    state.apply(state.parse_action("start A3", 0), 0)
    for number, (dice, moves, cards) in enumerate(EXAMPLE_GAME, 1):
        assert state.round == number
        state.apply(state.parse_action(dice, CHANCE), CHANCE)
        for move in moves:
            state.apply(state.parse_action(move, 0), 0)
        for card in cards:
            state.apply(state.parse_action(card, CHANCE), CHANCE)
    assert state.is_over() and state.round == 12
    assert "exhausted for the second time" in state.log_for(0)[-2]
    # 领土 23: five 1-hex territories (A1, the three yellows, D4), two 2-hex (C1-C2, E2-E3) and two
    # 3-hex (B4-C4-C5 white, A2-B1-B2 green); completed colours red, white, yellow (3); three green
    # cubes (3); the first effect (Steady Hand) scores nothing, the second (Patron of White) 1 per
    # white cube, all four placed (4); 3 workers score 1, the odd worker nothing.
    board = CARDS[7]
    complete = sorted(len(t) for t in board.territories if set(t) <= set(state.filled_hexes[0]))
    assert complete == [1, 1, 1, 1, 1, 2, 2, 3, 3]
    assert state.tucked_cards[0] == [1, 2] and state.effects(0) == ["nudge", "white_patron"]
    assert state.workers[0] == 3
    assert state.score_breakdown(0) == {"territories": 23, "colours": 3, "green": 3, "yellow_effects": 4, "workers": 1}
    assert state.score(0) == 34
    assert state.rank(0) == ("Master", "大师")
    assert state.winners() == [0]


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
        market = [c for c in range(1, 10) if c != card.id][:2]
        state = new_manual(players=1 if card.id <= 9 else 2, boards=(card.id,) if card.id <= 9 else (card.id, 1),
                           discard=market[0] if card.id <= 9 else 2, top=market[1] if card.id <= 9 else 3)
        state.filled_hexes[0] = list(card.hexes)
        assert state.score_breakdown(0)["territories"] == 30
        assert state.score_breakdown(0)["colours"] == 5


def test_incomplete_territory_scores_nothing_and_single_worker_no_half_point():
    state = new_manual(boards=(7,))
    state.filled_hexes[0] = ["B4", "C4"]  # two of the three hexes of a white territory
    state.workers[0] = 1
    assert state.score_breakdown(0)["territories"] == 0
    assert state.score_breakdown(0)["workers"] == 0


def test_solo_win_needs_expert():
    # at the boundary: 29 (one short of Expert) loses, exactly 30 (Expert) wins
    state = new_manual(boards=(7,))
    state.phase = "over"
    green = ("A2", "B1", "B2")  # a 3-hex green territory left empty
    state.filled_hexes[0] = [h for h in CARDS[7].hexes if h not in green]
    state.workers[0] = 0
    assert state.score(0) == 24 + 4 + 1 == 29  # territories, four colours, the one green cube on D1
    assert state.rank(0) == ("Journeyman", "熟练工")
    assert state.winners() == []
    state.workers[0] = 2  # one more point
    assert state.score(0) == 30 and state.rank(0) == ("Expert", "专家")
    assert state.winners() == [0]
