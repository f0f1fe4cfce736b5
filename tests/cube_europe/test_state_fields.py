"""docs/rules/cube-europe.md's "State fields" table (and the Chinese one) names exactly the state's fields,
in their order; a save written with the fields' former names still loads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple
from meeple.games.cube_europe.rules import CubeEuropeState

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _table_fields(text: str, heading: str) -> list[str]:
    """The first column of the table under ``heading``, without the backticks."""
    section = text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    assert set(rows[1]) <= set("|-: "), "the table's head moved"
    names = []
    for row in rows[2:]:
        cell = row.split("|")[1].strip()
        match = re.fullmatch(r"`(\w+)`", cell)
        assert match, f"not a field name in backticks: {cell!r}"
        names.append(match.group(1))
    return names


@pytest.mark.parametrize(("name", "heading"), [("cube-europe.md", "## State fields"), ("cube-europe.zh.md", "## 状态字段")])
def test_the_field_table_names_every_field_once_in_order(name: str, heading: str) -> None:
    names = _table_fields((DOCS / name).read_text(encoding="utf-8"), heading)
    assert len(names) == len(set(names)), "a field is listed twice"
    assert set(names) == set(CubeEuropeState.FIELDS), (
        f"missing from the table: {sorted(set(CubeEuropeState.FIELDS) - set(names))}; "
        f"not fields: {sorted(set(names) - set(CubeEuropeState.FIELDS))}")
    assert names == list(CubeEuropeState.FIELDS), "the table's order differs from FIELDS"


def test_every_former_name_maps_to_a_field() -> None:
    renames = CubeEuropeState.FIELD_RENAMES
    assert set(renames.values()) <= set(CubeEuropeState.FIELDS)
    assert not set(renames) & set(CubeEuropeState.FIELDS), "a former name is still a field"
    assert len(set(renames.values())) == len(renames), "two former names map to one field"


def test_a_fresh_state_sets_exactly_its_fields() -> None:
    state = meeple.load("cube-europe", players=3).new_game(seed=2)
    assert set(state.to_json()["state"]) == set(CubeEuropeState.FIELDS)


@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize("determinized", [False, True])
def test_a_save_with_the_former_names_loads(players: int, determinized: bool) -> None:
    """A save written before the renaming (fields under their old names) loads to the same position."""
    state = meeple.load("cube-europe", players=players).new_game(seed=5)
    for _ in range(40):
        state.apply(state.legal_actions(state.to_move()[0])[0])
    if determinized:
        state = state.determinize(0, 1)
    save = state.to_json()
    old = {new: old for old, new in CubeEuropeState.FIELD_RENAMES.items()}
    save["state"] = {old.get(name, name): value for name, value in save["state"].items()}
    assert "filled" in save["state"] and "filled_hexes" not in save["state"]
    loaded = meeple.from_json(save)
    assert loaded.to_json() == state.to_json()
