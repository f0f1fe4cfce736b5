"""Recorded games: a seeded game's moves with a digest of everything public after each one, so a change
to the rules' code can be checked to change nothing a player or a program could see.

A recording holds the game, its options and seed, the non-chance moves (``[seat, action]``, chance
resolved by the state's own RNG, ``chance="auto"``), the save (``State.to_json()``) at the end, and one
digest per move: a SHA-256 (first 16 hex digits) of the canonical JSON of who moves next, each mover's
legal actions, the scores, the winners, the log entries the move added (ids, arguments, who may see
them) and every seat's observation and the public one, in the keys of schema 1 (``observation_in_schema``:
a renaming of keys keeps the digests).

>>> recording = record("kingsburg", players=2, seed=7, moves=300)
>>> assert replay(recording) == []      # no step differs
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import meeple
from meeple.core import CHANCE, Action, Rng, State
from meeple.core.observation_schema import observation_in_schema

RECORDING_FORMAT = "meeple-recording"


def position_digest(state: State, log_from: int) -> str:
    """The digest of what ``state`` shows anyone, with the log entries from index ``log_from`` on."""
    movers = [p for p in state.to_move() if p != CHANCE]
    seen = {
        "to_move": state.to_move(),
        "legal": {str(p): [a.to_json() for a in state.legal_actions(p)] for p in movers},
        "scores": state.scores(),
        "over": state.is_over(),
        "winners": state.winners() if state.is_over() else [],
        "log": [[e.id, e.args, None if e.visible_to is None else list(e.visible_to)] for e in state.log[log_from:]],
        "observations": [observation_in_schema(type(state), state.observation(p), 1)
                         for p in [*range(state.players), None]],
    }
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)  # an order that does not depend on the hash seed
    if hasattr(value, "to_json"):
        return value.to_json()
    raise TypeError(f"{type(value).__name__} in an observation is not JSON")


def record(game_id: str, players: int, seed: int, moves: int | None = None,
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play a seeded random game (choices from ``Rng(seed)``) and record it, up to ``moves`` moves."""
    game = meeple.load(game_id, players=players, **(options or {}))
    state = game.new_game(seed=seed)
    chooser = Rng(seed)
    played: list[list[Any]] = []
    digests: list[str] = []
    while not state.is_over() and (moves is None or len(played) < moves):
        seat = [p for p in state.to_move() if p != CHANCE][0]
        action = chooser.choice(state.legal_actions(seat))
        mark = len(state.log)
        state.apply(action, seat)
        played.append([seat, action.to_json()])
        digests.append(position_digest(state, mark))
    return {"format": RECORDING_FORMAT, "game": game_id, "players": players, "options": dict(game.options),
            "seed": seed, "moves": played, "digests": digests, "save": state.to_json()}


def replay(recording: dict[str, Any]) -> list[str]:
    """Replay a recording on today's code; a line for each difference (empty: the same game)."""
    game = meeple.load(recording["game"], players=recording["players"], **recording["options"])
    state = game.new_game(seed=recording["seed"])
    problems: list[str] = []
    for step, ((seat, action), expected) in enumerate(zip(recording["moves"], recording["digests"])):
        mark = len(state.log)
        try:
            state.apply(Action.from_json(action), seat)
        except Exception as exc:  # a rule change made a recorded move illegal: report it, stop
            problems.append(f"move {step}: {action} by seat {seat} is refused: {exc}")
            return problems
        got = position_digest(state, mark)
        if got != expected:
            problems.append(f"move {step}: {action} by seat {seat} leads elsewhere ({got} != {expected})")
            return problems
    saved = meeple.from_json(recording["save"])
    if position_digest(saved, len(saved.log)) != position_digest(state, len(state.log)):
        problems.append("the recorded save loads to another position than the replay reaches")
    return problems
