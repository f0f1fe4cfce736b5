"""docs/rules/kingsburg.zh.md, the Chinese edition of docs/rules/kingsburg.md (issue 18).

The Chinese edition keeps the English one's sections (so a dropped or added section shows in the
headings), the heading ``## 假设（Assumptions）``, every assumption with every number it states (a
dropped or shortened rule fails here), the seed's own words wherever the English quotes them, the
code notation, and the Chinese names that the game's screens use (``content.TERMS``), in Simplified
characters only.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

GAME = "kingsburg"
ROOT = Path(__file__).resolve().parents[2]
EN = ROOT / "docs" / "rules" / "kingsburg.md"
ZH = ROOT / "docs" / "rules" / "kingsburg.zh.md"
SEED = ROOT.parent / "shared" / "seeds" / "002_b638580df834d43a.txt"
ASSUMPTIONS_EN = "## Assumptions"
ASSUMPTIONS_ZH = "## 假设（Assumptions）"
# TERMS kinds whose names the document must use as the screens do (for each name the English
# document uses, the Chinese document uses its Chinese name)
TERM_KINDS = ("advisor", "building", "foe", "resource", "row", "season", "step")

# The Traditional characters of the Kingsburg seed (the only Traditional one) and their Simplified
# forms, character by character (OpenCC t2s): no Chinese edition may contain the first row, and a
# Traditional quotation is compared in its Simplified form.
_T = ("並來個們價儕償內別則剛劍動勝協喪國圍園圓圖報場塊將對屍師庫廄張強彫後從徵惡戰戲換揮擁擇擲擺敗敵數於"
      "時會柵標檢欄氣決況減為無煉營牆獎獲獵現產疊發禦禮種稱窺節築紅級紮組結給編緩總繳續脅臨與興舊舖蓋藍處號"
      "術衛製視觀記設該調論識議護變讓負費資賞贏趕車軍較輪農這進遊達選邊錄鐵鑄長開間陸陽隊隨雖頂項須領顆額顏"
      "類風餘館馬驟黃點")
_S = ("并来个们价侪偿内别则刚剑动胜协丧国围园圆图报场块将对尸师库厩张强雕后从征恶战戏换挥拥择掷摆败敌数于"
      "时会栅标检栏气决况减为无炼营墙奖获猎现产叠发御礼种称窥节筑红级扎组结给编缓总缴续胁临与兴旧铺盖蓝处号"
      "术卫制视观记设该调论识议护变让负费资赏赢赶车军较轮农这进游达选边录铁铸长开间陆阳队随虽顶项须领颗额颜"
      "类风余馆马骤黄点")
TO_SIMPLIFIED = str.maketrans(_T, _S)
TRADITIONAL = set(_T)
CJK = re.compile(r"[\u4e00-\u9fff]")


def _lines(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.append(line)
    return out


def _headings(text: str) -> list[int]:
    """The levels of the "##" and "###" headings, in order."""
    return [len(m.group(1)) for line in _lines(text) if (m := re.match(r"(#{2,3}) ", line))]


def _section(text: str, heading: str) -> str:
    """The text under ``heading`` up to the next level-2 heading."""
    lines = _lines(text)
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start + 1:end])


def _items(section: str) -> dict[int, str]:
    """The numbered items (``1. …``) of a list, by number."""
    parts = re.split(r"^(\d+)\. ", section, flags=re.M)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _numbers(text: str) -> Counter[str]:
    """Every run of digits in ``text`` (``1,000`` and ``7.5`` count as two runs each), with its count."""
    return Counter(re.findall(r"\d+", text))


def _squeeze(text: str) -> str:
    """Text without white space, ellipses and markdown emphasis, for quotations wrapped differently."""
    return re.sub(r"[\s…*]", "", text)


def _english_quotes(section: str) -> list[str]:
    """The Chinese words the English Assumptions quote ("…"), in Simplified characters."""
    quotes = re.findall(r'"([^"]*)"', section)
    return [q.translate(TO_SIMPLIFIED) for q in quotes if CJK.search(q)]


@pytest.fixture(scope="module")
def en() -> str:
    return EN.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def zh() -> str:
    assert ZH.is_file(), f"{ZH} is missing"
    return ZH.read_text(encoding="utf-8")


def test_the_chinese_edition_says_what_it_is(zh: str) -> None:
    first = zh.lstrip().splitlines()[0]
    assert "`kingsburg.md`" in first and "中文版" in first


def test_same_sections_as_the_english(en: str, zh: str) -> None:
    assert _headings(en), "no headings found in the English document"
    assert len(_headings(zh)) == len(_headings(en))
    assert _headings(zh) == _headings(en), "heading levels differ"


def test_has_the_assumptions_heading(zh: str) -> None:
    assert ASSUMPTIONS_ZH in _lines(zh)


def test_every_number_of_the_assumptions_is_kept(en: str, zh: str) -> None:
    want = _numbers(_section(en, ASSUMPTIONS_EN))
    have = _numbers(_section(zh, ASSUMPTIONS_ZH))
    assert want, "the English Assumptions have no number: section not found?"
    missing = sorted(set(want) - set(have))
    assert not missing, f"numbers of the English Assumptions missing in Chinese: {missing}"


def test_each_assumption_keeps_its_numbers(en: str, zh: str) -> None:
    en_items = _items(_section(en, ASSUMPTIONS_EN))
    zh_items = _items(_section(zh, ASSUMPTIONS_ZH))
    assert sorted(zh_items) == sorted(en_items), "the assumptions are not numbered alike"
    for k, text in en_items.items():
        lacking = _numbers(text) - _numbers(zh_items[k])
        assert not lacking, f"assumption {k}: numbers missing in Chinese (how many): {dict(lacking)}"


def test_the_seeds_words_quoted_in_english_are_quoted_in_chinese(en: str, zh: str) -> None:
    target = _squeeze(_section(zh, ASSUMPTIONS_ZH))
    quotes = _english_quotes(_section(en, ASSUMPTIONS_EN))
    assert quotes
    for quote in quotes:
        for part in re.split(r"…|/", quote):
            part = _squeeze(part)
            assert part in target, f"seed words quoted in English but not in the Chinese Assumptions: {part}"


def test_quotations_in_the_assumptions_are_the_seeds_words(zh: str) -> None:
    if not SEED.is_file():
        pytest.skip(f"{SEED} not present")
    seed = _squeeze(SEED.read_text(encoding="utf-8").translate(TO_SIMPLIFIED))
    for quote in re.findall(r"“([^”]*)”", _section(zh, ASSUMPTIONS_ZH)):
        if not CJK.search(quote):
            continue
        for part in re.split(r"…|/", quote):
            part = _squeeze(part)
            assert part in seed, f"quoted as the rulebook's words but not in the seed: {part}"


def test_code_notation_is_kept(en: str, zh: str) -> None:
    def spans(text: str) -> set[str]:
        return {re.sub(r"\s+", " ", s) for s in re.findall(r"`([^`]+)`", "\n".join(_lines(text)))}

    missing = spans(en) - spans(zh)
    assert not missing, f"code of the English document missing in Chinese: {sorted(missing)}"


def test_simplified_characters_only(zh: str) -> None:
    found = sorted(set(zh) & TRADITIONAL)
    assert not found, f"Traditional characters: {''.join(found)}"


def test_names_are_the_screens_names(en: str, zh: str) -> None:
    content = pytest.importorskip(f"meeple.games.{GAME}.content")
    terms = getattr(content, "TERMS", None)
    if terms is None:
        pytest.skip("content.TERMS not written yet")
    unused = []
    for kind in TERM_KINDS:
        table = terms[kind]
        for entry in table.values() if isinstance(table, dict) else table:
            named = re.search(rf"(?<![\w-]){re.escape(entry['en'])}(?![\w-])", en, flags=re.I)
            if named and entry["zh"] not in zh:
                unused.append(f"{kind} {entry['en']!r} → {entry['zh']}")
    assert not unused, f"names the English document uses whose screen name the Chinese lacks: {unused}"
