"""The rules documents' "State fields" tables name exactly the State's ``FIELDS``, and the fields'
former names (``FIELD_RENAMES``) still load: a save written before the renames is the same game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple
from meeple.core import Rng
from meeple.games.gods_playground.rules import GodsPlayground

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
TABLES = [("gods-playground.md", "## State fields"), ("gods-playground.zh.md", "## 状态字段")]


def table_fields(document: str, heading: str) -> list[str]:
    """The field names in the first column of the table under ``heading``, in order."""
    lines = (DOCS / document).read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    end = next((k for k in range(start + 1, len(lines)) if lines[k].startswith("## ")), len(lines))
    names = []
    for line in lines[start + 1:end]:
        found = re.match(r"\|\s*`(\w+)`\s*\|", line)
        if found:
            names.append(found.group(1))
    return names


@pytest.mark.parametrize("document, heading", TABLES)
def test_the_state_fields_table_names_every_field_once_in_order(document: str, heading: str) -> None:
    names = table_fields(document, heading)
    assert len(names) == len(set(names)), f"a field is listed twice in {document}"
    assert names == list(GodsPlayground.FIELDS), (
        f"{document}: missing {sorted(set(GodsPlayground.FIELDS) - set(names))}, "
        f"not fields {sorted(set(names) - set(GodsPlayground.FIELDS))}")


def test_every_former_name_is_a_field_no_longer() -> None:
    renames = GodsPlayground.FIELD_RENAMES
    assert set(renames.values()) <= set(GodsPlayground.FIELDS)
    assert not set(renames) & set(GodsPlayground.FIELDS)


def _with_former_names(save: dict) -> dict:
    back = {new: old for old, new in GodsPlayground.FIELD_RENAMES.items()}
    return {**save, "state": {back.get(name, name): value for name, value in save["state"].items()}}


@pytest.mark.parametrize("determinized", [False, True])
def test_a_save_with_the_former_field_names_loads_as_the_same_position(determinized: bool) -> None:
    state = meeple.load("gods-playground", players=3).new_game(seed=4)
    rng = Rng(4)
    for _ in range(120):
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    if determinized:
        state = state.determinize(0, seed=9)
    old = _with_former_names(state.to_json())
    assert "pe" in old["state"] and "enemy_cubes" not in old["state"]
    loaded = meeple.from_json(old)
    assert loaded.to_json() == state.to_json()
    assert loaded.legal_actions(loaded.to_move()[0]) == state.legal_actions(state.to_move()[0])
