"""The observation's vocabulary, versioned: its keys are the state's field names, and a program that kept
observations of an earlier schema reads them with ``upgrade_observation``.

Every observation carries ``"schema"``: its game's ``OBSERVATION_SCHEMA`` (1 for the keys a game first
had). When a game renames keys it raises that number by one and adds, under the new number, the keys
that changed (old → new) to ``OBSERVATION_RENAMES``, like ``FIELD_RENAMES`` for saves:

>>> class Dice(State):
...     OBSERVATION_SCHEMA, OBSERVATION_RENAMES = 2, {2: {"rolled": "dice_rolled"}}
>>> upgrade_observation(Dice, {"schema": 1, "rolled": [True, False]})
{'schema': 2, 'dice_rolled': [True, False]}

An observation without ``"schema"`` is of schema 1. Only top-level keys are renamed.
"""

from __future__ import annotations

from typing import Any

from meeple.core.errors import BadArgument


def upgrade_observation(state_class: type, observation: dict[str, Any]) -> dict[str, Any]:
    """``observation`` (of any earlier schema of ``state_class``'s game) with today's keys, as a new dict."""
    current = state_class.OBSERVATION_SCHEMA
    schema = observation.get("schema", 1)
    if not isinstance(schema, int) or isinstance(schema, bool) or not 1 <= schema <= current:
        raise BadArgument("core.bad_observation_schema", schema=repr(schema), current=current)
    upgraded = dict(observation)
    for version in range(schema + 1, current + 1):
        renames = state_class.OBSERVATION_RENAMES.get(version, {})
        upgraded = {renames.get(key, key): value for key, value in upgraded.items()}
    upgraded["schema"] = current
    return upgraded


def check_observation_renames(state_class: type) -> list[str]:
    """What is wrong with ``state_class``'s schema declaration ([] when it is consistent; a contract test):
    every version from 2 up to ``OBSERVATION_SCHEMA`` has its renames, and no other does."""
    current = state_class.OBSERVATION_SCHEMA
    declared = set(state_class.OBSERVATION_RENAMES)
    wanted = set(range(2, current + 1))
    problems = [f"schema {v}: no renames declared" for v in sorted(wanted - declared)]
    problems += [f"schema {v}: renames beyond OBSERVATION_SCHEMA {current}" for v in sorted(declared - wanted)]
    return problems
