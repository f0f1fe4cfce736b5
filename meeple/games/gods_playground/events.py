"""The log events said most often, each built once and shared (a log entry is never mutated).

``self.log.append(TOKEN_DOWN[p][area])`` logs what ``self.say("gods-playground.log.token_down", None,
seat=p, area=area)`` would, without building the entry anew. Events with open-ended numbers go through
``State.say_again`` instead; the results of a hit below are the messages they nest.
"""

from __future__ import annotations

from typing import Any

from meeple.core import LogEntry
from meeple.core.i18n import msg
from meeple.games.gods_playground.actions import TOKEN_VALUES
from meeple.games.gods_playground.content import (
    AREA_COUNT, COSSACK, COSSACK_CAVALRY, ENEMY_COUNT, ENEMY_CUBE_SUPPLY, ESTATE_SLOTS, FAMILY_NOBLE_CUBES,
    FAMILY_UNITS, FULL_PRICES, HALF_PRICES, MAX_LEVEL, PLAYERS, PROVINCE_COUNT, ROYAL_UNITS, STRENGTH,
)


def event(message_id: str, visible_to: tuple[int, ...] | None = None, **args: Any) -> LogEntry:
    """The entry ``self.say(message_id, visible_to, **args)`` would add."""
    return LogEntry(message_id, args, visible_to)


TOKEN_DOWN = [[event("gods-playground.log.token_down", seat=p, area=area) for area in range(AREA_COUNT)]
              for p in range(PLAYERS)]
"""``TOKEN_DOWN[p][area]``: ``p`` puts a token face down on ``area``."""
TOKEN_PRIVATE = [[[event("gods-playground.log.token_private", (p,), seat=p, value=value, area=area)
                   for value in range(TOKEN_VALUES)] for area in range(AREA_COUNT)] for p in range(PLAYERS)]
"""``TOKEN_PRIVATE[p][area][value]``: which token it is, seen by ``p`` only."""
KING_ROLLS = [[event("gods-playground.log.king_rolls", seat=p, die=die) for die in range(1, 7)]
              for p in range(PLAYERS)]
"""``KING_ROLLS[p][die - 1]``: the king ``p`` rolls ``die``."""
MOVES_CUBE = [[[event("gods-playground.log.moves_cube", seat=p, province=a, province2=b)
                for b in range(PROVINCE_COUNT)] for a in range(PROVINCE_COUNT)] for p in range(PLAYERS)]
"""``MOVES_CUBE[p][a][b]``: ``p`` moves a noble cube from province ``a`` to ``b``."""
GOVERNOR = [[event("gods-playground.log.governor", seat=p, province=i) for i in range(PROVINCE_COUNT)]
            for p in range(PLAYERS)]
"""``GOVERNOR[p][i]``: ``p`` is governor of province ``i``."""
PASSES_BUILD = [event("gods-playground.log.passes_build", seat=p) for p in range(PLAYERS)]
BUILDS = [[[[event("gods-playground.log.builds", seat=p, n=cost, province=i, slot=slot) for cost in (1, 2)]
            for slot in range(1, len(ESTATE_SLOTS[i]) + 1)] for i in range(PROVINCE_COUNT)] for p in range(PLAYERS)]
"""``BUILDS[p][i][slot - 1][cost - 1]``: ``p`` builds an estate on slot ``slot`` of province ``i`` for ``cost``
cubes."""
PLACES_ESTATE = [[[event("gods-playground.log.places_estate", seat=p, province=i, slot=slot)
                   for slot in range(1, len(ESTATE_SLOTS[i]) + 1)] for i in range(PROVINCE_COUNT)]
                 for p in range(PLAYERS)]
"""``PLACES_ESTATE[p][i][slot - 1]``: one of ``p``'s first estates, on slot ``slot`` of province ``i``."""
LEVEL = [[[event("gods-playground.log.level", province=i, old=old, new=new) for new in range(MAX_LEVEL + 1)]
          for old in range(MAX_LEVEL + 1)] for i in range(PROVINCE_COUNT)]
"""``LEVEL[i][old][new]``: province ``i``'s income level goes from ``old`` to ``new``."""

_MOST_STRENGTH = max(max(row) for row in STRENGTH) + max(ENEMY_CUBE_SUPPLY) + COSSACK_CAVALRY
STRENGTH_CUBE = [[event("gods-playground.log.strength_cube", enemy=e, strength=strength)
                  for strength in range(_MOST_STRENGTH + 1)] for e in range(ENEMY_COUNT)]
"""``STRENGTH_CUBE[e][strength]``: a strength cube on enemy ``e``'s track makes it ``strength``."""
EXPANDS = [[[event("gods-playground.log.expands", enemy=e, province=i, n=n) for n in range(ENEMY_CUBE_SUPPLY[e] + 1)]
            for i in range(PROVINCE_COUNT)] for e in range(ENEMY_COUNT)]
"""``EXPANDS[e][i][n]``: ``n`` of enemy ``e``'s cubes spread into province ``i``."""

RECRUITS = [[event("gods-playground.log.recruits", seat=p, province=i) for i in range(PROVINCE_COUNT)]
            for p in range(PLAYERS)]
RECRUITS_HALF = [[event("gods-playground.log.recruits_half", seat=p, province=i) for i in range(PROVINCE_COUNT)]
                 for p in range(PLAYERS)]
"""``RECRUITS[p][i]``, ``RECRUITS_HALF[p][i]``: ``p`` recruits in province ``i`` (at half price: enemies are there)."""
BUYS = [[[[event("gods-playground.log.buys", seat=p, unit=unit, province=i, price=price)
           for price in (FULL_PRICES[unit], HALF_PRICES[unit])] for unit in range(len(FULL_PRICES))]
         for i in range(PROVINCE_COUNT)] for p in range(PLAYERS)]
"""``BUYS[p][i][unit][half]``: ``p`` buys a unit (by code) in province ``i``, at full price or at half."""
ROYAL_SEAT = [[[event("gods-playground.log.royal_seat", seat=p, province=seat, province2=i)
                for i in range(PROVINCE_COUNT)] for seat in range(PROVINCE_COUNT)] for p in range(PLAYERS)]
"""``ROYAL_SEAT[p][seat][i]``: ``p`` gives up senate seat ``seat`` to lead the royal army in province ``i``."""
COSSACK_JOINS = event("gods-playground.log.cossack_joins")
AREA_TOKEN = [[msg("gods-playground.log.area_token", area=area, value=value) for value in range(TOKEN_VALUES)]
              for area in range(AREA_COUNT)]
"""``AREA_TOKEN[area][value]``: a token turned up, as the reveal lists it."""

_UNITS = range(COSSACK + 1)   # a battle's unit codes: infantry, cavalry, artillery, Cossacks
_DICE = range(1, 7)
_MOST_DICE = max(sum(FAMILY_UNITS) + COSSACK_CAVALRY, sum(ROYAL_UNITS))   # one die per unit in a battle
BATTLE_OVER = [[event("gods-playground.log.battle_over", province=i, n=hits) for hits in range(_MOST_DICE + 1)]
               for i in range(PROVINCE_COUNT)]
"""``BATTLE_OVER[i][hits]``: the battle in province ``i`` ends with ``hits`` hits."""
ROUTED = [[event("gods-playground.log.routed", seat=p, unit=unit) for unit in _UNITS] for p in range(PLAYERS)]
"""``ROUTED[p][unit]``: a 1 routs one of ``p``'s units."""
ROYAL_ROUTED = [[event("gods-playground.log.royal_routed", seat=p, unit=unit) for unit in _UNITS]
                for p in range(PLAYERS)]
"""``ROYAL_ROUTED[p][unit]``: a 1 routs a unit of the royal army ``p`` leads."""
MISS = [[[event("gods-playground.log.miss", seat=p, die=die, unit=unit) for unit in _UNITS] for die in _DICE]
        for p in range(PLAYERS)]
"""``MISS[p][die - 1][unit]``: ``p``'s unit misses with ``die``."""
ROYAL_MISS = [[[event("gods-playground.log.royal_miss", seat=p, die=die, unit=unit) for unit in _UNITS]
               for die in _DICE] for p in range(PLAYERS)]
"""``ROYAL_MISS[p][die - 1][unit]``: a unit of the royal army ``p`` leads misses with ``die``."""
DEFENDS = [[[event("gods-playground.log.defends", seat=p, province=i, enemy=e) for e in range(ENEMY_COUNT)]
            for i in range(PROVINCE_COUNT)] for p in range(PLAYERS)]
"""``DEFENDS[p][i][e]``: ``p``'s army in province ``i`` fights enemy ``e``'s new cubes."""

HIT_ENEMY = [[msg("gods-playground.log.hit_enemy", enemy_cube=e, province=i) for i in range(PROVINCE_COUNT)]
             for e in range(ENEMY_COUNT)]
"""``HIT_ENEMY[e][i]``: a hit takes one of enemy ``e``'s cubes off province ``i``."""
HIT_TRACK = [[msg("gods-playground.log.hit_track", colour=p, enemy=e) for e in range(ENEMY_COUNT)]
             for p in range(PLAYERS)]
"""``HIT_TRACK[p][e]``: a hit puts a noble cube of ``p`` on enemy ``e``'s track."""
HIT_ROYAL_TRACK = [msg("gods-playground.log.hit_royal_track", enemy=e) for e in range(ENEMY_COUNT)]
"""``HIT_ROYAL_TRACK[e]``: a hit puts a royal cube on enemy ``e``'s track."""
HITS = [[[[[event("gods-playground.log.hit", seat=p, die=die, unit=unit,
                 result=HIT_ENEMY[e][i] if e >= 0 else HIT_TRACK[p][i]) for e in range(-1, ENEMY_COUNT)]
          for i in range(PROVINCE_COUNT)] for unit in _UNITS] for die in _DICE] for p in range(PLAYERS)]
"""``HITS[p][die - 1][unit][i][e + 1]``: ``p``'s unit hits with ``die`` in province ``i``, taking one of enemy
``e``'s cubes off it, or (``e`` = -1) putting a noble cube on the enemy's track."""
ROYAL_HITS = [[[[[event("gods-playground.log.royal_hit", seat=p, die=die, unit=unit,
                       result=HIT_ENEMY[e][i] if e >= 0 else HIT_ROYAL_TRACK[i]) for e in range(-1, ENEMY_COUNT)]
                for i in range(PROVINCE_COUNT)] for unit in _UNITS] for die in _DICE] for p in range(PLAYERS)]
"""``ROYAL_HITS[p][die - 1][unit][i][e + 1]``: the same for a unit of the royal army ``p`` leads (a royal cube
on the track)."""
# phases 13 and 14: the parts of their longer lines, built once (a line is then a few new objects, not a dozen)
ENEMY_CUBES = [[msg("gods-playground.d.enemy_cubes", n=n, enemy_adj=e) for n in range(ENEMY_CUBE_SUPPLY[e] + 1)]
               for e in range(ENEMY_COUNT)]
"""``ENEMY_CUBES[e][n]``: "2 Ottoman cubes"."""
ENEMY_TOTAL = [msg("gods-playground.d.enemy_total", n=n) for n in range(sum(ENEMY_CUBE_SUPPLY) + 1)]
"""``ENEMY_TOTAL[n]``: "7 enemy cubes"."""
NOBLE_COUNT = [msg("gods-playground.d.noble_count", n=n) for n in range(PLAYERS * FAMILY_NOBLE_CUBES + 1)]
"""``NOBLE_COUNT[n]``: "3 noble cubes"."""
LOST_SLOT = [[[msg("gods-playground.d.lost_city" if city else "gods-playground.d.lost_slot", slot=slot, seat=p)
               for city in (0, 1)] for p in range(PLAYERS)] for slot in range(max(map(len, ESTATE_SLOTS)) + 1)]
"""``LOST_SLOT[slot][owner][city]``: "slot 7 (White, with its city)"."""
CANCEL = [[[[event("gods-playground.log.cancel", province=i, n=n, enemy_adj=e1, enemy_adj2=e2)
             for n in range(max(ENEMY_CUBE_SUPPLY) + 1)] for e2 in range(ENEMY_COUNT)] for e1 in range(ENEMY_COUNT)]
          for i in range(PROVINCE_COUNT)]
"""``CANCEL[i][e1][e2][n]``: in province ``i``, ``n`` cubes of enemy ``e1`` and of ``e2`` cancel each other."""
