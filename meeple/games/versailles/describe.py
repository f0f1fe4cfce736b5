"""说明: the words several sections' actions share — workers, costs, lists, a tile, the King — and whose view.

Seed (激活地点): 「当玩家激活一个地点的行动的时候，每一个工人只能用一次。」(地点收益) 「每个地点提供一种或多种收益，
这取决于玩家的工人数量」「按照玩家的工人数量，玩家可以选择几项并按照任意顺序执行。」(激活标志) 「都不允许移动到已经有
自己激活标志的地点。」(游戏配件) 「金块（黄），大理石（白），木头（棕），小的表示一个，大的表示五个。」

Each action is performed, described and refused beside its rule, in the module of its rulebook section
(its ``ACTIONS`` table: ``meeple.core.action_table``). What several of them share is here: the phrases a
sentence is built from (each a message, ``msg`` form, that the reader's language renders), the seat a
description takes the view of, a palace tile and the King's step in words, the refusal of a chance
outcome played by a seat, and ``lenient_refusal``: an action with malformed arguments breaks no rule of
its own (the engine lists what is legal instead).

>>> state.describe(Action("tech", ("gains",)), 0)
'Advance the gains technology to level 1: pay 1 wood, 1 worker — from now on +1 wood whenever you gain wood'
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from meeple.core import Action
from meeple.core.i18n import Message, msg
from meeple.games.versailles.board import TILE_COST, TILE_DECORATIONS, TILE_VP, TILE_WORKERS
from meeple.games.versailles.fields import VersaillesFields


# ------------------------------------------------------------------ phrases
def workers_phrase(n: int) -> dict[str, Any]:
    """'1 worker' / '2 workers'."""
    return msg("versailles.workers", n=n)


def cost_phrase(c: Any) -> Any:
    """'1 wood, 2 gold' (a list of amounts, joined the reader's way), or 'nothing'."""
    parts = [msg("versailles.amount", n=c[i], resource=i) for i in range(3) if c[i]]
    return parts or msg("versailles.nothing")


def price_phrase(cost: Any, workers: int) -> dict[str, Any]:
    """'pay 1 wood, 1 gold, 1 worker' (or 'spend 2 workers' when no resources are due)."""
    if not any(cost):
        return msg("versailles.price_spend", workers=workers_phrase(workers))
    return msg("versailles.price_pay", cost=cost_phrase(cost), workers=workers_phrase(workers))


def either_phrase(items: list[Any]) -> Any:
    """'a or b or c' (items: messages or plain values)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg("versailles.or", a=item, b=out)
    return out


def both_phrase(items: list[Any]) -> Any:
    """'a and b'."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg("versailles.and", a=item, b=out)
    return out


def tile_message(tile: int) -> dict[str, Any]:
    """'Hall of Mirrors (#0; to build: 3 workers, 3 wood, 1 marble, 2 gold, Painting and Chandelier; 16 VP)'."""
    workers = workers_phrase(TILE_WORKERS[tile])
    if TILE_DECORATIONS[tile]:
        needed = [msg("versailles.name.decoration", decoration=k) for k in TILE_DECORATIONS[tile]]
        return msg("versailles.tile_text_decorations", tile=tile, num=tile, workers=workers,
                   cost=cost_phrase(TILE_COST[tile]), decorations=both_phrase(needed), vp=TILE_VP[tile])
    return msg("versailles.tile_text", tile=tile, num=tile, workers=workers, cost=cost_phrase(TILE_COST[tile]),
               vp=TILE_VP[tile])


# ------------------------------------------------------------------ refusals
Refusal = Callable[[Any, Action, int], "Message | None"]


def lenient_refusal(refuse: Refusal) -> Refusal:
    """``refuse``, reading an action whose arguments it cannot read (a wrong count, an unknown code) as one
    that breaks no rule of its own: the engine then says what is legal now."""
    @wraps(refuse)
    def refusal(self: Any, action: Action, p: int) -> Message | None:
        try:
            return refuse(self, action, p)
        except (IndexError, KeyError, ValueError, TypeError):
            return None
    return refusal


class DescribeActions(VersaillesFields):
    """What the actions' descriptions and refusals share (a mixin of ``VersaillesState``)."""

    def describing_seat(self, player: int | None) -> int:
        """A description asked for no seat (or for no seat of this game) takes the view of the seat
        deciding now."""
        return player if player is not None and 0 <= player < self.players else self.mover

    def _king_message(self) -> dict[str, Any]:
        """Where activating or jumping King's Favor takes the King (or that it ends the game)."""
        last = self.king_track_length()
        if self.king_space + 1 >= last - 1:
            return msg("versailles.king.ends")
        return msg("versailles.king.advances", space=self.king_space + 2, last=last)

    def _refuse_chance(self, action: Action, p: int) -> Message:
        """A seat plays what only chance decides (the start player, a tile drawn)."""
        return Message("versailles.why.chance", {"name": action.name})
