"""The ISMCTS search tree: its nodes and each seat's edge statistics, and the tree policy that picks a
seat's action at a node (UCB1 with availability counts; ``meeple.agents.ismcts``).

An edge is a list ``[visits, reward_sum, availability, child_node_or_None, outcome_sum,
outcome_square_sum]``; the outcome sums are kept at the root only, for the searching seat (``OUTCOME``).
"""

from __future__ import annotations

import math
from typing import Any

from meeple.core import Action, Rng

OUTCOME = 4
"""Where a root edge of the searching seat keeps its playouts' outcomes (the sum at ``OUTCOME``, the sum
of squares at ``OUTCOME + 1``), apart from the reward that steers the search: with several seats the
win share (``1/k`` for each of ``k`` winners at the end; at a cut-off, the cut-off reward as the win
estimate), in a solo game the score (at a cut-off, the position value, in points). The coach reads
them: ``edge[OUTCOME] / edge[0]`` is a move's chance of winning, or its expected score."""



def select(table: dict[Action, list[Any]], legal: list[Action], c: float, rng: Rng) -> tuple[Action, list[Any], bool]:
    """One seat's choice at a node (the tree policy): every legal action counts one more availability
    (its edge made if new); an action never tried is tried first (a random one of them); otherwise
    the highest UCB with availability counts, ``mean + c·√(ln availability / visits)``, the first in
    ``legal`` on a tie. Returns (action, its edge, whether it was untried).

    >>> table = {Action("a"): [10, 6.0, 99, None, 0.0, 0.0], Action("b"): [2, 1.0, 9, None, 0.0, 0.0]}
    >>> select(table, [Action("a"), Action("b")], 0.7, Rng(0))[0]
    Action('b', ())
    """
    fresh: list[tuple[Action, list[Any]]] = []
    best_edge: list[Any] | None = None
    best_action: Action | None = None
    best_value = -1.0
    for a in legal:
        edge = table.get(a)
        if edge is None:
            edge = table[a] = [0, 0.0, 0, None, 0.0, 0.0]
        edge[2] += 1
        if edge[0] == 0:
            fresh.append((a, edge))
        elif not fresh:
            value = edge[1] / edge[0] + c * math.sqrt(math.log(edge[2]) / edge[0])
            if value > best_value:
                best_value, best_edge, best_action = value, edge, a
    if fresh:
        best_action, best_edge = fresh[rng.randbelow(len(fresh))] if len(fresh) > 1 else fresh[0]
        return best_action, best_edge, True
    assert best_edge is not None and best_action is not None
    return best_action, best_edge, False


class _Node:
    """A tree node: per seat, the statistics of each action tried from here; joint children.

    ``listed[seat]`` is the last legal list the search met here for that seat with its edges in the
    same order (``_select_listed``): most iterations meet the very list again (or an equal one), and
    then find its edges without a lookup per action. It is derived from ``edges`` (the same edge
    objects): whoever replaces a seat's table by hand must drop its entry."""

    __slots__ = ("edges", "joint", "listed")

    def __init__(self) -> None:
        # edges[seat][action] = [visits, reward_sum, availability, child_node_or_None, outcome_sum,
        # outcome_square_sum]; the outcome sums are kept at the root only, for the searching seat (``OUTCOME``)
        self.edges: dict[int, dict[Action, list[Any]]] = {}
        self.joint: dict[tuple[Any, ...], _Node] = {}
        self.listed: dict[int, tuple[list[Action], list[list[Any]]]] = {}


def _select_listed(node: _Node, p: int, legal: list[Action], c: float, rng: Rng) -> tuple[Action, list[Any], bool]:
    """``select(node.edges[p], legal, c, rng)``, the same choice and the same counts, with the edges of
    ``legal`` taken from ``node.listed`` when the node last met an equal list for ``p`` (a list
    comparison made in C: the actions are the same objects), else looked up once and kept there."""
    listed = node.listed.get(p)
    if listed is not None and (listed[0] is legal or listed[0] == legal):
        edges = listed[1]
    else:
        table = node.edges.get(p)
        if table is None:
            table = node.edges[p] = {}
        edges = []
        for a in legal:
            edge = table.get(a)
            if edge is None:
                edge = table[a] = [0, 0.0, 0, None, 0.0, 0.0]
            edges.append(edge)
        node.listed[p] = (legal, edges)
    fresh: list[int] = []
    best = -1
    best_value = -1.0
    seen = 0  # the availability whose logarithm was worked out last (most edges of a node share it)
    log_seen = 0.0
    sqrt, log = math.sqrt, math.log
    for i, edge in enumerate(edges):
        seen_here = edge[2] = edge[2] + 1
        visits = edge[0]
        if visits == 0:
            fresh.append(i)
        elif not fresh:
            if seen_here != seen:
                seen, log_seen = seen_here, log(seen_here)
            value = edge[1] / visits + c * sqrt(log_seen / visits)
            if value > best_value:
                best_value, best = value, i
    if fresh:
        best = fresh[rng.randbelow(len(fresh))] if len(fresh) > 1 else fresh[0]
        return legal[best], edges[best], True
    return legal[best], edges[best], False
