"""The ten extra characters (seed "新增角色卡"), each chosen by its rank option."""

from __future__ import annotations

import pytest

import meeple
from meeple.games.citadels import content

from .helpers import act, city, draw, give_city, hand, illegal, legal, set_gold, start, turn_of


def finish_turn(s):
    p = s.current_seat
    if "gold" in legal(s):
        act(s, "gold")
    while s.current_seat == p and s.to_move() == [p] and not ("end" in legal(s)):
        act(s, legal(s)[0])
    if s.current_seat == p and s.to_move() == [p]:
        act(s, "end")


def until(s, char):
    while turn_of(s)[0] != char:
        finish_turn(s)


def test_options_select_the_characters_per_rank():
    g = meeple.load("citadels", players=4, rank1="witch", rank6="alchemist", rank9="queen")
    s = g.new_game(seed=1)
    names = [content.CHARACTER_SLUG[c] for c in s.characters]
    assert names == ["witch", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord", "queen"]
    assert [content.CHARACTER_SLUG[c] for c in meeple.load("citadels", players=4).new_game(seed=1).characters] == [
        "assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
    with pytest.raises(meeple.UnknownGame):
        meeple.load("citadels", players=4, rank1="queen")


# ------------------------------------------------------------------ Witch
def test_witch_bewitches_and_plays_the_bewitched_turn_the_king_keeps_the_crown():
    s = start(4, {0: "witch", 1: "thief", 2: "king", 3: "warlord"}, crown=1, rank1="witch",
              down="magician", up=["bishop", "architect"])
    give_city(s, 0, "manor", "castle")
    assert turn_of(s) == ("witch", 0)
    assert not any(a.startswith("bewitch") for a in legal(s))  # after gold or cards only
    act(s, "gold")
    act(s, "bewitch king")
    assert turn_of(s) == ("thief", 1)
    assert "rob witch" not in legal(s) and "rob king" not in legal(s)  # neither may be robbed
    assert "bewitched" in illegal(s, "rob king")
    finish_turn(s)
    # the King's player only takes gold or cards, then the turn ends
    assert turn_of(s) == ("king", 2) and s.witch_step == 1
    assert sorted(legal(s)) == ["cards", "gold"]
    assert s.crown_seat == 2  # the bewitched King still takes the crown
    act(s, "gold")
    # the Witch steps in with the King's powers: yellow income from her own city, a build
    assert turn_of(s) == ("king", 0) and s.witch_step == 2
    assert "income" in legal(s) and "gold" not in legal(s)
    act(s, "income")
    assert s.gold[0] == 4 + 2
    assert s.crown_seat == 2


def test_witch_can_do_nothing_more_if_the_bewitched_character_is_absent():
    s = start(4, {0: "witch", 1: "thief", 2: "king", 3: "warlord"}, rank1="witch",
              down="magician", up=["bishop", "architect"])
    act(s, "gold")
    act(s, "bewitch magician")
    while s.round == 1:
        finish_turn(s)
    assert any("finds nobody" in line for line in s.log_for(None))


# ------------------------------------------------------------------ Tax Collector
def test_tax_collector_one_gold_from_each_builder_even_the_rank_one():
    s = start(4, {0: "assassin", 1: "tax-collector", 2: "king", 3: "warlord"}, rank2="tax-collector",
              down="magician", up=["bishop", "architect"], hands={0: ["tavern", "manor", "manor", "manor"],
                                                                  2: ["temple", "castle", "castle", "castle"]})
    act(s, "gold")
    act(s, "build tavern")
    act(s, "end")
    # the coin was owed, not paid, until the Tax Collector was called: nobody may learn who holds him
    log = s.log_for(None)
    assert log.index("Red owes 1 gold of tax to the Tax Collector, if anybody holds him.") \
        < log.index("Red pays the Tax Collector the 1 gold of tax owed.")
    assert turn_of(s) == ("tax-collector", 1)
    assert s.gold[0] == 4 - 1 - 1 and s.gold[1] == 3 and s.tax_owed == []  # collected when called
    finish_turn(s)
    until(s, "king")
    act(s, "gold")
    act(s, "build temple")  # nothing left to decide: the turn ends, the tax is paid
    assert s.gold[2] == 2 + 2 - 1 - 1
    assert s.gold[1] == 3 + 2 + 1


def test_tax_collector_nobody_holds_nobody_is_owed_nobody_pays():
    # seed "税务官": the builder pays "给你" (to the Tax Collector); face down, nobody is owed the coin
    s = start(4, {0: "assassin", 1: "magician", 2: "king", 3: "warlord"}, rank2="tax-collector",
              down="tax-collector", up=["bishop", "architect"], hands={0: ["tavern", "harbor", "harbor", "harbor"]})
    act(s, "gold")
    act(s, "build tavern")
    act(s, "end")
    assert "Red owes 1 gold of tax to the Tax Collector, if anybody holds him." in s.log_for(None)
    assert turn_of(s) == ("magician", 1)  # the Tax Collector was called: nobody answered
    assert s.tax_owed == [] and s.gold[0] == 3  # Red keeps the coin
    assert "Nobody holds the Tax Collector: the tax owed to him is not paid." in s.log_for(None)
    assert sum(s.gold) == 3 + 2 + 2 + 2


def test_tax_collector_killed_after_nothing_owed():
    s = start(4, {0: "assassin", 1: "tax-collector", 2: "king", 3: "warlord"}, rank2="tax-collector",
              down="magician", up=["bishop", "architect"], hands={0: ["tavern", "harbor", "harbor", "harbor"]})
    act(s, "gold")
    act(s, "build tavern")
    act(s, "kill tax-collector")
    assert s.gold[0] == 3 and s.tax_owed == []


# ------------------------------------------------------------------ Wizard
def test_wizard_looks_at_a_hand_takes_a_card_and_may_build_it_at_once():
    s = start(4, {0: "wizard", 1: "thief", 2: "king", 3: "assassin"}, rank3="wizard",
              down="merchant", up=["bishop", "architect"],
              hands={2: ["palace", "temple", "castle", "docks"], 0: ["temple", "tavern", "tavern", "tavern"]})
    give_city(s, 0, "church")
    until(s, "wizard")
    act(s, "peek 2")
    assert s.observation(0)["wizard_sees"] == ["castle", "docks", "palace", "temple"]
    act(s, "take temple")
    assert sorted(legal(s)) == ["wizard-build", "wizard-keep"]
    act(s, "wizard-build")
    assert "temple" in city(s, 0) and s.gold[0] == 1
    # not the turn's build: he may still build, even the same district again? no - normal builds forbid duplicates
    act(s, "gold")
    assert "build tavern" in legal(s) and "build temple" not in legal(s)
    for seed in range(5):
        assert hand(s.determinize(0, seed), 2) == ["castle", "docks", "palace"]


def test_wizard_build_may_duplicate():
    s = start(4, {0: "wizard", 1: "thief", 2: "king", 3: "assassin"}, rank3="wizard",
              down="merchant", up=["bishop", "architect"], hands={2: ["church", "harbor", "harbor", "harbor"]})
    give_city(s, 0, "church")
    until(s, "wizard")
    act(s, "peek 2")
    act(s, "take church")
    act(s, "wizard-build")
    assert city(s, 0) == ["church", "church"]


# ------------------------------------------------------------------ Emperor
def test_emperor_gives_the_crown_and_receives_a_tribute():
    s = start(4, {0: "emperor", 1: "thief", 2: "merchant", 3: "assassin"}, crown=0, rank4="emperor",
              down="magician", up=["bishop", "architect"], hands={3: ["palace", "harbor", "harbor", "harbor"]})
    give_city(s, 0, "manor")
    until(s, "emperor")
    act(s, "gold")
    assert "end" not in legal(s)  # he must give the crown away
    assert "give-crown 0" not in legal(s)
    act(s, "give-crown 3")
    assert s.crown_seat == 3 and s.to_move() == [3]  # the receiver chooses how to pay
    assert "tribute-gold" in legal(s) and "tribute palace" in legal(s)
    act(s, "tribute palace")
    assert "palace" in hand(s, 0) and s.to_move() == [0]
    assert "palace" in s.observation(3)["known_hand_cards"]["0"]


def test_emperor_may_give_the_crown_to_its_current_holder():
    # seed "必须要将皇冠卡交给另外一位玩家": another player than the Emperor, whoever holds the crown
    s = start(4, {0: "emperor", 1: "thief", 2: "merchant", 3: "assassin"}, crown=1, rank4="emperor",
              down="magician", up=["bishop", "architect"])
    until(s, "emperor")
    act(s, "gold")
    gives = sorted(a for a in legal(s) if a.startswith("give-crown"))
    assert gives == ["give-crown 1", "give-crown 2", "give-crown 3"]
    act(s, "give-crown 1")
    assert s.crown_seat == 1 and s.to_move() == [1]  # the holder keeps it and still pays the tribute
    act(s, "tribute-gold")
    assert s.gold[0] == 2 + 2 + 1


# ------------------------------------------------------------------ Abbot
def test_abbot_takes_one_gold_from_the_richest():
    s = start(4, {0: "abbot", 1: "thief", 2: "king", 3: "assassin"}, rank5="abbot",
              down="magician", up=["merchant", "architect"])
    give_city(s, 0, "temple")
    until(s, "abbot")
    set_gold(s, 2, 9)
    assert s.gold[1] > 0 and s.gold[3] > 0  # the others have gold to give too: only the richest may be levied
    assert "levy 2" in legal(s) and "levy 1" not in legal(s) and "levy 3" not in legal(s)
    act(s, "levy 2")
    assert s.gold[2] == 8
    act(s, "income")
    assert "levy 2" not in legal(s)


# ------------------------------------------------------------------ Alchemist
def test_alchemist_refund_seed_example():
    """Seed: with only 4 gold he cannot pay 4, take 4 back and pay for an 8; he builds a 4 and takes 4 back."""
    s = start(4, {0: "alchemist", 1: "thief", 2: "king", 3: "assassin"}, rank6="alchemist",
              down="magician", up=["bishop", "architect"], hands={0: ["castle", "palace", "harbor", "docks"]})
    until(s, "alchemist")
    act(s, "gold")
    set_gold(s, 0, 4)
    assert "build palace" not in legal(s)  # 5 > 4: no credit from the refund to come
    act(s, "build castle")
    # nothing is left to decide, so the turn ends and the 4 gold come back
    assert s.current_character != content.ALCHEMIST
    assert "Red (Alchemist) takes back 4 gold spent on building." in s.log_for(None)
    assert s.gold[0] == 4


def test_alchemist_does_not_get_the_tax_back():
    s = start(4, {0: "alchemist", 1: "tax-collector", 2: "king", 3: "assassin"}, rank6="alchemist",
              rank2="tax-collector", down="magician", up=["bishop", "architect"],
              hands={0: ["castle", "palace", "harbor", "docks"]})
    until(s, "alchemist")
    act(s, "gold")
    set_gold(s, 0, 4)
    act(s, "build castle")
    assert s.gold[0] == 3  # 4 back, 1 to the Tax Collector


# ------------------------------------------------------------------ Navigator
def test_navigator_four_gold_or_four_cards_and_no_building():
    s = start(4, {0: "navigator", 1: "thief", 2: "king", 3: "assassin"}, rank7="navigator",
              down="magician", up=["bishop", "merchant"])
    until(s, "navigator")
    act(s, "gold")
    assert "navigate-gold" in legal(s) and "navigate-cards" in legal(s)
    assert not any(a.startswith("build") for a in legal(s))
    act(s, "navigate-cards")
    draw(s, "castle", "palace", "docks", "manor")
    assert len(s.hands[0]) == 8


# ------------------------------------------------------------------ Diplomat
def test_diplomat_exchanges_a_district_paying_the_difference():
    s = start(4, {0: "diplomat", 1: "thief", 2: "king", 3: "assassin"}, rank8="diplomat",
              down="magician", up=["bishop", "architect"])
    give_city(s, 0, "temple", "prison")
    give_city(s, 3, "palace")
    until(s, "diplomat")
    act(s, "income")
    act(s, "gold")  # 5 gold
    before = s.gold[3]
    act(s, "exchange temple")
    assert "exchange-with 3 palace" in legal(s)
    act(s, "exchange-with 3 palace")
    assert "palace" in city(s, 0) and "temple" in city(s, 3)
    assert s.gold[0] == 5 - 4 and s.gold[3] == before + 4


# ------------------------------------------------------------------ Artist
def test_artist_beautifies_up_to_two_districts():
    s = start(4, {0: "artist", 1: "thief", 2: "king", 3: "assassin"}, rank9="artist",
              down="magician", up=["bishop", "architect"])
    give_city(s, 0, "temple", "manor", "docks")
    until(s, "artist")
    set_gold(s, 0, 5)  # gold for a third coin: only the limit of two can refuse it
    base = s.city_score(0)
    act(s, "beautify temple")
    assert "beautify temple" not in legal(s)  # one coin per district
    act(s, "beautify manor")
    assert not any(a.startswith("beautify") for a in legal(s))  # two at most
    assert s.gold[0] == 3 and s.city_score(0) == base + 2
    assert s.destroy_cost(0, content.DISTRICT_INDEX["manor"]) == 3


# ------------------------------------------------------------------ Queen
def test_queen_three_gold_beside_the_king_even_a_killed_one():
    s = start(4, {0: "queen", 1: "king", 2: "assassin", 3: "thief"}, rank9="queen",
              down="magician", up=["bishop", "architect", "merchant"])
    act(s, "kill king")
    until(s, "queen")
    assert s.gold[0] == 2 + 3


def test_queen_not_beside_the_king_gets_nothing():
    s = start(4, {0: "queen", 2: "king", 1: "assassin", 3: "thief"}, rank9="queen",
              down="magician", up=["bishop", "architect", "merchant"])
    until(s, "queen")
    assert s.gold[0] == 2
