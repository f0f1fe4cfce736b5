"""Set-up and the character draft (seed "游戏准备", "选择角色", "附加规则")."""

from __future__ import annotations

import pytest

import meeple
from meeple.games.citadels import content

from .helpers import CHANCE, act, deal, illegal, legal, new, start, turn_of


def test_components_match_the_seed():
    assert content.DECK_SIZE == 65
    purple = [content.DISTRICT_SLUG[d] for d in range(content.N_DISTRICT_KINDS) if content.DISTRICT_COLOUR[d] == content.PURPLE]
    assert len(purple) == 11 and all(content.DISTRICT_COPIES[content.DISTRICT_INDEX[p]] == 1 for p in purple)
    per_colour = [sum(content.DISTRICT_COPIES[d] for d in range(content.N_DISTRICT_KINDS) if content.DISTRICT_COLOUR[d] == c) for c in range(5)]
    assert per_colour == [11, 11, 12, 20, 11]  # religious, military, noble, trade, special
    assert content.DISTRICT_COST[content.DRAGON_GATE] == 6 and content.DISTRICT_POINTS[content.DRAGON_GATE] == 8
    assert content.DISTRICT_COST[content.UNIVERSITY] == 6 and content.DISTRICT_POINTS[content.UNIVERSITY] == 8


@pytest.mark.parametrize("n", range(2, 8))
def test_setup_four_cards_two_gold_random_crown(n):
    s = meeple.load("citadels", players=n).new_game(seed=5)
    assert all(len(h) == 4 for h in s.hands) and s.gold == [2] * n
    assert 0 <= s.crown_seat < n
    assert len(s.deck_unseen) == 65 - 4 * n
    m = new(n)
    while m.draw_queue:
        act(m, str(m.legal_actions(CHANCE)[0]), CHANCE)
    assert m.to_move() == [CHANCE] and [str(a) for a in m.legal_actions(CHANCE)] == [f"crown {p}" for p in range(n)]


@pytest.mark.parametrize("n,up", [(4, 2), (5, 1), (6, 0), (7, 0)])
def test_face_up_and_face_down_discards_follow_the_table(n, up):
    s = new(n)
    deal(s)
    assert s.face_down_to_deal == 1 and s.face_up_to_deal == up
    # the King can never be face up
    act(s, "deal-down assassin", CHANCE)
    if up:
        outcomes = legal(s, CHANCE)
        assert "deal-up king" not in outcomes and "deal-up thief" in outcomes
        with pytest.raises(meeple.IllegalAction):
            s.apply(s.parse_action("deal-up king", CHANCE), CHANCE)


def test_the_king_may_be_the_face_down_card():
    s = new(4)
    deal(s)
    assert "deal-down king" in legal(s, CHANCE)


def test_picks_pass_left_from_the_crown_and_the_last_player_has_two():
    s = new(4)
    deal(s, crown=2)
    act(s, "deal-down assassin", CHANCE)
    act(s, "deal-up thief", CHANCE)
    act(s, "deal-up bishop", CHANCE)
    order = []
    sizes = []
    while s.phase == 1:
        p = s.to_move()[0]
        order.append(p)
        sizes.append(len(s.legal_actions(p)))
        act(s, str(s.legal_actions(p)[0]))
    assert order == [2, 3, 0, 1]
    assert sizes == [5, 4, 3, 2]
    # the card the last player did not take is face down
    assert sorted(content.CHARACTER_SLUG[c] for h, c in s.character_deal if h == -1) == ["assassin", "warlord"]


def test_a_character_not_offered_is_refused_with_a_reason():
    s = new(4)
    deal(s)
    act(s, "deal-down assassin", CHANCE)
    act(s, "deal-up thief", CHANCE)
    act(s, "deal-up bishop", CHANCE)
    assert "not among" in illegal(s, "pick thief")
    assert "not among" in illegal(s, "pick assassin")
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction):
        s.apply(s.parse_action("pick king"), 1)  # not this seat's turn to choose
    assert s.to_json() == before


def test_seven_players_last_player_also_takes_the_face_down_card():
    s = new(7)
    deal(s, crown=0)
    act(s, "deal-down merchant", CHANCE)
    for c in ["assassin", "thief", "magician", "king", "bishop", "architect"]:
        act(s, f"pick {c}")
    assert s.to_move() == [6]
    assert sorted(legal(s)) == ["pick merchant", "pick warlord"]
    act(s, "pick merchant")
    assert s.character_holder[content.MERCHANT] == 6 and s.character_holder[content.WARLORD] == -1  # the other goes face down
    assert s.phase == 3


def test_three_players_seed_rules_no_assassin_and_ten_districts():
    s = new(3)
    assert content.ASSASSIN not in s.characters and len(s.characters) == 7
    assert s.complete_city_size == 10
    deal(s)
    assert s.face_down_to_deal == 1 and s.face_up_to_deal == 2
    act(s, "deal-down thief", CHANCE)
    act(s, "deal-up magician", CHANCE)
    act(s, "deal-up bishop", CHANCE)
    assert len(s.legal_actions(s.to_move()[0])) == 4  # players + 1


def test_three_players_seed_rules_remove_the_assassin_by_name_the_witch_stays():
    # seed "3 名玩家": "从游戏当中移走杀手这张角色卡" names the Assassin; the Witch chosen for rank 1 stays
    s = new(3, rank1="witch")
    assert content.WITCH in s.characters and len(s.characters) == 8 and s.complete_city_size == 10
    deal(s)
    assert s.face_down_to_deal == 1 and s.face_up_to_deal == 3  # the first player still sees players + 1 cards
    act(s, "deal-down thief", CHANCE)
    for c in ("magician", "bishop", "merchant"):
        act(s, f"deal-up {c}", CHANCE)
    assert len(s.legal_actions(s.to_move()[0])) == 4
    assert "pick witch" in [str(a) for a in s.legal_actions(s.to_move()[0])]


def test_three_players_variant_two_characters_each():
    s = new(3, three_player="two")
    assert len(s.characters) == 8 and s.complete_city_size == 8
    deal(s, crown=1)
    assert s.face_down_to_deal == 1 and s.face_up_to_deal == 0
    act(s, "deal-down assassin", CHANCE)
    order = []
    while s.phase == 1:
        order.append(s.to_move()[0])
        act(s, str(s.legal_actions()[0]))
    assert order == [1, 2, 0, 1, 2, 0]
    assert all(sum(1 for c in s.characters if s.character_holder[c] == p) == 2 for p in range(3))


def test_two_players_draft_follows_the_seed_steps():
    s = new(2)
    deal(s, crown=1)
    assert s.complete_city_size == 10
    act(s, "deal-down warlord", CHANCE)  # step 1: one card at random to the centre, face down
    assert s.to_move() == [1] and len(legal(s)) == 7  # A chooses from the other 7
    act(s, "pick king")
    assert s.to_move() == [0] and len(legal(s)) == 6  # B chooses one of 6 ...
    act(s, "pick thief")
    assert legal(s)[0].startswith("facedown") and len(legal(s)) == 5  # ... then lays one face down
    act(s, "facedown bishop")
    assert s.to_move() == [1] and len(legal(s)) == 4  # step 3: A gets 4
    act(s, "pick architect")
    act(s, "facedown assassin")
    assert s.to_move() == [0] and len(legal(s)) == 2  # step 4: B gets the last 2
    act(s, "pick merchant")
    downs = sorted(content.CHARACTER_SLUG[c] for h, c in s.character_deal if h == -1)
    assert downs == ["assassin", "bishop", "magician", "warlord"]
    assert sorted(content.CHARACTER_SLUG[c] for c in s.characters if s.character_holder[c] == 1) == ["architect", "king"]
    # step 5: the characters are called in order; each player plays two turns
    assert turn_of(s) == ("thief", 0)


def test_two_player_city_option():
    assert new(2, two_player_city=12).complete_city_size == 12
    assert new(4, short_game=True).complete_city_size == 7


def test_characters_are_called_in_rank_order_and_absent_ones_are_announced():
    s = start(4, {0: "warlord", 1: "king", 2: "thief", 3: "merchant"}, down="assassin", up=["magician", "bishop"])
    assert "The Assassin is called; nobody answers." in s.log_for(None)
    seen = []
    while s.phase != 1 and len(seen) < 4:
        seen.append(turn_of(s))
        act(s, "gold")
        if s.current_seat >= 0 and s.to_move() == [s.current_seat]:
            act(s, "end")
    assert seen == [("thief", 2), ("king", 1), ("merchant", 3), ("warlord", 0)]
    assert "The Architect is called; nobody answers." in s.log_for(None)


def test_acting_out_of_rank_order_is_refused():
    s = start(4, {0: "warlord", 1: "king", 2: "thief", 3: "merchant"}, down="assassin", up=["magician", "bishop"])
    assert turn_of(s) == ("thief", 2)
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction, match="not Red's turn"):
        s.apply(s.parse_action("gold", 2), 0)
    assert s.to_json() == before


def test_crown_stays_when_nobody_takes_the_king():
    s = start(4, {0: "warlord", 1: "bishop", 2: "thief", 3: "merchant"}, crown=3, down="king",
              up=["magician", "architect"])
    while s.phase != 1:
        if s.to_move()[0] >= 0:
            act(s, "gold") if "gold" in legal(s) else act(s, "end")
    assert s.crown_seat == 3 and s.round == 2
