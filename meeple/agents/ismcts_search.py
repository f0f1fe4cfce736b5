"""One ISMCTS move's search, run in slices (``Search``), and a solo player's move with the same
interface (``Planned``); ``ISMCTSAgent.begin`` makes them (``meeple.agents.ismcts``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from meeple.agents.ismcts_tree import _Node
from meeple.core import Action, State

if TYPE_CHECKING:
    from meeple.agents.ismcts import ISMCTSAgent


class Search:
    """One move's search, run in slices: ``advance(seconds)`` iterates until the budget is spent (True)
    or the slice is over (False); ``best()`` is the move. The budget counts only the time spent inside
    ``advance``, so a search that waits between slices keeps its full thinking time.

    >>> thinking = agent.begin(state, player)
    >>> while not thinking.advance(0.05): pass   # other work may run between slices
    """

    __slots__ = ("agent", "state", "player", "legal", "root", "iterations", "spent", "done")

    def __init__(self, agent: ISMCTSAgent, state: State, player: int, forced: bool = True) -> None:
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"seat {player} has no legal action now")
        self.agent, self.state, self.player, self.legal = agent, state, player, legal
        self.root = _Node()
        self.iterations = 0
        self.spent = 0.0
        self.done = forced and len(legal) == 1  # a forced move needs no search (``forced=False`` runs it anyway)
        agent._score_lo, agent._score_hi = math.inf, -math.inf
        agent.last_iterations, agent.last_seconds = 0, 0.0

    def advance(self, seconds: float | None = None) -> bool:
        """Search on for at most ``seconds`` (None: to the end of the budget); True once it is over."""
        if self.done:
            return True
        agent, root, player, state = self.agent, self.root, self.player, self.state
        now = agent._now
        iterations, budget, cap = agent.iterations, agent.seconds, agent.time_limit
        start = now()
        stop = None if seconds is None else start + seconds
        n, spent = self.iterations, self.spent
        timed = budget is not None or cap is not None or stop is not None  # else the clock is not read
        try:
            while True:
                t = now() if timed else 0.0
                used = spent + (t - start)
                if iterations is not None:
                    if n >= iterations:
                        self.done = True
                        break
                elif n > 0 and used >= budget:  # type: ignore[operator]
                    self.done = True
                    break
                if cap is not None and n > 0 and used >= cap:
                    self.done = True
                    break
                if n >= 64 and n % 32 == 0 and agent._decided(root, player, n, used if budget is not None else 0.0):
                    self.done = True
                    break
                if stop is not None and n > self.iterations and t >= stop:
                    break
                seed, world_rng = agent.rng.next_seeded()  # the seed's generator, its first draws ready
                world = state.determinize(player, seed, quiet=True, rng=world_rng)
                agent._iterate(root, world, player)
                n += 1
        finally:
            self.iterations = n
            self.spent = spent + (now() - start)
            agent.last_iterations, agent.last_seconds = n, self.spent
        return self.done

    def best(self) -> Action:
        """The most visited action of the searching seat (the first in the game's order on a tie)."""
        legal = self.legal
        if len(legal) == 1:
            return legal[0]
        stats = self.root.edges.get(self.player, {})
        best, best_key = legal[0], (-1, -1.0)
        for action in legal:  # the game's order: ties go to the first, whatever the hash seed
            edge = stats.get(action)
            if edge is None:
                continue
            key = (edge[0], edge[1] / edge[0] if edge[0] else 0.0)
            if key > best_key:
                best, best_key = action, key
        return best


class Planned:
    """A move chosen by the agent's ``solo`` player, with the interface of a ``Search``: the whole move
    is thought through in the first ``advance`` (the solo player's own budget bounds it)."""

    __slots__ = ("solo", "state", "player", "legal", "action", "done")

    def __init__(self, solo: Any, state: State, player: int) -> None:
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"seat {player} has no legal action now")
        self.solo, self.state, self.player, self.legal = solo, state, player, legal
        self.action: Action | None = None
        self.done = False

    def advance(self, seconds: float | None = None) -> bool:
        if self.action is None:
            self.action = self.solo.act_on_state(self.state, self.player)
        self.done = True
        return True

    def best(self) -> Action:
        self.advance()
        return self.action  # type: ignore[return-value]
