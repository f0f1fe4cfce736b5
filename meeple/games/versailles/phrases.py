"""措辞: the pieces the descriptions and refusals are built from (workers, costs, prices, lists).

Seed (游戏配件): 「金块（黄），大理石（白），木头（棕），小的表示一个，大的表示五个。」

Each returns a message (``msg`` form) that the reader's language renders, never a sentence.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import msg


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
