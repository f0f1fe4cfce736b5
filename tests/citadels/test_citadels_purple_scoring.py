"""The eleven purple districts, the end of the game and scoring (seed "特别地区", "胜利条件")."""

from __future__ import annotations

import meeple
from meeple.games.citadels import content

from .helpers import act, draw, give_city, hand, legal, set_gold, start, turn_of


def four(roles, **kw):
    opts = dict(down="magician", up=["bishop", "architect"])
    opts.update(kw)
    return start(4, roles, **opts)


def finish_turn(s):
    p = s.current_seat
    if "gold" in legal(s):
        act(s, "gold")
    if s.current_seat == p and s.to_move() == [p] and "end" in legal(s):
        act(s, "end")


def until(s, char):
    while turn_of(s)[0] != char:
        finish_turn(s)


ROLES = {0: "warlord", 1: "thief", 2: "king", 3: "assassin"}


# ------------------------------------------------------------------ Haunted City
def test_haunted_city_counts_as_any_colour_at_scoring_unless_built_in_the_last_round():
    s = four(ROLES)
    give_city(s, 1, "temple", "watchtower", "manor", "keep", "haunted-city")  # no green
    s.haunted_city_round[1] = 0  # built in an earlier round: it stands in for green
    assert s.city_score(1) == 1 + 1 + 3 + 3 + 2 + 3
    s.haunted_city_round[1] = s.round  # built in the last round: only purple
    assert s.city_score(1) == 1 + 1 + 3 + 3 + 2
    s.haunted_city_round[1] = 0
    s.cities[1].remove(content.KEEP)  # now it can stand in for one colour only: four colours
    assert s.city_score(1) == 1 + 1 + 3 + 2


def test_building_the_haunted_city_records_the_round():
    s = four(ROLES, hands={3: ["haunted-city", "temple", "temple", "temple"]})
    until(s, "assassin")
    act(s, "gold")
    act(s, "build haunted-city")
    assert s.haunted_city_round[3] == s.round == 1


# ------------------------------------------------------------------ Keep
def test_keep_cannot_be_destroyed():
    s = four(ROLES)
    give_city(s, 2, "keep", "tavern")
    until(s, "warlord")
    act(s, "gold")
    set_gold(s, 0, 10)
    targets = [a for a in legal(s) if a.startswith("destroy 2")]
    assert targets == ["destroy 2 tavern"]


# ------------------------------------------------------------------ Laboratory
def test_laboratory_discard_a_card_for_one_gold_once_per_turn():
    s = four(ROLES, hands={3: ["palace", "temple", "temple", "temple"]})
    give_city(s, 3, "laboratory")
    until(s, "assassin")
    act(s, "lab palace")
    assert s.gold[3] == 3 and "palace" not in hand(s, 3)
    assert content.DISTRICT_SLUG[s.deck_bottom[-1]] == "palace" and s.deck_bottom_seen_by[-1] == 1 << 3
    assert not any(a.startswith("lab") for a in legal(s))


# ------------------------------------------------------------------ Smithy
def test_smithy_pay_three_draw_two_once_per_turn():
    s = four(ROLES)
    give_city(s, 3, "smithy")
    until(s, "assassin")
    act(s, "gold")  # 4 gold
    n = len(s.hands[3])
    act(s, "smithy")
    draw(s, "castle", "palace")
    assert s.gold[3] == 1 and len(s.hands[3]) == n + 2
    set_gold(s, 3, 10)  # gold enough for a second use: only the once-per-turn limit can refuse it
    assert "smithy" not in legal(s)


def test_smithy_needs_three_gold():
    s = four(ROLES)
    give_city(s, 3, "smithy")
    until(s, "assassin")
    assert s.gold[3] == 2 and "smithy" not in legal(s)
    set_gold(s, 3, 3)
    assert "smithy" in legal(s)


# ------------------------------------------------------------------ Observatory
def test_observatory_draw_three_keep_one_two_to_the_bottom():
    s = four(ROLES)
    give_city(s, 3, "observatory")
    until(s, "assassin")
    act(s, "cards")
    draw(s, "castle", "palace", "docks")
    act(s, "keep palace")
    assert [content.DISTRICT_SLUG[d] for d in s.deck_bottom[-2:]] == ["castle", "docks"]


# ------------------------------------------------------------------ Library
def test_library_keeps_both_cards():
    s = four(ROLES)
    give_city(s, 3, "library")
    until(s, "assassin")
    n = len(s.hands[3])
    act(s, "cards")
    draw(s, "castle", "palace")
    act(s, "keep castle")
    act(s, "keep palace")
    assert len(s.hands[3]) == n + 2 and not s.deck_bottom


def test_library_may_keep_only_one():
    # seed "图书馆": "你可以保留抽到的两张地区卡" — may keep both, so may also keep just one
    s = four(ROLES)
    give_city(s, 3, "library")
    until(s, "assassin")
    n = len(s.hands[3])
    act(s, "cards")
    draw(s, "castle", "palace")
    assert "keep-done" not in legal(s)  # one card at least, as without the Library
    act(s, "keep castle")
    assert sorted(legal(s)) == ["keep palace", "keep-done"]
    act(s, "keep-done")
    assert len(s.hands[3]) == n + 1 and [content.DISTRICT_SLUG[d] for d in s.deck_bottom] == ["palace"]
    assert s.deck_bottom_seen_by == [1 << 3]


def test_library_and_observatory_draw_three_keep_two():
    s = four(ROLES)
    give_city(s, 3, "library", "observatory")
    until(s, "assassin")
    act(s, "cards")
    draw(s, "castle", "palace", "docks")
    act(s, "keep castle")
    act(s, "keep docks")
    assert [content.DISTRICT_SLUG[d] for d in s.deck_bottom] == ["palace"]


# ------------------------------------------------------------------ Graveyard
def test_graveyard_owner_decides_during_the_warlords_turn():
    s = four(ROLES)
    give_city(s, 2, "graveyard", "castle")
    give_city(s, 1, "market")
    until(s, "warlord")
    act(s, "gold")
    act(s, "destroy 1 market")
    # Green (not the active player) must decide
    assert s.to_move() == [2] and sorted(legal(s)) == ["decline", "recover"]
    gold = s.gold[2]
    act(s, "recover")
    assert "market" in hand(s, 2) and s.gold[2] == gold - 1
    assert s.round == 2 and s.current_seat == -1  # the destruction was the Warlord's last act
    # everyone saw it: the others know Green holds a Market
    assert "market" in s.observation(1)["known_hand_cards"]["2"]


def test_graveyard_decline_sends_the_card_to_the_bottom():
    s = four(ROLES)
    give_city(s, 2, "graveyard")
    give_city(s, 1, "market")
    until(s, "warlord")
    act(s, "gold")
    act(s, "destroy 1 market")
    act(s, "decline")
    assert content.DISTRICT_SLUG[s.deck_bottom[-1]] == "market" and "market" not in hand(s, 2)


def test_graveyard_not_for_the_warlord_himself_nor_without_gold():
    s = four(ROLES)
    give_city(s, 0, "graveyard", "prison")
    give_city(s, 1, "market")
    until(s, "warlord")
    act(s, "gold")
    act(s, "destroy 1 market")
    assert s.graveyard_offer == [] and s.round == 2
    s2 = four(ROLES)
    give_city(s2, 0, "prison")
    give_city(s2, 2, "graveyard")
    give_city(s2, 1, "market")
    until(s2, "warlord")
    act(s2, "gold")
    set_gold(s2, 2, 0)
    act(s2, "destroy 1 market")
    assert s2.graveyard_offer == [] and s2.round == 2


# ------------------------------------------------------------------ Great Wall
def test_great_wall_makes_the_other_districts_dearer():
    s = four(ROLES)
    give_city(s, 2, "great-wall", "castle", "watchtower")
    assert s.destroy_cost(2, content.DISTRICT_INDEX["castle"]) == 4
    assert s.destroy_cost(2, content.DISTRICT_INDEX["watchtower"]) == 1
    assert s.destroy_cost(2, content.DISTRICT_INDEX["great-wall"]) == 5  # the wall itself: the usual cost


# ------------------------------------------------------------------ School of Magic
def test_school_of_magic_counts_for_income():
    s = four(ROLES)
    give_city(s, 2, "school-of-magic", "manor")
    until(s, "king")
    act(s, "income")
    assert s.gold[2] == 4
    # and for scoring it is purple only
    give_city(s, 2, "temple", "watchtower")
    assert s.city_score(2) == 6 + 3 + 1 + 1


# ------------------------------------------------------------------ Dragon Gate, University
def test_dragon_gate_and_university_cost_six_score_eight():
    s = four(ROLES, hands={3: ["dragon-gate", "harbor", "harbor", "harbor"]})
    until(s, "assassin")
    act(s, "gold")
    set_gold(s, 3, 6)
    act(s, "build dragon-gate")
    assert s.gold[3] == 0
    give_city(s, 1, "university")
    assert s.city_score(3) == 8 and s.city_score(1) == 8


# ------------------------------------------------------------------ end and scoring
def test_scoring_example_bonuses():
    """Seed "胜利条件": costs, +3 five colours, +4 the first complete city, +2 the other complete cities."""
    s = four(ROLES)
    give_city(s, 0, "temple", "watchtower", "manor", "tavern", "keep", "church", "prison", "castle")
    give_city(s, 1, "temple", "watchtower", "manor", "tavern", "market", "church", "prison", "castle")
    give_city(s, 2, "palace", "cathedral")
    s.first_complete_seat = 0
    assert s.city_score(0) == (1 + 1 + 3 + 1 + 3 + 2 + 2 + 4) + 3 + 4
    assert s.city_score(1) == (1 + 1 + 3 + 1 + 2 + 2 + 2 + 4) + 2
    assert s.city_score(2) == 10


def test_the_round_finishes_after_the_eighth_district_then_the_game_ends():
    s = four(ROLES, hands={0: ["palace", "harbor", "harbor", "harbor"]})
    give_city(s, 0, "temple", "watchtower", "manor", "tavern", "keep", "church", "prison")
    give_city(s, 1, "market")
    # Assassin and Thief play first; the Warlord completes his city, the round still finishes
    until(s, "warlord")
    act(s, "gold")
    set_gold(s, 0, 5)
    act(s, "build palace")
    assert s.first_complete_seat == 0 and not s.is_over()
    assert not any(a.startswith("destroy 0") for a in legal(s))
    act(s, "end")
    assert s.is_over() and s.to_move() == []
    assert s.winners() == [0]
    assert s.scores()[0] == (1 + 1 + 3 + 1 + 3 + 2 + 2 + 5) + 3 + 4  # five colours, first complete


def test_tie_break_goes_to_the_highest_character_of_the_last_round():
    s = four(ROLES)
    give_city(s, 1, "palace")
    give_city(s, 2, "castle", "temple")
    s.phase = 4
    assert s.scores()[1] == s.scores()[2] == 5
    assert s.winners() == [2]  # King (4) beats Thief (2)


def test_short_game_ends_at_seven():
    s = four(ROLES, short_game=True, hands={0: ["palace", "harbor", "harbor", "harbor"]})
    give_city(s, 0, "temple", "watchtower", "manor", "tavern", "keep", "church")
    until(s, "warlord")
    act(s, "gold")
    set_gold(s, 0, 5)
    act(s, "build palace")
    assert s.first_complete_seat == 0


def test_three_player_seed_game_needs_ten():
    s = start(3, {0: "warlord", 1: "thief", 2: "king"}, down="magician", up=["bishop", "architect"],
              hands={0: ["palace", "harbor", "harbor", "harbor"]})
    give_city(s, 0, "temple", "watchtower", "manor", "tavern", "keep", "church", "prison")
    until(s, "warlord")
    act(s, "gold")
    set_gold(s, 0, 5)
    act(s, "build palace")
    assert s.first_complete_seat == -1
    set_gold(s, 0, 10)
    assert "destroy 0 palace" in legal(s)  # 8 of 10: still open to the Warlord


def test_random_games_end_with_a_winner_at_every_player_count():
    for n in range(2, 8):
        s = meeple.load("citadels", players=n).new_game(seed=n)
        from meeple.core import Rng
        rng = Rng(n)
        while s.to_move():
            legal_now = s.legal_actions()
            s.apply(legal_now[rng.randbelow(len(legal_now))])
        assert s.is_over() and s.winners()
        assert s.first_complete_seat >= 0 or s.round >= content.ROUND_LIMIT
