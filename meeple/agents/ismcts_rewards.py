"""What a finished or cut-off ISMCTS playout is worth to each seat, in [0, 1] (``meeple.agents.ismcts``):
``0.75 × win + 0.25 × score position`` at the end, the squashed lead at a cut-off.
"""

from __future__ import annotations

import math

WIN_WEIGHT = 0.75
"""Share of the reward that comes from winning; the rest comes from the score position."""



def final_rewards(scores: list[float], winners: list[int]) -> list[float]:
    """Each seat's reward for a finished game: ``0.75 × win + 0.25 × score position`` (module docstring).

    >>> final_rewards([30.0, 20.0, 10.0], [0])
    [1.0, 0.125, 0.0]
    """
    n = len(scores)
    out = [0.0] * n
    if winners:
        share = WIN_WEIGHT / len(winners)
        for p in winners:
            out[p] = share
    lo, hi = min(scores), max(scores)
    span = hi - lo
    rest = 1.0 - WIN_WEIGHT
    for p in range(n):
        out[p] += rest * ((scores[p] - lo) / span if span > 0 else 0.5)
    return out


def _cutoff_rewards(scores: list[float]) -> list[float]:
    """A position cut off before the end: each seat's lead over the best other seat, squashed into (0, 1).

    The scale grows with the scores (a 3-point lead matters less at 60 points than at 6).
    """
    ranked = sorted(scores)  # one sort for the three numbers (min and max cost about as much each)
    lowest, runner_up, top = ranked[0], ranked[-2], ranked[-1]  # runner_up: the best other seat of the leader
    leader = scores.index(top)
    largest = 0.1 * (top if top >= -lowest else -lowest)  # a tenth of the largest |score|
    scale = largest if largest > 2.0 else 2.0
    tanh = math.tanh
    return [0.5 + 0.5 * tanh((s - (runner_up if p == leader else top)) / scale) for p, s in enumerate(scores)]


def blended_cutoff_rewards(scores: list[float], lead: list[float] | None = None) -> list[float]:
    """A cut-off valued as the end is: ``0.75 × squashed lead + 0.25 × score position`` (``cutoff="blend"``).

    The squashed lead alone (``_cutoff_rewards``) is near 0 for every seat well behind the leader, so at a
    large table a trailing seat's moves all look alike; the score position among the seats still tells
    them apart, as it does in the final reward. With two seats the position only repeats the lead's sign,
    so the squashed lead is returned unchanged. ``lead``: ``_cutoff_rewards(scores)`` where already worked out.

    >>> [round(r, 3) for r in blended_cutoff_rewards([20.0, 10.0, 0.0])]
    [1.0, 0.125, 0.0]
    """
    if lead is None:
        lead = _cutoff_rewards(scores)
    if len(scores) < 3:
        return lead
    lo, hi = min(scores), max(scores)
    span = hi - lo
    rest = 1.0 - WIN_WEIGHT
    return [WIN_WEIGHT * v + rest * ((s - lo) / span if span > 0 else 0.5) for v, s in zip(lead, scores)]


def relative_values(values: list[float]) -> list[float]:
    """Per-seat value estimates (each a predicted final reward, 0–1) made relative as the cut-off reward
    is: ``0.5 + 0.5 × (own − best other seat's)``. In a two-seat game the two seats' values then add up
    to 1, and each seat's is the mean of its own estimate and one minus the other's.

    >>> relative_values([1.0, 0.5])
    [0.75, 0.25]
    >>> relative_values([0.5, 1.0, 0.75])
    [0.25, 0.625, 0.375]
    """
    if len(values) < 2:
        return list(values)
    ranked = sorted(values)
    runner_up, top = ranked[-2], ranked[-1]
    leader = values.index(top)
    return [0.5 + 0.5 * (v - (runner_up if p == leader else top)) for p, v in enumerate(values)]
