"""Every game describes its state once: docs/rules/<game>.md tables every field under "State fields"
(and the Chinese document under "状态字段"), in the order of ``FIELDS``; ``FIELD_RENAMES`` maps former
names to present fields only, and a save that still uses the former names loads.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple
from meeple.core import CHANCE, Rng

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
HEADINGS = {"": "## State fields", ".zh": "## 状态字段"}


def table_fields(document: str, heading: str) -> list[str]:
    """The backticked names in the first column of the first table under the heading that starts with
    ``heading``, in order."""
    lines = document.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break
    assert len(rows) > 2 and set(rows[1]) <= set("|-: "), "no table under the heading"
    names = []
    for row in rows[2:]:
        cell = row.split("|")[1].strip()
        match = re.fullmatch(r"`(\w+)`", cell)
        assert match, f"not a field name in backticks: {cell!r}"
        names.append(match.group(1))
    return names


def _state_class(game_id: str) -> type:
    return type(meeple.load(game_id).new_game(seed=0))


@pytest.mark.parametrize("language", sorted(HEADINGS))
@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_the_rules_document_tables_every_field_once_in_order(game_id: str, language: str) -> None:
    fields = list(_state_class(game_id).FIELDS)
    names = table_fields((DOCS / f"{game_id}{language}.md").read_text(encoding="utf-8"), HEADINGS[language])
    assert set(names) == set(fields), (f"missing from the table: {sorted(set(fields) - set(names))}; "
                                       f"not fields: {sorted(set(names) - set(fields))}")
    assert names == fields, "the table lists a field twice or in another order than FIELDS"


@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_former_names_map_to_present_fields(game_id: str) -> None:
    cls = _state_class(game_id)
    renames = cls.FIELD_RENAMES
    assert set(renames.values()) <= set(cls.FIELDS)
    assert not set(renames) & set(cls.FIELDS), "a former name is still a field"
    assert len(set(renames.values())) == len(renames), "two former names map to one field"


@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_a_fresh_state_sets_exactly_its_fields(game_id: str) -> None:
    state = meeple.load(game_id).new_game(seed=2)
    assert set(state.to_json()["state"]) == set(type(state).FIELDS)


@pytest.mark.parametrize("moves", [60, None])
@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_a_save_with_the_former_names_loads(game_id: str, moves: int | None) -> None:
    """A game played ``moves`` moves (None: to its end), saved with the former field names, real and
    determinized, loads as saved."""
    info = meeple.games()[game_id]
    state = meeple.load(game_id, players=info.max_players).new_game(seed=3)
    chooser = Rng(3)
    while not state.is_over() and (moves is None or len(state.history) < moves):
        seat = [p for p in state.to_move() if p != CHANCE][0]
        state.apply(chooser.choice(state.legal_actions(seat)), seat)
    former = {new: old for old, new in type(state).FIELD_RENAMES.items()}
    for saved in (state.to_json(), state.determinize(0, 5).to_json()):
        old = dict(saved, state={former.get(k, k): v for k, v in saved["state"].items()})
        assert meeple.from_json(old).to_json() == saved
