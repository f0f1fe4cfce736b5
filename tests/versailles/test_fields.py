"""What Versailles' "State fields" tables add to the shared contract (tests/contract/test_state_fields.py):
each field's observation key, the same in both languages, and rules modules that quote the rulebook."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import meeple
from meeple.core import Rng
from meeple.core.observation_schema import observation_in_schema, upgrade_observation
from meeple.games.versailles.rules import VersaillesState

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def field_table(path: Path, heading: str) -> list[tuple[str, str]]:
    """(field, observation key) of each row of the table under ``heading``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    rows = []
    for line in lines[start + 1:end]:
        match = re.match(r"\| `([a-z_]+)` \| `([a-z_]+)` \|", line)
        if match:
            rows.append((match.group(1), match.group(2)))
    return rows


def played(players: int, seed: int, moves: int) -> VersaillesState:
    state = meeple.load("versailles", players=players).new_game(seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randbelow(len(legal))], seat)
    return state


def test_the_chinese_table_names_the_same_fields() -> None:
    assert field_table(DOCS / "versailles.zh.md", "## 状态字段（State fields）") == \
        field_table(DOCS / "versailles.md", "## State fields")


def test_the_observation_shows_every_field_under_its_own_name() -> None:
    rows = field_table(DOCS / "versailles.md", "## State fields")
    state = played(3, 4, 60)
    obs = state.observation(1)
    for field, _ in rows:
        assert obs[field] == getattr(state, field), field
    extra = {"game", "players", "player", "to_move", "over", "schema", "scores", "stack_size", "end"}
    assert set(obs) == {field for field, _ in rows} | extra
    assert obs["over"] == obs["game_over"] == state.is_over()


def test_the_tables_second_column_is_the_key_of_schema_1() -> None:
    """The second column names each field's key in observations of schema 1; they upgrade to today's keys,
    and today's observation read back in schema 1 is the old one (``over``: the field, written over the
    core's key of the same value, which upgrading keeps)."""
    rows = field_table(DOCS / "versailles.md", "## State fields")
    state = played(3, 4, 60)
    today = state.observation(1)
    old = {key: today[field] for field, key in rows} | {"schema": 1}
    upgraded = upgrade_observation(VersaillesState, old)
    assert upgraded == {k: today[k] for k in upgraded}
    assert set(upgraded) == {field for field, _ in rows} | {"over", "schema"}
    assert observation_in_schema(VersaillesState, today, 1) == \
        {k: v for k, v in old.items() if k != "schema"} | {"game": "versailles", "players": 3, "player": 1,
                                                          "to_move": today["to_move"], "scores": today["scores"],
                                                          "stack_size": today["stack_size"], "end": today["end"]}
    assert VersaillesState.OBSERVATION_RENAMES[2] == {key: field for field, key in rows if key != field}


RULES_MODULES = ("actions", "activation", "architects_guild", "board", "construction", "describe", "flow",
                 "game_end", "hidden", "king", "movement", "setup", "technologies", "workshop")


def test_each_rules_module_quotes_the_rulebook(rulebook_passages) -> None:  # type: ignore[no-untyped-def]
    """Every module of the rules opens with the seed's words it implements (「…」, pieces split at … and /):
    looked up in the seed where ../shared/seeds has it, else among the passages shipped as checked
    (tests/data/rulebook_passages.json, see tests/conftest.py)."""
    package = Path(sys.modules[VersaillesState.__module__].__file__).parent
    parts: list[str] = []
    for name in RULES_MODULES:
        source = (package / f"{name}.py").read_text(encoding="utf-8")
        doc = source.split('"""')[1]
        quotes = re.findall(r"「([^」]*)」", doc)
        assert quotes, f"{name}.py quotes no rulebook passage"
        for quote in quotes:
            parts.extend(re.split(r"……|…|/", re.sub(r"\s", "", quote)))
        assert source.count("\n") <= 400, f"{name}.py is longer than 400 lines"
    rulebook_passages.check("meeple/games/versailles (rules modules)", list(dict.fromkeys(parts)),
                            "001_5d800c698859b77c.txt", lambda text: re.sub(r"\s", "", text))


@pytest.mark.parametrize("names", [{"turn_seat": "active_player", "mover": "deciding_player"},
                                   {"turn_seat": "active", "mover": "actor"}])
def test_saves_of_every_generation_of_names_load(names: dict[str, str]) -> None:
    """``turn_seat`` and ``mover`` were renamed twice (issue 26, issue 39): a save from either time loads."""
    state = played(4, 2, 80)
    saved = state.to_json()
    assert {"turn_seat", "mover"} <= set(saved["state"])
    old = dict(saved, state={names.get(k, k): v for k, v in saved["state"].items()})
    assert meeple.from_json(old).to_json() == saved
