"""docs/rules/citadels.md's "State fields" table names exactly the state's fields, in their order."""

from __future__ import annotations

import re
from pathlib import Path

from meeple.games.citadels.rules import CitadelsState

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "citadels.md"


def _table_fields(text: str) -> list[str]:
    """The first column of the table under "## State fields", without the backticks."""
    section = text.split("\n## State fields\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    assert rows[0].split("|")[1].strip() == "field" and set(rows[1]) <= set("|-: "), "the table's head moved"
    names = []
    for row in rows[2:]:
        cell = row.split("|")[1].strip()
        match = re.fullmatch(r"`(\w+)`", cell)
        assert match, f"not a field name in backticks: {cell!r}"
        names.append(match.group(1))
    return names


def test_the_field_table_names_every_field_once_in_order() -> None:
    names = _table_fields(DOC.read_text(encoding="utf-8"))
    assert len(names) == len(set(names)), "a field is listed twice"
    assert set(names) == set(CitadelsState.FIELDS), (
        f"missing from the table: {sorted(set(CitadelsState.FIELDS) - set(names))}; "
        f"not fields: {sorted(set(names) - set(CitadelsState.FIELDS))}")
    assert names == list(CitadelsState.FIELDS), "the table's order differs from FIELDS"


def test_every_former_name_maps_to_a_field() -> None:
    renames = CitadelsState.FIELD_RENAMES
    assert set(renames.values()) <= set(CitadelsState.FIELDS)
    assert not set(renames) & set(CitadelsState.FIELDS), "a former name is still a field"
    assert len(set(renames.values())) == len(renames), "two former names map to one field"


def test_a_save_with_the_former_names_loads() -> None:
    """A save written before the renaming (fields under their old names) loads to the same position."""
    import meeple

    state = meeple.load("citadels", players=4).new_game(seed=5)
    for _ in range(60):
        state.apply(state.legal_actions(state.to_move()[0])[0])
    save = state.to_json()
    old = {new: old for old, new in CitadelsState.FIELD_RENAMES.items()}
    save["state"] = {old.get(name, name): value for name, value in save["state"].items()}
    assert "dq" in save["state"] and "draw_queue" not in save["state"]
    loaded = meeple.from_json(save)
    assert loaded.to_json() == state.to_json()
