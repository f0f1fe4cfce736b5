"""The round structure: tokens per round, hidden placements, dice rules, invasions, fighting back,
expansion, clean-up, the Habsburg annexation and whole games."""

from __future__ import annotations

import pytest

from meeple import CHANCE, Action, IllegalAction
from meeple.core import Rng

from .conftest import (BLUE, HABSBURGS, LITHUANIA, LITTLE, OTTOMANS, PRUSSIA, RED, RUSSIA, SWEDES,
                       TATARS, UKRAINE, WHITE, act, blank, cubes, enemy_cubes, new, roll, stop_before, turn)


def test_setup_start_player_by_die_then_three_estates_each_in_turn():
    s = new()
    assert s.to_move() == [CHANCE]
    s.apply(Action("start", (BLUE,)), CHANCE)
    order = []
    for k in range(9):
        p = s.to_move()[0]
        order.append(p)
        act(s, p, "estate 1" if k < 8 else "estate 2")   # Lithuania has 8 slots
    assert order == [BLUE, RED, WHITE] * 3
    assert [slot[0] for slot in s.estates[LITHUANIA]] == [BLUE, RED, WHITE] * 2 + [BLUE, RED]
    assert s.estates[UKRAINE] == [[WHITE, 0, 0]]
    assert s.money == [10 + 9, 10 + 9, 10 + 9]    # round 1 income: 3 estates at level 3
    assert sorted(s.to_move()) == [WHITE, BLUE, RED] and s.mode == "token"


def test_a_full_estate_track_is_not_offered():
    s = new()
    s.apply(Action("start", (WHITE,)), CHANCE)
    for _ in range(6):
        act(s, s.to_move()[0], "estate 0")     # Prussia has 6 slots
    assert "estate 0" not in {str(a) for a in s.legal_actions(s.to_move()[0])}


def token_phase(rnd=1):
    s = blank(rnd=rnd)
    stop_before(s, "electing_the_king")
    s.phase = 2
    s.nobles()
    return s


def test_one_token_per_area_and_placing_twice_is_illegal():
    s = token_phase()
    act(s, RED, "token 1 5")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="already placed"):
        s.apply(Action("token", (1, 4)), RED)
    assert s.to_json() == before


def test_tokens_are_hidden_until_all_have_placed_and_determinize_keeps_my_view():
    s = token_phase()
    act(s, RED, "token 1 5")
    act(s, BLUE, "token 1 3")
    obs = s.observation(BLUE)
    assert obs["tokens_placed"][RED] == [0, 1, 0, 0, 0, 0]
    assert obs["tokens_placed"][BLUE][1] == 3
    assert "5" not in " ".join(s.log_for(BLUE)[-3:])
    for seed in range(5):
        d = s.determinize(BLUE, seed)
        assert d.observation(BLUE) == obs
        assert d.legal_actions(BLUE) == s.legal_actions(BLUE)


def place_all(s, values_by_player):
    for p, values in values_by_player.items():
        for area, v in enumerate(values):
            act(s, p, f"token {area} {v}")


def test_round_1_and_2_share_the_12_tokens_and_round_3_gets_all_back():
    s = token_phase(rnd=1)
    place_all(s, {p: [0, 1, 2, 3, 4, 5] for p in (WHITE, BLUE, RED)})
    assert s.tokens_in_hand[RED] == [0, 1, 2, 3, 4, 5]
    s.round = 2
    s.phase = 2
    s.nobles()
    s.position_changed()
    assert {str(a).split()[2] for a in s.legal_actions(RED)} == {"0", "1", "2", "3", "4", "5"}
    act(s, RED, "token 0 5")
    with pytest.raises(IllegalAction, match="no token 5"):
        s.apply(Action("token", (1, 5)), RED)
    s = token_phase(rnd=3)
    assert s.tokens_in_hand[RED] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_cubes_are_limited_by_the_supply():
    s = token_phase()
    s.cubes_in_hand[RED] = 3
    s.noble_cubes[PRUSSIA][RED] = 17
    place_all(s, {p: [0, 5, 4, 3, 2, 1] for p in (WHITE, BLUE, RED)})
    assert s.noble_cubes[LITHUANIA][RED] == 3 and s.cubes_in_hand[RED] == 0
    s.check_invariants()


def test_round_2_army_table_adds_artillery():
    s = blank(rnd=2)
    stop_before(s, "events")
    s.tokens_shown = [[0, 0, 0, 0, 0, c] for c in (5, 4, 3)]   # total 12: fourth column
    s.phase = 4
    s.polish_army()
    assert s.royal_army == [4, 4, 1]


def test_round_2_sixes_send_cossacks_to_the_tatars():
    s = blank(rnd=2)
    stop_before(s, "elections")
    s.phase = 5
    s.events()
    roll(s, 6, 3, 6, 6)
    assert s.cossacks == [-2, -2] and s.track_enemy_cubes[TATARS] == 1
    assert s.strength(TATARS) == 7 + 1 + 2


def attack(s, dice):
    stop_before(s, "poland_fights_back")
    s.phase = 11
    s.enemies_attack()
    roll(s, *dice)


def test_round_2_attack_six_takes_a_hired_cossack_first():
    s = blank(rnd=2)
    s.cossacks = [-1, BLUE]
    attack(s, [6, 1, 1, 1])
    assert s.cossacks == [-1, -2]


def test_two_dice_break_a_treaty_and_one_die_does_not():
    s = blank(rnd=1)
    s.treaty = RUSSIA
    s.track_royal_cubes = [3, 3, 0, 3, 3]
    s.track_nobles[TATARS] = [2, 2, 2]
    s.cubes_in_hand = [18, 18, 18]
    s.royal_army = [0, 0, 0]
    attack(s, [2, 5, 6, 6])
    assert s.treaty == RUSSIA and s.track_enemy_cubes[RUSSIA] == 0 and s.enemy_cubes[LITHUANIA][RUSSIA] == 0
    s = blank(rnd=1)
    s.treaty = RUSSIA
    s.track_royal_cubes = [3, 2, 0, 3, 3]
    s.track_nobles[TATARS] = [2, 2, 2]
    s.cubes_in_hand = [18, 18, 18]
    attack(s, [2, 2, 6, 6])
    assert s.treaty == -1 and s.track_enemy_cubes[RUSSIA] == 0
    assert s.enemy_cubes[LITHUANIA][RUSSIA] == 3           # strength 3 > 2 royal cubes: invasion


def test_invasion_moves_the_whole_strength_and_defenders_fight_once_in_die_order():
    s = blank(rnd=1)
    s.track_royal_cubes = [3, 3, 0, 4, 2]
    s.track_nobles[TATARS] = [2, 2, 0]
    s.cubes_in_hand = [18, 18, 20]
    cubes(s, UKRAINE, white=1, blue=1)
    s.units[WHITE][UKRAINE] = [1, 0, 0]
    s.units[BLUE][UKRAINE] = [0, 1, 0]
    s.units_in_hand[WHITE] = [3, 3, 1]
    s.units_in_hand[BLUE] = [4, 2, 1]
    s.king = BLUE
    attack(s, [3, 3, 6, 6])                       # Tatars 5 + 2 cubes = 7 > 4
    assert s.enemy_cubes[UKRAINE][TATARS] == 7 and s.track_enemy_cubes[TATARS] == 0 and s.invaded[UKRAINE]
    roll(s, 4)                                    # blue (king) first: cavalry hits
    roll(s, 5)                                    # then white: infantry hits
    assert s.enemy_cubes[UKRAINE][TATARS] == 5
    assert s.mode == "stopped"


def test_poland_fights_back_king_free_then_senate_discs():
    s = blank(rnd=1)
    stop_before(s, "enemies_expand")
    enemy_cubes(s, UKRAINE, TATARS, 3)
    s.royal_army = [1, 0, 0]
    s.senate = [WHITE, -1, -1, -1, -1]
    s.discs_in_hand[WHITE] -= 1
    s.phase = 12
    s.poland_fights_back()
    assert s.to_move() == [RED]
    act(s, RED, "royal 2")
    roll(s, 5)
    assert s.enemy_cubes[UKRAINE][TATARS] == 2
    assert s.to_move() == [WHITE]                 # only white has a senate disc
    act(s, WHITE, "royal 2")
    assert s.senate[PRUSSIA] == -1
    roll(s, 1)                                    # the royal infantry routs: nothing left to lead
    assert s.royal_army == [0, 0, 0] and s.mode == "stopped"


def test_royal_army_campaign_costs_a_senate_disc_and_places_royal_cubes():
    s = blank(rnd=1)
    s.royal_army = [2, 0, 0]
    s.senate = [-1, BLUE, -1, -1, -1]
    s.discs_in_hand[BLUE] -= 1
    turn(s, "campaign", BLUE, 10)
    act(s, BLUE, "royal 3")
    roll(s, 6, 5)
    assert s.track_royal_cubes[OTTOMANS] == 2 and s.senate[LITHUANIA] == -1


def test_clean_up_trims_enemies_to_the_nobles_and_clears_the_round():
    s = blank(rnd=1)
    stop_before(s, "income")
    cubes(s, PRUSSIA, white=2)
    enemy_cubes(s, PRUSSIA, SWEDES, 5)
    s.track_nobles[TATARS] = [1, 0, 0]
    s.cubes_in_hand[WHITE] -= 1
    s.track_enemy_cubes[RUSSIA] = 2
    s.enemy_supply[RUSSIA] -= 2
    s.senate = [RED, -1, -1, -1, -1]
    s.discs_in_hand[RED] -= 1
    s.units[BLUE][UKRAINE] = [1, 0, 0]
    s.units_in_hand[BLUE] = [3, 3, 1]
    s.treaty = SWEDES
    s.phase = 16
    s.end_of_round()
    assert s.enemy_cubes[PRUSSIA][SWEDES] == 2 and s.noble_cubes[PRUSSIA][WHITE] == 2
    assert s.track_nobles[TATARS] == [0, 0, 0] and s.track_enemy_cubes == [0] * 5 and s.senate == [-1] * 5
    assert s.units_in_hand[BLUE] == [4, 3, 1] and s.treaty == -1 and s.round == 2
    s.check_invariants()


def test_peaceful_province_with_old_cubes_equal_to_the_nobles_gains_a_level_and_loses_no_estate():
    s = blank()
    from .conftest import estate
    estate(s, PRUSSIA, RED, BLUE)
    cubes(s, PRUSSIA, red=1)
    enemy_cubes(s, PRUSSIA, SWEDES, 1)            # left from an earlier round, nothing new came
    s.phase = 14
    s.estates_phase()
    assert s.income_levels[PRUSSIA] == 4                  # "视为和平"
    assert s.estates[PRUSSIA] == [[RED, 0, 0], [BLUE, 0, 0]]


def test_peaceful_province_still_loses_estates_to_old_cubes_that_outnumber_the_nobles():
    s = blank()
    from .conftest import estate
    estate(s, PRUSSIA, RED, BLUE, WHITE)
    cubes(s, PRUSSIA, red=1)
    enemy_cubes(s, PRUSSIA, SWEDES, 3)            # old cubes; red took cubes back this round
    s.phase = 14
    s.estates_phase()
    assert s.income_levels[PRUSSIA] == 4 and s.estates[PRUSSIA] == [[RED, 0, 0]]


def test_new_enemy_cubes_equal_to_the_nobles_still_cost_one_estate():
    s = blank()
    from .conftest import estate
    estate(s, PRUSSIA, RED, BLUE)
    cubes(s, PRUSSIA, red=1)
    enemy_cubes(s, PRUSSIA, SWEDES, 1)
    s.invaded[PRUSSIA] = True                         # they came this round
    s.phase = 14
    s.estates_phase()
    assert s.income_levels[PRUSSIA] == 2 and s.estates[PRUSSIA] == [[RED, 0, 0]]


def test_no_estate_is_lost_where_the_nobles_outnumber_the_enemies():
    s = blank()
    from .conftest import estate
    estate(s, PRUSSIA, RED, BLUE)
    cubes(s, PRUSSIA, red=2)
    enemy_cubes(s, PRUSSIA, SWEDES, 1)
    s.invaded[PRUSSIA] = True
    s.phase = 14
    s.estates_phase()
    assert len(s.estates[PRUSSIA]) == 2 and s.income_levels[PRUSSIA] == 2


def test_repelled_invasion_keeps_the_level():
    s = blank()
    s.invaded[UKRAINE] = True
    s.phase = 14
    s.estates_phase()
    assert s.income_levels[UKRAINE] == 3


def test_habsburgs_are_annexed_when_the_ottomans_invade_in_round_3():
    s = blank(rnd=3)
    stop_before(s, "income")
    s.ottomans_invaded = True
    s.phase = 16
    s.end_of_round()
    assert s.habsburgs_annexed and s.round == 4
    assert s.strength(HABSBURGS) == s.strength(OTTOMANS) - s.track_enemy_cubes[OTTOMANS]
    s2 = blank(rnd=2)
    stop_before(s2, "income")
    s2.ottomans_invaded = True
    s2.phase = 16
    s2.end_of_round()
    assert not s2.habsburgs_annexed


@pytest.mark.parametrize("seed", range(3))
def test_random_manual_game_ends_with_invariants(seed):
    s = new(seed)
    rng = Rng(seed)
    while s.to_move():
        movers = s.to_move()
        p = movers[rng.randbelow(len(movers))]
        legal = s.legal_actions(p)
        s.apply(legal[rng.randbelow(len(legal))], p)
        s.check_invariants()
    assert s.round == 4 and s.over and s.winners()
    assert sum(s.final_estate_vp) > 0


def test_garbage_actions_are_rejected_with_a_reason_and_change_nothing():
    names = sorted(new().ACTION_NAMES) + ["foo"]
    argsets = [(), (0,), (5,), (-1,), (99,), ("x",), (1, 2), (0, 0), (2, 9), ("inf",), ("art",), (3, 1, 2)]
    s = new(seed=3, chance="auto")
    rng = Rng(3)
    step = 0
    while s.to_move():
        movers = s.to_move()
        p = movers[rng.randbelow(len(movers))]
        if step % 15 == 0:
            before = s.to_json()
            for n in names:
                for args in argsets:
                    action = Action(n, args)
                    if action in s.legal_actions(p):
                        continue
                    with pytest.raises(IllegalAction) as exc:
                        s.apply(action, p)
                    assert str(exc.value)
                    assert s.describe(action, p)
            assert s.to_json() == before
        legal = s.legal_actions(p)
        s.apply(legal[rng.randbelow(len(legal))], p)
        step += 1


def test_lost_estates_return_their_land_manager_and_city():
    from .conftest import estate
    s = blank()
    estate(s, UKRAINE, RED, BLUE)
    s.estates[UKRAINE][1][1] = 1
    s.estates[UKRAINE][1][2] = 1
    s.land_managers_left -= 1
    s.cities_left -= 1
    enemy_cubes(s, UKRAINE, TATARS, 1)
    s.invaded[UKRAINE] = True
    s.phase = 14
    s.estates_phase()
    assert s.estates[UKRAINE] == [[RED, 0, 0]]
    assert s.land_managers_left == 8 and s.cities_left == 4 and s.discs_in_hand[BLUE] == 16
    assert s.income_levels[UKRAINE] == 2
    s.check_invariants()


def test_income_levels_stay_between_1_and_5():
    s = blank()
    s.income_levels = [5, 1, 3, 3, 3]
    enemy_cubes(s, LITHUANIA, RUSSIA, 1)
    s.invaded[LITHUANIA] = True
    s.phase = 14
    s.estates_phase()
    assert s.income_levels[0] == 5 and s.income_levels[1] == 1


def test_cossacks_cost_half_where_enemies_stand_and_fight_in_defence():
    s = blank(rnd=1)
    cubes(s, UKRAINE, blue=1)
    enemy_cubes(s, UKRAINE, TATARS, 2)
    s.money[BLUE] = 2
    turn(s, "recruit", BLUE, 9)
    act(s, BLUE, "recruit 2")
    act(s, BLUE, "buy cossack")
    act(s, BLUE, "buy cossack")
    assert s.money[BLUE] == 0 and s.cossacks == [BLUE, BLUE]
    assert s._army_in(BLUE, UKRAINE) == 2


def test_artillery_adds_one_to_every_die_but_a_one_still_routs():
    s = blank(rnd=2)
    cubes(s, LITTLE, red=1)
    s.units[RED][LITTLE] = [1, 0, 1]
    s.units_in_hand[RED] = [3, 3, 0]
    turn(s, "campaign", RED, 10)
    stop_before(s, "enemies_attack")
    act(s, RED, "campaign 3")
    roll(s, 4, 1)                                 # infantry 4+1 hits; the artillery rolls 1: routed
    assert s.track_nobles[OTTOMANS][RED] == 1 and s.units_in_hand[RED] == [3, 3, 1]


def test_cavalry_hits_on_4_infantry_needs_5_without_artillery():
    s = blank(rnd=1)
    cubes(s, PRUSSIA, white=1)
    s.units[WHITE][PRUSSIA] = [1, 1, 0]
    s.units_in_hand[WHITE] = [3, 2, 1]
    turn(s, "campaign", WHITE, 10)
    stop_before(s, "enemies_attack")
    act(s, WHITE, "campaign 0")
    roll(s, 4, 4)
    assert s.track_nobles[SWEDES][WHITE] == 1


def test_a_family_with_every_cube_on_the_board_may_still_campaign_on_the_track():
    s = blank(rnd=1)
    cubes(s, PRUSSIA, white=20)
    s.units[WHITE][PRUSSIA] = [1, 0, 0]
    s.units_in_hand[WHITE] = [3, 3, 1]
    s.phase = 10
    stop_before(s, "enemies_attack")
    s.campaigns()
    assert s.to_move() == [WHITE]
    act(s, WHITE, "campaign 0")
    roll(s, 6)
    assert s.track_nobles[SWEDES][WHITE] == 1 and s.noble_cubes[PRUSSIA][WHITE] == 19 and s.cubes_in_hand[WHITE] == 0
