"""Production seasons: rolls, turn order, placement (the seed's worked examples), advisors, aid, envoy."""

from __future__ import annotations

import pytest
from .helpers import CHANCE, C, act, give, jump, legal, new, roll, spring, take_aid, tasks

import meeple


# ---------------------------------------------------------------- the seed's worked examples
def test_six_six_four_gives_exactly_the_five_placements_of_the_seed():
    # 例：玩家甲擲3顆骰得出6、6、4 ... 4, 6, 10, 12 or 16
    s = spring(3, "6 6 4", "6 6 6", "6 6 5")
    assert s.turn_order == [0, 2, 1]  # 16 < 17 < 18
    assert s.to_move() == [0]
    assert legal(s) == ["place 4", "place 6", "place 10", "place 12", "place 16"]
    expected = {4: [4], 6: [6], 10: [6, 4], 12: [6, 6], 16: [6, 6, 4]}
    for n, used in expected.items():
        c = s.clone()
        act(c, f"place {n}")
        assert c.handfuls_on_advisor[n] == [[0] + used]
        left = [6, 6, 4]
        for v in used:
            left.remove(v)
        assert c.unplaced_dice[0] == left
        assert c.to_move() == [2]  # the next player in turn order


def test_a_plus2_token_takes_six_six_four_to_the_king():
    # 加上1個「+2」標記，玩家甲可將擲得4(+2)、6、6點骰子放到編號18的人物上
    s = new(3)
    take_aid(s)
    s.plus2_tokens[0] = 1
    s.plus2_supply -= 1
    roll(s, "6 6 4", "6 6 6", "6 6 5")
    options = legal(s)
    assert "place 18" in options and "place 8" in options  # 6 (+2)
    act(s, "place 18")
    assert s.handfuls_on_advisor[18] == [[0, 6, 6, 4, "+2"]]
    assert s.plus2_tokens[0] == 0 and s.plus2_supply == 20
    assert s.unplaced_dice[0] == []


def test_choosing_among_several_ways_is_a_second_small_action():
    s = new(3)
    take_aid(s)
    s.plus2_tokens[0] = 1
    s.plus2_supply -= 1
    roll(s, "6 6 4", "6 6 6", "6 6 5")
    act(s, "place 6")
    assert s.to_move() == [0]
    assert legal(s) == ["use 6", "use 4 +2"]
    act(s, "use 4 +2")
    assert s.handfuls_on_advisor[6] == [[0, 4, "+2"]] and s.unplaced_dice[0] == [6, 6] and s.plus2_tokens[0] == 0


def test_one_plus2_per_die():
    s = new(2)
    take_aid(s)
    s.plus2_tokens[0] = 3
    s.plus2_supply -= 3
    roll(s, "2 1 1", "6 6 6")
    ways = s.ways(0)
    # 3 dice, 3 tokens: the largest reachable total is 4 + 3*2 = 10; 2 alone reaches at most 4
    assert max(ways) == 10
    assert all(len(w[1]) >= w[2] for ws in ways.values() for w in ws)


# ---------------------------------------------------------------- turn order
def test_turn_order_by_total_and_ties_keep_the_previous_order():
    s = spring(3, "6 5 4", "5 5 5", "3 2 1")
    assert s.turn_order == [2, 0, 1]  # Red and Blue tie at 15: Red was before Blue
    jump(s, "summer")
    roll(s, "4 4 4", "4 4 4", "4 4 4")
    assert s.turn_order == [2, 0, 1]  # all tied: the spring order stays
    jump(s, "autumn")
    roll(s, "1 1 1", "4 4 4", "4 4 4")
    assert s.turn_order == [0, 2, 1]


def test_placement_goes_round_in_turn_order_until_nobody_can_place():
    s = spring(2, "1 1 1", "6 6 6")
    seen = []
    while s.tasks and s.tasks[0]["kind"] == "place":
        p = s.to_move()[0]
        seen.append(p)
        s.apply(s.legal_actions(p)[0], p)
    assert seen[:2] == [0, 1]
    assert all(not s.unplaced_dice[p] or s.done_placing[p] for p in range(2))


def test_a_taken_advisor_cannot_be_chosen_again():
    s = spring(2, "3 2 1", "6 6 6")
    act(s, "place 6")  # 3+2+1: Red's whole roll
    assert s.to_move() == [1]
    assert "place 6" not in legal(s)
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction, match="already taken"):
        s.apply(meeple.Action("place", (6,)), 1)
    assert s.to_json() == before


def test_dice_that_cannot_make_the_number_are_refused():
    s = spring(2, "6 6 4", "6 6 6")
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction, match="cannot add up to 9"):
        s.apply(meeple.Action("place", (9,)), 0)
    with pytest.raises(meeple.IllegalAction):
        s.parse_action("place 9", 0)
    assert s.to_json() == before


def test_the_same_player_cannot_use_one_advisor_twice():
    # 同一玩家亦不可反覆選擇同一要人: even the King's envoy cannot put a second handful on your own advisor
    s = new(2)
    take_aid(s)
    s.envoy_holder = 0
    roll(s, "2 1 1", "3 1 1")
    assert s.turn_order == [0, 1]
    act(s, "place 2")
    assert legal(s) == ["use 2", "use 1 1"]
    act(s, "use 2")
    act(s, "place 1")  # Blue
    assert s.handfuls_on_advisor[1] == [[1, 1]] and s.handfuls_on_advisor[2] == [[0, 2]]
    assert s.to_move() == [0] and s.unplaced_dice[0] == [1, 1]  # 1 and 2 are within reach, both taken
    assert legal(s) == ["envoy 1", "pass"]  # Blue's Jester may be shared; Red's own Squire may not
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction, match="already influence"):
        s.apply(meeple.Action("envoy", (2,)), 0)
    assert s.to_json() == before


# ---------------------------------------------------------------- King's aid
def test_year_one_everyone_is_tied_and_takes_a_resource():
    s = new(4)
    assert [t["kind"] for t in s.tasks[:4]] == ["take"] * 4
    for p, r in zip(range(4), ("gold", "wood", "stone", "gold")):
        assert s.to_move() == [p]
        assert legal(s) == ["take gold", "take wood", "take stone"]
        act(s, f"take {r}")
    assert [r[:] for r in s.resources] == [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]]
    assert s.aid_die_holder == -1
    assert s.to_move() == [CHANCE]


def test_single_fewest_buildings_may_roll_a_white_die_in_spring():
    # 若只有一人獲得國王緩助，則該玩家在下個步驟春季生產可多擲1顆白骰: "may", so Green chooses before the roll
    s = new(3)
    take_aid(s)
    give(s, 0, "inn")
    give(s, 1, "inn")
    jump(s, "aid")
    assert s.aid_die_holder == 2
    assert s.to_move() == [2] and s.dice_rolled == [[], [], []]  # decided before anyone rolls
    assert legal(s) == ["white 1", "white 0"]
    act(s, "white 1")
    roll(s, "1 1 1", "1 1 1")
    assert len(s.chance_outcomes()) == 126  # 4 dice
    roll(s, "6 5 4 3")
    assert s.unplaced_dice[2] == [6, 5, 4, 3]
    jump(s, "summer")
    roll(s, "1 1 1", "1 1 1")
    assert len(s.chance_outcomes()) == 56  # only in spring


def test_the_kings_aid_die_may_be_declined_and_then_the_turn_order_differs():
    s = new(3)
    take_aid(s)
    give(s, 0, "inn")
    give(s, 1, "inn")
    jump(s, "aid")
    c = s.clone()
    act(s, "white 0")
    roll(s, "3 3 3", "4 4 4", "4 3 3")
    assert s.unplaced_dice[2] == [4, 3, 3] and s.turn_order == [0, 2, 1]  # Red 9, Green 10, Blue 12
    act(c, "white 1")
    roll(c, "3 3 3", "4 4 4")
    assert len(c.chance_outcomes()) == 126
    roll(c, "4 3 3 6")
    assert c.unplaced_dice[2] == [6, 4, 3, 3] and c.turn_order == [0, 1, 2]  # with the white die Green's 16 is last


def test_aid_tie_on_buildings_goes_to_fewer_resources():
    s = new(3)
    take_aid(s)
    give(s, 0, "inn")
    s.resources[1] = [3, 0, 0]
    s.resources[2] = [1, 0, 0]
    jump(s, "aid")
    assert s.aid_die_holder == 2


def test_aid_tie_on_buildings_and_resources_gives_each_a_resource():
    s = new(3)
    take_aid(s)
    give(s, 0, "inn")
    s.resources[1] = [1, 1, 0]
    s.resources[2] = [0, 0, 2]
    jump(s, "aid")
    assert s.aid_die_holder == -1
    assert s.to_move() == [1]
    act(s, "take wood")
    assert s.to_move() == [2]
    act(s, "take stone")
    assert s.resources[1] == [1, 2, 0] and s.resources[2] == [0, 0, 3]


# ---------------------------------------------------------------- King's reward and envoy
def test_kings_reward_to_everyone_tied_for_most_buildings():
    s = new(3)
    take_aid(s)
    give(s, 0, "inn", "statue")
    give(s, 2, "inn", "palisade")
    give(s, 1, "inn")
    jump(s, "reward")
    assert s.vp == [1, 0, 1]


def test_kings_reward_goes_to_nobody_while_nobody_has_built():
    # 建築數目最多者 ... 將獲國王獎償多得1分: with no buildings at all, nobody has the most
    s = new(3)
    take_aid(s)
    jump(s, "reward")
    assert s.vp == [0, 0, 0]
    lines = s.log_for(None)
    assert any("King's reward: nobody" in line for line in lines)
    assert not any("(0 buildings)" in line for line in lines)


def test_envoy_goes_to_the_single_fewest_and_ties_go_by_resources_or_to_nobody():
    s = new(3)
    take_aid(s)
    give(s, 0, "inn")
    s.resources = [[0, 0, 0], [2, 0, 0], [1, 0, 0]]
    jump(s, "envoy")
    assert s.envoy_holder == 2
    # next year: the unused envoy is returned, and a full tie gives it to nobody
    s.resources = [[0, 0, 0], [1, 0, 0], [1, 0, 0]]
    jump(s, "envoy")
    assert s.envoy_holder == -1
    assert any("returns the unused King's envoy" in line for line in s.log_for(None))


def test_envoy_lets_a_player_share_an_occupied_advisor():
    s = new(2)
    take_aid(s)
    s.envoy_holder = 0
    roll(s, "6 4 1", "5 3 2")
    assert s.turn_order == [1, 0]
    act(s, "place 10")  # Blue: 5+3+2
    assert "envoy 10" in legal(s)
    assert "place 10" not in legal(s)
    act(s, "envoy 10")
    assert s.handfuls_on_advisor[10] == [[1, 5, 3, 2], [0, 6, 4]]
    assert s.envoy_holder == -1
    # both get the General's reward: 2 soldiers and a look at the enemy
    while s.tasks and s.tasks[0]["kind"] == "place":
        act(s, legal(s)[0])
    assert s.to_move() == [CHANCE]  # the General needs this year's enemy card
    act(s, "enemy orcs3", CHANCE)
    assert s.soldiers[0] == 2 and s.soldiers[1] == 2
    assert sorted(s.enemy_seen_by[0]) == [0, 1]


def test_envoy_lets_a_player_build_twice_in_a_season():
    s = new(2)
    take_aid(s)
    s.envoy_holder = 0
    s.resources[0] = [3, 3, 0]
    tasks(s, ["build", 0])
    act(s, "build inn")
    assert s.to_move() == [0]
    assert "build market" in legal(s)
    act(s, "build market")
    assert s.envoy_holder == -1 and s.buildings_owned[0] == (1 << 4) | (1 << 5)
    assert s.resources[0] == [0, 0, 0]


def test_without_the_envoy_one_building_per_season():
    s = new(2)
    take_aid(s)
    s.resources[0] = [3, 3, 0]
    tasks(s, ["build", 0], ["build", 1])
    assert "build market" not in legal(s)  # (the Market needs the Inn first)
    act(s, "build inn")
    assert C.BUILDING_INDEX["market"] in s.buildable(0)  # 2 gold, 2 wood left: the Market is affordable
    assert not (s.tasks and s.tasks[0] == {"kind": "build", "seat": 0})  # but Red's building turn is over
    assert s.buildings_owned[0] == 1 << C.INN and s.resources[0] == [2, 2, 0]


# ---------------------------------------------------------------- the 18 advisors
REWARDS = {
    1: dict(vp=1), 2: dict(res=[1, 0, 0]), 3: dict(res=[0, 1, 0]), 5: dict(soldiers=1), 8: dict(res=[2, 0, 0]),
    13: dict(res=[0, 0, 3]), 15: dict(res=[1, 1, 1]), 16: dict(res=[4, 0, 0]), 18: dict(res=[1, 1, 1], soldiers=1),
}


@pytest.mark.parametrize("n", sorted(REWARDS))
def test_advisor_without_choice(n):
    s = new(2)
    take_aid(s)
    s.resources = [[0, 0, 0], [0, 0, 0]]
    tasks(s, ["adv", 0, n])
    want = REWARDS[n]
    assert s.vp[0] == want.get("vp", 0)
    assert s.resources[0] == want.get("res", [0, 0, 0])
    assert s.soldiers[0] == want.get("soldiers", 0)


@pytest.mark.parametrize("n,options,pick,res", [
    (4, ["take gold", "take wood"], "take wood", [0, 1, 0]),
    (9, ["take gold", "take stone"], "take stone", [0, 1, 1]),
    (11, ["take gold", "take wood"], "take gold", [1, 0, 1]),
])
def test_advisor_with_a_choice_of_two(n, options, pick, res):
    s = new(2)
    take_aid(s)
    s.resources = [[0, 0, 0], [0, 0, 0]]
    tasks(s, ["adv", 0, n])
    assert legal(s, 0) == options
    act(s, pick, 0)
    assert s.resources[0] == res


def test_alchemist_trades_one_resource_for_the_other_two():
    s = new(2)
    take_aid(s)
    s.resources[0] = [1, 0, 0]
    tasks(s, ["adv", 0, 6])
    assert legal(s) == ["trade gold", "skip"]
    act(s, "trade gold")
    assert s.resources[0] == [0, 1, 1]


def test_astronomer_and_duchess_give_a_plus2_token_and_resources_of_choice():
    s = new(2)
    take_aid(s)
    s.resources[0] = [0, 0, 0]
    tasks(s, ["adv", 0, 7])
    act(s, "take stone")
    assert s.plus2_tokens[0] == 1 and s.resources[0] == [0, 0, 1] and s.plus2_supply == 19
    tasks(s, ["adv", 0, 12])
    act(s, "take wood")
    act(s, "take wood")
    assert s.plus2_tokens[0] == 2 and s.resources[0] == [0, 2, 1]


def test_smuggler_costs_one_vp_for_three_resources_and_needs_a_vp():
    s = new(2)
    take_aid(s)
    s.resources[0] = [0, 0, 0]
    s.vp[0] = 0
    tasks(s, ["adv", 0, 14])
    assert s.resources[0] == [0, 0, 0]  # no VP to pay
    s.vp[0] = 2
    tasks(s, ["adv", 0, 14])
    assert legal(s) == ["smuggle", "skip"]
    act(s, "smuggle")
    for r in ("gold", "wood", "stone"):
        act(s, f"take {r}")
    assert s.vp[0] == 1 and s.resources[0] == [1, 1, 1]


def test_queen_gives_three_vp_two_resources_and_a_private_look():
    s = new(3)
    take_aid(s)
    s.resources[0] = [0, 0, 0]
    tasks(s, ["adv", 0, 17])
    assert s.vp[0] == 3
    act(s, "take gold")
    act(s, "take gold")
    assert s.to_move() == [CHANCE]  # the enemy card is drawn when first needed
    act(s, "enemy zombies4", CHANCE)
    assert s.resources[0] == [2, 0, 0]
    assert s.observation(0)["enemy_card"][0] == "zombies4"
    assert s.observation(1)["enemy_card"][0] is None
    assert s.observation(None)["enemy_card"][0] is None
    assert any("Zombies 4" in line for line in s.log_for(0))
    assert not any("Zombies 4" in line for line in s.log_for(1))
    # determinize re-deals the card for a player who has not seen it, never for the one who has
    assert all(s.determinize(0, k).enemy_card[0] == 4 for k in range(10))
    assert {s.determinize(1, k).enemy_card[0] for k in range(40)} == {0, 1, 2, 3, 4}


def test_general_gives_two_soldiers_and_the_stable_one_more():
    s = new(2)
    take_aid(s)
    give(s, 0, "inn", "palisade", "stable")
    tasks(s, ["adv", 0, 10])
    act(s, "enemy goblins2", CHANCE)
    assert s.soldiers[0] == 3
    tasks(s, ["adv", 0, 10])  # the card is drawn once a year
    assert s.to_move() != [CHANCE] or s.tasks[0]["kind"] != "peek"
    assert s.soldiers[0] == 6


def test_sergeant_and_king_with_stable():
    s = new(2)
    take_aid(s)
    give(s, 0, "inn", "palisade", "stable")
    tasks(s, ["adv", 0, 5], ["adv", 0, 18])
    assert s.soldiers[0] == 4


def test_no_plus2_token_when_the_box_is_empty():
    s = new(2)
    take_aid(s)
    s.plus2_tokens[1] = 20
    s.plus2_supply = 0
    tasks(s, ["adv", 0, 7])
    act(s, "take gold")
    assert s.plus2_tokens[0] == 0
    s.check_invariants()


def test_determinize_redeals_only_this_years_unseen_card():
    s = new(2)
    take_aid(s)
    tasks(s, ["adv", 0, 10])
    act(s, "enemy goblins3", CHANCE)  # year 1, seen by Red
    jump(s, "winter")
    act(s, "reinforce 6", CHANCE)
    assert s.year == 2
    take_aid(s)
    tasks(s, ["adv", 0, 10])
    act(s, "enemy goblins3", CHANCE)  # year 2's Goblins 3, seen by Red only
    for k in range(20):
        copy = s.determinize(1, k)
        assert copy.enemy_card[0] == 2  # the revealed year-1 card never changes
        draws = [a for p, a in copy.history if p == CHANCE and a.name == "enemy"]
        if draws:  # (the engine may drop chance outcomes from a copy's history altogether)
            assert draws[-1] == meeple.Action("enemy", (C.ENEMY_KEYS[1][copy.enemy_card[1]],))
        assert copy.observation(1) == s.observation(1)
        assert copy.log_for(1) == s.log_for(1)
    assert {s.determinize(1, k).enemy_card[1] for k in range(40)} == {0, 1, 2, 3, 4}
    assert all(s.determinize(0, k).enemy_card[1] == 0 for k in range(5))


def test_the_envoy_is_never_compulsory_for_placing():
    s = new(3)
    take_aid(s)
    s.envoy_holder = 0
    roll(s, "6 6 6", "1 1 1", "2 1 1")
    assert s.turn_order == [1, 2, 0]
    s.handfuls_on_advisor[6] = [[1, 6]]
    s.handfuls_on_advisor[12] = [[2, 6, 6]]
    s.handfuls_on_advisor[18] = [[1, 6, 6, 6]]
    s.done_placing[1] = s.done_placing[2] = True
    s.placing_index = 2
    tasks(s)
    assert s.to_move() == [0]
    assert legal(s) == ["envoy 6", "envoy 12", "envoy 18", "pass"]
    act(s, "pass")
    assert s.envoy_holder == 0 and s.tasks[0]["kind"] != "place"


def test_pass_is_refused_while_a_free_advisor_is_reachable():
    s = new(2)
    take_aid(s)
    s.envoy_holder = 0  # the holder of the envoy, who may pass when only the envoy would let them place
    roll(s, "6 6 4", "6 6 6")
    assert "envoy 4" not in legal(s) and "pass" not in legal(s)  # nothing taken yet: all free
    before = s.to_json()
    with pytest.raises(meeple.IllegalAction, match="must place"):
        s.apply(meeple.Action("pass"), 0)
    assert s.to_json() == before


def test_roll_outcomes_are_weighted_by_how_many_ways_they_arise():
    s = new(2)
    take_aid(s)
    weights = {str(a): w for a, w in s.chance_outcomes()}
    assert len(weights) == 56 and sum(weights.values()) == 216
    assert weights["roll 6 6 4"] == 3 and weights["roll 6 5 4"] == 6 and weights["roll 6 6 6"] == 1
    assert s.parse_action("roll 4 6 6", CHANCE) == meeple.Action("roll", (6, 6, 4))  # any order typed


def test_recruiting_follows_the_autumn_turn_order():
    s = new(3)
    take_aid(s)
    jump(s, "autumn")
    roll(s, "6 6 6", "1 1 1", "3 3 3")
    assert s.turn_order == [1, 2, 0]
    s.resources = [[2, 0, 0], [2, 0, 0], [2, 0, 0]]
    jump(s, "recruit")
    seen = []
    while s.tasks and s.tasks[0]["kind"] == "recruit":
        seen.append(s.to_move()[0])
        act(s, "done")
    assert seen == [1, 2, 0]
