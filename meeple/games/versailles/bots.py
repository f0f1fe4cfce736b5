"""A heuristic Versailles player: greedy over whole activations with a hand-tuned position value.

For the move it tries every legal move, completes the activation greedily in a copy (activate or
not, then the best sub-action one at a time) and keeps the move whose end position it values most.
It is handed ``state.determinize(player, seed)`` (Versailles hides nothing, so that is a copy).

>>> bot = HeuristicBot(seed=1)
>>> action = bot.act_on_state(state.determinize(0, 5), 0)
"""

from __future__ import annotations

from meeple.core import Action, Rng
from meeple.games.versailles.actions import A_ACTIVATE, A_PASS
from meeple.games.versailles.board import TILE_COST, TILE_DECORATIONS, TILE_VP, TILE_WORKERS
from meeple.games.versailles.content import CONSTRUCTION_SITE, DISPLAY_SIZE
from meeple.games.versailles.rules import VersaillesState



def progress(s: VersaillesState) -> float:
    """How close the game is to its end, 0..1 (the most advanced of the three end conditions); worked
    out once per position (``memo``: ``evaluate`` reads it for every seat; a state edited by hand says
    so with ``position_changed()``, as for its legal lists)."""
    return s.memo("bots: progress", _progress)


_TILES_IN_PLAY: dict[int, int] = {}
"""By player count: how many palace tiles are in play."""


def _progress(s: VersaillesState) -> float:
    king = s.king_space / (s.king_track_length() - 1)
    cells = s.construction_site_cells()
    site = s.construction_site
    built = len([c for c in cells if site[c] >= 0]) / len(cells)
    in_play = _TILES_IN_PLAY.get(s.players)
    if in_play is None:
        in_play = _TILES_IN_PLAY[s.players] = len(s.tiles_in_play())
    tiles = 1.0 - (len(s.tile_stack) + len(s.discard_pile)) / (in_play - DISPLAY_SIZE)
    # max(king, built, tiles, 0.0), written out as in ``value``
    most = king
    if built > most:
        most = built
    if tiles > most:
        most = tiles
    return most if most > 0.0 else 0.0


W = {
    "res": (0.34, 0.34, 0.5),        # a resource at its end-of-game rate (wood, marble, gold)
    "stock": 0.45,                   # ... plus this, early, for a working stock up to
    "stock_cap": (4, 5, 5),
    "deco": 4.0,                     # a decoration held (3 VP at the end, or the key to a tile)
    "tile": 1.0,                     # a tile in hand (its end-of-game point) ...
    "tile_vp": 0.25,                 # ... plus, early, this share of its VP
    "tile_short": 0.3,               # ... less this per resource still lacking (3 per decoration)
    # a technology level, early (track gains / sites / guilds, level 1..3)
    "tech": ((3.0, 5.0, 8.0), (1.4, 2.5, 2.5), (1.5, 3.5, 2.0)),
    "react_players": 0.5,            # sites and guilds levels are worth (1 + this × other players) × tech
    "worker": 3.0,                   # a worker in play, early
    "dm": 0.45,                      # a face-up double-move token, early
    "conc": 0.8,                     # workers in groups of 2-3, early
    "cs_ready": 1.2,                 # workers at the Construction Site with an affordable tile in hand
    "cs_hand": 0.4,                  # ... with tiles in hand not yet affordable (up to 2 workers)
}
"""The weights of :func:`value` (hand-tuned with ``tools/versailles_tune.py``)."""

(_RES, _STOCK_CAP, _STOCK, _DECO, _TILE, _TILE_VP, _TILE_SHORT, _TECH, _REACT_PLAYERS, _WORKER, _DM, _CONC, _CS_READY,
 _CS_HAND) = (W[key] for key in ("res", "stock_cap", "stock", "deco", "tile", "tile_vp", "tile_short", "tech",
                                 "react_players", "worker", "dm", "conc", "cs_ready", "cs_hand"))
"""``W``'s weights under the names :func:`value` reads (a global name is read faster than a dict entry, and a
search values thousands of positions a second): ``W`` is read once, at import."""


def value(s: VersaillesState, p: int, early: float) -> float:
    """The worth of the position to ``p`` in (roughly) victory points.

    ``early`` (1 at the start, 0 at the end) is fixed by the caller at the decision being made, so
    that advancing the game's end does not look like a loss in itself.
    """
    if s.game_over:
        sc = s.scores()
        best_other = max(sc[q] for q in range(len(sc)) if q != p)
        return sc[p] + (50.0 if sc[p] >= best_other else 0.0) + 0.1 * (sc[p] - best_other)
    # (The smaller or larger of two numbers is written out, not min() or max(): in CPython 3.11 those
    # builtins parse their keyword arguments on every call, which made up much of a search's leaf values.)
    r = s.resources[p]
    r0, r1, r2 = r
    v = float(s.vp[p])
    # end-of-game worth, plus a premium on a working stock of each resource
    rate = _RES
    cap0, cap1, cap2 = _STOCK_CAP
    v += r0 * rate[0] + r1 * rate[1] + r2 * rate[2]
    v += early * _STOCK * ((r0 if r0 <= cap0 else cap0) + (r1 if r1 <= cap1 else cap1) + (r2 if r2 <= cap2 else cap2))
    d = s.decorations[p]
    v += sum(d) * _DECO
    hand = s.hands[p]
    w = s.workers_at[p]
    ready = 0
    for t in hand:
        # a tile is worth its VP less what it costs, discounted; more if it can be afforded now
        wood, marble, gold = TILE_COST[t]
        short = 0  # the resources lacking
        if wood > r0:
            short += wood - r0
        if marble > r1:
            short += marble - r1
        if gold > r2:
            short += gold - r2
        for k in TILE_DECORATIONS[t]:
            if d[k] <= 0:
                short += 3
        if short == 0 and TILE_WORKERS[t] > ready:
            ready = TILE_WORKERS[t]
        worth = _TILE_VP * TILE_VP[t] - _TILE_SHORT * short
        v += _TILE + early * (worth if worth > 0.0 else 0.0)
    tech = s.technology_levels[p]
    tw = _TECH
    tv = 0.0
    for k in range(3):
        if tech[k]:
            for lvl in range(tech[k]):
                tv += tw[k][lvl]
    # a reaction is worth more the more other players there are to react to
    if tech[1] or tech[2]:
        others = (s.players - 1) * _REACT_PLAYERS
        for k in (1, 2):
            for lvl in range(tech[k]):
                tv += others * tw[k][lvl]
    v += early * tv
    on_board = sum(w)
    v += early * _WORKER * on_board
    v += early * _DM * s.double_moves_face_up[p]
    # workers gathered in groups activate more strongly
    conc = 0.0
    for n in w:  # the workers at each location: 1 for a pair, 2 for three or more
        if n >= 2:
            conc += 1 if n == 2 else 2
    v += early * _CONC * conc
    # workers ready at the Construction Site while holding tiles
    at_site = w[CONSTRUCTION_SITE]
    if ready:
        v += early * _CS_READY * (at_site if at_site <= ready else ready)
    elif hand:
        v += early * _CS_HAND * (at_site if at_site <= 2 else 2)
    return v


def evaluate(s: VersaillesState, p: int) -> float:
    """The position's worth to ``p`` in points (``value`` weighted by how much of the game is left):
    the leaf value ISMCTS uses with ``leaf=heuristic``."""
    return value(s, p, 1.0 - progress(s))


ISMCTS_SETTINGS = {"rollout": "random", "rollout_depth": 4, "leaf": "heuristic"}
"""How ISMCTS searches Versailles (``meeple.agents.search_settings``): short random rollouts scored by
``evaluate``; measured in docs/agents.md."""

LEVEL_ITERATIONS = {"normal": 4000, "hard": 12000}
"""The search levels' budgets (``meeple.agents.level_iterations``): an iteration costs about 0.1 ms here, so
the shared 500 left ``normal`` at 0.04 s a move and level with ``easy`` (docs/agents.md, Difficulty levels)."""


class HeuristicBot:
    """Greedy completion of each activation with :func:`value`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act_on_state(self, state: VersaillesState, player: int) -> Action:
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

    def _complete(self, s: VersaillesState, p: int, budget: int) -> None:
        """Play ``p``'s remaining decisions of this activation greedily (one ply each)."""
        while budget > 0 and not s.game_over and s.to_move() == [p] and s.phase != "move":
            budget -= 1
            legal = s.legal_actions(p)
            if len(legal) == 1:
                s.apply(legal[0], p)
                continue
            if s.phase in ("decide", "offer"):
                # activate vs pass: look one activation deep
                t = s.clone()
                t.apply(A_ACTIVATE, p)
                self._complete(t, p, budget)
                u = s.clone()
                u.apply(A_PASS, p)
                if value(t, p, self.early) >= value(u, p, self.early):
                    s.apply(A_ACTIVATE, p)
                else:
                    s.apply(A_PASS, p)
                continue
            best, best_v = legal[0], -1e9
            for a in legal:
                t = s.clone()
                t.apply(a, p)
                v = value(t, p, self.early)
                if v > best_v:
                    best, best_v = a, v
            s.apply(best, p)
