"""Versailles components as plain data.

The seed (``seeds/001_5d800c698859b77c.txt``) gives the locations, the two rows of the board and
the yields of the resource sites; everything it leaves out (palace tiles, costs, the King's track,
the construction site, the starting table) is designed here and listed under "Assumptions" in
``docs/rules/versailles.md``. Change numbers here, never in ``rules.py``.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- the board
# Seed: 上面一行：国王恩赐、大理石矿、金矿、建筑师公会 / 下面一行：炼金术师公会、建筑工地、伐木场、工坊
# Index, code (used in action text) and name.  Top row left→right is 0..3, bottom row right→left 4..7,
# so that the clockwise ring is simply i -> i+1.
LOCATIONS = ("kf", "mq", "gm", "ag", "ws", "lm", "cs", "al")
LOCATION_NAMES = (
    "King's Favor", "Marble Quarry", "Gold Mine", "Architects' Guild",
    "Workshop", "Lumber Mill", "Construction Site", "Alchemists' Guild",
)
KF, MQ, GM, AG, WS, LM, CS, AL = range(8)
TOP_ROW = (KF, MQ, GM, AG)          # left to right
BOTTOM_ROW = (AL, CS, LM, WS)       # left to right

# The one-way arrows (from, to): along the top row to the right, down the right end, along the
# bottom row to the left and up the left end — one clockwise ring, no branches.
ARROWS = (
    (KF, MQ), (MQ, GM), (GM, AG), (AG, WS),
    (WS, LM), (LM, CS), (CS, AL), (AL, KF),
)

# --------------------------------------------------------------------------- resources
RESOURCES = ("wood", "marble", "gold")
WOOD, MARBLE, GOLD = range(3)
# Seed: 1/2/3 workers give 1/2/3 marble, wood, gold.  More than 3 workers give the 3-worker yield.
YIELD = {MQ: (MARBLE, (1, 2, 3)), LM: (WOOD, (1, 2, 3)), GM: (GOLD, (1, 2, 3))}
BIG_CUBE = 5                        # a big cube is worth five small ones (seed: 大的表示五个)
# Final scoring (seed): 1 VP per 3 marble, per 3 wood, per 2 gold; 1 per tile in hand; 3 per decoration.
RESOURCE_VP_RATE = (3, 3, 2)
HAND_TILE_VP = 1
DECORATION_VP = 3

# --------------------------------------------------------------------------- workers (seed: 9 per colour)
WORKERS_PER_PLAYER = 9
# Seed: 每个玩家放2个工人到国王恩赐地点的新工人格上 — two of each player's workers start on the
# new-worker spaces of King's Favor. They are not in play: they are the workers a player recruits.
NEW_WORKERS_AT_KF = 2
# Starting placement by turn order (0 = start player) for each player count: the locations of the
# workers placed on the ring (seed: 安装下表设置玩家工人的起始位置; the table itself is designed).
# The rest of the 9, besides the 2 new workers, go back to the box (seed: 没用用到的工人放回盒子).
START_TABLE = {
    2: (("mq", "ag", "lm", "al", "ws"), ("gm", "ws", "cs", "mq", "lm")),
    3: (("mq", "ws", "cs", "gm"), ("gm", "lm", "al", "ag"), ("ag", "mq", "lm", "cs")),
    4: (("mq", "ws", "cs", "gm"), ("gm", "lm", "al", "ag"), ("ag", "mq", "lm", "cs"), ("gm", "ws", "cs", "mq")),
    5: (("mq", "ws", "cs", "gm"), ("gm", "lm", "al", "ag"), ("ag", "mq", "lm", "cs"), ("gm", "ws", "cs", "mq"),
        ("mq", "ag", "al", "lm")),
}
# Seed: 招募新工人行动要2-3个工人来激活 … 玩家可以一次招募2个新工人或者先招募贵的新工人.
# The two new-worker spaces: the expensive one costs 3 workers of the activation, the cheap one 2.
# Recruited one at a time, the expensive one comes first; both at once cost 3 + 2. No resources.
RECRUIT_EXPENSIVE_WORKERS = 3
RECRUIT_CHEAP_WORKERS = 2
RECRUIT_BOTH_WORKERS = RECRUIT_EXPENSIVE_WORKERS + RECRUIT_CHEAP_WORKERS

# --------------------------------------------------------------------------- double moves
DOUBLE_MOVES_PER_PLAYER = 2         # 10 tokens in the box, 5 colours
KF_FLIP_LIMIT = 2                   # King's Favor: 1 worker flips up to 2 tokens face up

# --------------------------------------------------------------------------- King's track
# spaces 0..N-1 by player count; the game ends at once when the King reaches the last space
KING_TRACK = {2: 11, 3: 18, 4: 20, 5: 24}

# --------------------------------------------------------------------------- Architects' Guild
DISPLAY_SIZE = 5
SLOT_WORKERS = (1, 1, 2, 2, 3)      # workers to take the tile in display position 1..5
REMOVE_ONE_WORKERS = 1
REMOVE_THREE_WORKERS = 2
MIN_TILES_TO_RESHUFFLE = 7          # seed: 如果只有不到7个宫殿板块的话，游戏立即结束
HAND_LIMIT = 4

# --------------------------------------------------------------------------- decorations (6 kinds × 5)
# code, name, indoor?, workers, (wood, marble, gold)
DECORATIONS = (
    ("F", "Fountain", False, 1, (1, 1, 1)),
    ("S", "Statue", False, 1, (0, 1, 2)),
    ("T", "Topiary", False, 1, (1, 1, 1)),
    ("P", "Painting", True, 1, (1, 0, 2)),
    ("C", "Chandelier", True, 1, (0, 1, 2)),
    ("Y", "Tapestry", True, 1, (2, 1, 0)),
)
DECORATION_CODES = tuple(d[0] for d in DECORATIONS)
DECORATIONS_PER_KIND = 5

# --------------------------------------------------------------------------- technologies
TECH_TRACKS = ("gains", "sites", "guilds")
# gains: level 1 +1 wood, level 2 +1 marble, level 3 +1 big gold (5) whenever you gain that resource.
# sites: level 1/2/3 lets you collect at Lumber Mill / Marble Quarry / Gold Mine on others' turns.
# guilds: level 1/2/3 lets you activate Architects' Guild / Workshop / Construction Site on others' turns.
TECH_REACT_LOCATION = {"sites": (LM, MQ, GM), "guilds": (AG, WS, CS)}
# cost to reach level 1, 2, 3: (workers, (wood, marble, gold)). The seed names none: tuned with
# tools/versailles_tune.py so that every location, the Alchemists' Guild included, gets at least 8%
# of the heuristic players' activations and a technology reaches level 2 in most games (the
# measurement is in docs/rules/versailles.md, "Tuning").
TECH_COSTS = {
    "gains": ((1, (1, 0, 0)), (1, (2, 0, 0)), (1, (2, 1, 2))),
    "sites": ((1, (2, 0, 0)), (1, (1, 1, 1)), (1, (2, 1, 2))),
    "guilds": ((1, (2, 0, 0)), (1, (1, 0, 1)), (1, (2, 1, 2))),
}

# --------------------------------------------------------------------------- the construction site
SITE_ROWS = 3
SITE_COLS = 4
# '#' a cell of the site with any player count; '4' a cell used with 4 or more players only;
# '.' not part of the site.  2-3 players build on 3×3 = 9 cells, 4-5 players on 3×4 = 12.
SITE_SHAPE = (
    "###4",
    "###4",
    "###4",
)

# --------------------------------------------------------------------------- palace tiles (40)
# name, workers, wood, marble, gold, decorations (codes), VP, edges N E S W (I indoor, O outdoor),
# fewest players for which the tile is used (24 tiles with 2 players, 28 with 3, 34 with 4, all 40 with 5)
TILES = (
    ("Hall of Mirrors", 3, 3, 1, 2, "PC", 16, "IIII", 2),
    ("King's Bedchamber", 1, 1, 0, 1, "", 5, "IIII", 2),
    ("Queen's Apartment", 2, 2, 1, 1, "Y", 10, "IIII", 2),
    ("Chapel Royal", 3, 2, 2, 2, "PC", 16, "IIII", 3),
    ("Royal Opera", 2, 3, 0, 1, "C", 10, "IIII", 5),
    ("War Salon", 1, 2, 0, 0, "", 5, "IIII", 4),
    ("Peace Salon", 2, 2, 1, 0, "P", 10, "IIIO", 2),
    ("Salon of Apollo", 1, 1, 1, 0, "", 5, "IIIO", 2),
    ("Salon of Mars", 3, 3, 1, 1, "YP", 16, "IIOI", 2),
    ("Salon of Venus", 1, 2, 0, 1, "", 5, "IIOI", 3),
    ("Salon of Diana", 2, 1, 1, 2, "C", 10, "IOII", 2),
    ("Salon of Mercury", 2, 2, 0, 2, "Y", 10, "IOII", 4),
    ("Salon of Abundance", 1, 1, 0, 1, "", 5, "OIII", 2),
    ("Hercules Salon", 3, 2, 1, 3, "CY", 16, "OIII", 5),
    ("Guard Room", 2, 2, 1, 1, "Y", 10, "IIOO", 4),
    ("Grand Staircase", 1, 1, 0, 1, "", 5, "IIOO", 2),
    ("Ambassadors' Stair", 2, 3, 0, 1, "C", 10, "IOIO", 2),
    ("Council Chamber", 1, 2, 0, 0, "", 5, "IOIO", 2),
    ("Oeil-de-Boeuf", 3, 3, 1, 2, "PC", 16, "IOOI", 2),
    ("Royal Library", 2, 2, 1, 0, "C", 10, "IOOI", 3),
    ("Orangery", 3, 2, 2, 2, "FS", 16, "IOOO", 2),
    ("Grand Canal", 1, 1, 1, 0, "", 5, "IOOO", 2),
    ("Latona Fountain", 2, 1, 1, 2, "T", 10, "OIOO", 2),
    ("Apollo Fountain", 2, 2, 0, 2, "F", 10, "OIOO", 4),
    ("Neptune Basin", 1, 2, 0, 1, "", 5, "OOIO", 2),
    ("Water Parterre", 3, 3, 1, 1, "TF", 16, "OOIO", 2),
    ("Colonnade", 2, 2, 1, 1, "F", 10, "OOOI", 5),
    ("Labyrinth", 1, 1, 0, 1, "", 5, "OOOI", 2),
    ("Royal Alley", 2, 3, 0, 1, "T", 10, "OOOO", 3),
    ("Grove of the Baths", 1, 1, 0, 1, "", 5, "OOOO", 2),
    ("Ballroom Grove", 3, 2, 1, 3, "ST", 16, "OOOO", 5),
    ("Menagerie", 2, 2, 1, 0, "T", 10, "OOOO", 2),
    ("Grand Trianon", 1, 2, 0, 0, "", 5, "OOOO", 4),
    ("Marble Courtyard", 2, 1, 1, 2, "S", 10, "OOOO", 5),
    ("Royal Courtyard", 3, 3, 1, 2, "TF", 16, "OIIO", 2),
    ("Ministers' Wing", 2, 2, 0, 2, "F", 10, "OIIO", 2),
    ("North Wing", 1, 1, 1, 0, "", 5, "OIOI", 4),
    ("South Wing", 2, 2, 1, 1, "T", 10, "OIOI", 2),
    ("Royal Stables", 1, 2, 0, 1, "", 5, "OOII", 2),
    ("Kitchen Court", 2, 3, 0, 1, "S", 10, "OOII", 5),
)
assert len(TILES) == 40
