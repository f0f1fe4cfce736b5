"""建筑工地: building palace tiles on the construction site.

Seed (建筑工地): 「1. 每个宫殿板块都显示了需要多少个工人，玩家必须有对应数量的工人在建筑工地。2. 支付资源和装饰……
3. 将该板块放在一个已有的宫殿板块相邻的地方或者建筑工地边上。板块上室外和室内的部分必须和相邻的板块匹配」
「在放置板块后，玩家得到该板块上的胜利点数，玩家可以一次行动放置多个宫殿板块。」

``build t cell`` pays tile t's workers, resources and decorations and places it on an empty cell
next to a built tile or the site's edge, every touching edge matching (indoor to indoor, outdoor to
outdoor). A full site ends the game. ``build`` is performed, described and refused here (``ACTIONS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.versailles.actions import A_BUILD
from meeple.games.versailles.board import (
    DECORATION_KINDS, OPPOSITE, SITE_CELL_COUNT, SITE_GRIDS, TILE_COST, TILE_DECORATIONS, TILE_EDGES, TILE_VP,
    TILE_WORKERS, cell_label,
)
from meeple.games.versailles.content import CONSTRUCTION_SITE
from meeple.games.versailles.describe import both_phrase, cost_phrase, lenient_refusal, workers_phrase
from meeple.games.versailles.fields import VersaillesFields


class ConstructionRules(VersaillesFields):
    """The Construction Site (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "build": ActionSpec(perform="_act_build", describe="_describe_build", refuse="_refuse_build"),
    }

    def _construction_options(self, p: int, workers: int) -> list[Action]:
        have = self.resources[p]
        held = self.decorations[p]
        out = []
        for tile in self.hands[p]:
            if TILE_WORKERS[tile] > workers:
                continue
            cost = TILE_COST[tile]
            if have[0] < cost[0] or have[1] < cost[1] or have[2] < cost[2]:
                continue
            if not self._has_decorations(held, TILE_DECORATIONS[tile]):
                continue
            for cell in SITE_GRIDS[self.players].cells:
                if self.construction_site[cell] < 0 and self._fit_problem(tile, cell) is None:
                    out.append(A_BUILD[(tile, cell)])
        return out

    @staticmethod
    def _has_decorations(held: list[int], need: list[int]) -> bool:
        if not need:
            return True
        if len(need) == 1:
            return held[need[0]] > 0
        counted = [0] * DECORATION_KINDS
        for k in need:
            counted[k] += 1
            if counted[k] > held[k]:
                return False
        return True

    def _fit_problem(self, tile: int, cell: int) -> dict[str, Any] | None:
        """None if ``tile`` may go on the empty ``cell``, else why not (a message)."""
        site = self.construction_site
        edges = TILE_EDGES[tile]
        grid = SITE_GRIDS[self.players]
        touching = grid.on_edge[cell]
        for direction, neighbour in grid.neighbours[cell]:
            other = site[neighbour]
            if other >= 0:
                touching = True
                if edges[direction] != TILE_EDGES[other][OPPOSITE[direction]]:
                    return msg("versailles.fit.edge", direction=direction, edge=edges[direction], tile=other,
                               cell=cell_label(neighbour), edge2=TILE_EDGES[other][OPPOSITE[direction]])
        if not touching:
            return msg("versailles.fit.touch")
        return None

    def _act_build(self, action: Action, p: int) -> None:
        """``build t cell``: tile t from the hand onto the cell, for its workers, resources and decorations."""
        tile, cell = action.args
        self.unspent_workers -= TILE_WORKERS[tile]
        self._pay(p, TILE_COST[tile])
        for k in TILE_DECORATIONS[tile]:
            self.decorations[p][k] -= 1
        self.hands[p].remove(tile)
        self.construction_site[cell] = tile
        self.vp[p] += TILE_VP[tile]
        self.say("versailles.builds", seat=p, tile=tile, num=tile, cell=cell_label(cell), vp=TILE_VP[tile])
        if all(self.construction_site[c] >= 0 for c in SITE_GRIDS[self.players].cells):
            self._end_game("site")
            return
        self._finish_if_nothing_affordable(p)

    def _describe_build(self, action: Action, p: int) -> dict[str, Any]:
        tile, cell = action.args
        payment: Any = cost_phrase(TILE_COST[tile])
        if TILE_DECORATIONS[tile]:
            needed = [msg("versailles.name.a_decoration", decoration=k) for k in TILE_DECORATIONS[tile]]
            payment = msg("versailles.cost_and", cost=payment, decorations=both_phrase(needed))
        free = [c for c in SITE_GRIDS[self.players].cells if self.construction_site[c] < 0]
        workers = workers_phrase(TILE_WORKERS[tile])
        if free == [cell]:
            return msg("versailles.d.build_end", tile=tile, num=tile, cell=cell_label(cell), workers=workers,
                       payment=payment, vp=TILE_VP[tile])
        return msg("versailles.d.build", tile=tile, num=tile, cell=cell_label(cell), workers=workers,
                   payment=payment, vp=TILE_VP[tile])

    @lenient_refusal
    def _refuse_build(self, action: Action, p: int) -> Message | None:
        """Not at the site, a tile not in hand, no such or a taken cell, the price not met, edges that
        do not match."""
        outside = self._refuse_outside_activation(action, p)
        if outside is not None:
            return outside
        workers = self.unspent_workers
        if self.current_location != CONSTRUCTION_SITE:
            return Message("versailles.why.build_where", {"location": self.current_location})
        tile, cell = action.args
        if tile not in self.hands[p]:
            return Message("versailles.why.not_in_hand", {"num": tile})
        open_cells = SITE_GRIDS[self.players].is_open
        if not (isinstance(cell, int) and 0 <= cell < SITE_CELL_COUNT and open_cells[cell]):
            return Message("versailles.why.no_cell", {"cell": cell})
        if self.construction_site[cell] >= 0:
            return Message("versailles.why.cell_taken", {"cell": cell_label(cell), "tile": self.construction_site[cell]})
        if TILE_WORKERS[tile] > workers:
            return Message("versailles.why.tile_workers", {"tile": tile, "n": TILE_WORKERS[tile], "have": workers})
        if not self._can_pay(p, TILE_COST[tile]):
            return Message("versailles.why.tile_cost", {"tile": tile, "cost": cost_phrase(TILE_COST[tile]),
                                                        "have": cost_phrase(self.resources[p])})
        if not self._has_decorations(self.decorations[p], TILE_DECORATIONS[tile]):
            return Message("versailles.why.tile_decorations", {"tile": tile, "decorations": list(TILE_DECORATIONS[tile])})
        why = self._fit_problem(tile, cell)
        if why:
            return Message("versailles.why.misfit", {"tile": tile, "cell": cell_label(cell), "why": why})
        return None
