"""Fixtures for the CLI tests: a throwaway game registered only while a test runs.

The tests never depend on which real games exist: they use ``toy-dice`` (tests/cli/meeple_toygame),
registered by the autouse fixture below and removed again afterwards, so the contract tests, which
collect the registry at start-up, never see it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def toy_game():
    import meeple_toygame

    from meeple.core.registry import _REGISTRY, register

    register(meeple_toygame.INFO, meeple_toygame.ToyState)
    try:
        yield meeple_toygame.INFO
    finally:
        _REGISTRY.pop(meeple_toygame.INFO.id, None)


@pytest.fixture(autouse=True)
def in_tmp_dir(tmp_path, monkeypatch):
    """Run every test in its own directory, so default save files land there."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
