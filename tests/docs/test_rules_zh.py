"""The Chinese rules documents against the English ones (issue 18), one set of checks for every game.

``docs/rules/<game>.zh.md`` must keep the English edition's sections (a dropped or added section shows
in the headings), the heading ``## 假设（Assumptions）``, every assumption with every number it states (a
dropped or shortened rule fails here), the seed's own words wherever the English quotes them, the code
notation, and the Chinese names that the game's screens use (``content.TERMS``), in Simplified
characters only.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSUMPTIONS_EN = "## Assumptions"
ASSUMPTIONS_ZH = "## 假设（Assumptions）"


@dataclass(frozen=True)
class Edition:
    """One game's pair of documents and what its checks look for."""

    game: str
    package: str
    seed: str
    term_kinds: tuple[str, ...]
    """TERMS kinds whose Chinese names the document must use as the screens do."""
    corner_quotes: bool = False
    """The translation quotes the rulebook in 「…」 (anywhere) rather than in “…” (in the Assumptions)."""
    every_name: bool = False
    """Every name of those kinds must appear, not only those the English document uses."""

    @property
    def en_path(self) -> Path:
        return ROOT / "docs" / "rules" / f"{self.game}.md"

    @property
    def zh_path(self) -> Path:
        return ROOT / "docs" / "rules" / f"{self.game}.zh.md"

    def __str__(self) -> str:
        return self.game


EDITIONS = [
    Edition("citadels", "citadels", "004_34ee53831290b17c.txt", ("district", "character", "colour", "phase")),
    Edition("cube-europe", "cube_europe", "003_20978ce556857914.txt", ("effect", "rank", "colour")),
    Edition("kingsburg", "kingsburg", "002_b638580df834d43a.txt",
            ("advisor", "building", "foe", "resource", "row", "season", "step")),
    Edition("versailles", "versailles", "001_5d800c698859b77c.txt",
            ("location", "resource", "decoration", "tile", "track"), corner_quotes=True, every_name=True),
    Edition("gods-playground", "gods_playground", "000_e43ed8ac9d7a3d4b.txt",
            ("family", "province", "area", "enemy", "unit", "phase"), corner_quotes=True, every_name=True),
]

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
TRADITIONAL = set(_T) | set("們個這會國點東軍隊戰將時擊寶區權與為從對來說開關發變車馬龍門長書體後裡錢陣貴標議買賣幣"
                  "騎啟資產業獲勝費運達過還選領導員請應經營際幾樣兩萬數殺盜賊莊園顧問術師築礦場廠裝飾圖銀"
                  "鐵實現規則設計隨機擴張稅階輪勢災難結麼壞擁護舊懷聽論噴畫燈掛氈廳樓層庫")
"""Characters found only in Traditional Chinese: the Kingsburg seed's, and others met while translating."""
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


def _parts(quote: str) -> list[str]:
    """A quotation's pieces (split at … and /), squeezed, without a leading or trailing "+"."""
    return [p for p in (_squeeze(part).strip("+") for part in re.split(r"…|/", quote)) if p]


def _english_quotes(section: str, edition: Edition) -> list[str]:
    """The Chinese words the English Assumptions quote, in Simplified characters."""
    if edition.corner_quotes:
        quotes = re.findall(r"「([^」]*)」", section) + re.findall(r'"([^"\n]*(?:\n[^"\n]*)?)"', section)
    else:
        quotes = re.findall(r'"([^"]*)"', section)
    return [q.translate(TO_SIMPLIFIED) for q in quotes if CJK.search(q)]


@pytest.fixture(params=EDITIONS, ids=str)
def edition(request: pytest.FixtureRequest) -> Edition:
    return request.param


@pytest.fixture
def en(edition: Edition) -> str:
    return edition.en_path.read_text(encoding="utf-8")


@pytest.fixture
def zh(edition: Edition) -> str:
    assert edition.zh_path.is_file(), f"{edition.zh_path} is missing"
    return edition.zh_path.read_text(encoding="utf-8")


def test_the_chinese_edition_says_what_it_is(edition: Edition, zh: str) -> None:
    first = zh.lstrip().splitlines()[0]
    assert f"`{edition.game}.md`" in first and "中文版" in first


def test_same_sections_as_the_english(en: str, zh: str) -> None:
    assert _headings(en), "no headings found in the English document"
    assert _headings(zh) == _headings(en), "the headings or their levels differ"


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


def test_the_seeds_words_quoted_in_english_are_quoted_in_chinese(edition: Edition, en: str, zh: str) -> None:
    target = _squeeze(_section(zh, ASSUMPTIONS_ZH))
    quotes = _english_quotes(_section(en, ASSUMPTIONS_EN), edition)
    assert quotes
    for quote in quotes:
        for part in _parts(quote):
            assert part in target, f"seed words quoted in English but not in the Chinese Assumptions: {part}"


def test_quotations_are_the_seeds_words(edition: Edition, zh: str, rulebook_passages) -> None:  # type: ignore[no-untyped-def]
    """Looked up in the seed (in Simplified characters) where ../shared/seeds has it, else among the
    passages shipped as checked (tests/data/rulebook_passages.json, see tests/conftest.py)."""
    if edition.corner_quotes:
        quotes = re.findall(r"「([^」]*)」", zh)
    else:
        quotes = [q for q in re.findall(r"“([^”]*)”", _section(zh, ASSUMPTIONS_ZH)) if CJK.search(q)]
    parts = list(dict.fromkeys(part for quote in quotes for part in _parts(quote)))
    rulebook_passages.check(f"docs/rules/{edition.game}.zh.md", parts, edition.seed,
                            lambda text: _squeeze(text.translate(TO_SIMPLIFIED)))


def test_code_notation_is_kept(en: str, zh: str) -> None:
    def spans(text: str) -> set[str]:
        return {re.sub(r"\s+", " ", s) for s in re.findall(r"`([^`]+)`", "\n".join(_lines(text)))}

    missing = spans(en) - spans(zh)
    assert not missing, f"code of the English document missing in Chinese: {sorted(missing)}"


def test_simplified_characters_only(zh: str) -> None:
    found = sorted(set(zh) & TRADITIONAL)
    assert not found, f"Traditional characters: {''.join(found)}"


def test_names_are_the_screens_names(edition: Edition, en: str, zh: str) -> None:
    content = pytest.importorskip(f"meeple.games.{edition.package}.content")
    unused = []
    for kind in edition.term_kinds:
        table = content.TERMS[kind]
        for entry in table.values() if isinstance(table, dict) else table:
            named = edition.every_name or re.search(rf"(?<![\w-]){re.escape(entry['en'])}(?![\w-])", en, flags=re.I)
            if named and entry["zh"] not in zh:
                unused.append(f"{kind} {entry['en']!r} → {entry['zh']}")
    assert not unused, f"names whose screen name the Chinese document lacks: {unused}"
