"""Citadels in English and Chinese (issue 18): the log, the actions, the refusals and the board.

The log stores events (a message id and JSON-native arguments); the same event reads as the old English
sentence and as Chinese with the rulebook's terms (富饶之城: 刺客, 盗贼, 地区卡, 金币…).
"""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

import meeple
from meeple.core import CHANCE, Action, Rng, i18n
from meeple.games.citadels import content
from meeple.games.citadels.view import render

from .helpers import act, draw, give_city, illegal, start, turn_of

EXTRAS = dict(rank1="witch", rank2="tax-collector", rank3="wizard", rank4="emperor", rank5="abbot",
              rank6="alchemist", rank7="navigator", rank8="diplomat")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
QUOTED = re.compile(r"“[^”]*”")
UNFILLED = re.compile(r"\{\w+\}")


def screen(state, viewer, lang: str) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render(state, viewer, lang=lang))
    return console.file.getvalue()


def english_in(text: str) -> list[str]:
    """Latin words of three letters or more outside “…” (the compact action text a player types)."""
    return LATIN_WORD.findall(QUOTED.sub("", text))


# ------------------------------------------------------------------ (a) a worked example in both languages
def test_a_build_reads_the_same_in_english_and_in_chinese():
    s = start(4, {0: "merchant", 1: "thief", 2: "king", 3: "assassin"}, down="magician", up=["bishop", "architect"],
              hands={0: ["temple", "harbor", "harbor", "harbor"]})
    give_city(s, 0, "tavern", "market", "docks", "school-of-magic")
    while turn_of(s)[0] != "merchant":
        p = s.current_seat
        act(s, "gold")
        if s.current_seat == p:
            act(s, "end")
    act(s, "gold")
    build = Action("build", ("temple",))
    assert s.describe(build, 0) == "Build the Temple for 1 gold (blue, worth 1 point)"
    assert s.describe(build, 0, "zh") == "花费 1 枚金币建造神庙（蓝色，计 1 分）"
    assert s.describe(Action("income"), 0, "zh") == "作为商人获得 4 枚金币收入（3 个绿色地区 + 魔法学院）"
    assert s.describe(Action("end"), 0, "zh") == "不建造，结束你的回合，并获得你的 4 枚金币收入"
    act(s, "build temple")
    entry = s.log[-1]
    assert (entry.id, entry.args) == ("citadels.builds", {"seat": 0, "district": "temple", "colour": "blue", "cost": 1})
    assert entry.text == "Red builds the Temple (blue, 1)."
    assert entry.render("zh") == "红方建造了神庙（蓝色，1 枚金币）。"
    act(s, "end")
    assert "Red ends the turn." in s.log_for(None)
    assert "红方结束回合。" in s.log_for(None, "zh")
    assert "红方（商人）额外获得 1 枚金币。" in s.log_for(None, "zh")


def test_a_hidden_line_stays_hidden_in_every_language():
    s = meeple.load("citadels", players=3).new_game(seed=5)
    for viewer in (None, 0, 1, 2):
        assert len(s.log_for(viewer, "zh")) == len(s.log_for(viewer, "en"))
    private = [e for e in s.log if e.visible_to is not None]
    assert private and all(e.id == "citadels.draws_card" or e.id == "citadels.offered" for e in private)
    first = private[0]
    seat = first.visible_to[0]
    assert first.render("zh") in s.log_for(seat, "zh") and first.render("zh") not in s.log_for(None, "zh")


def test_the_log_and_the_names_follow_the_rulebook():
    s = start(4, {0: "assassin", 1: "thief", 2: "king", 3: "warlord"}, down="magician", up=["bishop", "architect"])
    act(s, "gold")
    act(s, "kill king")
    assert s.log_for(None)[-1] == "The Assassin kills the King."
    assert s.log_for(None, "zh")[-1] == "刺客暗杀了国王。"
    assert i18n.term("citadels", "district", "watchtower", "zh") == "了望塔"
    assert i18n.term("citadels", "character", "warlord", "zh") == "领主"
    assert i18n.term("citadels", "colour", "yellow", "zh") == "金色"  # seed: "贵族地区 金色"
    assert s.player_name(0, "zh") == "红方" and s.player_name(0, "en") == "Red"
    assert i18n.render("citadels.title", {}, "zh") == "富饶之城"


# ------------------------------------------------------------------ (b) plurals
def test_plural_forms_in_english_one_and_many():
    def en(message_id, **args):
        return i18n.render(message_id, args, "en")

    assert en("citadels.keeps_rest", seat=0, n=1) == "Red keeps what it chose and puts 1 card at the bottom of the deck."
    assert en("citadels.keeps_rest", seat=0, n=2) == "Red keeps what it chose and puts 2 cards at the bottom of the deck."
    assert en("citadels.redraws", seat=1, n=1) == "Blue (Magician) puts 1 card at the bottom of the deck and draws as many."
    assert en("citadels.redraws", seat=1, n=3) == "Blue (Magician) puts 3 cards at the bottom of the deck and draws as many."
    assert i18n.render("citadels.keeps_rest", {"seat": 0, "n": 2}, "zh") == "红方保留所选的牌，并将 2 张地区卡放到牌堆底部。"
    assert en("citadels.view.deck", n=1) == "deck: 1 card" and en("citadels.view.deck", n=0) == "deck: 0 cards"
    # in a game: one card drawn and not kept goes to the bottom; a 2-point district is worth 2 points
    s = start(4, {0: "merchant", 1: "thief", 2: "king", 3: "assassin"}, down="magician", up=["bishop", "architect"],
              hands={0: ["church", "harbor", "harbor", "harbor"]})
    while turn_of(s)[0] != "merchant":
        p = s.current_seat
        act(s, "gold")
        if s.current_seat == p:
            act(s, "end")
    assert s.describe(Action("build", ("church",)), 0) == "Build the Church for 2 gold (blue, worth 2 points)"
    act(s, "cards")
    draw(s, "temple", "castle")
    act(s, "keep castle")
    assert "Red keeps what it chose and puts 1 card at the bottom of the deck." in s.log_for(None)


# ------------------------------------------------------------------ (c) a refusal in Chinese
def test_an_illegal_action_says_why_in_chinese():
    s = start(4, {0: "merchant", 1: "thief", 2: "king", 3: "assassin"}, down="magician", up=["bishop", "architect"],
              hands={0: ["temple", "temple", "harbor", "harbor"]})
    give_city(s, 0, "temple")
    while turn_of(s)[0] != "merchant":
        p = s.current_seat
        act(s, "gold")
        if s.current_seat == p:
            act(s, "end")
    assert illegal(s, "build temple") == "first take 2 gold or draw cards, then build"
    act(s, "gold")
    assert illegal(s, "build temple") == "your city already has a Temple: no two identical districts"
    try:
        s.apply(Action("build", ("temple",)), 0)
    except meeple.IllegalAction as exc:
        assert exc.render("zh") == "你的城市已经有神庙：城市里不能有两个相同的地区"
    else:
        raise AssertionError("a second Temple was built")
    # the core's fallback, with every legal action quoted as typed
    reason = s.why_illegal(Action("kill", ("king",)), 0)
    assert english_in(reason.render("zh")) == []
    assert str(reason).startswith("'kill king' is not legal now for Red; legal now: ")


def test_a_refusal_in_the_draft_names_the_character_in_chinese():
    s = meeple.load("citadels", players=4).new_game(seed=1)
    p = s.to_move()[0]
    offered = {a.args[0] for a in s.legal_actions(p)}
    missing = next(slug for slug in content.CHARACTER_SLUG[:8] if slug not in offered)
    with pytest.raises(meeple.IllegalAction) as caught:
        s.apply(Action("pick", (missing,)), p)
    name = content.CHARACTER_ZH[content.CHARACTER_INDEX[missing]]
    assert caught.value.render("zh") == f"{name}不在交给你的角色卡中"


# ------------------------------------------------------------------ (d) every name in both languages
def test_every_terms_table_names_every_entry_in_both_languages():
    terms = content.TERMS
    assert {"seat", "district", "character", "colour", "colour_letter", "phase"} <= set(terms)
    assert len(terms["seat"]) == meeple.games()["citadels"].max_players
    assert set(terms["district"]) == set(content.DISTRICT_SLUG) and set(terms["character"]) == set(content.CHARACTER_SLUG)
    assert set(terms["phase"]) == {"setup", "draft", "call", "turn", "over"}
    for kind, table in terms.items():
        entries = table.items() if isinstance(table, dict) else enumerate(table)
        for key, names in entries:
            assert names["en"] and names["zh"], (kind, key)
            assert not english_in(names["zh"]), (kind, key, names)
    info = meeple.games()["citadels"]
    ids = ["citadels.title", "citadels.summary"]
    for option in info.options:
        ids.append(f"citadels.option.{option.name}")
        ids += [f"citadels.option.{option.name}.{str(v).lower()}" for v in option.choices]
    for message_id in ids:
        assert i18n.has(message_id, "en") and i18n.has(message_id, "zh"), message_id
        assert not english_in(i18n.render(message_id, {}, "zh")), message_id
    for option in info.options:
        assert i18n.render(f"citadels.option.{option.name}", {}, "en") == option.help
    assert i18n.render("citadels.summary", {}, "en") == info.summary


# ------------------------------------------------------------------ (e) random games read entirely in Chinese
def _ids(message_id, args):
    found = [message_id]
    for value in (args or {}).values():
        values = value if isinstance(value, list) else [value]
        for v in values:
            if isinstance(v, dict) and "id" in v:
                found += _ids(v["id"], v.get("args"))
    return found


def _check_text(text: str, lang: str, where: str, problems: set[str]) -> None:
    if UNFILLED.search(text):
        problems.add(f"[{lang}] unfilled in {where}: {text}")
    if lang == "zh" and english_in(text):
        problems.add(f"[zh] English {english_in(text)} in {where}: {text}")
    if lang == "en" and "(s)" in text:
        problems.add(f"[en] '(s)' in {where}: {text}")


CASES = [(n, {}) for n in range(2, 8)] + [(3, {"three_player": "two"}), (2, dict(EXTRAS, rank9="artist")),
                                          (4, dict(EXTRAS, rank9="queen")), (7, dict(EXTRAS, rank9="artist"))]


@pytest.mark.parametrize("n,opts", CASES, ids=[f"{n}p-{'extras' if o.get('rank1') else 'base'}-{i}"
                                                for i, (n, o) in enumerate(CASES)])
def test_a_random_game_reads_entirely_in_chinese(n, opts):
    s = meeple.load("citadels", players=n, **opts).new_game(seed=40 + n)
    rng = Rng(n)
    problems: set[str] = set()
    space = s.game.action_space()
    step = 0
    while s.to_move():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        viewer = None if p == CHANCE else p
        if step % 5 == 0 or len(legal) > 1:
            for a in legal:
                message = s.describe_message(a, viewer)
                assert message is not None, a
                for mid in _ids(message.id, message.args):
                    assert i18n.has(mid, "en") and i18n.has(mid, "zh"), mid
                for lang in ("en", "zh"):
                    _check_text(s.describe(a, viewer, lang), lang, f"describe {a}", problems)
        if step % 23 == 0:
            for v in (None, *range(n)):
                _check_text(screen(s, v, "zh"), "zh", f"view of {v}", problems)
            if p != CHANCE:
                wrong = space[rng.randbelow(len(space))]
                if wrong not in legal:
                    _check_text(s.why_illegal(wrong, p).render("zh"), "zh", f"why_illegal {wrong}", problems)
        s.apply(legal[rng.randbelow(len(legal))], p)
        step += 1
    for v in (None, *range(n)):
        _check_text(screen(s, v, "zh"), "zh", f"final view of {v}", problems)
    for entry in s.log:
        assert json.loads(json.dumps(entry.args)) == entry.args, entry  # JSON-native: no tuples, no objects
        for mid in _ids(entry.id, entry.args):
            assert i18n.has(mid, "en") and i18n.has(mid, "zh"), mid
        for lang in ("en", "zh"):
            _check_text(entry.render(lang), lang, f"log {entry.id}", problems)
    assert s.log[-1].id == "citadels.game_ends"
    assert not problems, "\n".join(sorted(problems)[:30])


def test_the_winners_read_as_one_phrase():
    from meeple.games.citadels.scoring import seats_message

    assert i18n.render("citadels.game_ends", {"scores": [], "winners": seats_message([0, 2])}, "en").endswith(
        "Winner: Red and Green.")
    assert i18n.render("citadels.game_ends", {"scores": [], "winners": seats_message([0, 2])}, "zh").endswith("胜利者：红方和绿方。")
