"""Public component facts the boards draw with (names, colours, costs), as JSON per game.

Only printed facts of the components — nothing about a game in progress — so serving them to
anyone reveals nothing. Each entry reads the game's own ``content`` module (no copies).
"""

from __future__ import annotations

from typing import Any, Callable


def _cube_europe() -> dict[str, Any]:
    from meeple.games.cube_europe.content import CARDS, EFFECTS

    return {"effects": {k: {"name": n, "text": t} for k, (n, t) in EFFECTS.items()},
            "cards": {c.id: {"effect": c.effect, "squares": [list(sq) for sq in c.squares]} for c in CARDS.values()}}


def _citadels() -> dict[str, Any]:
    from meeple.games.citadels import content as c

    return {
        "districts": {
            slug: {"name": c.D_NAME[i], "zh": c.D_ZH[i], "colour": c.COLOUR_NAMES[c.D_COLOUR[i]],
                   "cost": c.D_COST[i], "points": c.D_POINTS[i]}
            for i, slug in enumerate(c.D_SLUG)
        },
        "characters": {slug: {"name": c.C_NAME[i], "zh": c.C_ZH[i], "rank": c.C_RANK[i]} for i, slug in enumerate(c.C_SLUG)},
    }


BUILDERS: dict[str, Callable[[], dict[str, Any]]] = {"cube-europe": _cube_europe, "citadels": _citadels}


def public_content(game_id: str) -> dict[str, Any]:
    """The component facts a board needs for ``game_id`` ({} for a game whose board needs none)."""
    builder = BUILDERS.get(game_id)
    return builder() if builder else {}
