"""Issue 17: the rulebook's readings of phase 9's turns, the senate seat a player gives up, expansion by
all enemy cubes, province names in action text and the setup label."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import meeple
from meeple import CHANCE, Action, IllegalAction

from .conftest import (BLUE, GREAT, LITHUANIA, LITTLE, PRUSSIA, RED, RUSSIA, SWEDES, UKRAINE, WHITE,
                       act, blank, cubes, enemy_cubes, new, roll, stop_before, turn)


def names(s, player):
    return {str(a) for a in s.legal_actions(player)}


def recruiting(option: str | None):
    s = blank()
    if option:
        s.game = meeple.load("gods-playground", players=3, recruit_turns=option)
    cubes(s, UKRAINE, blue=2)
    cubes(s, LITHUANIA, blue=1)
    s.money[BLUE] = 20
    s.phase = 9
    stop_before(s, "campaigns")
    s.buy_armies()
    assert s.to_move() == [BLUE]
    act(s, BLUE, "recruit ukraine")
    act(s, BLUE, "buy inf")
    act(s, BLUE, "done")
    return s


def test_buy_armies_one_province_per_family_by_default():
    s = recruiting(None)                         # "每人轮流选择任意1个省区进行雇佣军队"
    assert s.phase == 10 and s.units[BLUE][UKRAINE] == [1, 0, 0] and s.noble_cubes[LITHUANIA][BLUE] == 1


def test_buy_armies_repeat_option_lets_turns_go_round():
    s = recruiting("repeat")
    assert s.phase == 9 and s.to_move() == [BLUE]
    assert "recruit 1" in names(s, BLUE)


def test_the_royal_army_in_a_campaign_costs_the_senate_seat_the_player_chooses():
    s = blank()
    s.senate = [-1, RED, -1, RED, -1]
    s.discs_in_hand[RED] -= 2
    s.royal_army = [2, 2, 0]
    turn(s, "campaign", RED, 10)
    stop_before(s, "enemies_attack")
    act(s, RED, "royal 2")
    assert s.to_move() == [RED] and names(s, RED) == {"seat 1", "seat 3"}
    with pytest.raises(IllegalAction):
        s.apply(Action("seat", (0,)), RED)
    act(s, RED, "seat 3")
    assert s.senate == [-1, RED, -1, -1, -1] and s.to_move() == [CHANCE] and s.battle["side"] == -1
    s.check_invariants()


def test_the_paid_royal_battle_of_phase_12_costs_the_chosen_seat():
    s = blank()
    s.senate = [BLUE, -1, BLUE, -1, -1]
    s.discs_in_hand[BLUE] -= 2
    s.royal_army = [1, 0, 0]
    enemy_cubes(s, UKRAINE, 2, 2)
    turn(s, "fight", BLUE, 12)
    s.step = {}
    stop_before(s, "enemies_expand")
    act(s, BLUE, "royal 2")
    act(s, BLUE, "seat 0")
    assert s.senate == [-1, -1, BLUE, -1, -1]
    roll(s, 5)
    assert s.enemy_cubes[UKRAINE][2] == 1


def test_a_single_senate_seat_goes_without_asking():
    s = blank()
    s.senate = [-1, -1, -1, WHITE, -1]
    s.discs_in_hand[WHITE] -= 1
    s.royal_army = [1, 0, 0]
    turn(s, "campaign", WHITE, 10)
    stop_before(s, "enemies_attack")
    act(s, WHITE, "royal 0")
    assert s.to_move() == [CHANCE] and s.senate[LITTLE] == -1


def test_expansion_compares_all_enemy_cubes_with_all_nobles():
    s = blank()
    cubes(s, PRUSSIA, red=3)
    enemy_cubes(s, PRUSSIA, SWEDES, 2)           # the Swedes alone do not outnumber the 3 nobles,
    enemy_cubes(s, PRUSSIA, RUSSIA, 3)           # but all 5 enemy cubes do, by 2
    s.phase = 13
    s.enemies_expand()
    assert s.enemy_cubes[LITHUANIA][SWEDES] == 2 and s.enemy_cubes[GREAT][SWEDES] == 2
    assert s.enemy_cubes[PRUSSIA] == [0, 1, 0, 0, 0]      # then Swedes and Russians cancel 2 for 2
    s.check_invariants()


def test_an_enemy_without_cubes_in_a_province_does_not_spread_from_it():
    s = blank()
    enemy_cubes(s, LITHUANIA, SWEDES, 4)         # Russia's arrows leave Lithuania, but no Russian is there
    s.phase = 13
    s.enemies_expand()
    assert s.enemy_cubes[PRUSSIA][RUSSIA] == 0 and s.enemy_cubes[UKRAINE][RUSSIA] == 0


def test_names_stand_for_numbers_in_action_text():
    s = new()
    s.apply(Action("start", (BLUE,)), CHANCE)
    assert s.parse_action("estate prussia", BLUE) == Action("estate", (PRUSSIA,))
    assert s.parse_action("Estate Little Poland", BLUE) == Action("estate", (LITTLE,))
    assert s.parse_action("estate great-poland", BLUE) == Action("estate", (GREAT,))


def test_setup_is_never_called_phase_0():
    s = new()
    s.apply(Action("start", (WHITE,)), CHANCE)
    obs = s.observation(WHITE)
    assert obs["phase"] == 0 and obs["phase_name"] == "setup"
    from meeple.games.gods_playground.view import render
    out = io.StringIO()
    Console(file=out, width=200).print(render(s, WHITE))
    text = out.getvalue()
    assert "setup" in text and "phase 0" not in text and "()" not in text
    assert not any("phase 0" in line for line in s.log_for(WHITE))
