"""tools/learn_screenshots.py (issue 42): which steps it photographs, and that docs/learn.md lists every
photograph it writes, each of them committed in docs/screenshots/learn."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from meeple.learn import available, scenario, shown_from

ROOT = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "tools"))  # it imports board_screenshots beside it, as when run as a script
    try:
        spec = importlib.util.spec_from_file_location("learn_screenshots", ROOT / "tools" / "learn_screenshots.py")
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        return module
    finally:
        sys.path.remove(str(ROOT / "tools"))


def _shown(game: str) -> list[int]:
    lesson = scenario(game)
    out, k = [], shown_from(lesson, 0)
    while k < len(lesson.steps):
        out.append(k)
        k = shown_from(lesson, k + 1)
    return out


@pytest.mark.parametrize("game", available())
def test_the_first_middle_and_last_shown_steps_are_photographed(game: str) -> None:
    moments = _tool().moments(game)
    shown = _shown(game)
    assert moments["first"] == shown[0]
    assert moments["last"] == shown[-1]  # the end screen ("play a real game") comes after it
    assert scenario(game).steps[moments["middle"]].who == "you"  # a step where the player touches something
    assert len(shown) / 3 <= shown.index(moments["middle"]) <= 2 * len(shown) / 3


def test_docs_list_every_photograph_and_each_is_committed() -> None:
    doc = (ROOT / "docs" / "learn.md").read_text(encoding="utf-8")
    tool = _tool()
    names = [f"{game}-{size}-{lang}-{moment}.jpg" for game in available() for size in tool.CONTEXTS
             for lang in ("en", "zh") for moment in ("first", "middle", "last")]
    assert len(names) == 60
    missing_in_doc = [n for n in names if f"(screenshots/learn/{n})" not in doc]
    missing_file = [n for n in names if not (ROOT / "docs" / "screenshots" / "learn" / n).is_file()]
    assert missing_in_doc == [] and missing_file == []
    total = sum((ROOT / "docs" / "screenshots" / "learn" / n).stat().st_size for n in names)
    assert total < 4.5e6, f"{total} bytes: lower the JPEG quality"
