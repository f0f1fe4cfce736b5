"""The designed card faces (content.py) against the seed's constraints and the design's own promises:
every board worth 30 in territories, several territory layouts, every die face as common as it can be
in the market, and one board that can end exactly as the rulebook's scoring example."""

import importlib.util
from collections import Counter
from pathlib import Path

from meeple.games.cube_europe.content import CARDS, TERRITORY_VP

TOOL = Path(__file__).resolve().parents[2] / "tools" / "design_cube_europe_cards.py"


def _tool():
    spec = importlib.util.spec_from_file_location("design_cube_europe_cards", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _scores_by_colour(card):
    scores = Counter()
    for t in card.territories:
        scores[card.hexes[t[0]][0]] += TERRITORY_VP[len(t)]
    return scores


def _layout(card):
    scores = _scores_by_colour(card)
    return tuple(sorted((scores[c] for c in ("red", "blue", "green", "white")), reverse=True))


def test_content_is_the_tools_design_and_meets_every_constraint():
    tool = _tool()
    from meeple.games.cube_europe import content

    assert tool.check(content._CARDS) == []
    assert tool.design() == content._CARDS


def test_every_board_is_worth_30_and_the_boards_use_all_four_layouts():
    layouts = {cid: _layout(card) for cid, card in CARDS.items()}
    for card in CARDS.values():
        assert sum(TERRITORY_VP[len(t)] for t in card.territories) == 30
        assert _scores_by_colour(card)["yellow"] == 3  # three separate yellow start hexes
    all_four = {(10, 7, 5, 5), (10, 6, 6, 5), (10, 7, 6, 4), (7, 7, 7, 6)}
    assert {layouts[c] for c in range(1, 10)} == all_four  # the solo game's 9 cards
    assert {layouts[c] for c in range(10, 18)} == all_four
    assert max(Counter(layouts.values()).values()) <= 5  # no layout dominates (it was 13 of 17)
    # the rulebook's example needs two completed 3-hex territories: possible on every 7+7+7+6 board
    assert sum(1 for lay in layouts.values() if lay == (7, 7, 7, 6)) >= 5


def test_every_die_face_is_about_equally_common_in_the_market():
    base = Counter(face for c in range(1, 10) for face, _ in CARDS[c].squares)
    expansion = Counter(face for c in range(10, 18) for face, _ in CARDS[c].squares)
    assert sorted(base) == [1, 2, 3, 4, 5, 6] and set(base.values()) == {4, 5}  # 27 squares: 5,5,5,4,4,4
    assert set(expansion.values()) == {4} and len(expansion) == 6             # 24 squares: 4 each
    for card in CARDS.values():
        assert len({face for face, _ in card.squares}) == 3
    for colour in ("red", "blue", "green"):  # the base market offers these colours on every face
        assert {face for c in range(1, 10) for face, col in CARDS[c].squares if col == colour} == set(range(1, 7))


def test_board_7_has_the_scoring_examples_territories():
    scores = _scores_by_colour(CARDS[7])
    assert (scores["red"], scores["white"], scores["blue"], scores["green"]) == (6, 7, 7, 7)
    sizes = Counter(len(t) for t in CARDS[7].territories)
    assert sizes == {1: 6, 2: 2, 3: 3}
