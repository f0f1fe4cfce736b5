"""Cube Europe's solo planner: the heuristic's exact turn planning, with the next turns' dice sampled.

The heuristic player (``bots.HeuristicBot``) plans both dice of its turn exactly over ``evaluate`` but
looks no further: it cannot tell a position that any roll can use from one that needs a lucky one. A
solo turn holds no chance, and a solo game hides nothing but the deck's order, so the planner:

1. lists every plan of this turn to its end (both dice, how to pay, every follow-up: return, chain,
   white, pass), merges plans that end in the same position, and keeps the ``candidates`` best by
   ``evaluate(…, SOLO_WEIGHTS)``;
2. values each by looking ahead: on ``samples`` copies (``state.determinize(player, seed)``, one seed
   per sample, the same seeds for every candidate so that they are compared on the same futures) the
   market draw and the next rolls are sampled with its own seeded ``Rng``, and the heuristic plays
   ``horizon`` turns on them (its exact planning of both dice, follow-ups greedy); the mean
   ``evaluate`` at the end is the candidate's value (the final score where the game ends);
3. plays the best plan's first action, and the rest of the plan at the turn's next decisions (the
   turn holds no chance, so the position is the one foreseen; otherwise it plans again).

Deterministic for a seed (no clock is read). In a game with more than one player it plays as the
heuristic player.
"""

from __future__ import annotations

import marshal
from typing import Any

from meeple.core import CHANCE, Action, Rng
from meeple.games.cube_europe.bots import SOLO_WEIGHTS, HeuristicBot, Weights, evaluate
from meeple.games.cube_europe.rules import CubeEuropeState


class SoloPlanner:
    """Plans a solo turn exactly, then samples the next turns' dice (see the module docstring).

    ``candidates``: how many of this turn's plans (the best by ``evaluate``) are looked ahead from;
    ``samples``: sampled futures per candidate; ``horizon``: turns the heuristic plays in each.
    """

    def __init__(self, seed: int = 0, candidates: int = 12, samples: int = 24, horizon: int = 1,
                 weights: Weights | None = None) -> None:
        if candidates < 1 or samples < 1 or horizon < 1:
            raise ValueError("candidates, samples and horizon must be at least 1")
        self.seed = seed
        self.rng = Rng(seed)
        self.candidates = candidates
        self.samples = samples
        self.horizon = horizon
        self.weights = weights if weights is not None else SOLO_WEIGHTS
        self._fallback = HeuristicBot(seed)
        self._plan: list[tuple[bytes, Action]] = []  # the rest of the chosen plan: (position, action)

    def __repr__(self) -> str:
        return (f"SoloPlanner(candidates={self.candidates}, samples={self.samples}, horizon={self.horizon}, "
                f"seed={self.seed})")

    # ------------------------------------------------------------------ the agent protocol
    def act_on_state(self, state: CubeEuropeState, player: int) -> Action:
        if state.players != 1:
            return self._fallback.act_on_state(state, player)
        legal = state.legal_actions(player)
        if self._plan:  # the chosen plan goes on (a forced step of it was played without asking)
            key = _key(state)
            for i, (expected, action) in enumerate(self._plan):
                if key == expected and action in legal:
                    del self._plan[: i + 1]
                    return action
            self._plan = []
        if len(legal) == 1:
            return legal[0]
        plan = self.plan(state, player)
        self._plan = plan[1:]
        return plan[0][1]

    # ------------------------------------------------------------------ planning
    def plan(self, state: CubeEuropeState, player: int) -> list[tuple[bytes, Action]]:
        """The chosen plan of the rest of this turn: (position before the action, action) pairs."""
        root = state.clone()
        root.chance = "manual"  # the turn's end stops before the draw and the roll: they are sampled
        leaves: dict[bytes, tuple[float, list[tuple[bytes, Action]], CubeEuropeState]] = {}
        self._enumerate(root, player, [], leaves)
        ranked = sorted(leaves.values(), key=lambda leaf: -leaf[0])
        top = ranked[: self.candidates]
        if len(top) == 1 or top[0][2].is_over():
            return top[0][1]
        base = self.rng.next64()
        seeds = [Rng(base).fork(i).next64() for i in range(self.samples)]
        best, best_value = top[0][1], float("-inf")
        for value, path, end in top:
            total = 0.0
            for s in seeds:
                total += self._look_ahead(end, player, s)
            mean = total / len(seeds)
            if mean > best_value + 1e-9:
                best, best_value = path, mean
        return best

    def _enumerate(self, state: CubeEuropeState, player: int, path: list[tuple[bytes, Action]],
                   leaves: dict[bytes, tuple[float, list[tuple[bytes, Action]], CubeEuropeState]]) -> None:
        """Every way to play the rest of the turn; one entry per distinct end position (the first found)."""
        if state.is_over() or state.to_move() != [player]:
            key = _key(state)
            if key not in leaves:
                leaves[key] = (_value(state, player, self.weights), path, state)
            return
        key = _key(state)
        for action in state.legal_actions(player):
            child = state.clone()
            child.apply(action, player)
            self._enumerate(child, player, path + [(key, action)], leaves)

    def _look_ahead(self, end: CubeEuropeState, player: int, seed: int) -> float:
        """One sampled future of a plan's end position: the draw and rolls from ``Rng(seed)``, then the
        heuristic's turns; the value at the end."""
        world = end.determinize(player, seed)
        rng = Rng(seed)
        for _ in range(self.horizon):
            while world.to_move() == [CHANCE]:
                world.apply(world.sample_chance(rng), CHANCE)
            if world.is_over() or world.to_move() != [player]:
                break
            _, world = best_turn(world, player, self.weights)
        return _value(world, player, self.weights)


def best_turn(state: CubeEuropeState, player: int, weights: Weights, depth: int = 2) -> tuple[float, Any]:
    """The heuristic's plan of the rest of a turn (both dice exactly, how to pay searched, the other
    follow-ups greedy): its value and its end position."""
    best_value, best_state = float("-inf"), state
    for action in state.legal_actions(player):
        value, end = _after(state, action, player, weights, depth)
        if value > best_value:
            best_value, best_state = value, end
    return best_value, best_state


def _after(state: CubeEuropeState, action: Action, player: int, weights: Weights, depth: int) -> tuple[float, Any]:
    child = state.clone()
    child.apply(action, player)
    if child.follow_ups and child.follow_ups[-1][0] == "pay":
        return max((_after(child, a, player, weights, depth) for a in child.legal_actions(player)),
                   key=lambda r: r[0])
    while child.follow_ups and child.to_move() == [player]:
        child.apply(max(child.legal_actions(player), key=lambda a: _greedy(child, a, player, weights)), player)
    if depth > 1 and child.phase == "turn" and child.to_move() == [player] and child.dice[player]:
        return best_turn(child, player, weights, depth - 1)
    return _value(child, player, weights), child


def _greedy(state: CubeEuropeState, action: Action, player: int, weights: Weights) -> float:
    child = state.clone()
    child.apply(action, player)
    return _value(child, player, weights)


def _value(state: CubeEuropeState, player: int, weights: Weights) -> float:
    """``evaluate`` with the solo weights; the final score once the game is over."""
    if state.is_over():
        return float(state.score(player))
    return evaluate(state, player, weights)


def _key(state: CubeEuropeState) -> bytes:
    """The position (every field), to merge plans that end alike and to recognise a foreseen position."""
    return marshal.dumps(state._read_fields(state), 2)  # version 2: no references, so equal positions give equal bytes
