"""God's Playground in English and Chinese: log events, descriptions, reasons and the terminal view
are messages rendered in the reader's language, with the seed's own names (拉齐维乌, 瑞典人 …)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import meeple
from meeple import CHANCE, Action, IllegalAction
from meeple.core import Rng
from meeple.core.i18n import has, render
from meeple.games.gods_playground import INFO, content, view

from .conftest import (BLUE, LITHUANIA, PRUSSIA, RED, TATARS, UKRAINE, WHITE, act, blank, cubes, enemy_cubes, roll,
                       stop_before, turn)

GAME = "gods-playground"
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def zh_view(state, player) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(view.render(state, player, "zh"))
    return console.file.getvalue()


def last(state, lang: str = "en") -> str:
    return state.log[-1].render(lang)


# ------------------------------------------------------------------ worked examples, both languages
def test_building_an_estate_is_one_event_read_in_both_languages():
    # the seed's phase 7: the king takes back 1 cube for the first estate, 2 cubes for each further one
    s = blank(king=RED)
    stop_before(s, "special_actions")
    cubes(s, LITHUANIA, red=4)
    turn(s, "build", RED, 7)
    act(s, RED, "build 1")
    entry = s.log[-1]
    assert entry.id == "gods-playground.log.builds"
    assert entry.args == {"seat": RED, "n": 1, "province": LITHUANIA, "slot": 1}
    assert entry.text == "Red takes back 1 cube and builds an estate in Lithuania (slot 1)"
    assert entry.render("zh") == "红方回收1个贵族方块，在立陶宛建造庄园（第1格）"


def test_plural_forms_in_english_one_cube_two_cubes():
    # (b) a first estate costs 1 cube, the next 2: no "cube(s)" left in English
    s = blank(king=RED)
    stop_before(s, "special_actions")
    cubes(s, LITHUANIA, red=4)
    cubes(s, UKRAINE, white=1, blue=1)
    turn(s, "build", RED, 7)
    act(s, RED, "build 1")
    act(s, WHITE, "pass")
    act(s, BLUE, "pass")
    act(s, RED, "build 1")
    lines = [e.text for e in s.log if e.id == "gods-playground.log.builds"]
    assert lines == ["Red takes back 1 cube and builds an estate in Lithuania (slot 1)",
                     "Red takes back 2 cubes and builds an estate in Lithuania (slot 2)"]
    assert render("gods-playground.log.battle_over", {"province": 0, "n": 1}, "en") == "Battle in Prussia ends with 1 hit"
    assert render("gods-playground.log.battle_over", {"province": 0, "n": 2}, "en") == "Battle in Prussia ends with 2 hits"
    assert render("gods-playground.log.battle_over", {"province": 0, "n": 2}, "zh") == "普鲁士的战斗结束，共命中2次"
    assert not any("(s)" in e.text for e in s.log)


def test_a_battle_die_reads_in_both_languages_with_its_hit():
    # the seed's Ukraine example: a Cossack hired and fighting for Blue, a hit on the Tatar track
    s = blank(rnd=2)
    cubes(s, UKRAINE, blue=2)
    s.money[BLUE] = 10
    turn(s, "recruit", BLUE, 9)
    stop_before(s, "campaigns")
    act(s, BLUE, "recruit 2")
    act(s, BLUE, "buy cossack")
    assert s.log[-1].text == "Blue buys Cossack in Ukraine for 2"
    assert s.log[-1].render("zh") == "蓝方在乌克兰以2元雇佣1个哥萨克人骑兵"
    turn(s, "campaign", BLUE, 10)
    act(s, BLUE, "campaign 2")
    assert s.log[-2].render("zh") == "蓝方回收1个贵族方块，在乌克兰开战"
    # that was Blue's last cube there: the campaign move disappears afterwards, and the log says why
    assert s.log[-1].text == ("That was Blue's last noble cube in Ukraine: its army there cannot campaign again "
                              "this round")
    assert s.log[-1].render("zh") == "这是蓝方在乌克兰的最后一个贵族方块：那里的军队本回合不能再开战"
    roll(s, 5)
    hit = next(e for e in s.log if e.id == "gods-playground.log.hit")
    assert hit.text == "Blue rolls 5 for Cossack: a hit, a blue cube goes onto the Tatars' track"
    assert hit.render("zh") == "蓝方为哥萨克人骑兵掷出5：命中，1个蓝色贵族方块放上鞑靼人领地"
    assert s.track_nobles[TATARS][BLUE] == 1


def test_an_action_is_described_in_both_languages():
    s = blank(rnd=2)
    cubes(s, UKRAINE, blue=1)
    enemy_cubes(s, UKRAINE, TATARS, 1)
    s.money[BLUE] = 10
    turn(s, "recruit", BLUE, 9)
    act(s, BLUE, "recruit 2")
    buy = s.parse_action("buy cav", BLUE)
    assert s.describe(buy, BLUE) == ("Hire 1 cavalry in Ukraine for 2 zł (half price: enemies in the province); "
                                     "hits on 4+; your army there so far: no units")
    assert s.describe(buy, BLUE, "zh") == ("在乌克兰以2元雇佣1个骑兵（半价：省区内有敌人）；掷出4点或以上命中；"
                                           "你在那里目前的军队：没有部队")


def test_the_private_token_line_stays_private_in_every_language():
    s = blank()
    stop_before(s, "electing_the_king")
    s.phase = 2
    s.nobles()
    act(s, RED, "token 1 5")
    assert s.log[-1].visible_to == (RED,)
    assert s.log_for(RED, "zh")[-1] == "（红方：数字片5放在立陶宛）"
    assert s.log_for(BLUE, "zh")[-1] == "红方在立陶宛面朝下放置1个贵族数字片"
    assert not any("5" in line for line in s.log_for(BLUE, "zh")[-2:])


# ------------------------------------------------------------------ errors
def test_an_illegal_action_gives_its_reason_in_chinese():
    s = blank()
    stop_before(s, "electing_the_king")
    s.phase = 2
    s.nobles()
    act(s, RED, "token 1 5")
    with pytest.raises(IllegalAction) as exc:
        act(s, RED, "token 1 3")
    assert str(exc.value) == "'token 1 3' is illegal: you already placed a token in Lithuania (one token per area)"
    assert exc.value.render("zh") == "“token 1 3”不合法：你已经在立陶宛放过数字片（每个区域只能放1个）"


def test_a_bid_above_your_money_in_chinese():
    s = blank()
    stop_before(s, "polish_army")
    s.tokens_shown = [[0, 0, 0, 0, 0, c] for c in (3, 3, 0)]
    s.phase = 3
    s.electing_the_king()
    reason = s.why_illegal(Action("bid", (11,)), WHITE)
    assert str(reason) == "'bid 11' is illegal: you bid 11 but have only 10 złoty"
    assert reason.render("zh") == "“bid 11”不合法：你暗投11元，但只有10元"


# ------------------------------------------------------------------ names
def test_every_terms_table_names_every_entry_in_both_languages():
    for kind, table in content.TERMS.items():
        entries = table.values() if isinstance(table, dict) else table
        assert entries, kind
        for names in entries:
            assert set(names) >= {"en", "zh"}, (kind, names)
            assert names["en"].strip() and names["zh"].strip(), (kind, names)
            assert not LATIN_WORD.search(names["zh"]), (kind, names)
    assert len(content.TERMS["seat"]) == 3 and len(content.TERMS["phase"]) == 17
    assert [t["zh"] for t in content.TERMS["enemy"]] == ["瑞典人", "俄罗斯", "鞑靼人", "奥托曼帝国", "哈布斯堡帝国"]
    assert [t["en"] for t in content.TERMS["province"]] == list(content.PROVINCES)


def test_families_lobby_texts_and_options_exist_in_both_languages():
    s = meeple.load(GAME, players=3).new_game(seed=0)
    assert s.player_name(WHITE) == "White (Radziwiłł)"
    assert s.player_name(WHITE, "zh") == "白方（拉齐维乌家族）"
    assert s.player_name(None, "zh") == render("core.spectator", None, "zh")
    assert render(f"{GAME}.title", None, "zh") == "上帝的游乐场"
    assert render(f"{GAME}.summary", None, "en") == INFO.summary
    for option in INFO.options:
        assert render(f"{GAME}.option.{option.name}", None, "en") == option.help
        ids = [f"{GAME}.option.{option.name}"] + [f"{GAME}.option.{option.name}.{v}" for v in option.choices]
        for message_id in ids:
            assert has(message_id, "en") and has(message_id, "zh"), message_id
            assert not LATIN_WORD.search(render(message_id, None, "zh")), message_id


def test_chinese_names_stand_for_numbers_in_typed_actions():
    s = meeple.load(GAME, players=3).new_game(seed=0, chance="manual")
    s.apply(Action("start", (BLUE,)), CHANCE)
    assert s.parse_action("estate 普鲁士", BLUE) == Action("estate", (PRUSSIA,))
    assert s.parse_action("estate 大波兰", BLUE) == Action("estate", (4,))


# ------------------------------------------------------------------ a whole game in Chinese
def _words(text: str) -> list[str]:
    return LATIN_WORD.findall(text)


@pytest.mark.parametrize("options", [{}, {"recruit_turns": "repeat", "diplomacy_shortfall": "fail"}])
def test_random_games_read_entirely_in_chinese(options):
    # (e) 3 players is the only player count; every log line, every description, the view
    for seed in range(2):
        s = meeple.load(GAME, players=3, **options).new_game(seed=seed, chance="manual")
        rng = Rng(seed + 31)
        step = 0
        while not s.is_over():
            movers = s.to_move()
            for q in movers:
                viewer = None if q == CHANCE else q
                for a in s.legal_actions(q):
                    text = s.describe(a, viewer, "zh")
                    assert text != str(a), a
                    assert not _words(text.replace(str(a), "")), (str(a), text)
                    assert "{" not in text, text
            if step % 40 == 0:
                for p in (None, WHITE):
                    screen = zh_view(s, p)
                    assert not _words(screen), (step, _words(screen))
            p = movers[rng.randbelow(len(movers))]
            legal = s.legal_actions(p)
            s.apply(legal[rng.randbelow(len(legal))], p)
            step += 1
        for p in (None, WHITE, BLUE, RED):
            for line in s.log_for(p, "zh"):
                assert not _words(line) and "{" not in line, line
            screen = zh_view(s, p)
            assert not _words(screen) and "游戏结束" in screen
