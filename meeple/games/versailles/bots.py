"""A heuristic Versailles player: greedy over whole activations with a hand-tuned position value.

For the move it tries every legal move, completes the activation greedily in a copy (activate or
not, then the best sub-action one at a time) and keeps the move whose end position it values most.
It is handed ``state.determinize(player, seed)`` (Versailles hides nothing, so that is a copy).

>>> bot = HeuristicBot(seed=1)
>>> action = bot.act_on_state(state.determinize(0, 5), 0)
"""

from __future__ import annotations

from meeple.core import Action, Rng
from meeple.games.versailles import content as C
from meeple.games.versailles import rules as R



def progress(s: R.VersaillesState) -> float:
    """How close the game is to its end, 0..1 (the most advanced of the three end conditions)."""
    king = s.king / (s.king_track() - 1)
    cells = s.site_cells()
    built = sum(1 for c in cells if s.site[c] >= 0) / len(cells)
    tiles = 1.0 - (len(s.stack) + len(s.discard)) / (len(s.tiles_in_play()) - C.DISPLAY_SIZE)
    return max(king, built, tiles, 0.0)


def value(s: R.VersaillesState, p: int, early: float) -> float:
    """The worth of the position to ``p`` in (roughly) victory points.

    ``early`` (1 at the start, 0 at the end) is fixed by the caller at the decision being made, so
    that advancing the game's end does not look like a loss in itself.
    """
    if s.over:
        sc = s.scores()
        best_other = max(sc[q] for q in range(len(sc)) if q != p)
        return sc[p] + (50.0 if sc[p] >= best_other else 0.0) + 0.1 * (sc[p] - best_other)
    r = s.res[p]
    v = float(s.vp[p])
    # end-of-game worth, plus a premium on a working stock of each resource
    v += r[0] * 0.34 + r[1] * 0.34 + r[2] * 0.5
    v += early * 0.45 * (min(r[0], 4) + min(r[1], 5) + min(r[2], 5))
    d = s.deco[p]
    v += sum(d) * 3.3
    hand = s.hand[p]
    w = s.workers[p]
    ready = 0
    for t in hand:
        # a tile is worth its VP less what it costs, discounted; more if it can be afforded now
        cost = R.T_COST[t]
        short = max(0, cost[0] - r[0]) + max(0, cost[1] - r[1]) + max(0, cost[2] - r[2])
        for k in R.T_DECO[t]:
            if d[k] <= 0:
                short += 3
        if short == 0:
            ready = max(ready, R.T_WORK[t])
        v += 1.0 + early * max(0.0, 0.25 * R.T_VP[t] - 0.3 * short)
    tech = s.tech[p]
    v += early * (3.0 * tech[0] + 2.5 * tech[1] + 2.5 * tech[2])
    on_board = sum(w)
    v += early * 3.0 * on_board
    v += early * 0.6 * s.dm[p]
    # workers gathered in groups activate more strongly
    conc = 0.0
    for loc in range(R.NLOC):
        n = w[loc]
        if n >= 2:
            conc += min(n, 3) - 1
    v += early * 0.8 * conc
    # workers ready at the Construction Site while holding tiles
    if ready:
        v += early * 1.2 * min(w[R.CS], ready)
    elif hand:
        v += early * 0.4 * min(w[R.CS], 2)
    return v


def evaluate(s: R.VersaillesState, p: int) -> float:
    """The position's worth to ``p`` in points (``value`` weighted by how much of the game is left):
    the leaf value ISMCTS uses with ``leaf=heuristic``."""
    return value(s, p, 1.0 - progress(s))


ISMCTS_SETTINGS = {"rollout": "random", "rollout_depth": 4, "leaf": "heuristic"}
"""How ISMCTS searches Versailles (``meeple.agents.search_settings``): short random rollouts scored by
``evaluate``; measured in docs/agents.md."""


class HeuristicBot:
    """Greedy completion of each activation with :func:`value`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act_on_state(self, state: R.VersaillesState, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        self.early = 1.0 - progress(state)
        best, best_v = legal[0], -1e9
        for a in legal:
            s = state.clone()
            s.apply(a, player)
            self._complete(s, player, 12)
            v = value(s, player, self.early) + self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = a, v
        return best

    def _complete(self, s: R.VersaillesState, p: int, budget: int) -> None:
        """Play ``p``'s remaining decisions of this activation greedily (one ply each)."""
        while budget > 0 and not s.over and s.to_move() == [p] and s.phase != "move":
            budget -= 1
            legal = s.legal_actions(p)
            if len(legal) == 1:
                s.apply(legal[0], p)
                continue
            if s.phase in ("decide", "offer"):
                # activate vs pass: look one activation deep
                t = s.clone()
                t.apply(R.A_ACTIVATE, p)
                self._complete(t, p, budget)
                u = s.clone()
                u.apply(R.A_PASS, p)
                if value(t, p, self.early) >= value(u, p, self.early):
                    s.apply(R.A_ACTIVATE, p)
                else:
                    s.apply(R.A_PASS, p)
                continue
            best, best_v = legal[0], -1e9
            for a in legal:
                t = s.clone()
                t.apply(a, p)
                v = value(t, p, self.early)
                if v > best_v:
                    best, best_v = a, v
            s.apply(best, p)
