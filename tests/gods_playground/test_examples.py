"""Every worked example of the seed, replayed with manual chance (dice chosen by the test)."""

from __future__ import annotations

from meeple import CHANCE

from .conftest import (BLUE, GREAT, LITHUANIA, LITTLE, OTTOMANS, PRUSSIA, RED, RUSSIA, SWEDES, TATARS,
                       UKRAINE, WHITE, act, blank, cubes, enemy_cubes, estate, roll, stop_before, turn)


def place_tokens(s, player, values):
    for area, v in enumerate(values):
        act(s, player, f"token {area} {v}")


def test_income_lithuania_3x2_plus_2_is_8():
    s = blank()
    estate(s, LITHUANIA, RED, RED, WHITE, BLUE)
    s.estates[LITHUANIA][0][1] = 1          # a land manager under the first red estate
    s.land_managers_left -= 1
    s.income_levels[LITHUANIA] = 3
    s.phase = 1
    s.income()
    assert s.money == [10 + 3, 10 + 3, 10 + 8]


def test_nobles_4_2_0_cubes_and_the_round_1_army_of_4_infantry_3_cavalry():
    s = blank()
    s.phase = 2
    s.nobles()
    assert sorted(s.to_move()) == [WHITE, BLUE, RED]
    # areas: Prussia, Lithuania, Ukraine, Little Poland, Great Poland, camp
    place_tokens(s, RED, [0, 4, 1, 2, 3, 5])
    place_tokens(s, BLUE, [0, 2, 1, 4, 5, 3])
    assert s.noble_cubes[LITHUANIA] == [0, 0, 0]          # nothing revealed before everyone placed
    place_tokens(s, WHITE, [1, 0, 2, 3, 4, 0])
    assert s.noble_cubes[LITHUANIA] == [0, 2, 4]          # white 0, blue 2, red 4
    assert s.king == RED                         # camp 5 beats 3 and 0
    assert s.camp_total == 8
    assert s.royal_army == [4, 3, 0]                  # 2+2 base, third column +2 inf +1 cav, no artillery
    assert s.to_move() == [CHANCE] and s.phase == 5


def test_events_2_2_4_6_in_round_1():
    s = blank()
    s.phase = 5
    s.events()
    roll(s, 2, 2, 4, 6)
    assert s.track_enemy_cubes == [0, 2, 0, 1, 0]
    assert s.strength(RUSSIA) == 3 + 2 == 5
    assert s.strength(OTTOMANS) == 4 + 1 == 5
    assert s.cossacks == [-1, -1]                    # a 6 does nothing outside round 2
    assert s.phase > 5


def test_lithuania_governor_takes_back_a_cube_and_sits_in_the_senate():
    s = blank()
    cubes(s, LITHUANIA, red=4, blue=2, white=0)
    s.phase = 6
    s.elections()
    assert s.noble_cubes[LITHUANIA] == [0, 2, 3]
    assert s.senate[LITHUANIA] == RED
    assert s.discs_in_hand[RED] == 15


def test_build_estates_example_slots_2_and_3():
    s = blank()
    estate(s, LITHUANIA, WHITE)
    cubes(s, LITHUANIA, red=2, blue=4)
    s.phase = 7
    s.build_estates()
    assert s.to_move() == [RED]                  # the king starts
    act(s, RED, "build 1")
    assert s.estates[LITHUANIA][1][0] == RED and s.noble_cubes[LITHUANIA][RED] == 1
    # white has no cubes and is skipped
    act(s, BLUE, "build 1")
    assert s.estates[LITHUANIA][2][0] == BLUE and s.noble_cubes[LITHUANIA][BLUE] == 3
    # red (1 cube left, a second estate costs 2) is skipped
    assert s.to_move() == [BLUE]
    act(s, BLUE, "build 1")                      # a second estate costs 2 cubes
    assert s.noble_cubes[LITHUANIA][BLUE] == 1 and len(s.estates[LITHUANIA]) == 4
    assert s.phase > 7 or s.to_move() != [BLUE]


def test_diplomacy_with_russia_costs_die_plus_2():
    s = blank()
    cubes(s, LITHUANIA, red=2)
    s.senate[UKRAINE] = RED
    s.discs_in_hand[RED] -= 1
    s.money[RED] = 12
    turn(s, "special", RED, 8)
    s.picks_left = []
    act(s, RED, "diplomacy 1")                   # Russia, named by its province Lithuania
    assert s.to_move() == [CHANCE]
    roll(s, 5)
    assert s.money[RED] == 12 - 7
    assert s.treaty == RUSSIA and s.noble_cubes[LITHUANIA][RED] == 1
    assert s.senate[UKRAINE] == -1 and s.discs_in_hand[RED] == 16


def test_confederation_blue_replaces_reds_estate_on_slot_2():
    s = blank(rnd=3)
    estate(s, GREAT, WHITE, RED, BLUE, RED)
    s.estates[GREAT][1][1] = 1                   # a land manager under red's slot-2 estate
    s.land_managers_left -= 1
    cubes(s, GREAT, blue=4, red=2)
    s.vp = [10, 3, 12]
    turn(s, "special", BLUE, 8)
    s.picks_left = []
    act(s, BLUE, "confederation 4 2")
    assert [slot[0] for slot in s.estates[GREAT]] == [WHITE, BLUE, BLUE, RED]
    assert s.estates[GREAT][1][1] == 0 and s.land_managers_left == 8      # the land manager returns
    assert s.noble_cubes[GREAT][BLUE] == 2 and s.discs_in_hand[RED] == 15 and s.discs_in_hand[BLUE] == 14
    s.check_invariants()


def test_three_army_purchases_cost_10_12_and_10():
    s = blank(rnd=2)
    cubes(s, UKRAINE, blue=1, white=1)
    cubes(s, LITTLE, red=1)
    enemy_cubes(s, LITTLE, OTTOMANS, 1)
    s.money = [12, 10, 10]
    turn(s, "recruit", BLUE, 9)
    act(s, BLUE, "recruit 2")
    for u in ("inf", "cav", "cav"):
        act(s, BLUE, f"buy {u}")
    assert s.money[BLUE] == 0
    turn(s, "recruit", WHITE, 9)
    act(s, WHITE, "recruit 2")
    for u in ("inf", "inf", "cav", "cossack", "cossack"):
        act(s, WHITE, f"buy {u}")
    assert s.money[WHITE] == 0 and s.cossacks == [WHITE, WHITE]
    turn(s, "recruit", RED, 9)
    act(s, RED, "recruit 3")                     # Ottoman cubes in Little Poland: half price
    for u in ("inf", "inf", "inf", "cav", "cav", "art"):
        act(s, RED, f"buy {u}")
    assert s.money[RED] == 0
    assert s.units[RED][LITTLE] == [3, 2, 1]


def test_campaign_sequence_little_poland_and_ukraine():
    s = blank(rnd=2)
    cubes(s, LITTLE, red=3)
    cubes(s, UKRAINE, blue=2, white=2)
    enemy_cubes(s, LITTLE, OTTOMANS, 1)
    s.units[RED][LITTLE] = [3, 2, 1]
    s.units_in_hand[RED] = [1, 1, 0]
    s.units[BLUE][UKRAINE] = [1, 0, 0]
    s.units_in_hand[BLUE] = [3, 3, 1]
    s.units[WHITE][UKRAINE] = [1, 0, 0]
    s.units_in_hand[WHITE] = [3, 3, 1]
    s.cossacks = [BLUE, WHITE]
    s.phase = 10
    s.campaigns()
    assert s.to_move() == [RED]
    act(s, RED, "campaign 3")
    # infantry 1 (routed), 4+1 hit (the province's Ottoman cube), 2+1 miss, cavalry 3+1 and 5+1 hit, artillery 2+1 miss
    roll(s, 1, 4, 2, 3, 5, 2)
    assert s.enemy_cubes[LITTLE][OTTOMANS] == 0
    assert s.track_nobles[OTTOMANS][RED] == 2
    assert s.units[RED][LITTLE] == [2, 2, 1] and s.units_in_hand[RED] == [2, 1, 0]
    assert s.noble_cubes[LITTLE][RED] == 2
    act(s, WHITE, "campaign 2")
    roll(s, 5, 1)                                # infantry hits, the Cossack rolls 1 and goes home
    assert s.track_nobles[TATARS][WHITE] == 1 and s.cossacks == [BLUE, -1]
    act(s, BLUE, "campaign 2")
    roll(s, 6, 4)                                # infantry and Cossack both hit
    assert s.track_nobles[TATARS][BLUE] == 2
    act(s, RED, "campaign 3")
    roll(s, 1, 5, 1, 4, 2)                       # loses an infantry and a cavalry, hits twice
    assert s.track_nobles[OTTOMANS][RED] == 4 and s.units[RED][LITTLE] == [1, 1, 1]
    act(s, WHITE, "pass")
    act(s, BLUE, "pass")
    act(s, RED, "campaign 3")                    # his third and last cube in Little Poland
    roll(s, 3, 3, 2)                             # one more hit (cavalry 3+1)
    assert s.track_nobles[OTTOMANS][RED] == 5 and s.noble_cubes[LITTLE][RED] == 0
    s.check_invariants()


def test_prussia_expansion_and_cancellation_in_lithuania():
    s = blank()
    cubes(s, PRUSSIA, white=2)
    enemy_cubes(s, PRUSSIA, SWEDES, 6)           # 4 more than the nobles
    cubes(s, UKRAINE, red=2)
    enemy_cubes(s, UKRAINE, RUSSIA, 5)           # 3 more than the nobles; Russia's arrow leads to Lithuania
    cubes(s, LITHUANIA, blue=4)
    s.units[BLUE][LITHUANIA] = [1, 1, 0]
    s.units_in_hand[BLUE] = [3, 2, 1]
    s.phase = 13
    stop_before(s, "estates_phase")
    s.enemies_expand()
    assert s.enemy_cubes[LITHUANIA][SWEDES] == 4          # first arrow: Lithuania, where blue must fight
    roll(s, 5, 2)                                # blue: one hit on the Swedes
    assert s.enemy_cubes[LITHUANIA][SWEDES] == 3
    assert s.enemy_cubes[GREAT][SWEDES] == 4              # second arrow: Great Poland (no army there)
    assert s.enemy_cubes[LITHUANIA][RUSSIA] == 3
    roll(s, 6, 3)                                # blue: one hit on the Russians
    assert s.phase == 14 and s.mode == "stopped"
    assert s.enemy_cubes[LITHUANIA] == [1, 0, 0, 0, 0]    # 2 Swedes and 2 Russians cancel
    assert s.invaded[LITHUANIA] and s.invaded[GREAT]
    s.check_invariants()


def test_estate_losses_prussia_3_lithuania_none_great_poland_1():
    s = blank()
    estate(s, PRUSSIA, WHITE, RED, BLUE, RED, WHITE)
    estate(s, LITHUANIA, BLUE, RED)
    estate(s, GREAT, RED, WHITE, BLUE)
    cubes(s, PRUSSIA, white=3)
    enemy_cubes(s, PRUSSIA, SWEDES, 6)
    cubes(s, LITHUANIA, blue=4)
    enemy_cubes(s, LITHUANIA, SWEDES, 1)
    cubes(s, GREAT, red=3)
    enemy_cubes(s, GREAT, SWEDES, 4)
    for i in (PRUSSIA, LITHUANIA, GREAT):
        s.invaded[i] = True
    s.phase = 14
    s.estates_phase()
    assert [slot[0] for slot in s.estates[PRUSSIA]] == [WHITE, RED]
    assert len(s.estates[LITHUANIA]) == 2
    assert [slot[0] for slot in s.estates[GREAT]] == [RED, WHITE]
    assert s.income_levels == [2, 2, 4, 4, 2]            # three occupied provinces -1, the peaceful two +1
    s.check_invariants()


def test_ottoman_5_vp_and_tatar_tie_1_5_rounds_down_to_1():
    s = blank()
    s.track_nobles[OTTOMANS] = [0, 1, 3]
    s.track_nobles[TATARS] = [2, 2, 0]
    s.cubes_in_hand = [18, 17, 17]
    s.money = [0, 0, 0]
    s.phase = 15
    s.victory_points()
    assert s.vp == [1, 1, 5]


def test_final_estates_3x3_plus_4_is_13():
    s = blank(rnd=4)
    estate(s, LITHUANIA, WHITE, BLUE, RED, RED)
    s.estates[LITHUANIA][2][2] = 1               # a city under red's slot-3 estate
    s.cities_left -= 1
    estate(s, LITTLE, BLUE, WHITE, BLUE, BLUE)   # blue: 1 + 3 + 4 ... plus Lithuania slot 2
    estate(s, PRUSSIA, WHITE)
    s.final_scoring()
    assert s.final_estate_vp[RED] == 3 * 3 + 4 == 13
    assert s.final_estate_vp[BLUE] == 2 + 1 + 3 + 4 == 10
    assert s.final_estate_vp[WHITE] == 1 + 2 + 1 == 4
    assert s.over and s.winners() == [RED]
