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

    # the words printed on the cards (the purple districts' effects, the characters' abilities) are
    # message ids of the board's catalogue (web/locale/*/board-citadels.po), so both languages have them
    return {
        "districts": {
            slug: {"name": c.DISTRICT_NAME[i], "zh": c.DISTRICT_ZH[i], "colour": c.COLOUR_NAMES[c.DISTRICT_COLOUR[i]],
                   "cost": c.DISTRICT_COST[i], "points": c.DISTRICT_POINTS[i],
                   "effect": f"web.citadels.effect.{slug}" if c.DISTRICT_COLOUR[i] == c.PURPLE else None}
            for i, slug in enumerate(c.DISTRICT_SLUG)
        },
        "characters": {
            slug: {"name": c.CHARACTER_NAME[i], "zh": c.CHARACTER_ZH[i], "rank": c.CHARACTER_RANK[i],
                   "income": (c.COLOUR_NAMES[c.CHARACTER_INCOME_COLOUR[i]] if c.CHARACTER_INCOME_COLOUR[i] >= 0
                              else None),
                   "ability": f"web.citadels.ability.{slug}"}
            for i, slug in enumerate(c.CHARACTER_SLUG)
        },
        # the round's numbers: the characters set aside face up by player count, a turn's gold or cards
        "face_up_aside": {str(n): k for n, k in c.FACE_UP_TABLE.items()},
        "start_gold": c.START_GOLD, "start_cards": c.START_CARDS,
        "turn_gold": c.TURN_GOLD, "turn_draw": c.TURN_DRAW, "turn_keep": c.TURN_KEEP,
    }


def _kingsburg() -> dict[str, Any]:
    from meeple.games.kingsburg import content as c
    from meeple.games.kingsburg.rules import STEPS

    return {
        "advisors": {str(n): {"name": name, "reward": reward} for n, (name, reward) in c.ADVISORS.items()},
        "rows": list(c.ROWS),
        "buildings": [{"key": b[0], "name": b[1], "cost": list(b[2]), "vp": b[3]} for b in c.BUILDINGS],
        "resources": list(c.RESOURCES),
        "seasons": list(c.SEASONS),
        "steps": list(STEPS),
        "years": c.YEARS, "plus2_tokens": c.PLUS2_TOKENS, "building_tokens": c.BUILDING_TOKENS,
        # the enemy deck of each year (public: the cards every player knows are in it, not the one drawn)
        "enemies": [[{"key": key, "kind": kind, "strength": strength, "reward": dict(reward), "penalty": dict(penalty)}
                     for (kind, strength, reward, penalty), key in zip(year, keys)]
                    for year, keys in zip(c.ENEMIES, c.ENEMY_KEYS)],
        "defence": {c.BUILDING_KEYS[b]: v for b, v in c.DEFENCE.items()},
        "type_defence": {c.BUILDING_KEYS[b]: [kind, v] for b, (kind, v) in c.TYPE_DEFENCE.items()},
    }


def _versailles() -> dict[str, Any]:
    from meeple.games.versailles import content as c
    from meeple.games.versailles.board import TECH_EFFECTS

    return {
        "locations": list(c.LOCATIONS), "location_names": list(c.LOCATION_NAMES),
        "top_row": list(c.TOP_ROW), "bottom_row": list(c.BOTTOM_ROW), "arrows": [list(a) for a in c.ARROWS],
        "resources": list(c.RESOURCES), "king_track": {str(k): v for k, v in c.KING_TRACK.items()},
        "decorations": [{"code": d[0], "name": d[1], "indoor": d[2]} for d in c.DECORATIONS],
        "tech_tracks": list(c.TECH_TRACKS), "site_shape": list(c.SITE_SHAPE), "slot_workers": list(c.SLOT_WORKERS),
        "tiles": [{"name": t[0], "workers": t[1], "cost": [t[2], t[3], t[4]], "decorations": t[5], "vp": t[6], "edges": t[7]}
                  for t in c.TILES],
        # what the board prints at each location
        "yields": {c.LOCATIONS[loc]: {"resource": kind, "amounts": list(amounts)} for loc, (kind, amounts) in c.RESOURCE_YIELDS.items()},
        "decoration_prices": [{"workers": d[3], "cost": list(d[4])} for d in c.DECORATIONS],
        "decorations_per_kind": c.DECORATIONS_PER_KIND,
        "tech_prices": {track: [{"workers": w, "cost": list(cost)} for w, cost in c.TECH_COSTS[track]] for track in c.TECH_TRACKS},
        "tech_effects": {track: list(effects) for track, effects in zip(c.TECH_TRACKS, TECH_EFFECTS)},
        "remove_workers": {"one": c.REMOVE_ONE_WORKERS, "three": c.REMOVE_THREE_WORKERS},
        "recruit_workers": {"cheap": c.RECRUIT_CHEAP_WORKERS, "expensive": c.RECRUIT_EXPENSIVE_WORKERS},
        "double_moves": c.DOUBLE_MOVES_PER_PLAYER, "hand_limit": c.HAND_LIMIT, "big_cube": c.BIG_CUBE,
        # final scoring (seed): 1 VP per 3 wood, 3 marble, 2 gold; per tile in hand; 3 per decoration
        "resource_vp_rate": list(c.RESOURCE_VP_RATE), "hand_tile_vp": c.HAND_TILE_VP, "decoration_vp": c.DECORATION_VP,
    }


def _gods_playground() -> dict[str, Any]:
    from meeple.games.gods_playground import content as c

    return {
        "seats": list(c.SEATS), "colours": list(c.COLOURS), "provinces": list(c.PROVINCES),
        "enemies": list(c.ENEMIES), "estate_slots": [list(x) for x in c.ESTATE_SLOTS],
        "enemy_vp": list(c.ENEMY_VP), "units": list(c.UNIT_NAMES),
        "strength": [list(r) for r in c.STRENGTH], "royal_base": [list(r) for r in c.ROYAL_BASE],
        "army_table": [[lo, hi, list(units)] for lo, hi, units in c.ARMY_TABLE],
        "arrows": [{str(src): list(dst) for src, dst in arrows.items()} for arrows in c.ARROWS],
        "prices": dict(c.PRICES), "hit_on": dict(c.HIT_ON), "artillery_from_round": c.ARTILLERY_FROM_ROUND,
        "cossack_province": c.COSSACK_PROVINCE, "camp": c.CAMP, "rounds": c.ROUNDS, "phases": c.PHASES,
        "royal_cubes": c.ROYAL_CUBES, "jesuit_from_round": c.JESUIT_FROM_ROUND, "city_from_round": c.CITY_FROM_ROUND,
        "noble_tokens": list(c.NOBLE_TOKENS),
    }


BUILDERS: dict[str, Callable[[], dict[str, Any]]] = {
    "cube-europe": _cube_europe, "citadels": _citadels, "kingsburg": _kingsburg,
    "versailles": _versailles, "gods-playground": _gods_playground,
}


def public_content(game_id: str) -> dict[str, Any]:
    """The component facts a board needs for ``game_id`` ({} for a game whose board needs none)."""
    builder = BUILDERS.get(game_id)
    return builder() if builder else {}
