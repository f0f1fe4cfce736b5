"""Versailles in English and Chinese (issue 18): the log, the descriptions, the refusals and the terminal
board are messages rendered in the reader's language, with the seed's own names (国王恩赐, 大理石矿 …)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

import meeple
from meeple import IllegalAction
from meeple.core import CHANCE, Action, Rng, i18n
from meeple.games.versailles import game_end
from meeple.games.versailles.board import TILE_DECORATIONS, TILE_EDGES, TILE_NAME, TILE_VP, TILE_WORKERS
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R
from meeple.games.versailles import view

from .helpers import act, edit, new, place

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def board(st: R.VersaillesState, seat: int | None, lang: str) -> str:
    console = Console(file=io.StringIO(), width=140, color_system=None)
    console.print(view.render(st, seat, lang=lang))
    return console.file.getvalue()  # type: ignore[attr-defined]


def latin_words(text: str, allowed: str = "") -> list[str]:
    """Latin words of 3+ letters in ``text`` that are not part of the compact action text ``allowed``."""
    return [w for w in LATIN_WORD.findall(text) if w not in allowed.split()]


# ------------------------------------------------------------------ (a) a worked example, both languages
def test_a_move_and_an_activation_in_both_languages() -> None:
    st = new()
    place(st, 0, kf=1, mq=1)
    n = len(st.log)
    act(st, "move kf mq", "activate")
    lines = st.log[n:]
    assert [e.text for e in lines] == [
        "Red moves a worker from King's Favor to Marble Quarry",
        "Red activates Marble Quarry with 2 workers",
        "Red gains 2 marble",
    ]
    assert [e.render("zh") for e in lines] == [
        "红方将一个工人从国王恩赐移动到大理石矿",
        "红方用2个工人激活了大理石矿",
        "红方获得2个大理石",
    ]
    assert lines[0].id == "versailles.moves" and lines[0].args == {"seat": 0, "location": 0, "location2": 1}


def test_a_jump_over_kings_favor_and_a_build_in_chinese() -> None:
    st = new()
    place(st, 0, al=1)
    n = len(st.log)
    act(st, "jump al mq")
    assert [e.render("zh") for e in st.log[n:]] == [
        "红方翻面一个双倍移动标记：一个工人从炼金术师公会跳过国王恩赐，移动到大理石矿",
        "国王前进到国王轨道的第2格（共18格）（国王恩赐被跳过）",
    ]
    assert st.log[n + 1].text == "The King advances to space 2 of 18 (King's Favor jumped over)"


def test_describe_in_both_languages() -> None:
    st = new()
    st.resources[0] = [20, 20, 20]
    edit(st)
    place(st, 0, cs=1)
    act(st, "move cs al", "activate")
    tech = Action("tech", ("gains",))
    assert st.describe(tech, 0) == ("Advance the gains technology to level 1: pay 1 wood, 1 worker — from now on "
                                    "+1 wood whenever you gain wood")
    assert st.describe(tech, 0, "zh") == "将资源收集升级科技提升到1级：支付1个木头、1个工人——从此每当你获得木头，多获得1个木头"


def test_the_take_description_names_the_tile_with_its_decorations() -> None:
    st = new(display=(21, 0, 15, 31, 34))         # Hall of Mirrors (#0) in position 2
    place(st, 0, gm=2)
    act(st, "move gm ag", "activate")
    assert st.describe(Action("take", (2,)), 0) == (
        "Take Hall of Mirrors (#0; to build: 3 workers, 3 wood, 1 marble, 2 gold, Painting and Chandelier; 16 VP) "
        "from display position 2 into your hand: spend 1 worker")
    assert st.describe(Action("take", (2,)), 0, "zh") == (
        "将展示区第2格的镜厅（#0；建造需要3个工人、3个木头、1个大理石、2个金块，以及油画和吊灯；16分）拿到手中：花费1个工人")


# ------------------------------------------------------------------ (b) plurals
def test_one_worker_and_two_workers() -> None:
    st = new()
    place(st, 0, kf=1)
    n = len(st.log)
    act(st, "move kf mq", "activate")
    assert st.log[n + 1].text == "Red activates Marble Quarry with 1 worker"
    assert st.log[n + 1].render("zh") == "红方用1个工人激活了大理石矿"
    assert i18n.render("versailles.activates", {"seat": 1, "location": 2, "n": 2}, "en") == \
        "Blue activates Gold Mine with 2 workers"
    assert i18n.render("versailles.flips", {"seat": 0, "n": 1}, "en") == "Red flips 1 double-move token face up"
    assert i18n.render("versailles.flips", {"seat": 0, "n": 2}, "en") == "Red flips 2 double-move tokens face up"
    assert i18n.render("versailles.end.stack", {"n": 1}, "en") == \
        "the palace stack is empty and only 1 tile is discarded"
    assert i18n.render("versailles.end.stack", {"n": 6}, "en") == \
        "the palace stack is empty and only 6 tiles are discarded"
    for k in (0, 1, 2, 5):
        assert "(s)" not in i18n.render("versailles.workers", {"n": k}, "en")
    assert i18n.render("versailles.workers", {"n": 1}, "en") == "1 worker"
    assert i18n.render("versailles.workers", {"n": 3}, "en") == "3 workers"


def test_the_refusal_counts_workers_properly() -> None:
    st = new()
    place(st, 0, kf=1, ag=1)
    with pytest.raises(IllegalAction) as one:
        st.apply(Action("move2", ("kf", "mq")), 0)
    assert str(one.value) == "you have 1 worker at King's Favor, 2 needed"
    with pytest.raises(IllegalAction) as none:
        st.apply(Action("move", ("gm", "ag")), 0)
    assert str(none.value) == "you have 0 workers at Gold Mine, 1 needed"


# ------------------------------------------------------------------ (c) a refusal in Chinese
def test_an_illegal_move_is_refused_in_chinese() -> None:
    st = new()
    place(st, 0, mq=1)
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("move", ("mq", "kf")), 0)
    assert str(err.value) == "workers move along the arrows: Marble Quarry leads to Gold Mine, not King's Favor"
    assert err.value.render("zh") == "工人必须按箭头方向移动：大理石矿通往金矿，而不是国王恩赐"
    act(st, "move mq gm")
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("take", (1,)), 0)
    assert err.value.render("zh") == "“take”是激活地点后的行动；现在游戏在等待：决定是否激活"


def test_a_misfit_tile_is_refused_with_its_edges_in_chinese() -> None:
    st = new()
    st.resources[0] = [20, 20, 20]
    outdoor_west = next(t for t in st.tile_stack
                        if TILE_WORKERS[t] == 1 and not TILE_DECORATIONS[t] and TILE_EDGES[t][3] == "O")
    indoor_east = next(t for t in st.tile_stack if t != outdoor_west and TILE_EDGES[t][1] == "I")
    st.construction_site[0] = indoor_east
    st.vp[1] = TILE_VP[indoor_east]
    st.hands[0] = [outdoor_west]
    st.tile_stack.remove(outdoor_west)
    st.tile_stack.remove(indoor_east)
    edit(st)
    place(st, 0, lm=1)
    act(st, "move lm cs", "activate")
    reason = st.why_illegal(Action("build", (outdoor_west, 1)), 0)
    assert reason.render("en").endswith(f"does not fit at a2: its west edge is outdoor but {TILE_NAME[indoor_east]} "
                                        "next to it at a1 shows indoor there")
    zh = reason.render("zh")
    assert "不能放在a2：它的西边是室外" in zh and "在那一边是室内" in zh
    assert not latin_words(zh)


# ------------------------------------------------------------------ (d) every name in both languages
def test_every_term_has_english_and_chinese() -> None:
    assert set(C.TERMS) >= {"seat", "location", "resource", "decoration", "tile", "track", "phase", "direction", "edge"}
    for kind, table in C.TERMS.items():
        entries = table.items() if isinstance(table, dict) else enumerate(table)
        for key, names in entries:
            assert names.get("en") and names.get("zh"), (kind, key)
            if kind not in ("decoration_mark", "edge_mark"):
                assert not latin_words(names["zh"]), (kind, key, names)
    assert len(C.TERMS["tile"]) == len(C.TILES) and len(C.TERMS["seat"]) == len(C.SEAT_NAMES)
    assert set(C.TERMS["phase"]) == set(C.PHASES)
    # the seed's names of the board
    assert [C.TERMS["location"][i]["zh"] for i in C.TOP_ROW] == ["国王恩赐", "大理石矿", "金矿", "建筑师公会"]
    assert [C.TERMS["location"][i]["zh"] for i in C.BOTTOM_ROW] == ["炼金术师公会", "建筑工地", "伐木场", "工坊"]
    assert [t["zh"] for t in C.TERMS["resource"]] == ["木头", "大理石", "金块"]
    assert len({t["zh"] for t in C.TERMS["tile"]}) == len(C.TILES)  # no two tiles share a Chinese name


def test_every_message_id_of_the_package_has_both_languages() -> None:
    package = Path(R.__file__).parent
    ids = set()
    for source in package.glob("*.py"):
        ids |= set(re.findall(r'"(versailles\.[a-z0-9_.]+)"', source.read_text(encoding="utf-8")))
    ids |= {"versailles.title", "versailles.summary"}
    assert len(ids) > 150
    for mid in sorted(ids):
        for lang in ("en", "zh"):
            assert i18n.has(mid, lang), f"{mid} has no {lang} text"


def test_title_and_summary() -> None:
    assert i18n.render("versailles.title", {}, "zh") == "凡尔赛"
    assert i18n.render("versailles.summary", {}, "en") == meeple.games()["versailles"].summary


# ------------------------------------------------------------------ (e) random games read entirely in Chinese
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_game_has_no_english_in_chinese(players: int) -> None:
    st = meeple.load("versailles", players=players).new_game(seed=players, chance="manual")
    rng = Rng(players + 40)
    step = 0
    while not st.is_over():
        p = st.to_move()[0]
        legal = st.legal_actions(p)
        seat = None if p == CHANCE else p
        for a in legal:
            text = st.describe(a, seat, "zh")
            assert text != str(a) and not latin_words(text), (str(a), text)
        if step % 25 == 0:
            screen = board(st, seat, "zh")
            assert not latin_words(screen), screen
        st.apply(legal[rng.randbelow(len(legal))], p)
        step += 1
    for e in st.log:
        zh = e.render("zh")
        assert not latin_words(zh) and "{" not in zh, (e.id, zh)
        assert "(s)" not in e.text and "{" not in e.text, e.text
    final = board(st, 0, "zh")
    assert "游戏结束：" in final and not latin_words(final)
    assert "GAME OVER: " + i18n.render_message(st.end_message(), "en") in board(st, 0, "en")
    assert st.log_for(None, "zh")[-2].startswith("游戏立即结束：")


def test_the_end_reason_keeps_its_saved_wording() -> None:
    """``end_reason`` stays the English sentence older saves hold; the screens show ``end_message``."""
    st = meeple.load("versailles", players=2).new_game(seed=1)
    rng = Rng(3)
    while not st.is_over():
        p = st.to_move()[0]
        legal = st.legal_actions(p)
        st.apply(legal[rng.randbelow(len(legal))], p)
    reasons = game_end.END_REASON
    assert st.end_reason in (reasons["king"], reasons["site"]) or "tiles are discarded" in st.end_reason
    assert st.observation(0)["end"] == st.end_message()
    assert i18n.render_message(st.end_message(), "en") in st.log[-2].text
