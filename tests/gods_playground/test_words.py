"""God's Playground's own words (issue 42, a newcomer's study): the expansion and the estate losses say what
was counted and why, enemy names agree with their counts, the one-city-a-round and the Jesuit schools'
further provinces are in the move titles, and what the rules do by themselves gets a log line.

The seed's phase 13 (``seeds/000_e43ed8ac9d7a3d4b.txt``, "阶段13：敌人扩张"): "从数字最少……的敌人所对应的省区开始，
如果省区内敌人的强大点数方块总数比所有贵族方块的总合要多的话，相差数量的强大点数方块将会扩张到相邻的省区，按照同颜色的
箭头方向进行扩张……当所有省区的敌人强大点数都扩张完毕后，同一省区内，若有不同颜色的敌人强大点数方块存在，则互相抵消
相同的个数。" and its example: the Swedes' excess of 4 in Prussia reaches Lithuania and Great Poland, "分别是4个".
"""

from __future__ import annotations

import re

import pytest

from meeple.core import Action
from meeple.core.i18n import catalogue, render

from .conftest import (BLUE, GREAT, LITHUANIA, LITTLE, OTTOMANS, PRUSSIA, RED, TATARS, UKRAINE, WHITE, act,
                       blank, cubes, enemy_cubes, estate, stop_before, turn)

ENEMY_WORDS = [  # the people (plural: "the Ottomans invade"), one cube with its article, the adjective
    ("Swedes", "a Swedish cube", "Swedish"), ("Russians", "a Russian cube", "Russian"), ("Tatars", "a Tatar cube", "Tatar"),
    ("Ottomans", "an Ottoman cube", "Ottoman"), ("Habsburgs", "a Habsburg cube", "Habsburg"),
]


def lines(s, lang: str = "en", start: int = 0) -> list[str]:
    return [e.render(lang) for e in s.log[start:]]


# ------------------------------------------------------------------ phase 13: what was counted, and why
def test_the_expansion_counts_every_enemy_in_the_province_and_says_so():
    # the newcomer's Little Poland: 1 Ottoman and 7 Tatars against 2 nobles ("Ottomans … exceed the nobles by 6")
    s = blank()
    cubes(s, LITTLE, white=2)
    enemy_cubes(s, LITTLE, TATARS, 7)
    enemy_cubes(s, LITTLE, OTTOMANS, 1)
    s.phase = 13
    stop_before(s, "estates_phase")
    mark = len(s.log)
    s.enemies_expand()
    # the rule as the seed gives it: all enemy cubes (总数) against all nobles, the whole excess into each
    # province along the arrows (分别是4个), then different enemies cancel (互相抵消相同的个数)
    assert s.enemy_cubes[UKRAINE][OTTOMANS] == 6 and s.enemy_cubes[GREAT][OTTOMANS] == 6
    assert s.enemy_cubes[LITTLE] == [0, 0, 6, 0, 0]
    assert lines(s, "en", mark) == [
        ("Little Poland: 8 enemy cubes (7 Tatar cubes and 1 Ottoman cube) against 2 noble cubes: 6 too many. "
         "Along the Ottomans' arrows, Ukraine and Great Poland each get 6 Ottoman cubes"),
        "The Ottomans expand into Ukraine with 6 cubes",
        "The Ottomans expand into Great Poland with 6 cubes",
        "In Little Poland 1 Ottoman cube and 1 Tatar cube cancel each other out (different enemies cancel cube for cube)",
    ]
    assert lines(s, "zh", mark)[0] == ("小波兰：8个敌人方块（7个鞑靼人方块和1个奥托曼帝国方块）对2个贵族方块，多出6个。"
                                       "沿奥托曼帝国的箭头，乌克兰和大波兰各增加6个奥托曼帝国方块")
    s.check_invariants()


def test_an_enemy_that_does_not_outnumber_the_nobles_is_said_to_stay():
    s = blank()
    cubes(s, UKRAINE, blue=4)
    enemy_cubes(s, UKRAINE, TATARS, 3)
    s.phase = 13
    stop_before(s, "estates_phase")
    mark = len(s.log)
    s.enemies_expand()
    assert lines(s, "en", mark) == [("Ukraine: 3 enemy cubes (3 Tatar cubes) against 4 noble cubes: not more than the "
                                     "nobles, so the Tatars do not spread from here")]
    assert lines(s, "zh", mark) == ["乌克兰：3个敌人方块（3个鞑靼人方块）对4个贵族方块，没有多于贵族方块，鞑靼人不从这里扩张"]


def test_an_empty_enemy_supply_is_said():
    s = blank()
    enemy_cubes(s, LITTLE, OTTOMANS, 5)
    s.enemy_supply[OTTOMANS] = 2                 # 5 spread into Ukraine, then Great Poland: 2 left, then none
    s.enemy_cubes[PRUSSIA][OTTOMANS] = 23        # the rest of the 30 stand elsewhere (invariants hold)
    s.phase = 13
    stop_before(s, "estates_phase")
    mark = len(s.log)
    s.enemies_expand()
    said = lines(s, "en", mark)
    assert "Only 2 of the 5 Ottoman cubes go into Ukraine: the Ottomans' supply is empty" in said
    assert "None of the 5 Ottoman cubes goes into Great Poland: the Ottomans' supply is empty" in said
    assert s.enemy_cubes[UKRAINE][OTTOMANS] == 2 and s.enemy_cubes[GREAT][OTTOMANS] == 0


# ------------------------------------------------------------------ phase 14: one line per province
def test_each_province_with_enemies_says_what_it_loses_and_why():
    s = blank()
    estate(s, GREAT, RED, BLUE, WHITE, WHITE, WHITE, BLUE, WHITE, WHITE)
    s.estates[GREAT][6][2] = 1                    # White's slot 7 has a city
    s.cities_left -= 1
    cubes(s, GREAT, white=3)
    enemy_cubes(s, GREAT, OTTOMANS, 7)
    estate(s, UKRAINE, BLUE, RED)
    cubes(s, UKRAINE, red=2)
    enemy_cubes(s, UKRAINE, TATARS, 2)            # a tie, enemies came this round: at least one estate
    cubes(s, LITTLE, blue=4)
    enemy_cubes(s, LITTLE, TATARS, 1)             # the nobles outnumber them
    enemy_cubes(s, LITHUANIA, TATARS, 2)          # nothing left to lose
    for i in (GREAT, UKRAINE, LITTLE, LITHUANIA):
        s.invaded[i] = True
    s.phase = 14
    stop_before(s, "victory_points")
    mark = len(s.log)
    s.estates_phase()
    said = [line for line in lines(s, "en", mark) if "income" not in line]
    assert said == [
        "Lithuania: 2 enemy cubes against 0 noble cubes, but it has no estate left to lose",
        ("Ukraine: 2 enemy cubes against 2 noble cubes: the nobles do not outnumber the enemies, so it loses 1 estate: "
         "slot 2 (Red)"),
        "Little Poland: 1 enemy cube against 4 noble cubes: the nobles outnumber the enemies, no estate is lost",
        ("Great Poland: 7 enemy cubes against 3 noble cubes: an estate is lost for each enemy cube too many, so it "
         "loses 4 estates: slot 8 (White), slot 7 (White, with its city), slot 6 (Blue), slot 5 (White)"),
    ]
    zh = [line for line in lines(s, "zh", mark) if "收入" not in line]
    assert zh[-1] == ("大波兰：7个敌人方块对3个贵族方块：敌人方块每多1个就失去1个庄园，共失去4个庄园："
                      "第8格（白方）、第7格（白方，连同城市）、第6格（蓝方）、第5格（白方）")
    assert [slot[0] for slot in s.estates[GREAT]] == [RED, BLUE, WHITE, WHITE]
    s.check_invariants()


# ------------------------------------------------------------------ enemy names with counts 1 and 2
_ARGS = {"province": LITTLE, "province2": GREAT, "seat": WHITE, "seat2": BLUE, "colour": WHITE, "strength": 5,
         "defence": 2, "die": 4, "d": 2, "vp": 3, "values": "4/6/6/5", "excess": 3, "money": 1, "have": 1, "cost": 4}
_BAD = [
    (re.compile(r"\b1 (\w+ ){0,2}cubes\b"), "one cube, plural noun"),
    (re.compile(r"\b([02-9]|\d\d) (\w+ ){0,2}cube\b"), "several cubes, singular noun"),
    (re.compile(r"\b(Swedes|Russians|Tatars|Ottomans|Habsburgs) (cubes?|track|strength)\b"), "a people as an adjective"),
    (re.compile(r"\ba (Ottoman|[AEIOU])"), "a before a vowel"),
    (re.compile(r"\bRussia\b"), "the country among the peoples"),
    (re.compile(r"\b(Swedes|Russians|Tatars|Ottomans|Habsburgs) (invades|expands|gains|keeps|has)\b"), "plural subject, singular verb"),
]


def _enemy_messages(lang: str) -> list[str]:
    return sorted(k for k, v in catalogue(lang).messages.items()
                  if k.startswith(("gods-playground.", "web.gp.")) and "{enemy" in str(v))


def test_every_message_naming_an_enemy_reads_right_for_counts_1_and_2():
    ids = _enemy_messages("en")
    assert "gods-playground.log.invades" in ids and "web.gp.strength_tip" in ids and "gods-playground.log.hit_enemy" in ids
    wrong = []
    for message_id in ids:
        for e in range(5):
            for n in (1, 2):
                args = dict(_ARGS, game="gods-playground", n=n, count=n, enemy=e, enemy2=(e + 1) % 5, enemy_adj=e, enemy_adj2=(e + 1) % 5,
                            enemy_cube=e)
                text = render(message_id, args, "en")
                wrong += [f"{message_id} (enemy {e}, n {n}): {why}: {text!r}" for pattern, why in _BAD
                          if pattern.search(text)]
                zh = render(message_id, args, "zh")
                if re.search(r"[A-Za-z]{4,}", re.sub(r"\{\w+\}", "", zh)):
                    wrong.append(f"{message_id} [zh] (enemy {e}, n {n}): {zh!r}")
    assert wrong == []


@pytest.mark.parametrize("e", range(5))
def test_each_enemy_by_name_one_cube_and_two(e: int):
    people, one_cube, adjective = ENEMY_WORDS[e]
    assert render("gods-playground.d.enemy_cubes", {"n": 1, "enemy_adj": e}, "en") == f"1 {adjective} cube"
    assert render("gods-playground.d.enemy_cubes", {"n": 2, "enemy_adj": e}, "en") == f"2 {adjective} cubes"
    assert render("gods-playground.log.hit_enemy", {"enemy_cube": e, "province": e}, "en").startswith(f"{one_cube} is removed")
    for n, cube in ((1, "cube"), (2, "cubes")):
        assert render("gods-playground.log.invades", {"enemy": e, "strength": 5, "defence": 0, "province": e, "n": n},
                      "en").startswith(f"The {people} (strength 5 > 0) invade ")
        assert render("gods-playground.log.expands", {"enemy": e, "province": 0, "n": n}, "en") == (
            f"The {people} expand into Prussia with {n} {cube}")
        assert render("web.gp.track_royal", {"game": "gods-playground", "enemy": e, "n": n}, "en") == f"{n} royal {cube} on the {people}' track"
    assert render("web.gp.strength_tip", {"game": "gods-playground", "enemy": e, "n": 4, "d": 0}, "en") == (
        f"The {people} invade when their strength 4 exceeds the 0 cubes on their track")


# ------------------------------------------------------------------ the move titles: city, Jesuit schools
def test_the_new_city_title_says_one_city_a_round_for_the_whole_table():
    s = blank(rnd=3)
    estate(s, GREAT, WHITE)
    cubes(s, GREAT, white=2)
    turn(s, "special", WHITE, 8)
    title = s.describe(Action("city", (GREAT, 1)), WHITE)
    assert title.endswith("for 2 of your cubes in Great Poland; only one new city is built each round, for the whole "
                          "table: whoever takes this action first")
    assert "每回合全桌只能建造一座新城市：谁先执行这个行动谁得" in s.describe(Action("city", (GREAT, 1)), WHITE, "zh")


def test_the_jesuit_title_says_the_same_action_founds_one_in_each_further_province():
    s = blank(rnd=2)
    cubes(s, GREAT, white=1)
    cubes(s, LITTLE, white=1)
    turn(s, "special", WHITE, 8)
    first = s.describe(Action("jesuit", (GREAT,)), WHITE)
    assert first == ("Found a Jesuit school in Great Poland: 1 VP for 1 of your cubes in Great Poland and 2 zł; the same "
                     "action may go on to found one in each other province where you have a cube (2 zł each; all "
                     "five: +2 VP more, 7 VP for 10 zł)")
    act(s, WHITE, "jesuit 4")
    assert s.describe(Action("jesuit", (LITTLE,)), WHITE) == (
        "Found a further Jesuit school in Little Poland, in the same action: 1 VP for 1 of your cubes in Little Poland "
        "and 2 zł")


# ------------------------------------------------------------------ what the rules do by themselves
def test_the_hire_box_closing_by_itself_says_why():
    s = blank()
    cubes(s, GREAT, white=2)
    s.money[WHITE] = 3
    turn(s, "recruit", WHITE, 9)
    stop_before(s, "campaigns")
    act(s, WHITE, "recruit 4")
    act(s, WHITE, "buy inf")
    assert s.log[-1].text == "White has 1 zł left, too little for another unit: hiring in Great Poland is over"
    assert s.log[-1].render("zh") == "白方只剩1元，不够再雇佣部队：在大波兰的雇佣结束"
    s2 = blank()
    cubes(s2, GREAT, white=2)
    s2.money[WHITE] = 30
    s2.units_in_hand[WHITE] = [1, 0, 0]
    s2.units[WHITE][PRUSSIA] = [3, 3, 1]
    turn(s2, "recruit", WHITE, 9)
    stop_before(s2, "campaigns")
    act(s2, WHITE, "recruit 4")
    act(s2, WHITE, "buy inf")
    assert s2.log[-1].text == "White has no unit left to hire: hiring in Great Poland is over"


def test_a_family_passed_for_having_nothing_to_campaign_with_is_told():
    s = blank()
    cubes(s, GREAT, blue=2)
    s.units[BLUE][GREAT] = [1, 0, 0]
    s.units_in_hand[BLUE] = [3, 3, 1]
    s.phase = 10
    mark = len(s.log)
    s.campaigns()
    assert s.to_move() == [BLUE]                  # White and Red have no army: passed, and told
    said = [e.text for e in s.log[mark:] if e.id == "gods-playground.log.cannot_campaign"]
    why = ("cannot campaign (no army beside a noble cube of its own with an enemy to fight, and no royal battle: that "
           "needs a senate disc and the royal army) and passes")
    assert said == [f"Red {why}", f"White {why}"]
    assert next(e.render("zh") for e in s.log[mark:] if e.id.endswith("cannot_campaign")).startswith("红方无法开战")


def test_a_token_placing_fewer_cubes_for_an_empty_supply_is_said():
    s = blank()
    cubes(s, PRUSSIA, blue=17)                    # 3 cubes left in Blue's supply
    s.phase = 2
    stop_before(s, "electing_the_king")
    s.nobles()
    for p, values in ((WHITE, (0, 0, 1, 1, 2, 2)), (BLUE, (0, 0, 1, 1, 5, 2)), (RED, (0, 0, 1, 1, 2, 2))):
        for area, value in enumerate(values):
            act(s, p, f"token {area} {value}")
    assert s.noble_cubes[GREAT][BLUE] == 1
    said = [e for e in s.log if e.id == "gods-playground.log.supply_short"]
    assert [e.text for e in said] == [("Blue's token 5 in Great Poland places only 1 cube: Blue's supply of noble "
                                       "cubes is empty")]
    assert said[0].render("zh") == "蓝方在大波兰的数字片5只放了1个贵族方块：蓝方的贵族方块已用完"


def test_passed_clears_when_the_next_phase_begins():
    # the newcomer's strip read "White (Radziwiłł) — you, passed" while placing tokens: a pass is one phase's
    s = blank()
    s.phase = 10
    s.campaigns()                                 # nobody has an army: all three pass, phase 11 begins
    assert s.phase == 11
    assert s.passed == [False, False, False]
    assert s.observation(WHITE)["passed"] == [False, False, False]
