"""Cube Europe's heuristic player: one-step lookahead on a position evaluation.

It tries every legal action on a copy of its (determinized) state and keeps the one whose result
scores best: VP now, plus progress towards territories and colours, useful cubes in hand, workers.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.core import Action, Rng
from meeple.games.cube_europe.content import CARDS, TERRITORY_VP
from meeple.games.cube_europe.dice_actions import COLOUR_BITS
from meeple.games.cube_europe.rules import CubeEuropeState


ISMCTS_SETTINGS = {"rollout": "random", "rollout_depth": 4, "leaf": "heuristic"}
"""How ISMCTS searches Cube Europe (``meeple.agents.search_settings``): short random rollouts scored by
``evaluate``, the best of the configurations measured in docs/agents.md."""

LEVEL_ITERATIONS = {"hard": 8000}
"""The search levels' budgets (``meeple.agents.level_iterations``): ``hard`` at the shared 2,000 (0.3 s a move)
could not be told from ``normal``; 8,000 keeps it within 3 s at 4 players (docs/agents.md, Difficulty levels)."""

LEVEL_ITERATIONS_FROM_PLAYERS = {"normal": {3: 4000}}
"""Budgets at larger tables (``meeple.agents.level_iterations_from_players``): ``normal`` at 500 could not be told
from ``easy`` at 3 players (−0.8, −2.6 to +1.0, in the 48-game rating tournament) nor at 4 (+0.4, −0.8 to +1.7,
40 paired games), nor at 2,000 (+1.0, −0.4 to +2.4); at 4,000 it could at 4 players (+1.6, +0.7 to +2.5, 100
paired games; 44% of the wins against a fair 25%), well within 1 s a move (docs/agents.md, The ladder, measured)."""


LADDER = ("random", "easy", "normal")
"""The levels Cube Europe offers players (``meeple.agents.ladder``): ``hard`` is left out, as it plays no
better than ``normal`` here — sixteen times the iterations bought +0.5 points (−0.5 to +1.5) in 100 paired
2-player games, and solo +0.5 (−0.4 to +1.4) on 50 seeds (docs/agents.md, The ladder, measured). ``hard``
stays an agent name for research and the API."""


SOLO_PLANNER = "meeple.games.cube_europe.solo_planner:SoloPlanner"
"""The solo player (``make_agent("planner")``): the heuristic's exact turn planning, looking ahead over
sampled dice of the next turn (docs/agents.md, *Cube Europe solo*)."""

SOLO_PLANNER_LEVELS = {"normal": {"candidates": 6, "samples": 12}, "hard": {}}
"""The levels that hand their solo games to ``SOLO_PLANNER``, with the planner's budget (``hard``: its
own, 12 plans × 24 sampled futures; ``normal``: 6 × 12, a quarter of the work); multiplayer games are
searched as before. Solo, ISMCTS at ``normal`` scored below the heuristic (23.8 against 26.2); the
planner at 6 × 12 scores 29.6 (docs/agents.md, *Cube Europe solo*)."""


class HeuristicBot:
    """Plans both dice of a turn (two actions deep, how to pay for a die change searched with them,
    cube effects resolved greedily) over ``evaluate``.

    Ties are broken by its own seeded RNG.
    """

    def __init__(self, seed: int = 0, depth: int = 2, weights: Weights | None = None) -> None:
        self.rng = Rng(seed)
        self.depth = depth
        self.weights = weights

    def act_on_state(self, state: CubeEuropeState, player: int) -> Action:
        best: list[Action] = []
        best_value = float("-inf")
        # A payment choice is still part of the die's action: plan it with the rest of the turn.
        depth = self.depth if state.phase == "turn" and (not state.follow_ups or state.follow_ups[-1][0] == "pay") else 1
        for action in state.legal_actions(player):
            value = self._value_after(state, action, player, depth)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def _value_after(self, state: CubeEuropeState, action: Action, player: int, depth: int) -> float:
        child = state.clone()
        child.apply(action, player)
        if child.follow_ups and child.follow_ups[-1][0] == "pay":  # how to pay matters for the next die: search it
            return max(self._value_after(child, a, player, depth) for a in child.legal_actions(player))
        while child.follow_ups and child.to_move() == [player]:
            child.apply(max(child.legal_actions(player), key=lambda a: _greedy(child, a, player, self.weights)), player)
        if depth > 1 and child.phase == "turn" and child.to_move() == [player] and child.dice[player]:
            return max(self._value_after(child, a, player, depth - 1) for a in child.legal_actions(player))
        return evaluate(child, player, self.weights)


def _greedy(state: CubeEuropeState, action: Action, player: int, weights: Weights | None) -> float:
    child = state.clone()
    child.apply(action, player)
    return evaluate(child, player, weights)


class Weights(NamedTuple):
    """What ``evaluate`` adds to the VP for a position's progress, per unit."""

    territory_progress: float
    """Per VP of an unfinished territory, times the share of its hexes filled."""
    cube_fits: float
    """Per cube in hand of a colour that an open hex next to the filled ones asks for."""
    hexes_filled: float
    """Per filled hex."""
    workers: float
    """Per worker."""
    tucked_effects: float
    """Per yellow effect tucked under the board."""
    open_hexes: float = 0.0
    """Per empty hex next to a filled one (where a cube may go next)."""


WEIGHTS = Weights(territory_progress=0.8, cube_fits=0.6, hexes_filled=0.5, workers=0.15, tucked_effects=1.0)
"""The multiplayer weights (set by hand; the measured strength of every agent rests on them)."""

SOLO_WEIGHTS = Weights(territory_progress=0.8, cube_fits=1.2, hexes_filled=0.5, workers=0.15, tucked_effects=1.0,
                       open_hexes=0.15)
"""The solo weights, found by ``python tools/tune_cube_europe_solo.py`` (a coordinate search on the
heuristic player's mean solo score over 150 seeded games; docs/agents.md, *Cube Europe solo*)."""


def evaluate(state: CubeEuropeState, player: int, weights: Weights | None = None) -> float:
    """VP plus weighted progress: partial territories, cubes that fit the frontier, workers, effects
    (``SOLO_WEIGHTS`` in a solo game, ``WEIGHTS`` otherwise, unless ``weights`` are given)."""
    card = state.board_cards[player]
    filled = set(state.filled_hexes[player])
    value = float(state.score(player))
    if state.is_over():
        return value * 10
    w = weights if weights is not None else (SOLO_WEIGHTS if state.players == 1 else WEIGHTS)
    progress = w.territory_progress
    for territory in CARDS[card].territories:
        done = len(filled.intersection(territory))
        size = len(territory)
        if done < size:
            value += progress * TERRITORY_VP[size] * done / size
    # the frontier: the empty hexes next to a filled one, as a set of hexes (one bit each)
    frontier = state._open_hex_bits(player)
    inventory = state.inventory[player]
    if inventory:
        colour_bits = COLOUR_BITS[card]
        for colour in sorted(set(inventory)):  # a fixed order (a float sum must not follow the hash seed); a cube fits as often as the frontier asks for its colour
            value += w.cube_fits * min(inventory.count(colour), (frontier & colour_bits[colour]).bit_count())
    value += (w.hexes_filled * len(filled) + w.workers * state.workers[player]
              + w.tucked_effects * len(state.tucked_cards[player]) + w.open_hexes * frontier.bit_count())
    return value
