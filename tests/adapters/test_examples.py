"""The adapter examples run."""

import runpy
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name):
    sys.path.insert(0, str(EXAMPLES))
    try:
        return runpy.run_path(str(EXAMPLES / name))
    finally:
        sys.path.remove(str(EXAMPLES))


def test_pettingzoo_example():
    totals = _load("pettingzoo_random.py")["main"]("cube-europe", 2, seed=1)
    assert sorted(totals.values()) in ([-1.0, 1.0], [1.0, 1.0])


def test_openspiel_ismcts_example():
    results = _load("openspiel_ismcts.py")["play"]("cube-europe", 2, games=1, simulations=5)
    assert len(results) == 1 and all(r in (-1.0, 1.0) for r in results[0])
