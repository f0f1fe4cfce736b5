"""游戏版图: the board as tables — the ring of locations, its arrows, the construction site, the tiles.

Seed (游戏配件 / 游戏版图): 「版图包含了中间的建筑工地和周围的行动地点。」「上面一行：国王恩赐、大理石矿、金矿、建筑师公会
下面一行：炼金术师公会、建筑工地、伐木场、工坊」

Everything here is computed once at import from ``content.py`` (which holds the numbers), so the rules
modules look things up instead of recomputing them.
"""

from __future__ import annotations

from meeple.core.i18n import msg
from meeple.games.versailles.content import (
    ARROWS, BIG_CUBE, DECORATION_CODES, DECORATIONS, LOCATIONS, RESOURCE_YIELDS, SITE_COLS, SITE_ROWS,
    SITE_SHAPE, TECH_COSTS, TECH_REACT_LOCATION, TECH_TRACKS, TILES,
)

# --------------------------------------------------------------------------- the ring of locations
LOCATION_COUNT = len(LOCATIONS)
LOCATION_CODES = LOCATIONS
"""The code of each location as action text writes it (``move kf mq``)."""
LOCATION_INDEX = {code: i for i, code in enumerate(LOCATION_CODES)}
NEXT_LOCATIONS: list[list[int]] = [[] for _ in range(LOCATION_COUNT)]
"""Where the arrows lead from each location (a regular move)."""
for _start, _end in ARROWS:
    NEXT_LOCATIONS[_start].append(_end)
SKIPPED_BY_JUMP: dict[tuple[int, int], int] = {}
"""Two-step moves (a double move that skips a location): (from, to) → the location skipped."""
for _start in range(LOCATION_COUNT):
    for _middle in NEXT_LOCATIONS[_start]:
        for _end in NEXT_LOCATIONS[_middle]:
            if (_start, _end) in SKIPPED_BY_JUMP and SKIPPED_BY_JUMP[(_start, _end)] != _middle:
                raise ValueError("content.ARROWS: a two-step move must have a single path")
            SKIPPED_BY_JUMP[(_start, _end)] = _middle
JUMP_TARGETS = [[end for (start, end) in SKIPPED_BY_JUMP if start == x] for x in range(LOCATION_COUNT)]
YIELD_AT_LOCATION = [RESOURCE_YIELDS.get(i) for i in range(LOCATION_COUNT)]
"""Per location: (resource, amounts for 1, 2, 3 workers) at a resource site, else None."""

# --------------------------------------------------------------------------- decorations
DECORATION_KINDS = len(DECORATIONS)
DECORATION_INDEX = {code: i for i, code in enumerate(DECORATION_CODES)}
DECORATION_WORKERS = [row[3] for row in DECORATIONS]
DECORATION_COST = [list(row[4]) for row in DECORATIONS]
DECORATION_BY_BUY_CODE = {DECORATION_CODES[k].lower(): k for k in range(DECORATION_KINDS)}
"""The decoration a ``buy`` action names (``buy f`` → the Fountain)."""

# --------------------------------------------------------------------------- technologies
GAINS_TRACK, SITES_TRACK, GUILDS_TRACK = 0, 1, 2
TECH_LEVEL_WORKERS = [[level[0] for level in TECH_COSTS[track]] for track in TECH_TRACKS]
"""[track][level now] → workers to reach the next level."""
TECH_LEVEL_COST = [[list(level[1]) for level in TECH_COSTS[track]] for track in TECH_TRACKS]
"""[track][level now] → (wood, marble, gold) to reach the next level."""
REACTION_NEEDS: dict[int, tuple[int, int]] = {}
"""Location → (track, level) a player needs to activate it on another player's turn."""
for _track, _locations in TECH_REACT_LOCATION.items():
    for _level, _location in enumerate(_locations, start=1):
        REACTION_NEEDS[_location] = (TECH_TRACKS.index(_track), _level)
TECH_EFFECTS = [
    [msg("versailles.effect.gains1"), msg("versailles.effect.gains2"),
     msg("versailles.effect.gains3", big=BIG_CUBE)],
    [msg("versailles.effect.sites", location=loc) for loc in TECH_REACT_LOCATION["sites"]],
    [msg("versailles.effect.guilds", location=loc) for loc in TECH_REACT_LOCATION["guilds"]],
]
"""What each technology level does, as messages: [track][level - 1]."""

# --------------------------------------------------------------------------- palace tiles
TILE_COUNT = len(TILES)
TILE_NAME = [row[0] for row in TILES]
TILE_WORKERS = [row[1] for row in TILES]
TILE_COST = [(row[2], row[3], row[4]) for row in TILES]
TILE_DECORATIONS = [[DECORATION_INDEX[code] for code in row[5]] for row in TILES]
TILE_VP = [row[6] for row in TILES]
TILE_EDGES = [row[7] for row in TILES]
"""Each tile's edges, north, east, south, west: I indoor, O outdoor."""
TILE_MIN_PLAYERS = [row[8] for row in TILES]

# --------------------------------------------------------------------------- the construction site
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # north, east, south, west as (row, column) steps
OPPOSITE = (2, 3, 0, 1)
SITE_CELL_COUNT = SITE_ROWS * SITE_COLS


class SiteGrid:
    """The open cells of the construction site for one player count, their neighbours and edge."""

    def __init__(self, players: int) -> None:
        def is_open(cell: int) -> bool:
            mark = SITE_SHAPE[cell // SITE_COLS][cell % SITE_COLS]
            return mark == "#" or (mark.isdigit() and players >= int(mark))

        self.is_open = [is_open(i) for i in range(SITE_CELL_COUNT)]
        self.cells = [i for i in range(SITE_CELL_COUNT) if self.is_open[i]]
        self.neighbours: list[list[tuple[int, int]]] = [[] for _ in range(SITE_CELL_COUNT)]
        """Per cell: (direction, open neighbouring cell)."""
        self.on_edge = [False] * SITE_CELL_COUNT
        """Per cell: it lies on the site's edge (a tile there touches the edge)."""
        for i in self.cells:
            row, col = divmod(i, SITE_COLS)
            for direction, (d_row, d_col) in enumerate(DIRECTIONS):
                r, c = row + d_row, col + d_col
                if 0 <= r < SITE_ROWS and 0 <= c < SITE_COLS and self.is_open[r * SITE_COLS + c]:
                    self.neighbours[i].append((direction, r * SITE_COLS + c))
                else:
                    self.on_edge[i] = True


SITE_GRIDS = {players: SiteGrid(players) for players in range(1, 6)}


def cell_label(cell: int) -> str:
    """A cell's name as the screens print it: row letter, column number (``a1`` … ``c4``)."""
    row, col = divmod(cell, SITE_COLS)
    return f"{chr(ord('a') + row)}{col + 1}"
