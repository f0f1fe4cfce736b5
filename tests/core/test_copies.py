"""Copies of a position (``clone``, ``determinize``): every game's ``FIELD_SHAPES`` (the fields a copy
copies by their shape, not by a marshal round trip) hold at every position of random play at every
player count, and a copy shares no list or dict with its original; a quiet copy
(``determinize(..., quiet=True)``, what a search plays on) plays exactly as a full one and keeps no log
and no history."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.core import CHANCE, Rng, State
from meeple.core.state import LIST, QUIET_RECORD, ROWS, VALUE, _field_copiers, field_shape_problem

CASES = [(game_id, players) for game_id, info in sorted(meeple.games().items())
         for players in range(info.min_players, info.max_players + 1)]
IDS = [f"{g}-{n}" for g, n in CASES]


def _containers(value: Any) -> list[Any]:
    """Every list and dict inside ``value`` (itself included)."""
    found = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            found.append(v)
            stack.extend(v)
        elif isinstance(v, dict):
            found.append(v)
            stack.extend(v.values())
    return found


def _shared_containers(state: State, copy: State) -> list[str]:
    own = {id(c) for name in state.FIELDS for c in _containers(getattr(state, name))}
    return [name for name in copy.FIELDS if any(id(c) in own for c in _containers(getattr(copy, name)))]


def _random_step(state, rng: Rng) -> bool:  # type: ignore[no-untyped-def]
    """A random seat among those to move plays a random legal action; False once nobody moves."""
    movers = state.to_move()
    if not movers:
        return False
    seat = movers[rng.randbelow(len(movers))]
    legal = state.legal_actions(seat)
    state.apply(legal[rng.randbelow(len(legal))], seat)
    return True


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_field_shapes_hold_and_copies_share_nothing(game_id: str, players: int) -> None:
    game = meeple.load(game_id, players=players)
    rng = Rng(players)
    positions = 0
    for seed in range(3):
        state = game.new_game(seed=seed)
        shapes = type(state).FIELD_SHAPES
        while True:
            for name, shape in shapes.items():
                problem = field_shape_problem(getattr(state, name), shape)
                assert problem is None, f"{game_id}: {name} is declared {shape!r}, but {problem}"
            if positions % 7 == 0:
                copy = state.clone()
                assert copy.to_json() == state.to_json()
                assert not _shared_containers(state, copy), "a copy shares lists or dicts with its original"
            positions += 1
            if not _random_step(state, rng):
                break
    assert positions > 50


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_a_quiet_copy_plays_as_a_full_one(game_id: str, players: int) -> None:
    game = meeple.load(game_id, players=players)
    state = game.new_game(seed=players)
    rng = Rng(11)
    for _ in range(30):  # into the game
        if not _random_step(state, rng):
            break
    seat = next((p for p in range(players) if p != CHANCE), 0)
    full, quiet = state.determinize(seat, 5), state.determinize(seat, 5, quiet=True)
    assert quiet.quiet and not full.quiet and quiet.clone().quiet
    log_before = len(state.log)
    while full.to_move():
        assert quiet.to_move() == full.to_move()
        mover = full.to_move()[0]
        legal = full.legal_actions(mover)
        assert quiet.legal_actions(mover) == legal
        pick = rng.randbelow(len(legal))
        full.apply(legal[pick], mover)
        quiet.apply(quiet.legal_actions(mover)[pick], mover)
        assert quiet._read_fields(quiet) == full._read_fields(full)
    assert quiet.scores() == full.scores() and quiet.winners() == full.winners()
    assert len(quiet.log) == 0 and len(quiet.history) == 0 and quiet.log is QUIET_RECORD
    assert len(full.log) > log_before and len(state.log) == log_before


def test_a_shaped_copy_is_deep_where_the_shape_says() -> None:
    read, write, copy = _field_copiers(("a", "b", "c", "d"), {"a": VALUE, "b": LIST, "c": ROWS})

    class Holder:
        pass

    old, new = Holder(), Holder()
    old.a, old.b, old.c, old.d = 1, [1, 2], [[1], [2, 3]], {"x": [[1]]}
    copy(old, new)
    assert read(new) == read(old)
    assert new.b is not old.b and new.c is not old.c and all(n is not o for n, o in zip(new.c, old.c))
    assert new.d["x"] is not old.d["x"] and new.d["x"][0] is not old.d["x"][0]  # no shape: deep (marshal)


def test_a_wrong_shape_is_refused() -> None:
    with pytest.raises(TypeError):
        _field_copiers(("a",), {"a": "tree"})
    with pytest.raises(TypeError):
        _field_copiers(("a",), {"b": LIST})
    assert field_shape_problem([1, [2]], LIST) == "it holds a list"
    assert field_shape_problem((1, 2), LIST) == "a tuple, not a list"
    assert field_shape_problem([{"red": 1}], ROWS) == "row 0 is a dict"
