"""Replay: a stored game rebuilt from its seed and events (how every game is loaded: the state is never
stored), and a finished game's replay for its readers, move by move or at one step.

>>> rebuilt = replay(game_row, event_rows)          # the hot state, its moves in effect, undos applied
>>> replay_moves(g, "en")["moves"][0]["label"]       # a finished game's moves and whole log
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from meeple.core import CHANCE, LogEntry, State
from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server import db
from meeple.server.errors import Forbidden, NotFound
from meeple.server.live_game import LiveGame, MoveRecord, fresh_state
from meeple.server.views import describe_move
from meeple.server.wire import dumps_bytes, loads


@dataclass
class Replayed:
    """A game rebuilt from its seed and stored events (``replay``)."""

    state: State
    moves: list[MoveRecord]  # the moves in effect (undone ones dropped)
    seq: int
    last_undo_seq: int
    undone: set[tuple[int, str]]  # (position, action text) of every move undone


def replay(row: dict[str, Any], event_rows: list[dict[str, Any]]) -> Replayed:
    """The hot state from the stored seed and events."""
    stack: list[tuple[int, int, str]] = []
    last_undo = 0
    undone: set[tuple[int, str]] = set()
    for e in event_rows:
        if e["kind"] == "move":
            stack.append((e["seq"], e["seat"], e["action"]))
        elif stack:
            undone.add((len(stack) - 1, stack.pop()[2]))
            last_undo = e["seq"]
    state = fresh_state(row)
    moves = []
    for seq, seat, text in stack:
        action = state.action_from_json(json.loads(text))
        report = state.apply_reporting(action, seat)
        moves.append(MoveRecord(seq, seat, action, report, text))
    seq = event_rows[-1]["seq"] if event_rows else 0
    return Replayed(state, moves, seq, last_undo, undone)


def decisions_per_seat(moves: list[MoveRecord], players: int) -> list[int]:
    """How many decisions each seat made (by its person or its bot; random outcomes are no seat's)."""
    counts = [0] * players
    for m in moves:
        if 0 <= m.seat < players:
            counts[m.seat] += 1
    return counts


def stored_result(engine: Any, game_row: dict[str, Any]) -> tuple[list[float], list[int], list[int]]:
    """A stored finished game's (scores, winners, decisions per seat), rebuilt from its seed and
    events: what ``ratings.recompute`` rates it by."""
    loaded = db.load_game(engine, game_row["id"])
    if loaded is None:
        raise KeyError(game_row["id"])
    row, _, event_rows = loaded
    rebuilt = replay(row, event_rows)
    state = rebuilt.state
    return list(state.scores()), list(state.winners()), decisions_per_seat(rebuilt.moves, state.players)


def replay_entry(entry: LogEntry, lang: str) -> dict[str, Any]:
    """One line of a replay's log: its text, who could read it, and its event (``id``, ``args``: a copy)."""
    return {"text": entry.render(lang), "visible_to": None if entry.visible_to is None else list(entry.visible_to),
            "id": entry.id, "args": loads(dumps_bytes(entry.args))}


def check_replayable(g: LiveGame) -> None:
    """Forbidden while the game is in play: its replay holds every hidden fact."""
    if not g.state.is_over() and not g.closed:
        raise Forbidden("server.replay_later")


def replay_moves(g: LiveGame, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A finished or closed game's moves (each with its label as it read then) and its whole log."""
    check_replayable(g)
    state = fresh_state(g.row)
    moves = []
    for i, m in enumerate(g.moves):
        moves.append({"step": i + 1, "seq": m.seq, "seat": m.seat, "action": m.action.to_json(),
                      "text": str(m.action), "label": describe_move(state, m.action, m.seat, lang)})
        state.apply(m.action, m.seat)
    return {
        "id": g.id, "game": g.row["game"], "players": g.row["players"], "options": json.loads(g.row["options"]),
        "seed": g.row["seed"], "moves": moves,
        "log": [replay_entry(e, lang) for e in state.log],
        "result": {"scores": list(state.scores()), "winners": list(state.winners())} if state.is_over() else None,
        "status": g.status,
    }


def replay_step(g: LiveGame, step: int, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A finished or closed game after ``step`` moves: every seat's observation and the public one."""
    check_replayable(g)
    if not 0 <= step <= len(g.moves):
        raise NotFound("server.bad_step", args={"last": len(g.moves)})
    state = fresh_state(g.row)
    for m in g.moves[:step]:
        state.apply(m.action, m.seat)
    return {
        "step": step, "steps": len(g.moves), "to_move": [p for p in state.to_move() if p != CHANCE],
        "over": state.is_over(),
        "public": state.observation(None),
        "observations": [state.observation(p) for p in range(state.players)],
        "log": [replay_entry(e, lang) for e in state.log],
        "scores": list(state.scores()),
    }
