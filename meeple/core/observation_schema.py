"""The observation's vocabulary, versioned: its keys are the state's field names, and a program that kept
observations of an earlier schema reads them with ``upgrade_observation``.

Every observation carries ``"schema"``: its game's ``OBSERVATION_SCHEMA`` (1 for the keys a game first
had). When a game renames keys it raises that number by one and adds, under the new number, the keys
that changed (old → new) to ``OBSERVATION_RENAMES``, like ``FIELD_RENAMES`` for saves:

>>> class Dice(State):
...     OBSERVATION_SCHEMA, OBSERVATION_RENAMES = 2, {2: {"rolled": "dice_rolled"}}
>>> upgrade_observation(Dice, {"schema": 1, "rolled": [True, False]})
{'schema': 2, 'dice_rolled': [True, False]}

An observation without ``"schema"`` is of schema 1. A key inside a nested dict is named by its path,
dots between the keys, in the earlier schema's names; it keeps its place (only the last part changes):

>>> class Turns(State):
...     OBSERVATION_SCHEMA, OBSERVATION_RENAMES = 2, {2: {"turn.took": "turn.took_gold_or_cards"}}
>>> upgrade_observation(Turns, {"schema": 1, "turn": {"took": True, "builds": 1}})
{'schema': 2, 'turn': {'took_gold_or_cards': True, 'builds': 1}}
"""

from __future__ import annotations

from typing import Any

from meeple.core.errors import BadArgument

CORE_KEYS = frozenset({"game", "players", "player", "to_move", "over", "schema"})
"""The keys the core writes into every observation (``State.observation``). A game whose schema 1 also wrote
one of them from a field of its own (Versailles' ``over``, the same value) renames that key as any other;
upgrading then keeps the core's key beside the new one, and reading back in schema 1 gives the one key."""


def upgrade_observation(state_class: type, observation: dict[str, Any]) -> dict[str, Any]:
    """``observation`` (of any earlier schema of ``state_class``'s game) with today's keys, as a new dict."""
    current = state_class.OBSERVATION_SCHEMA
    schema = observation.get("schema", 1)
    if not isinstance(schema, int) or isinstance(schema, bool) or not 1 <= schema <= current:
        raise BadArgument("core.bad_observation_schema", schema=repr(schema), current=current)
    upgraded = dict(observation)
    for version in range(schema + 1, current + 1):
        renames = state_class.OBSERVATION_RENAMES.get(version, {})
        for old, new in renames.items():
            if "." in old:
                upgraded = _renamed_inside(upgraded, old.split("."), new.rsplit(".", 1)[-1])
        kept = {key: upgraded[key] for key in CORE_KEYS.intersection(renames) if key in upgraded}
        upgraded = {renames.get(key, key): value for key, value in upgraded.items()}
        upgraded.update(kept)
    upgraded["schema"] = current
    return upgraded


def observation_in_schema(state_class: type, observation: dict[str, Any], schema: int) -> dict[str, Any]:
    """Today's ``observation`` of ``state_class``'s game with the keys of the earlier ``schema`` (≥ 1), as a
    new dict without ``"schema"``: what a program written then read (``upgrade_observation`` undone). The
    recorded games' digests hash schema 1, so a renaming keeps them (``meeple.sim.recording``)."""
    current = state_class.OBSERVATION_SCHEMA
    if not isinstance(schema, int) or isinstance(schema, bool) or not 1 <= schema <= current:
        raise BadArgument("core.bad_observation_schema", schema=repr(schema), current=current)
    older = {key: value for key, value in observation.items() if key != "schema"}
    for version in range(current, schema, -1):
        renames = state_class.OBSERVATION_RENAMES.get(version, {})
        back = {new: old for old, new in renames.items() if "." not in old}
        older = {back.get(key, key): value for key, value in older.items()}
        for old, new in renames.items():
            if "." in old:
                parents, old_key = old.rsplit(".", 1)
                older = _renamed_inside(older, parents.split(".") + [new.rsplit(".", 1)[-1]], old_key)
    return older


def check_observation_renames(state_class: type) -> list[str]:
    """What is wrong with ``state_class``'s schema declaration ([] when it is consistent; a contract test):
    every version from 2 up to ``OBSERVATION_SCHEMA`` has its renames, and no other does."""
    current = state_class.OBSERVATION_SCHEMA
    declared = set(state_class.OBSERVATION_RENAMES)
    wanted = set(range(2, current + 1))
    problems = [f"schema {v}: no renames declared" for v in sorted(wanted - declared)]
    problems += [f"schema {v}: renames beyond OBSERVATION_SCHEMA {current}" for v in sorted(declared - wanted)]
    for version, renames in sorted(state_class.OBSERVATION_RENAMES.items()):
        problems += [f"schema {version}: {old} -> {new} moves the key to another dict"
                     for old, new in renames.items() if old.rsplit(".", 1)[:-1] != new.rsplit(".", 1)[:-1]]
    return problems


def _renamed_inside(value: Any, path: list[str], new_key: str) -> Any:
    """``value`` with the key at ``path`` (inside nested dicts) called ``new_key``: a copy of each dict on
    the way, the others shared; ``value`` itself when the path is not there."""
    if not isinstance(value, dict) or path[0] not in value:
        return value
    head, rest = path[0], path[1:]
    if not rest:
        return {new_key if key == head else key: item for key, item in value.items()}
    copy = dict(value)
    copy[head] = _renamed_inside(value[head], rest, new_key)
    return copy
