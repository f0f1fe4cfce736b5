"""Every one of the 20 buildings, building rules (row order, costs), winter battles and the end."""

from __future__ import annotations

import pytest
from .helpers import CHANCE, act, give, jump, legal, new, roll, spring, take_aid, tasks

import meeple
from meeple.games.kingsburg import content as C


def at_build(players=2, p=0, res=(0, 0, 0), *owned):
    s = new(players)
    take_aid(s)
    s.resources[p] = list(res)
    give(s, p, *owned)
    tasks(s, ["build", p])
    return s


# ---------------------------------------------------------------- building rules
def test_costs_and_vp_of_the_grid():
    assert C.BUILDING_COST[C.BUILDING_INDEX["inn"]] == (1, 1, 0)  # 例：支付1金1木即可建起酒館Inn
    assert sum(C.BUILDING_VP) == 3 + 5 + 7 + 9 + 0 + 1 + 2 + 4 + 1 + 2 + 4 + 6 + 0 + 2 + 2 + 4 + 0 + 1 + 2 + 4
    s = at_build(2, 0, (1, 1, 0))
    act(s, "build inn")
    assert s.resources[0] == [0, 0, 0] and s.vp[0] == 0 and s.buildings_owned[0] == 1 << C.INN


def test_rows_are_built_from_level_one_up():
    s = at_build(2, 0, (9, 9, 9))
    assert legal(s) == ["build statue", "build inn", "build tower", "build palisade", "build barricade", "pass"]
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction, match="build the Statue first"):
        s.apply(meeple.Action("build", ("chapel",)), 0)
    assert s.to_json() == before


def test_an_unaffordable_building_is_refused_with_its_cost():
    s = at_build(2, 0, (1, 1, 0))
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction, match="costs 2 gold"):
        s.apply(meeple.Action("build", ("statue",)), 0)
    assert s.to_json() == before


def test_building_vp_is_scored():
    s = at_build(2, 0, (5, 0, 3), "statue", "chapel", "church")
    act(s, "build cathedral")
    assert s.vp[0] == 9


def test_seventeen_building_tokens_at_most():
    s = new(2)
    take_aid(s)
    s.buildings_owned[0] = (1 << 20) - 1 - (1 << 3) - (1 << 7) - (1 << 11)  # 17 buildings
    s.resources[0] = [9, 9, 9]
    assert s.buildable(0) == []


# ---------------------------------------------------------------- production buildings
def test_statue_rerolls_one_die_when_all_show_the_same():
    s = new(2)
    take_aid(s)
    give(s, 0, "statue")
    jump(s, "spring")  # the season's reroll steps are set up for owners when the season starts
    roll(s, "2 2 2", "6 5 4")
    assert s.to_move() == [0] and legal(s) == ["statue", "keep"]
    act(s, "statue")
    assert len(s.chance_outcomes()) == 6
    act(s, "roll 5", CHANCE)
    assert s.unplaced_dice[0] == [5, 2, 2]
    assert s.turn_order == [0, 1]


def test_statue_only_for_equal_dice():
    s = new(2)
    take_aid(s)
    give(s, 0, "statue")
    jump(s, "spring")
    roll(s, "2 2 1", "6 5 4")
    assert s.tasks[0]["kind"] == "place"


def test_chapel_rerolls_all_dice_when_the_total_is_seven_or_less():
    s = new(2)
    take_aid(s)
    give(s, 0, "statue", "chapel")
    jump(s, "spring")
    roll(s, "3 2 2", "6 5 4")
    assert legal(s) == ["chapel", "keep"]
    act(s, "chapel")
    act(s, "roll 6 6 5", CHANCE)
    assert s.unplaced_dice[0] == [6, 6, 5]
    assert s.turn_order == [1, 0]  # order is set after rerolls


def test_chapel_not_above_seven():
    s = new(2)
    take_aid(s)
    give(s, 0, "statue", "chapel")
    jump(s, "spring")
    roll(s, "4 2 2", "6 5 4")
    assert s.tasks[0]["kind"] == "place"


def test_market_changes_one_handful_by_one_once_a_season():
    s = new(2)
    take_aid(s)
    give(s, 0, "inn", "market")
    roll(s, "6 6 4", "6 6 6")
    options = legal(s)
    assert "place 5" in options and "place 3" in options and "place 17" in options
    act(s, "place 5")
    assert legal(s) == ["use 4 m+1", "use 6 m-1"]
    act(s, "use 4 m+1")
    assert s.market_used[0]
    act(s, "place 18")  # Blue
    assert "place 11" not in legal(s)  # 6+6-1 needs the Market again
    assert "place 12" in legal(s)


def test_farms_let_you_roll_a_white_die_every_season_and_cost_one_defence():
    # 每個季節生產時，玩家可多擲1顆白色骰子: "may" roll it, asked before the dice are rolled
    s = new(2)
    take_aid(s)
    give(s, 0, "inn", "market", "farms")
    for season in ("spring", "summer", "autumn"):
        jump(s, season)
        assert s.to_move() == [0] and legal(s) == ["white 1", "white 0"]
        act(s, "white 1")
        roll(s, "1 1 1 1", "6 5 4")
        assert s.unplaced_dice[0] == [1, 1, 1, 1]
    jump(s, "autumn")
    act(s, "white 0")
    assert len(s.chance_outcomes()) == 56  # declined: 3 dice
    roll(s, "2 1 1", "6 5 4")
    assert s.unplaced_dice[0] == [2, 1, 1]
    assert s.defence(0, "orcs") == -1


def test_farms_and_the_kings_aid_offer_two_white_dice_in_spring():
    s = new(2)
    take_aid(s)
    give(s, 0, "inn", "market", "farms")
    give(s, 1, "inn", "market", "farms", "palisade")
    jump(s, "aid")
    assert s.aid_die_holder == 0
    assert s.to_move() == [0] and legal(s) == ["white 2", "white 1", "white 0"]
    act(s, "white 2")
    assert s.to_move() == [1] and legal(s) == ["white 1", "white 0"]  # Blue: the Farms only
    act(s, "white 0")
    assert len(s.chance_outcomes()) == 252  # Red: 5 dice
    roll(s, "6 5 4 3 2", "1 1 1")
    assert s.unplaced_dice == [[6, 5, 4, 3, 2], [1, 1, 1]]
    assert s.turn_order == [1, 0]


def test_merchants_guild_gives_a_gold_each_season():
    s = new(2)
    take_aid(s)
    give(s, 0, "inn", "market", "farms", "guild")
    s.resources[0] = [0, 0, 0]
    tasks(s, ["collect"])
    assert s.resources[0] == [1, 0, 0]


def test_inn_gives_a_plus2_after_summer_even_when_built_that_summer():
    s = new(2)
    take_aid(s)
    s.season_index = 1
    s.resources[0] = [1, 1, 0]
    tasks(s, ["build", 0], ["endseason"])
    act(s, "build inn")
    assert s.plus2_tokens[0] == 1


def test_inn_gives_nothing_after_spring_or_autumn():
    s = new(2)
    take_aid(s)
    give(s, 0, "inn")
    for season in (0, 2):
        s.season_index = season
        tasks(s, ["endseason"])
    assert s.plus2_tokens[0] == 0


def test_stable_adds_a_soldier_to_each_advisor_soldier_gain():
    s = new(2)
    take_aid(s)
    give(s, 0, "palisade", "stable")
    tasks(s, ["adv", 0, 5])
    assert s.soldiers[0] == 2


def test_barracks_recruit_for_one_resource_each():
    s = new(2)
    take_aid(s)
    give(s, 0, "tower", "blacksmith", "barracks")
    s.resources[0] = [1, 1, 0]
    s.resources[1] = [1, 1, 0]
    tasks(s, ["recruit", 0], ["recruit", 1])
    assert legal(s) == ["recruit gold", "recruit wood", "done"]
    act(s, "recruit gold")
    act(s, "recruit wood")
    assert s.soldiers[0] == 2
    assert s.to_move() == [1]
    assert legal(s) == ["recruit gold wood", "done"]
    act(s, "recruit gold wood")
    assert s.soldiers[1] == 1 and s.resources[1] == [0, 0, 0]


def test_recruiting_costs_two_resources_per_soldier():
    s = new(2)
    take_aid(s)
    s.resources[0] = [2, 0, 1]
    tasks(s, ["recruit", 0])
    assert legal(s) == ["recruit gold gold", "recruit gold stone", "done"]
    act(s, "recruit gold stone")
    assert s.soldiers[0] == 1 and s.resources[0] == [1, 0, 0]
    assert s.tasks[0]["kind"] != "recruit" or s.tasks[0]["seat"] != 0  # one resource left: nothing more to buy


def test_crane_saves_a_gold_on_levels_three_and_four():
    s = new(2)
    take_aid(s)
    give(s, 0, "barricade", "crane", "statue", "chapel")
    assert s.cost(0, C.BUILDING_INDEX["church"]) == (2, 1, 2)
    assert s.cost(0, C.BUILDING_INDEX["chapel"]) == (3, 0, 1)
    assert s.cost(0, C.BUILDING_INDEX["townhall"]) == (1, 1, 1)
    s.resources[0] = [2, 1, 2]
    tasks(s, ["build", 0])
    act(s, "build church")
    assert s.resources[0] == [0, 0, 0]


def test_town_hall_trades_a_resource_or_token_for_a_vp_after_each_season():
    s = new(2)
    take_aid(s)
    give(s, 0, "barricade", "crane", "townhall")
    s.resources[0] = [0, 1, 0]
    s.plus2_tokens[0] = 1
    s.plus2_supply -= 1
    vp = s.vp[0]
    tasks(s, ["endseason"])
    assert legal(s) == ["townhall wood", "townhall token", "skip"]
    act(s, "townhall token")
    assert s.vp[0] == vp + 1 and s.plus2_tokens[0] == 0 and s.plus2_supply == 20


def test_embassy_scores_a_vp_after_each_season():
    s = new(2)
    take_aid(s)
    give(s, 0, "barricade", "crane", "townhall", "embassy")
    s.resources[0] = [0, 0, 0]
    tasks(s, ["endseason"])
    assert s.vp[0] == 1


@pytest.mark.parametrize("owned,kind,defence", [
    (("tower",), "orcs", 1),
    (("tower", "blacksmith"), "orcs", 2),
    (("tower", "blacksmith", "barracks", "wizards"), "orcs", 4),
    (("palisade",), "orcs", 1),
    (("palisade",), "zombies", 2),
    (("palisade", "stable", "wall"), "orcs", 2),
    (("palisade", "stable", "wall", "fortress"), "orcs", 3),
    (("barricade",), "orcs", 0),
    (("barricade",), "goblins", 1),
    (("statue", "chapel", "church"), "demons", 1),
    (("statue", "chapel", "church"), "goblins", 0),
    (("inn", "market", "farms"), "goblins", -1),
])
def test_defence_of_buildings(owned, kind, defence):
    s = new(2)
    give(s, 0, *owned)
    assert s.defence(0, kind) == defence


# ---------------------------------------------------------------- winter
def winter(s, card, die):
    jump(s, "winter")
    if s.to_move() == [CHANCE] and s.tasks[0]["kind"] == "draw":
        act(s, f"enemy {card}", CHANCE)
    act(s, f"reinforce {die}", CHANCE)


def test_winter_win_tie_and_loss():
    s = new(3)
    take_aid(s)  # everyone holds 1 gold
    s.soldiers = [2, 1, 0]
    give(s, 2, "inn")
    winter(s, "orcs3", 2)  # totals 4, 3, 2 against 3
    assert s.battle_result == ["won", "tie", "lost"]
    assert s.vp[0] == 1  # reward +1 gold, and the strongest winner's VP
    assert s.resources[0] == [2, 0, 0]
    assert s.resources[1] == [1, 0, 0]
    # Green loses 1 VP (has none) and 2 goods: has only 1 gold, loses it
    assert s.resources[2] == [0, 0, 0] and s.vp[2] == 0
    assert s.soldiers == [0, 0, 0]
    assert s.year == 2


def test_strongest_defenders_tie_for_the_bonus():
    s = new(3)
    take_aid(s)
    s.soldiers = [3, 3, 1]
    winter(s, "barbarians2", 1)  # 4, 4, 2 against 2: Green ties
    assert s.battle_result == ["won", "won", "tie"]
    assert s.vp == [1, 1, 0]


def test_stone_wall_wins_a_tie_and_fortress_adds_a_vp():
    s = new(3)
    take_aid(s)
    give(s, 0, "palisade", "stable", "wall")
    give(s, 1, "palisade", "stable", "wall", "fortress")
    give(s, 2, "palisade", "stable")
    s.vp = [0, 0, 0]
    s.soldiers = [0, 0, 1]
    assert [s.defence(p, "zombies") for p in range(3)] == [3, 4, 2]  # the Palisade's +1 counts against zombies
    # against Zombies 4 with the king's die 1: Red 3 + 1 = 4, a tie, which the Stone Wall wins;
    # Blue 4 + 1 = 5 wins outright; Green 2 + 1 soldier + 1 = 4, the same tie without a wall: a tie
    winter(s, "zombies4", 1)
    assert s.battle_result == ["won", "won", "tie"]
    assert s.vp[0] == 1  # zombies reward +1 VP: the tie won by the wall is a win
    assert s.vp[1] == 1 + 1 + 1  # reward, Fortress, strongest
    assert s.vp[2] == 0  # a plain tie: no reward, no loss


def test_losing_a_building_takes_the_highest_level_upper_row_first_with_its_vp():
    s = new(2)
    take_aid(s)
    give(s, 0, "statue", "chapel", "inn", "market", "palisade", "stable")
    s.vp[0] = 3 + 5 + 0 + 1 + 0 + 2
    give(s, 1, "barricade")
    s.vp[1] = 0
    winter(s, "goblins3", 1)  # strengths 1 vs 3: both lose 1 gold and a building
    assert not s.buildings_owned[0] >> C.BUILDING_INDEX["chapel"] & 1  # level II, upper row: the Chapel
    assert s.buildings_owned[0] >> C.BUILDING_INDEX["market"] & 1 and s.buildings_owned[0] >> C.BUILDING_INDEX["stable"] & 1
    assert s.vp[0] == 11 - 5
    assert s.resources[0] == [0, 0, 0]
    assert s.buildings_owned[1] == 0  # the Barricade gave +1 against goblins (2 < 3) and was lost


def test_goods_of_choice_are_chosen_by_the_loser():
    s = new(2)
    take_aid(s)
    s.resources = [[2, 1, 1], [0, 0, 0]]
    s.vp = [3, 0]
    winter(s, "orcs3", 1)
    assert s.to_move() == [0]
    assert legal(s) == ["lose gold", "lose wood", "lose stone"]
    act(s, "lose wood")
    act(s, "lose stone")
    assert s.resources[0] == [2, 0, 0] and s.vp[0] == 2


def test_church_barricade_and_palisade_against_their_enemy():
    s = new(3)
    take_aid(s)
    give(s, 0, "statue", "chapel", "church")
    give(s, 1, "barricade")
    give(s, 2, "palisade")
    s.year = 3
    s.soldiers = [1, 1, 1]
    winter(s, "demons6", 5)  # 6 each; the Church adds 1 against demons, the Palisade 1 against all
    assert s.battle_result == ["won", "tie", "won"]
    # each bonus against its own enemy: the Barricade against Goblins, the Palisade's second +1 against Zombies
    # (other years, whose cards are still face down)
    s.year = 2
    s.soldiers = [0, 0, 0]
    winter(s, "goblins4", 3)  # Red 3 (the Church does nothing), Blue 3 + 1, Green 3 + 1
    assert s.battle_result == ["lost", "tie", "tie"]
    s.year = 4
    s.soldiers = [0, 0, 0]
    winter(s, "zombies7", 5)  # Red 5, Blue 5 (the Barricade does nothing), Green 5 + 2
    assert s.battle_result == ["lost", "lost", "tie"]


def test_peeked_enemy_is_not_drawn_again_in_winter():
    s = new(2)
    take_aid(s)
    tasks(s, ["adv", 0, 10])
    act(s, "enemy zombies4", CHANCE)
    jump(s, "winter")
    assert s.tasks[0]["kind"] == "king"
    assert s.enemy_revealed[0] and s.observation(1)["enemy_card"][0] == "zombies4"


# ---------------------------------------------------------------- the end
def test_cathedral_scores_one_vp_per_two_resources_at_the_end():
    s = new(2)
    take_aid(s)
    give(s, 0, "statue", "chapel", "church", "cathedral")
    s.year = 5
    s.vp = [0, 0]
    s.resources = [[3, 2, 0], [3, 2, 0]]
    winter(s, "dragons9", 6)
    assert s.is_over()
    assert s.vp[0] - s.vp[1] == 2  # 5 resources -> 2 VP (both lost 5 VP from 0)


@pytest.mark.parametrize("vp,res,built,winners", [
    ([5, 4], [[0, 0, 0], [9, 0, 0]], [0, 0], [0]),
    ([5, 5], [[1, 0, 0], [2, 0, 0]], [0, 0], [1]),
    ([5, 5], [[1, 0, 0], [0, 1, 0]], [1, 3], [1]),
    ([5, 5], [[1, 0, 0], [0, 1, 0]], [1, 1], [0, 1]),
])
def test_end_tie_breaks(vp, res, built, winners):
    s = new(2)
    take_aid(s)
    s.year = 5
    s.vp = list(vp)
    s.resources = [list(r) for r in res]
    s.buildings_owned = list(built)
    jump(s, "winter")
    act(s, "enemy barbarians8", CHANCE)
    s.soldiers = [20, 20]
    act(s, "reinforce 1", CHANCE)
    assert s.is_over()
    assert [v - 2 for v in s.vp] == vp  # both won: +1 VP reward, +1 strongest
    assert s.winners() == winners
