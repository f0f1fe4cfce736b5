"""The eight special actions of phase 8, each with its limits; rejected actions change nothing."""

from __future__ import annotations

import pytest

from meeple import Action, IllegalAction

from .conftest import (BLUE, GREAT, LITHUANIA, LITTLE, PRUSSIA, RED, RUSSIA, SWEDES,
                       UKRAINE, WHITE, act, blank, cubes, enemy_cubes, estate, roll, turn)


def special(s, player):
    turn(s, "special", player, 8)
    s.picks_left = [WHITE]          # one more pick follows, so the phase does not end under the test


def rejected(s, player, text, words):
    before = s.to_json()
    with pytest.raises(IllegalAction) as exc:
        s.apply(Action.parse(text), player)
    assert words in str(exc.value)
    assert s.to_json() == before


def names(s, player):
    return {str(a) for a in s.legal_actions(player)}


def test_land_manager_costs_a_cube_and_adds_2_income():
    s = blank()
    estate(s, UKRAINE, RED, BLUE)
    cubes(s, UKRAINE, red=1)
    special(s, RED)
    assert "land 2 1" in names(s, RED) and "land 2 2" not in names(s, RED)   # only under your own disc
    act(s, RED, "land 2 1")
    assert s.estates[UKRAINE][0] == [RED, 1, 0] and s.noble_cubes[UKRAINE][RED] == 0 and s.land_managers_left == 7
    s.money = [0, 0, 0]
    s.income_levels[UKRAINE] = 3
    s.income()
    assert s.money == [0, 3, 5]


def test_only_one_land_manager_per_estate():
    s = blank()
    estate(s, UKRAINE, RED)
    s.estates[UKRAINE][0][1] = 1
    s.land_managers_left -= 1
    cubes(s, UKRAINE, red=2)
    special(s, RED)
    assert not any(n.startswith("land") for n in names(s, RED))


def test_danzig_pays_twice_prussias_level_and_needs_a_cube_there():
    s = blank()
    s.income_levels[PRUSSIA] = 4
    special(s, BLUE)
    assert "danzig" not in names(s, BLUE)
    rejected(s, BLUE, "danzig", "illegal")
    cubes(s, PRUSSIA, blue=1)
    special(s, BLUE)
    act(s, BLUE, "danzig")
    assert s.money[BLUE] == 10 + 8 and s.noble_cubes[PRUSSIA][BLUE] == 0


def diplomat(rnd=1):
    s = blank(rnd=rnd)
    for prov in range(5):
        cubes(s, prov, red=2)
    s.senate[PRUSSIA] = RED
    s.discs_in_hand[RED] -= 1
    s.money[RED] = 20
    special(s, RED)
    return s


def test_diplomacy_limits_ottomans_habsburgs_once_per_round():
    s = diplomat(rnd=1)
    legal = names(s, RED)
    assert {"diplomacy 0", "diplomacy 1", "diplomacy 2"} <= legal       # enemies named by their province
    assert "diplomacy 3" not in legal and "diplomacy 4" not in legal
    rejected(s, RED, "diplomacy 3", "Ottomans")
    rejected(s, RED, "diplomacy 4", "Habsburgs")
    act(s, RED, "diplomacy 0")
    roll(s, 1)
    assert s.treaty == SWEDES and s.money[RED] == 17
    s.senate[LITHUANIA] = RED
    s.discs_in_hand[RED] -= 1
    special(s, RED)
    rejected(s, RED, "diplomacy 1", "once per round")


def test_diplomacy_with_habsburgs_only_in_round_4_unless_annexed():
    s = diplomat(rnd=4)
    assert "diplomacy 4" in names(s, RED)
    s.habsburgs_annexed = True
    s._legal_cache = {}
    rejected(s, RED, "diplomacy 4", "annexed")


def test_diplomacy_needs_a_senate_disc_but_no_money():
    s = diplomat()
    s.money[RED] = 0                             # "骰子结果加2就是议和的价钱": no money condition
    s._legal_cache = {}
    assert "diplomacy 1" in names(s, RED)
    s.senate[PRUSSIA] = -1
    s.discs_in_hand[RED] += 1
    s._legal_cache = {}
    rejected(s, RED, "diplomacy 1", "senate")


def test_diplomacy_beyond_the_purse_pays_all_by_default_and_the_treaty_holds():
    s = diplomat()
    s.money[RED] = 3
    s._legal_cache = {}
    act(s, RED, "diplomacy russia")              # by name: the enemy of Lithuania
    roll(s, 6)                                   # 8 złoty due, 3 in hand
    assert s.money[RED] == 0 and s.treaty == RUSSIA and s.diplomacy_used
    assert s.senate[PRUSSIA] == -1 and s.noble_cubes[LITHUANIA][RED] == 1
    s.check_invariants()


def test_diplomacy_shortfall_fail_option_spends_cube_and_disc_but_no_treaty():
    from meeple import CHANCE
    import meeple
    s2 = diplomat()
    s2.game = meeple.load("gods-playground", players=3, diplomacy_shortfall="fail")
    s2.money[RED] = 3
    s2._legal_cache = {}
    act(s2, RED, "diplomacy 1")
    assert s2.to_move() == [CHANCE]
    roll(s2, 6)
    assert s2.money[RED] == 3 and s2.treaty == -1 and s2.diplomacy_used
    assert s2.senate[PRUSSIA] == -1 and s2.noble_cubes[LITHUANIA][RED] == 1
    s2.check_invariants()


def test_diplomacy_lets_the_player_choose_which_senate_seat_to_give_up():
    s = diplomat()
    s.senate[GREAT] = RED
    s.discs_in_hand[RED] -= 1
    s._legal_cache = {}
    act(s, RED, "diplomacy 1")
    assert s.to_move() == [RED] and names(s, RED) == {"seat 0", "seat 4"}
    rejected(s, RED, "seat 1", "not yours")
    act(s, RED, "seat great poland")
    assert s.senate[GREAT] == -1 and s.senate[PRUSSIA] == RED
    roll(s, 1)
    assert s.money[RED] == 17 and s.treaty == RUSSIA


def test_no_campaign_against_a_treaty_enemy_track_but_its_cubes_in_the_province_may_be_fought():
    s = blank(rnd=2)
    cubes(s, LITHUANIA, blue=2)
    s.units[BLUE][LITHUANIA] = [1, 0, 0]
    s.units_in_hand[BLUE] = [3, 3, 1]
    s.treaty = RUSSIA
    turn(s, "campaign", BLUE, 10)
    assert "campaign 1" not in names(s, BLUE)
    enemy_cubes(s, LITHUANIA, RUSSIA, 1)
    s._legal_cache = {}
    assert "campaign 1" in names(s, BLUE)


def test_move_one_or_two_cubes():
    s = blank()
    cubes(s, PRUSSIA, white=2)
    special(s, WHITE)
    act(s, WHITE, "move 0 3")
    assert "done" in names(s, WHITE)
    act(s, WHITE, "move 0 4")
    assert s.noble_cubes[PRUSSIA][WHITE] == 0 and s.noble_cubes[LITTLE][WHITE] == 1 and s.noble_cubes[GREAT][WHITE] == 1
    s2 = blank()
    cubes(s2, PRUSSIA, white=2)
    special(s2, WHITE)
    act(s2, WHITE, "move 0 3")
    act(s2, WHITE, "done")
    assert s2.noble_cubes[PRUSSIA][WHITE] == 1


def test_liberum_veto_empties_the_senate():
    s = blank()
    s.senate = [RED, BLUE, WHITE, RED, -1]
    s.discs_in_hand = [15, 15, 14]
    cubes(s, UKRAINE, blue=1)
    special(s, BLUE)
    act(s, BLUE, "veto 2")
    assert s.senate == [-1] * 5 and s.discs_in_hand == [16, 16, 16] and s.noble_cubes[UKRAINE][BLUE] == 0


def confed_board(rnd=3):
    s = blank(rnd=rnd)
    estate(s, GREAT, RED, WHITE, RED)
    cubes(s, GREAT, blue=3, red=2, white=3)
    s.vp = [9, 2, 9]
    special(s, BLUE)
    return s


def test_confederation_only_in_rounds_3_and_4():
    s = confed_board(rnd=2)
    rejected(s, BLUE, "confederation 4 2", "rounds 3 and 4")


def test_confederation_only_for_the_single_last_player():
    s = confed_board()
    s.vp = [9, 2, 2]
    s._legal_cache = {}
    rejected(s, BLUE, "confederation 4 2", "single last")


def test_confederation_needs_more_cubes_than_the_victim():
    s = confed_board()
    assert "confederation 4 2" in names(s, BLUE)
    rejected(s, BLUE, "confederation 4 0", "more cubes")     # white has 3 as well


def test_confederation_needs_a_disc_in_hand():
    s = confed_board()
    s.discs_in_hand[BLUE] = 0
    s.senate = [BLUE] * 5
    s.estates[LITHUANIA] = [[BLUE, 0, 0]] * 8
    s.estates[LITTLE] = [[BLUE, 0, 0]] * 3
    s._legal_cache = {}
    s.check_invariants()
    rejected(s, BLUE, "confederation 4 2", "no family disc")


def test_confederation_city_protects_and_the_next_estate_is_taken():
    s = confed_board()
    s.estates[GREAT][0][2] = 1
    s.cities_left -= 1
    act(s, BLUE, "confederation 4 2")
    assert [slot[0] for slot in s.estates[GREAT]] == [RED, WHITE, BLUE]
    s.check_invariants()


def test_jesuit_schools_from_round_2_one_vp_per_province():
    s = blank(rnd=1)
    cubes(s, UKRAINE, white=2)
    special(s, WHITE)
    rejected(s, WHITE, "jesuit 2", "round 2")
    s = blank(rnd=2)
    cubes(s, UKRAINE, white=2)
    cubes(s, PRUSSIA, white=1)
    special(s, WHITE)
    act(s, WHITE, "jesuit 2")
    assert s.vp[WHITE] == 1 and s.money[WHITE] == 8 and s.noble_cubes[UKRAINE][WHITE] == 1
    rejected(s, WHITE, "jesuit 2", "one cube per province")
    act(s, WHITE, "done")
    assert s.vp[WHITE] == 1


def test_jesuit_schools_in_all_five_provinces_for_10_zloty_is_7_vp():
    s = blank(rnd=2)
    for prov in range(5):
        cubes(s, prov, white=1)
    special(s, WHITE)
    for prov in range(5):
        act(s, WHITE, f"jesuit {prov}")
    assert s.vp[WHITE] == 7 and s.money[WHITE] == 0


def test_new_city_from_round_3_once_per_round_and_it_triples_the_estate():
    s = blank(rnd=2)
    estate(s, LITHUANIA, RED, RED)
    cubes(s, LITHUANIA, red=4)
    special(s, RED)
    rejected(s, RED, "city 1 2", "round 3")
    s.round = 3
    s._legal_cache = {}
    act(s, RED, "city 1 2")
    assert s.estates[LITHUANIA][1][2] == 1 and s.noble_cubes[LITHUANIA][RED] == 2 and s.city_used
    special(s, RED)
    rejected(s, RED, "city 1 1", "once per round")
    s.final_scoring()
    assert s.final_estate_vp[RED] == 1 + 2 * 3


def test_a_player_may_take_no_special_action_and_two_rounds_of_picks_run_from_the_king():
    s = blank(king=BLUE)
    s.phase = 8
    s.special_actions()
    order = []
    while s.phase == 8 and s.mode == "special":
        p = s.to_move()[0]
        order.append(p)
        act(s, p, "pass")
    assert order == [BLUE, RED, WHITE, BLUE, RED, WHITE]


def test_unaffordable_purchase_and_artillery_in_round_1_are_rejected():
    s = blank(rnd=1)
    cubes(s, UKRAINE, red=1)
    s.money[RED] = 3
    turn(s, "recruit", RED, 9)
    act(s, RED, "recruit 2")
    rejected(s, RED, "buy cav", "costs 4")
    rejected(s, RED, "buy art", "round 2")
    act(s, RED, "buy inf")
    assert s.money[RED] == 1


def test_unhired_cossacks_join_the_tatars_and_add_strength():
    s = blank(rnd=1)
    s.phase = 10
    s.campaigns()
    assert s.cossacks == [-2, -2]
    assert s.strength(2) == 5 + 2
