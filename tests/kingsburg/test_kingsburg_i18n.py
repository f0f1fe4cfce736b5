"""Kingsburg in English and Simplified Chinese (issue 18): the log, the sentences of the actions, the
reasons an action is refused and the terminal view, in the rulebook's terms (帝王堡, 小丑 … 国王)."""

from __future__ import annotations

import io
import re

import pytest
from .helpers import CHANCE, act, give, jump, new, roll, take_aid, tasks
from rich.console import Console

import meeple
from meeple.core import Action, Rng, i18n
from meeple.games.kingsburg import content as C
from meeple.games.kingsburg.view import render

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
QUOTED = re.compile(r"“[^”]*”|「[^」]*」")
UNFILLED = re.compile(r"\{\w+\}")


def screen(state, player, lang):
    console = Console(file=io.StringIO(), width=140, color_system=None)
    console.print(render(state, player, lang=lang))
    return console.file.getvalue()


def chinese_problems(text: str) -> list[str]:
    found = UNFILLED.findall(text)
    found += LATIN_WORD.findall(QUOTED.sub("", text))
    return found


def test_a_placement_and_a_building_read_in_both_languages():
    s = new(3)
    take_aid(s)
    roll(s, "6 6 4", "6 6 6", "6 6 5")
    act(s, "place 16")  # seed's example: 4, 6, 6 on the advisor numbered 16
    entry = s.log[-1]
    assert entry.text == "Red places 6, 6, 4 on the Wizard (16)"
    assert entry.render("zh") == "红方在巫师（16）上放置骰子 6、6、4。"
    s.resources[1] = [1, 1, 0]
    tasks(s, ["build", 1])
    act(s, "build inn", 1)
    entry = s.log[-1]
    assert entry.text == "Blue builds the Inn for 1 gold, 1 wood, 0 stone (+0 VP)"
    assert entry.render("zh") == "蓝方建造了酒馆（1 黄金、1 木材、0 石块，+0 分）。"


def test_action_sentences_in_both_languages():
    s = new(3)
    take_aid(s)
    roll(s, "6 6 4", "6 6 6", "6 6 5")
    place = Action("place", (10,))
    assert s.describe(place, 0) == "Place dice 6 and 4 on the General (10): +2 soldiers and a look at this year's enemy"
    assert s.describe(place, 0, "zh") == "放到将军（10）上，使用骰子 6、4：+2 名士兵，并可窥探今年的魔族大军"
    s.resources[0] = [1, 1, 0]
    tasks(s, ["build", 0])
    build = Action("build", ("inn",))
    assert s.describe(build, 0) == "Build the Inn for 1 gold and 1 wood: +0 VP; a '+2' token after each summer"
    assert s.describe(build, 0, "zh") == "建造酒馆，花费 1 黄金和 1 木材：+0 分；每次夏季生产后获得 1 个「+2」标记"


def test_the_enemy_and_the_battle_use_the_rulebook_names():
    s = new(2)
    take_aid(s)
    tasks(s, ["adv", 0, 10])
    act(s, "enemy goblins3", CHANCE)
    private = [e for e in s.log if e.visible_to == (0,)][-1]
    assert private.text == "Red sees this year's enemy: Goblins 3"
    assert private.render("zh") == "红方看到今年的魔族大军：小鬼怪 3。"
    assert s.log_for(1, "zh") == [e.render("zh") for e in s.log if e.visible(1)]
    assert not any("小鬼怪" in line for line in s.log_for(1, "zh"))  # hidden in every language
    jump(s, "winter")
    lines = {e.id: e for e in s.log}
    winter = lines["kingsburg.winter"]
    assert winter.text == "Winter: the enemy is Goblins 3 (reward 1 stone; penalty 1 gold, your highest building)"
    assert winter.render("zh") == "冬季：魔族大军是小鬼怪 3（战胜报酬：1 石块；战败代价：1 黄金、最高级的建筑）。"


def test_plurals_in_english_one_and_two():
    s = new(3)
    take_aid(s)
    give(s, 0, "inn")
    jump(s, "reward")
    reward = [e for e in s.log if e.id == "kingsburg.reward"]
    assert reward[-1].text == "King's reward: +1 VP to Red (1 building)"
    give(s, 0, "statue")
    jump(s, "reward")
    reward = [e for e in s.log if e.id == "kingsburg.reward"]
    assert reward[-1].text == "King's reward: +1 VP to Red (2 buildings)"
    assert reward[-1].render("zh") == "国王奖偿：建筑最多（2 幢）的红方获得 1 分。"
    s = new(2)
    take_aid(s)
    s.aid_die_holder = 0
    tasks(s, ["white", 0, 1])
    act(s, "white 1")
    assert s.log[-1].text == "Red will roll 1 white die"
    give(s, 1, "farms")
    tasks(s, ["white", 1, 2], ["roll", 1, "all", 0])
    act(s, "white 2", 1)
    assert s.log[-1].text == "Blue will roll 2 white dice"
    assert s.log[-1].render("zh") == "蓝方将多掷 2 颗白骰。"
    s.soldiers[0] = 1
    tasks(s, ["recruit", 0])
    assert s.describe(Action("done"), 0).startswith("Stop recruiting with 1 soldier:")
    s.soldiers[0] = 2
    assert s.describe(Action("done"), 0).startswith("Stop recruiting with 2 soldiers:")
    for text in (s.describe(a, p) for p in (0, 1) for a in s.legal_actions(p)):
        assert "(s)" not in text


def test_an_illegal_action_is_refused_in_chinese():
    s = new(3)
    take_aid(s)
    roll(s, "6 6 4", "6 6 6", "6 6 5")
    act(s, "place 16")
    with pytest.raises(meeple.IllegalAction) as caught:
        s.apply(Action("place", (16,)), 2)
    assert "already taken by Red" in str(caught.value)
    assert caught.value.render("zh") == (
        "巫师（16）已被红方占据；只有国王的使臣能让第二位玩家共同取得该要人的协助")
    s.resources[0] = [2, 2, 0]
    tasks(s, ["build", 0])
    reason = s.why_illegal(Action("build", ("market",)), 0)
    assert reason.render("zh") == "请先建造酒馆：每一行都须由一级建起"
    reason = s.why_illegal(Action("roll", (6, 6, 6)), 0)
    assert not chinese_problems(reason.render("zh")), reason.render("zh")


def test_every_name_has_english_and_chinese():
    assert set(C.TERMS) >= {"seat", "advisor", "building", "resource", "enemy", "foe", "step", "season", "row",
                            "level", "effect", "gift", "result"}
    for kind, table in C.TERMS.items():
        entries = table.items() if isinstance(table, dict) else enumerate(table)
        for key, names in entries:
            assert names.get("en") and names.get("zh"), (kind, key)
            assert not chinese_problems(names["zh"]), (kind, key, names["zh"])
    assert len(C.TERMS["seat"]) == 5 and len(C.TERMS["advisor"]) == 18 and len(C.TERMS["building"]) == 20
    assert [C.TERMS["advisor"][n]["zh"] for n in (1, 2, 18)] == ["小丑", "侍从", "国王"]
    for key in {k for year in C.ENEMY_KEYS for k in year}:
        assert key in C.TERMS["enemy"]
    for game_word in ("kingsburg.title", "kingsburg.summary"):
        assert i18n.has(game_word, "en") and i18n.has(game_word, "zh")
    assert i18n.render("kingsburg.title", {}, "zh") == "帝王堡"


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow), 5])
def test_a_random_game_reads_entirely_in_chinese(players):
    s = meeple.load("kingsburg", players=players).new_game(seed=100 + players)
    rng = Rng(players)
    problems: dict[str, str] = {}
    step = 0

    def look(every_viewer: bool = False) -> None:
        viewers = (None, *range(players))  # the view (Rich tables, the costly part) for one viewer in turn
        for viewer in viewers if every_viewer else viewers[(step // 5) % len(viewers):][:1]:
            text = screen(s, viewer, "zh")
            for p in chinese_problems(text):
                problems.setdefault(f"view: {p}", text[:200])
        for mover in s.to_move():
            viewer = None if mover == CHANCE else mover
            for a in s.legal_actions(mover):
                message = s.describe_message(a, viewer)
                assert message is not None, a
                for lang in ("en", "zh"):
                    text = s.describe(a, viewer, lang)
                    assert text != str(a) and not UNFILLED.search(text), (a, text)
                for p in chinese_problems(s.describe(a, viewer, "zh")):
                    problems.setdefault(f"describe {a.name}: {p}", s.describe(a, viewer, "zh"))

    while not s.is_over():
        if step % 5 == 0:
            look()
        p = s.to_move()[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
        step += 1
    look(every_viewer=True)
    for e in s.log:
        for lang in ("en", "zh"):
            assert i18n.has(e.id, lang), e.id
        assert not UNFILLED.search(e.text), e.text
        for p in chinese_problems(e.render("zh")):
            problems.setdefault(f"log {e.id}: {p}", e.render("zh"))
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
    assert len(s.log_for(0, "zh")) == len(s.log_for(0))
