"""A game review: the moves of a finished (or saved) game that the coach rates as costly, worst first.

The game is rebuilt from its seed and history (as ``meeple replay`` does) and at every decision of
the reviewed seat(s) — chance and forced moves (one legal action) are skipped — the coach's search
(``coach.hint``: the strongest level's settings for the game) rates all the legal moves of the
position *before* the move, from what the mover could know then (the hidden information re-dealt),
never from the true cards, at the game's review budget (``review_iterations``).

**The blunder rule.** The move played is compared with the move the search would play there (its
most visited), by their outcome — the chance of winning, or in a solo game the expected score:

1. A move the search barely tried (fewer than ``FEW_VISITS`` playouts) says little, and what it says
   leans low (the search stops trying a move after a few unlucky playouts). Such a move is never
   called a blunder on those playouts: the move played and the search's best are both valued again by
   a search of their own (``coach.judge_move``: ``judge_iterations`` playouts each, every one starting
   with that move, both on the same re-deals), and those two values are compared. (Not needed, so
   skipped, when no blunder is possible: the few playouts, leaning low, already put the move within
   the least drop of the best, or the best itself is worth less than the least drop.)
2. The drop (best − played) is a blunder only when it is at least ``MIN_DROP`` (a chance of winning
   0.10, or ``MIN_POINTS_DROP`` points solo) **and** more than ``NOISE_SIGMAS`` = 2 standard errors
   of the difference (each value's spread/√playouts): a drop the search's own noise could make up is
   no blunder.

Moves are numbered as ``meeple replay`` numbers them: with automatic chance the dice and cards are not
steps of their own, so move ``k`` is the position ``meeple replay FILE --to k-1`` shows, before it.

    blunders = review("meeple-cube-europe-42.json", seat=0)   # the first seat (from 0); every seat: None
    worst = blunders[0]                  # worst.move, worst.played, worst.played_value, worst.best, worst.drop
    worst.played_rating.words("en")      # 'wins about 3 in 10 from here (sure)'
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import meeple
from meeple.agents.coach import FAIRLY_SURE_VISITS, Suggestion, hint, judge_move
from meeple.core import CHANCE, Action, State

REVIEW_ITERATIONS: dict[str, int] = {
    "citadels": 250,
    "cube-europe": 1000,
    "gods-playground": 100,
    "kingsburg": 300,
    "versailles": 600,
}
"""Search iterations per reviewed position, per game: as many as keep a whole game's review of one
seat within 15 s of one core, with room to spare (docs/agents.md, "Coach"; ``benchmarks/review_time.py``)."""

DEFAULT_REVIEW_ITERATIONS = 150
"""The budget of a game not in ``REVIEW_ITERATIONS`` (a plug-in game)."""

FEW_VISITS = FAIRLY_SURE_VISITS
"""A move played with fewer playouts than this is valued again by a search of its own (the rule, 1)."""

MIN_DROP = 0.10
"""The least loss of the chance of winning (best − played) that counts as a blunder."""

MIN_POINTS_DROP = 3.0
"""The least loss of expected score, in points, that counts as a blunder in a solo game."""

NOISE_SIGMAS = 2.0
"""A drop must be more than this many standard errors of the difference to count (the rule, 2)."""

SHOWN_ALTERNATIVES = 3
"""How many of the search's top moves a blunder keeps for the reader."""

Progress = Callable[[int, int], None]
"""Called after each reviewed position with (positions done, positions in all)."""


def review_iterations(game_id: str) -> int:
    """The review's search iterations per position for ``game_id`` (``REVIEW_ITERATIONS``)."""
    return REVIEW_ITERATIONS.get(game_id, DEFAULT_REVIEW_ITERATIONS)


def judge_iterations(iterations: int) -> int:
    """The playouts of each search of its own (the rule, 1) for a review at ``iterations`` per position:
    half of them, and at least twice ``FEW_VISITS``."""
    return max(2 * FEW_VISITS, iterations // 2)


@dataclass(frozen=True)
class Blunder:
    """A move the search rates clearly below the move it would have played in the same position."""

    move: int
    """The move's number, as ``meeple replay`` counts (from 1)."""
    seat: int
    played: Action
    best: Action
    played_rating: Suggestion
    """How the search rated the move played (from a search of its own when ``judged``)."""
    best_rating: Suggestion
    """How it rated its own best move (likewise)."""
    top: tuple[Suggestion, ...]
    """The search's best moves there (up to three), best first."""
    judged: bool
    """Whether the two values come from searches of their own (the move played was barely tried)."""
    position: State = field(repr=False, compare=False)
    """The position before the move (the true state: describe moves with it from the seat's side only)."""

    @property
    def played_value(self) -> float:
        """The move played's chance of winning (0–1), or its expected score in a solo game."""
        return self.played_rating.outcome

    @property
    def best_value(self) -> float:
        return self.best_rating.outcome

    @property
    def drop(self) -> float:
        """How much the move played gave away: best − played (a chance of winning, or points solo)."""
        return self.best_value - self.played_value

    @property
    def noise(self) -> float:
        """The standard error of ``drop`` (from both values' spreads and playouts)."""
        return math.hypot(self.best_rating.standard_error, self.played_rating.standard_error)


@dataclass(frozen=True)
class Decision:
    """One reviewed decision: the position before it, who moved, what they played, its move number."""

    move: int
    seat: int
    played: Action
    position: State


def position_seed(game_seed: int, move: int) -> int:
    """The coach's seed at move ``move`` of a game with seed ``game_seed``: the same hint every time
    (the terminal's ``hint`` and this review use it alike)."""
    return (int(game_seed) * 1_000_003 + int(move)) % (2**63)


def move_number(state: State) -> int:
    """The number of the next move of ``state``, as ``meeple replay`` counts (automatic chance is no step)."""
    steps = sum(1 for player, _ in state.history if not (player == CHANCE and state.chance == "auto"))
    return steps + 1


def load_game(game: State | Mapping[str, Any] | str | os.PathLike[str]) -> State:
    """A game to review: a State, its JSON (a dict, a JSON text, or a saved file's path)."""
    if isinstance(game, State):
        return game
    if isinstance(game, os.PathLike):
        game = Path(game).read_text(encoding="utf-8")
    if isinstance(game, str):
        game = json.loads(game) if game.lstrip().startswith("{") else json.loads(Path(game).read_text(encoding="utf-8"))
    data = {k: v for k, v in dict(game).items() if k != "meeple_cli"}  # the terminal's own settings
    return meeple.from_json(data)


def decisions(saved: State, seats: set[int], part: tuple[int, int] | None = None) -> list[Decision]:
    """The decisions of ``seats`` in ``saved``, replayed from its seed: chance and forced moves left out.
    ``part`` = (start, stop): only ``[start:stop]`` of them (the replay copies no other position)."""
    start, stop = part if part is not None else (0, None)
    found: list[Decision] = []
    for index, (move, player, action, state) in enumerate(_replay(saved, seats)):
        if stop is not None and index >= stop:
            break
        if index >= start:
            found.append(Decision(move, player, action, state.clone()))
    return found


def decision_count(saved: State, seats: set[int]) -> int:
    """How many decisions ``decisions(saved, seats)`` lists (the game replayed, no position copied)."""
    return sum(1 for _ in _replay(saved, seats))


def _replay(saved: State, seats: set[int]) -> Iterator[tuple[int, int, Action, State]]:
    """(move number, seat, action, the live position before it) for each decision of ``seats``."""
    state = saved.game.new_game(seed=saved.seed, chance=saved.chance)
    move = 0
    for player, action in saved.history:
        if player == CHANCE and saved.chance == "auto":
            continue  # regenerated by the seed inside the previous step
        move += 1
        if player != CHANCE and player in seats and len(state.legal_actions(player)) > 1:
            yield move, player, action, state
        state.apply(action, player)


def review(
    game: State | Mapping[str, Any] | str | os.PathLike[str],
    seat: int | None = None,
    seed: int | None = None,
    iterations: int | None = None,
    progress: Progress | None = None,
    *,
    min_drop: float | None = None,
    part: tuple[int, int] | None = None,
) -> list[Blunder]:
    """The blunders of ``seat`` (every seat if None) in ``game``, worst drop first.

    ``seed`` (default: the game's own) and the move number give each position's search seed, so a
    review is the same every time; ``iterations`` is the search budget per position (default: the
    game's, ``review_iterations``); ``min_drop`` the least drop (default ``MIN_DROP``, or
    ``MIN_POINTS_DROP`` in a solo game); ``part`` = (start, stop) reviews only those of the decisions
    (``decisions(...)[start:stop]``: a server reviews a game in parts to show its progress)."""
    saved = load_game(game)
    base_seed = saved.seed if seed is None else seed
    budget = iterations or review_iterations(saved.game.id)
    least = default_min_drop(saved) if min_drop is None else min_drop
    seats = set(range(saved.players)) if seat is None else {seat}
    todo = decisions(saved, seats, part)
    blunders: list[Blunder] = []
    for done, decision in enumerate(todo, 1):
        blunder = judge(decision, position_seed(base_seed, decision.move), budget, least)
        if blunder is not None:
            blunders.append(blunder)
        if progress is not None:
            progress(done, len(todo))
    blunders.sort(key=lambda b: (-b.drop, b.move, b.seat))
    return blunders


def default_min_drop(state: State) -> float:
    """``MIN_DROP`` (a chance of winning), or ``MIN_POINTS_DROP`` in a solo game."""
    return MIN_POINTS_DROP if state.players == 1 else MIN_DROP


def judge(decision: Decision, seed: int, iterations: int, min_drop: float = MIN_DROP) -> Blunder | None:
    """The blunder at one decision (the module's rule), or None."""
    position, seat = decision.position, decision.seat
    legal = position.legal_actions(seat)
    rated = hint(position, seat, seed=seed, top=len(legal), iterations=iterations)
    best = rated[0]
    if best.action == decision.played:
        return None
    played = next(s for s in rated if s.action == decision.played)
    judged = played.visits < FEW_VISITS
    if judged:
        if played.visits and best.outcome - played.outcome < min_drop:
            return None  # even its few playouts, which lean low, put it within min_drop of the best
        if best.outcome + NOISE_SIGMAS * best.standard_error < min_drop:
            return None  # the best move itself is worth less than min_drop: no move can lose that much
        again = judge_iterations(iterations)
        played = judge_move(position, seat, decision.played, seed=seed + 1, iterations=again)
        best = judge_move(position, seat, best.action, seed=seed + 1, iterations=again)
    blunder = Blunder(decision.move, seat, decision.played, best.action, played, best,
                      tuple(rated[:SHOWN_ALTERNATIVES]), judged, position)
    if blunder.drop < min_drop or blunder.drop <= NOISE_SIGMAS * blunder.noise:
        return None
    return blunder
