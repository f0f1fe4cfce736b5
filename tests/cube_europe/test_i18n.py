"""Cube Europe in English and Chinese (issue 18): the log, the descriptions, the reasons and the terminal
view are messages rendered in the reader's language, with the rulebook's words (版图, 库存, 供应堆,
市场弃牌堆, 工人…) and the yellow effects' names and texts from ``content.TERMS``."""

import io
import re

import pytest
from rich.console import Console

import meeple
from meeple import CHANCE, Action, IllegalAction
from meeple.core import Rng, i18n
from meeple.games.cube_europe.content import EFFECTS, RANKS, TERMS
from meeple.games.cube_europe.view import render

from .helpers import new_manual, roll, tuck
from .test_scoring import EXAMPLE_GAME

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
QUOTED = re.compile(r"“[^”]*”")
PLACEHOLDER = re.compile(r"\{\w+\}")


def _screen(state, player, lang):
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render(state, player, lang=lang))
    return console.file.getvalue()


def _chinese_problems(text):
    """Latin words of three letters or more outside the quoted action notation, and unfilled placeholders."""
    return LATIN_WORD.findall(QUOTED.sub("", text)) + PLACEHOLDER.findall(text)


def test_a_move_is_logged_in_both_languages():
    state = new_manual()  # card 3 on top of the deck: square 1 shows 3 and a red cube
    roll(state, (3, 6))
    state.apply(Action("take", (3, 1)))
    entry = state.log[-1]
    assert entry.id == "cube-europe.takes"
    assert entry.args == {"seat": 0, "die": 3, "square": 1, "colour": "red"}
    assert entry.text == "Red puts die 3 on square 1 and takes a red cube"
    assert entry.render("zh") == "红方把 3 点骰子放在方格 1，拿取了一个红色方块。"
    assert state.log_for(0, "zh")[-2] == "红方掷出 3、6。"


def test_the_seeds_scoring_example_ends_in_both_languages():
    state = meeple.load("cube-europe", players=1).new_game(seed=1, chance="manual")
    for text in ("board 7", "card 4", "card 5", "start A3"):
        player = 0 if text.startswith("start") else CHANCE
        state.apply(state.parse_action(text, player), player)
    for dice, moves, cards in EXAMPLE_GAME:
        state.apply(state.parse_action(dice, CHANCE), CHANCE)
        for move in moves:
            state.apply(state.parse_action(move, 0), 0)
        for card in cards:
            state.apply(state.parse_action(card, CHANCE), CHANCE)
    assert state.log_for(0)[-2:] == ["Game over: the market deck is exhausted for the second time", "Red scores 34"]
    assert state.log_for(0, "zh")[-2:] == ["游戏结束：市场牌库第二次耗尽。", "红方得 34 分。"]
    tucks = [line for line in state.log_for(0, "zh") if "插入版图下方" in line]
    assert tucks[0] == "红方把卡牌 1 插入版图下方：稳手——" + TERMS["effect_text"]["nudge"]["zh"]
    reshuffle = next(line for line in state.log_for(0) if line.startswith("The market deck is exhausted"))
    assert reshuffle == ("The market deck is exhausted: 6 market cards are reshuffled; "
                         "0 empty yellow hexes cost 0 extra cards")
    assert "大师" in _screen(state, 0, "zh") and "rank Master" in _screen(state, 0, "en")


def test_one_worker_and_two_workers_in_english():
    state = new_manual()
    assert "deck: 7 cards; discard pile: 1 card" in " ".join(_screen(state, 0, "en").split())
    roll(state, (3, 5))
    state.apply(Action("worker", (3,)))
    assert state.log[-1].text == "Red uses die 3 to gain 1 worker (now 2)"
    tuck(state, 0, 4)  # Recruiter: the worker action gives 2
    assert state.describe(Action("worker", (5,)), 0) == "Use die 5 to gain 2 workers (workers 2 → 4) — costs die 5"
    state.apply(Action("worker", (5,)))  # the round ends: the market moves on
    entry = [e for e in state.log if e.id == "cube-europe.gains_workers"][-1]
    assert entry.text == "Red uses die 5 to gain 2 workers (now 4)"
    assert entry.render("zh") == "红方使用 5 点骰子获得 2 名工人（现有 4 名）。"


def test_paying_with_workers_and_effects_reads_in_both_languages():
    state = new_manual(starts=["D3"])
    tuck(state, 0, 1)  # Steady Hand
    state.workers[0] = 2
    roll(state, (2, 6))
    take = state.parse_action("take 2 1")  # square 1 shows 3
    assert state.describe(take, 0, "zh") == (
        "把 2 点骰子放在方格 1（显示 3）：拿取一个红色方块（你的供应堆还剩 4 个）——"
        "花费 2 点骰子，外加 1 名工人 或 稳手（下一步由你选择；你有 2 名工人）")
    state.apply(take)
    reason = state.why_illegal(Action("worker", (6,)), 0)  # what a player may type is quoted in Chinese
    assert str(reason) == "first choose how to pay for the die change: pay 1, pay 0 steady"
    assert reason.render("zh") == "请先选择如何支付骰子调整：“pay 1”、“pay 0 steady”"
    state.apply(state.parse_action("pay 0 steady"))
    assert state.log[-2].text == "Red turns die 2 into 3 with Steady Hand"
    assert state.log[-2].render("zh") == "红方把 2 点骰子调整为 3 点（稳手）。"


def test_an_illegal_action_says_why_in_chinese():
    state = new_manual()  # starts on A3; A2 is a green 4
    roll(state, (6, 4))
    with pytest.raises(IllegalAction) as caught:
        state.apply(Action("place", (4, "A2")))
    assert str(caught.value) == "A2 is green and you have no green cube in your inventory"
    assert caught.value.render("zh") == "A2 是绿色六边形，而你的库存中没有绿色方块"
    assert state.why_illegal(Action("take", (5, 1)), 0).render("zh") == "你没有点数为 5 的骰子；你的骰子：4、6"


def test_every_term_has_both_languages():
    assert set(TERMS) >= {"seat", "colour", "colour_code", "effect", "effect_text", "rank", "phase", "follow_up",
                          "score_part", "free_effect", "period"}
    for kind, table in TERMS.items():
        entries = table.items() if isinstance(table, dict) else enumerate(table)
        for key, names in entries:
            assert set(names) == {"en", "zh"} and all(names.values()), (kind, key)
            assert not LATIN_WORD.search(names["zh"]), (kind, key, names["zh"])
    assert [TERMS["seat"][p]["zh"] for p in range(4)] == ["红方", "蓝方", "绿方", "黄方"]
    assert {k: (TERMS["effect"][k]["en"], TERMS["effect_text"][k]["en"]) for k in EFFECTS} == EFFECTS
    assert [TERMS["rank"][english.lower()]["zh"] for _, english, _ in RANKS] == ["大师", "专家", "熟练工", "学徒", "新手"]
    for info_id in ("title", "summary", "option.solo_deck", "option.solo_deck.classic", "option.solo_deck.thirteen"):
        for lang in ("en", "zh"):
            assert i18n.has(f"cube-europe.{info_id}", lang), (info_id, lang)
    assert i18n.render("cube-europe.title", {}, "zh") == "方块欧洲"


def _message_ids(value):
    if isinstance(value, dict) and "id" in value:
        yield value["id"]
        yield from _message_ids(value.get("args") or {})
    elif isinstance(value, dict):
        for v in value.values():
            yield from _message_ids(v)
    elif isinstance(value, list):
        for v in value:
            yield from _message_ids(v)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_random_game_reads_entirely_in_chinese(players):
    state = meeple.load("cube-europe", players=players).new_game(seed=40 + players, chance="manual")
    rng = Rng(players)
    space = state.game.action_space()
    problems = {}
    step = 0
    while not state.is_over():
        mover = state.to_move()[0]
        legal = state.legal_actions(mover)
        viewer = None if mover == CHANCE else mover
        for action in legal:
            message = state.describe_message(action, viewer)
            assert message is not None, action
            for mid in [message.id, *_message_ids(message.args)]:
                assert i18n.has(mid, "en") and i18n.has(mid, "zh"), mid
            text = state.describe(action, viewer, "zh")
            for word in _chinese_problems(text):
                problems.setdefault(word, f"describe {action}: {text}")
        if mover != CHANCE:
            for _ in range(3):
                action = space[rng.randbelow(len(space))]
                if action not in legal:
                    text = state.why_illegal(action, mover).render("zh")
                    for word in _chinese_problems(text):
                        problems.setdefault(word, f"why_illegal {action}: {text}")
        if step % 9 == 0:
            for seat in [None, *range(players)]:
                text = _screen(state, seat, "zh")
                for word in _chinese_problems(text):
                    problems.setdefault(word, f"view for {seat} at step {step}")
        state.apply(legal[rng.randbelow(len(legal))], mover)
        step += 1
    for entry in state.log:
        for mid in [entry.id, *_message_ids(entry.args)]:
            assert i18n.has(mid, "en") and i18n.has(mid, "zh"), mid
        for word in _chinese_problems(entry.render("zh")):
            problems.setdefault(word, f"log: {entry.render('zh')}")
        assert not PLACEHOLDER.search(entry.text) and "(s)" not in entry.text, entry.text
    for word in _chinese_problems(_screen(state, 0, "zh")):
        problems.setdefault(word, "final view")
    assert not problems, problems
