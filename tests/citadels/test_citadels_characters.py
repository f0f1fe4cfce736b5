"""The turn and the eight base characters (seed "玩家回合", "角色介绍", "弑君")."""

from __future__ import annotations

import pytest

import meeple
from meeple.games.citadels import content

from .helpers import act, city, draw, give_city, hand, illegal, legal, set_gold, start, turn_of

BASE4 = dict(down="magician", up=["bishop", "architect"])


def four(roles, **kw):
    opts = dict(BASE4)
    opts.update(kw)
    return start(4, roles, **opts)


def finish_turn(s):
    """Take gold if still due, then end the turn of whoever is playing."""
    p = s.current_seat
    if "gold" in legal(s):
        act(s, "gold")
    if s.current_seat == p and s.to_move() == [p] and "end" in legal(s):
        act(s, "end")


# ------------------------------------------------------------------ the turn
def test_take_two_gold_or_draw_two_keep_one():
    s = four({0: "assassin", 1: "thief", 2: "king", 3: "warlord"})
    assert turn_of(s) == ("assassin", 0)
    act(s, "gold")
    assert s.gold[0] == 4
    act(s, "end")
    assert turn_of(s) == ("thief", 1)
    act(s, "cards")
    draw(s, "castle", "tavern")
    assert sorted(legal(s)) == ["keep castle", "keep tavern"]
    before = len(s.hands[1])
    act(s, "keep castle")
    assert len(s.hands[1]) == before + 1 and "castle" in hand(s, 1)
    assert content.DISTRICT_SLUG[s.deck_bottom[-1]] == "tavern" and s.deck_bottom_seen_by[-1] == 1 << 1  # to the bottom, seen by Blue only
    assert "cards" not in legal(s) and "gold" not in legal(s)


def test_build_one_district_no_duplicates_and_costs():
    s = four({0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, hands={0: ["temple", "temple", "palace", "manor"]})
    assert "first take" in illegal(s, "build temple")
    act(s, "gold")
    act(s, "build temple")
    assert city(s, 0) == ["temple"] and s.gold[0] == 3
    assert "no more" in illegal(s, "build manor")
    s.builds_left = 1
    s._legal_cache = {}
    assert "already has" in illegal(s, "build temple")
    assert "costs 5" in illegal(s, "build palace")


def test_income_at_any_moment_in_one_go_and_collected_at_the_end_if_forgotten():
    s = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"}, hands={2: ["manor", "tavern", "tavern", "tavern"]})
    give_city(s, 2, "castle", "palace")
    # play to the King
    while turn_of(s)[0] != "king":
        finish_turn(s)
    assert "income" in legal(s)  # before taking gold, too
    act(s, "gold")
    set_gold(s, 2, 3)
    act(s, "build manor")
    act(s, "income")  # 3 yellow districts now
    assert s.gold[2] == 3
    assert "income" not in legal(s)
    # forgotten income is collected when the turn ends
    s2 = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"})
    give_city(s2, 2, "castle")
    while turn_of(s2)[0] != "king":
        finish_turn(s2)
    act(s2, "gold")
    g = s2.gold[2]
    act(s2, "end")
    assert s2.gold[2] == g + 1


# ------------------------------------------------------------------ 1 Assassin
def test_assassin_kills_a_character_which_is_skipped_and_revealed_at_round_end():
    s = four({0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, crown=0)
    assert "kill thief" in legal(s) and "kill bishop" not in legal(s)  # Bishop is face up
    assert "kill assassin" not in legal(s)
    act(s, "kill king")
    finish_turn(s)
    assert turn_of(s) == ("thief", 1)
    finish_turn(s)
    # the King is skipped silently: the Warlord plays next
    assert turn_of(s) == ("warlord", 3)
    assert "The King is called; the killed character stays silent." in s.log_for(None)
    assert not any("Green reveals" in line for line in s.log_for(None))
    finish_turn(s)
    assert "End of the round: Green was the killed King." in s.log_for(None)
    # regicide: the killed King's player still takes the crown
    assert s.crown_seat == 2


# ------------------------------------------------------------------ 2 Thief
def test_thief_cannot_rob_assassin_nor_killed_and_takes_gold_when_called():
    s = four({0: "assassin", 1: "thief", 2: "king", 3: "warlord"})
    act(s, "kill warlord")
    finish_turn(s)
    targets = [a for a in legal(s) if a.startswith("rob")]
    assert "rob assassin" not in targets and "rob warlord" not in targets and "rob king" in targets
    assert "killed" in illegal(s, "rob warlord")
    assert "rank-1" in illegal(s, "rob assassin")
    assert "face up" in illegal(s, "rob bishop")
    act(s, "rob king")
    assert s.gold[2] == 2  # nothing moves yet
    thief_gold = s.gold[1] + 2  # the Thief still takes 2 gold this turn
    finish_turn(s)
    assert turn_of(s) == ("king", 2)
    assert s.gold[2] == 0 and s.gold[1] == thief_gold + 2
    assert "The Thief takes Green's 2 gold." in s.log_for(None)


# ------------------------------------------------------------------ 3 Magician
def test_magician_swaps_hands_even_with_an_empty_hand():
    s = four({0: "magician", 1: "thief", 2: "king", 3: "warlord"}, down="assassin",
             hands={0: ["temple", "temple", "church", "church"], 2: ["palace", "castle", "manor", "manor"]})
    s.hands[0], s.deck_unseen = [], sorted(s.deck_unseen + s.hands[0])
    s._legal_cache = {}
    assert turn_of(s) == ("thief", 1)
    finish_turn(s)
    assert turn_of(s) == ("magician", 0)
    act(s, "swap 2")
    assert hand(s, 0) == ["castle", "manor", "manor", "palace"] and hand(s, 2) == []
    assert "swap 1" not in legal(s)  # once per turn


def test_magician_discards_to_the_bottom_and_draws_as_many():
    s = four({0: "magician", 1: "thief", 2: "king", 3: "warlord"}, down="assassin",
             hands={0: ["temple", "temple", "church", "palace"]})
    finish_turn(s)
    act(s, "discard temple")
    act(s, "discard temple")
    assert sorted(legal(s)) == ["discard church", "discard palace", "redraw"]
    act(s, "redraw")
    assert [content.DISTRICT_SLUG[d] for d in s.deck_bottom[-2:]] == ["temple", "temple"]
    draw(s, "castle", "docks")
    assert hand(s, 0) == ["castle", "church", "docks", "palace"]
    assert not any(a.startswith(("swap", "discard")) for a in legal(s))


# ------------------------------------------------------------------ 4 King
def test_king_takes_the_crown_at_once_and_yellow_income():
    s = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"}, crown=0)
    give_city(s, 2, "manor", "castle", "temple")
    while turn_of(s)[0] != "king":
        finish_turn(s)
    assert s.crown_seat == 2  # when called, before acting
    act(s, "income")
    assert s.gold[2] == 4


# ------------------------------------------------------------------ 5 Bishop
def test_bishop_blue_income_and_protection_from_the_warlord():
    s = four({0: "warlord", 1: "bishop", 2: "king", 3: "thief"}, down="assassin", up=["magician", "architect"])
    give_city(s, 1, "temple", "church")
    give_city(s, 2, "tavern")
    while turn_of(s)[0] != "bishop":
        finish_turn(s)
    act(s, "income")
    assert s.gold[1] == 4
    while turn_of(s)[0] != "warlord":
        finish_turn(s)
    act(s, "gold")
    targets = [a for a in legal(s) if a.startswith("destroy")]
    assert "destroy 2 tavern" in targets and not any(a.startswith("destroy 1 ") for a in targets)


def test_a_killed_bishop_does_not_protect():
    s = four({0: "warlord", 1: "bishop", 2: "assassin", 3: "thief"}, down="king", up=["magician", "architect"])
    give_city(s, 1, "temple")
    act(s, "kill bishop")
    while turn_of(s)[0] != "warlord":
        finish_turn(s)
    act(s, "gold")
    assert "destroy 1 temple" in legal(s)


# ------------------------------------------------------------------ 6 Merchant
def test_merchant_one_more_gold_and_green_income():
    s = four({0: "merchant", 1: "thief", 2: "king", 3: "warlord"}, down="assassin")
    give_city(s, 0, "tavern", "market", "temple")
    while turn_of(s)[0] != "merchant":
        finish_turn(s)
    act(s, "gold")
    assert s.gold[0] == 2 + 2 + 1
    act(s, "income")
    assert s.gold[0] == 7
    s2 = four({0: "merchant", 1: "thief", 2: "king", 3: "warlord"}, down="assassin")
    while turn_of(s2)[0] != "merchant":
        finish_turn(s2)
    act(s2, "cards")
    assert s2.gold[0] == 3  # the extra gold comes with cards too


# ------------------------------------------------------------------ 7 Architect
def test_architect_draws_two_more_and_builds_three():
    s = four({0: "architect", 1: "thief", 2: "king", 3: "warlord"}, down="assassin", up=["magician", "bishop"],
             hands={0: ["temple", "tavern", "watchtower", "manor"]})
    while turn_of(s)[0] != "architect":
        finish_turn(s)
    act(s, "gold")
    draw(s, "castle", "palace")
    assert len(s.hands[0]) == 6
    set_gold(s, 0, 10)
    for card in ["temple", "tavern", "watchtower"]:
        act(s, f"build {card}")
    assert len(s.cities[0]) == 3
    assert not any(a.startswith("build") for a in legal(s))


# ------------------------------------------------------------------ 8 Warlord
def test_warlord_destroys_at_cost_minus_one_free_at_one():
    s = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"})
    give_city(s, 2, "watchtower", "castle", "cathedral")
    give_city(s, 0, "prison", "fortress")
    while turn_of(s)[0] != "warlord":
        finish_turn(s)
    act(s, "income")
    assert s.gold[0] == 4
    act(s, "gold")  # 6 gold
    # seed "领主": a cost-1 district is free, a 2 costs 1, a 5 costs 4
    assert s.destroy_cost(2, content.DISTRICT_INDEX["watchtower"]) == 0
    assert s.destroy_cost(0, content.DISTRICT_INDEX["prison"]) == 1
    assert s.destroy_cost(2, content.DISTRICT_INDEX["cathedral"]) == 4
    assert s.destroy_cost(2, content.DISTRICT_INDEX["castle"]) == 3
    act(s, "destroy 2 castle")
    assert s.gold[0] == 3 and city(s, 2) == ["watchtower", "cathedral"]
    assert content.DISTRICT_SLUG[s.deck_bottom[-1]] == "castle" and s.deck_bottom_seen_by[-1] == 0b1111  # public, to the bottom
    assert s.round == 2 and s.current_seat == -1  # the destruction ended the turn: once, nothing after it


def test_warlord_destruction_is_the_last_act_income_lab_smithy_not_taken_are_gone():
    # seed "领主": "在回合结束时" — the destruction comes at the end of the turn, nothing follows it
    s = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"},
             hands={0: ["temple", "harbor", "harbor", "harbor"]})
    give_city(s, 2, "watchtower", "castle")
    give_city(s, 0, "prison", "fortress", "laboratory", "smithy")
    while turn_of(s)[0] != "warlord":
        finish_turn(s)
    act(s, "gold")
    gold = s.gold[0]
    assert {"income", "smithy", "lab temple", "destroy 2 watchtower"} <= set(legal(s))
    act(s, "destroy 2 watchtower")  # free; the 2 gold of red income were not taken
    assert s.round == 2 and s.gold[0] == gold  # the turn is over: no income, no Laboratory, no Smithy
    assert len(s.hands[0]) == 4


def test_warlord_may_take_income_before_destroying():
    s = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"})
    give_city(s, 2, "watchtower")
    give_city(s, 0, "prison", "fortress")
    while turn_of(s)[0] != "warlord":
        finish_turn(s)
    act(s, "gold")
    gold = s.gold[0]
    act(s, "income")
    act(s, "destroy 2 watchtower")
    assert s.round == 2 and s.gold[0] == gold + 2


def test_warlord_cannot_attack_a_complete_city():
    s = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"})
    give_city(s, 2, "watchtower", "temple", "tavern", "manor", "castle", "church", "market", "prison")
    give_city(s, 1, "watchtower")
    while turn_of(s)[0] != "warlord":
        finish_turn(s)
    act(s, "gold")
    targets = [a for a in legal(s) if a.startswith("destroy")]
    assert targets == ["destroy 1 watchtower"]


def test_warlord_may_not_afford_everything():
    s = four({0: "warlord", 1: "thief", 2: "king", 3: "assassin"})
    give_city(s, 2, "palace")
    while turn_of(s)[0] != "warlord":
        finish_turn(s)
    act(s, "gold")
    set_gold(s, 0, 3)
    assert "destroy 2 palace" not in legal(s)
    set_gold(s, 0, 4)
    assert "destroy 2 palace" in legal(s)


@pytest.mark.parametrize(("players", "lineup"), [
    (4, {}),
    (5, dict(rank1="witch", rank2="tax-collector", rank3="wizard", rank4="emperor", rank5="abbot",
             rank6="alchemist", rank7="navigator", rank8="diplomat", rank9="artist")),
    (7, dict(rank9="queen")),
])
def test_only_the_listed_characters_have_power_actions(players, lineup):
    """The turn lists power actions only for CHARACTERS_WITH_POWER_ACTIONS: every other character's
    ``_ability_actions`` is empty in every turn position of random games (a character missing from the
    list would lose its power)."""
    from meeple.core import Rng
    from meeple.games.citadels.characters import CHARACTERS_WITH_POWER_ACTIONS
    from meeple.games.citadels.actions import PHASE_TURN

    game = meeple.load("citadels", players=players, **lineup)
    rng = Rng(5)
    checked = set()
    for seed in range(12):
        s = game.new_game(seed=seed)
        while not s.is_over():
            c, p = s.current_character, s.current_seat
            if s.phase == PHASE_TURN and p >= 0 and not s.ability_used and c not in CHARACTERS_WITH_POWER_ACTIONS:
                assert s._ability_actions(c, p, s.took_gold_or_cards) == [], (c, s.took_gold_or_cards)
                checked.add(c)
            movers = s.to_move()
            player = movers[rng.randbelow(len(movers))]
            legal = s.legal_actions(player)
            s.apply(legal[rng.randbelow(len(legal))], player)
    assert len(checked) >= 2  # the check met characters outside the list
