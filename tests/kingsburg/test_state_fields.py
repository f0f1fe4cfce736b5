"""The "State fields" tables of docs/rules/kingsburg.md (and its Chinese edition) name exactly the state's
``FIELDS``, and a save written with the fields' former names still loads (``FIELD_RENAMES``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple
from meeple.core import CHANCE, Rng
from meeple.games.kingsburg.rules import KingsburgState

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
SECTIONS = {"kingsburg.md": "## State fields", "kingsburg.zh.md": "## 状态字段"}


def _table_fields(document: str, heading: str) -> list[str]:
    """The first cell (a `name`) of each row of the table under ``heading``."""
    lines = (DOCS / document).read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    names = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if match := re.match(r"\|\s*`([a-z0-9_]+)`\s*\|", line):
            names.append(match.group(1))
    return names


@pytest.mark.parametrize("document", sorted(SECTIONS))
def test_the_table_names_every_field_once_in_order(document: str) -> None:
    names = _table_fields(document, SECTIONS[document])
    assert len(names) == len(set(names)), f"a field is listed twice: {names}"
    assert names == list(KingsburgState.FIELDS)


def test_the_former_names_are_all_gone_and_map_to_fields() -> None:
    renames = KingsburgState.FIELD_RENAMES
    assert set(renames.values()) <= set(KingsburgState.FIELDS)
    assert set(renames).isdisjoint(KingsburgState.FIELDS)
    assert len(set(renames.values())) == len(renames)


def _played(players: int, seed: int, moves: int) -> KingsburgState:
    state = meeple.load("kingsburg", players=players).new_game(seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = [p for p in state.to_move() if p != CHANCE][0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def _with_former_names(save: dict) -> dict:
    former = {new: old for old, new in KingsburgState.FIELD_RENAMES.items()}
    return {**save, "state": {former.get(name, name): value for name, value in save["state"].items()}}


@pytest.mark.parametrize("players, moves", [(2, 60), (4, 150), (3, 10_000)])
def test_a_save_with_the_former_names_loads(players: int, moves: int) -> None:
    state = _played(players, seed=players * 11, moves=moves)
    old = _with_former_names(state.to_json())
    assert "res" in old["state"] and "resources" not in old["state"]
    loaded = meeple.from_json(old)
    assert loaded.to_json() == state.to_json()
    if not loaded.is_over():
        seat = loaded.to_move()[0]
        assert loaded.legal_actions(seat) == state.legal_actions(seat)


def test_a_determinized_save_with_the_former_names_loads() -> None:
    state = _played(3, seed=5, moves=120).determinize(1, 9)
    loaded = meeple.from_json(_with_former_names(state.to_json()))
    assert loaded.to_json() == state.to_json()
