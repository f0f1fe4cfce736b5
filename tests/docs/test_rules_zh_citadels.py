"""docs/rules/citadels.zh.md, the Chinese edition of docs/rules/citadels.md (issue 18).

A dropped or added section shows in the heading count, a dropped rule in the numbers of the
Assumptions section: every number of the English Assumptions must appear in the Chinese ones at
least as often. The document is in Simplified characters (none of the Traditional forms that the
Kingsburg rulebook uses).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
EN = RULES / "citadels.md"
ZH = RULES / "citadels.zh.md"
ASSUMPTIONS_ZH = "## 假设（Assumptions）"

# Characters of the Kingsburg seed that have a different Simplified form (see its .zh.md).
TRADITIONAL = set(
    "並來個們價儕償內別則剛劍動勝協喪國圍園圓圖報場塊將對屍師庫廄張強彫後從徵惡戰戲換揮擁擇擲擺敗敵數於"
    "時會柵標檢欄氣決況減為無煉營牆獎獲獵現產疊發禦禮種稱窺節築紅級紮組結給編緩總繳續脅臨與興舊舖蓋藍處號"
    "術衛製視觀記設該調論識議護變讓負費資賞贏趕車軍較輪農這進遊達選邊錄鐵鑄長開間陸陽隊隨雖頂項須領顆額顏"
    "類風餘館馬驟黃點"
)


def _lines(path: Path) -> list[str]:
    """The lines of a markdown file outside fenced code blocks."""
    out, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.append(line)
    return out


def _headings(path: Path) -> list[str]:
    return [line for line in _lines(path) if re.match(r"#{2,3} ", line)]


def _section(path: Path, heading: str) -> str:
    """The text under ``heading`` up to the next heading of level 2."""
    lines = _lines(path)
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start + 1:end])


def _numbers(text: str) -> Counter[str]:
    """Every number (``12``, ``7.5``, ``1,000`` → ``1000``) in ``text``, with its count."""
    found = re.findall(r"\d+(?:,\d{3})*(?:\.\d+)?", text)
    return Counter(n.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+", n) else n for n in found)


def test_the_chinese_edition_exists_and_says_what_it_is() -> None:
    assert ZH.is_file(), f"missing {ZH}"
    first = ZH.read_text(encoding="utf-8").lstrip().splitlines()[0]
    assert "citadels.md" in first and "中文版" in first


def test_same_sections_as_the_english() -> None:
    en, zh = _headings(EN), _headings(ZH)
    assert len(zh) == len(en), f"{len(en)} headings in {EN.name}, {len(zh)} in {ZH.name}"
    assert [h.split()[0] for h in zh] == [h.split()[0] for h in en], "heading levels differ"


def test_has_the_assumptions_heading() -> None:
    assert ASSUMPTIONS_ZH in _lines(ZH)


def test_every_number_of_the_assumptions_is_kept() -> None:
    en = _numbers(_section(EN, "## Assumptions"))
    zh = _numbers(_section(ZH, ASSUMPTIONS_ZH))
    assert en, "the English Assumptions have no number: wrong section?"
    missing = {n: (count, zh[n]) for n, count in en.items() if zh[n] < count}
    assert not missing, f"numbers (English count, Chinese count) dropped from the Chinese Assumptions: {missing}"


def test_assumptions_are_numbered_alike() -> None:
    def items(text: str) -> list[str]:
        return re.findall(r"^(\d+)\. ", text, flags=re.M)

    assert items(_section(ZH, ASSUMPTIONS_ZH)) == items(_section(EN, "## Assumptions"))


@pytest.mark.parametrize("path", [ZH], ids=[ZH.name])
def test_simplified_characters_only(path: Path) -> None:
    bad = sorted({ch for ch in path.read_text(encoding="utf-8") if ch in TRADITIONAL})
    assert not bad, f"Traditional characters in {path.name}: {''.join(bad)}"
