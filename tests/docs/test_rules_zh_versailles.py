"""The Chinese rules of Versailles (``docs/rules/versailles.zh.md``) against the English ones.

The Chinese edition must keep the English document's sections, the heading ``## 假设（Assumptions）``,
every assumption with every number it states (so a dropped or shortened rule fails here), the seed's
own words where the English quotes them, the code notation, and the Chinese names the game's screens
use (``meeple.games.versailles.content.TERMS``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

GAME = "versailles"
SEED = "001_5d800c698859b77c.txt"
ROOT = Path(__file__).resolve().parents[2]
EN = ROOT / "docs" / "rules" / f"{GAME}.md"
ZH = ROOT / "docs" / "rules" / f"{GAME}.zh.md"
SEEDS = ROOT.parent / "shared" / "seeds"
ASSUMPTIONS_EN = "## Assumptions"
ASSUMPTIONS_ZH = "## 假设（Assumptions）"
# TERMS kinds whose Chinese names the document must use as the screens do
TERM_KINDS = ("location", "resource", "decoration", "tile", "track")
# characters found only in Traditional Chinese (their Simplified forms differ)
TRADITIONAL = set("們個這會國點東軍隊戰將時擊寶區權與為從對來說開關發變車馬龍門長書體後裡錢陣貴標議買賣幣"
                  "騎啟資產業獲勝費運達過還選領導員請應經營際幾樣兩萬數殺盜賊莊園顧問術師築礦場廠裝飾圖銀"
                  "鐵實現規則設計隨機擴張稅階輪勢災難結麼壞擁護舊懷聽論噴畫燈掛氈廳樓層庫")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _outside_code(text: str) -> list[str]:
    """The document's lines that are not inside a fenced code block."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def _headings(text: str) -> list[int]:
    """The levels of the "##" and "###" headings, in order."""
    return [len(m.group(1)) for line in _outside_code(text) if (m := re.match(r"(#{2,3}) ", line))]


def _section(text: str, heading: str) -> str:
    start = text.index(heading + "\n") if heading + "\n" in text else text.index(heading)
    rest = text[start + len(heading):]
    end = re.search(r"^## ", rest, flags=re.M)
    return rest[: end.start()] if end else rest


def _items(section: str) -> dict[int, str]:
    """The numbered items of a list (``1. …``, ``2. …``) at the start of a line, by number."""
    parts = re.split(r"^(\d+)\. ", section, flags=re.M)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _numbers(text: str) -> Counter[str]:
    return Counter(re.findall(r"\d+", text))


def _squeeze(text: str) -> str:
    """Text without white space and ellipses, for comparing quotations wrapped differently."""
    return re.sub(r"\s+|…", "", text)


def _chinese_quotes(section: str) -> list[str]:
    quoted = re.findall(r"「([^」]*)」", section) + re.findall(r'"([^"\n]*(?:\n[^"\n]*)?)"', section)
    return [q for q in quoted if re.search(r"[\u4e00-\u9fff]", q)]


@pytest.fixture(scope="module")
def en() -> str:
    return _text(EN)


@pytest.fixture(scope="module")
def zh() -> str:
    assert ZH.is_file(), f"{ZH} is missing"
    return _text(ZH)


def test_the_chinese_rules_exist_and_say_what_they_are(zh: str) -> None:
    first = zh.splitlines()[0]
    assert f"`{GAME}.md`" in first and "中文版" in first
    assert re.search(r"[\u4e00-\u9fff]", zh)


def test_same_headings_as_the_english_rules(en: str, zh: str) -> None:
    assert _headings(zh) == _headings(en)
    assert len(_headings(zh)) > 0


def test_assumptions_heading(zh: str) -> None:
    assert ASSUMPTIONS_ZH in _outside_code(zh)


def test_every_number_of_the_assumptions_is_kept(en: str, zh: str) -> None:
    en_numbers = set(_numbers(_section(en, ASSUMPTIONS_EN)))
    zh_numbers = set(_numbers(_section(zh, ASSUMPTIONS_ZH)))
    assert en_numbers, "the English Assumptions have no numbers: the section was not found"
    assert en_numbers <= zh_numbers, f"missing in the Chinese Assumptions: {sorted(en_numbers - zh_numbers)}"


def test_each_assumption_keeps_its_numbers(en: str, zh: str) -> None:
    en_items = _items(_section(en, ASSUMPTIONS_EN))
    zh_items = _items(_section(zh, ASSUMPTIONS_ZH))
    assert sorted(zh_items) == sorted(en_items)
    for k, text in en_items.items():
        lacking = _numbers(text) - _numbers(zh_items[k])
        assert not lacking, f"assumption {k}: numbers missing in Chinese: {dict(lacking)}"


def test_the_seeds_words_quoted_in_english_are_quoted_in_chinese(en: str, zh: str) -> None:
    target = _squeeze(_section(zh, ASSUMPTIONS_ZH))
    quotes = _chinese_quotes(_section(en, ASSUMPTIONS_EN))
    assert quotes
    for quote in quotes:
        for part in re.split(r"…|/", quote):
            part = _squeeze(part).strip("+")
            assert part in target, f"seed words not quoted in the Chinese Assumptions: {part}"


def test_chinese_quotations_are_the_seeds_own_words(zh: str) -> None:
    seed = SEEDS / SEED
    if not seed.is_file():
        pytest.skip(f"{seed} not present")
    words = _squeeze(_text(seed))
    for quote in re.findall(r"「([^」]*)」", zh):
        for part in re.split(r"…|/", quote):
            part = _squeeze(part).strip("+")
            if part:
                assert part in words, f"not the seed's words: {part}"


def test_code_notation_is_kept(en: str, zh: str) -> None:
    def spans(text: str) -> set[str]:
        body = "\n".join(_outside_code(text))
        return {re.sub(r"\s+", " ", s) for s in re.findall(r"`([^`]+)`", body)}

    missing = spans(en) - spans(zh)
    assert not missing, f"code spans of the English rules missing in Chinese: {sorted(missing)}"


def test_simplified_characters_only(zh: str) -> None:
    found = sorted(set(zh) & TRADITIONAL)
    assert not found, f"Traditional characters: {found}"


def test_names_are_the_screens_names(zh: str) -> None:
    content = pytest.importorskip(f"meeple.games.{GAME}.content")
    terms = getattr(content, "TERMS", None)
    if terms is None:
        pytest.skip("content.TERMS not written yet")
    for kind in TERM_KINDS:
        table = terms[kind]
        for entry in table.values() if isinstance(table, dict) else table:
            assert entry["zh"] in zh, f"{kind} {entry['en']!r}: {entry['zh']} not used in {ZH.name}"
