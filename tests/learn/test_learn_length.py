"""tools/learn_length.py (issue 42: a tutorial takes 10–20 minutes): its estimate, and that docs/learn.md's
table is the one it prints for today's scenarios (a lengthened or shortened tutorial must update the docs)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from meeple.learn import scenario

ROOT = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("learn_length", ROOT / "tools" / "learn_length.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_the_estimate_counts_words_at_200_a_minute_and_5_seconds_a_touch() -> None:
    row = _tool().length("cube-europe")
    lesson = scenario("cube-europe")
    assert row["shown"] == sum(step.shown for step in lesson.steps)
    assert row["yours"] == sum(step.who == "you" for step in lesson.steps)
    assert row["words"] > 10 * row["shown"]  # one or two sentences a step
    assert row["minutes"] == row["words"] / 200 + (row["shown"] + 2) * 5 / 60


def test_the_docs_table_is_the_tools_output() -> None:
    printed = subprocess.run([sys.executable, str(ROOT / "tools" / "learn_length.py")], check=True,
                             capture_output=True, text=True, cwd=ROOT).stdout.strip()
    assert printed.count("\n") == 6  # a header, its rule and the five games
    assert printed in (ROOT / "docs" / "learn.md").read_text(encoding="utf-8")
