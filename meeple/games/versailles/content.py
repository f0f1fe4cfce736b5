"""Versailles components as plain data.

The seed (``seeds/001_5d800c698859b77c.txt``) gives the locations, the two rows of the board and
the yields of the resource sites; everything it leaves out (palace tiles, costs, the King's track,
the construction site, the starting table) is designed here and listed under "Assumptions" in
``docs/rules/versailles.md``. Change numbers here, never in the rules modules.
"""

from __future__ import annotations

from meeple.core.i18n import seat_terms

# --------------------------------------------------------------------------- the board
# Seed: 上面一行：国王恩赐、大理石矿、金矿、建筑师公会 / 下面一行：炼金术师公会、建筑工地、伐木场、工坊
# Index, code (used in action text) and name.  Top row left→right is 0..3, bottom row right→left 4..7,
# so that the clockwise ring is simply i -> i+1.
# The Chinese names are the seed's own (国王恩赐, 大理石矿 …).
LOCATIONS = ("kf", "mq", "gm", "ag", "ws", "lm", "cs", "al")
LOCATION_TERMS = (
    {"en": "King's Favor", "zh": "国王恩赐"},
    {"en": "Marble Quarry", "zh": "大理石矿"},
    {"en": "Gold Mine", "zh": "金矿"},
    {"en": "Architects' Guild", "zh": "建筑师公会"},
    {"en": "Workshop", "zh": "工坊"},
    {"en": "Lumber Mill", "zh": "伐木场"},
    {"en": "Construction Site", "zh": "建筑工地"},
    {"en": "Alchemists' Guild", "zh": "炼金术师公会"},
)
LOCATION_NAMES = tuple(t["en"] for t in LOCATION_TERMS)
(KINGS_FAVOR, MARBLE_QUARRY, GOLD_MINE, ARCHITECTS_GUILD, WORKSHOP, LUMBER_MILL, CONSTRUCTION_SITE,
 ALCHEMISTS_GUILD) = range(8)
TOP_ROW = (KINGS_FAVOR, MARBLE_QUARRY, GOLD_MINE, ARCHITECTS_GUILD)               # left to right
BOTTOM_ROW = (ALCHEMISTS_GUILD, CONSTRUCTION_SITE, LUMBER_MILL, WORKSHOP)          # left to right

# The one-way arrows (from, to): along the top row to the right, down the right end, along the
# bottom row to the left and up the left end — one clockwise ring, no branches.
ARROWS = (
    (KINGS_FAVOR, MARBLE_QUARRY), (MARBLE_QUARRY, GOLD_MINE), (GOLD_MINE, ARCHITECTS_GUILD),
    (ARCHITECTS_GUILD, WORKSHOP), (WORKSHOP, LUMBER_MILL), (LUMBER_MILL, CONSTRUCTION_SITE),
    (CONSTRUCTION_SITE, ALCHEMISTS_GUILD), (ALCHEMISTS_GUILD, KINGS_FAVOR),
)

# --------------------------------------------------------------------------- resources
RESOURCES = ("wood", "marble", "gold")
# Seed: 金块（黄），大理石（白），木头（棕）
RESOURCE_TERMS = ({"en": "wood", "zh": "木头"}, {"en": "marble", "zh": "大理石"}, {"en": "gold", "zh": "金块"})
WOOD, MARBLE, GOLD = range(3)
# Seed: 1/2/3 workers give 1/2/3 marble, wood, gold.  More than 3 workers give the 3-worker yield.
RESOURCE_YIELDS = {MARBLE_QUARRY: (MARBLE, (1, 2, 3)), LUMBER_MILL: (WOOD, (1, 2, 3)), GOLD_MINE: (GOLD, (1, 2, 3))}
BIG_CUBE = 5                        # a big cube is worth five small ones (seed: 大的表示五个)
# Final scoring (seed): 1 VP per 3 marble, per 3 wood, per 2 gold; 1 per tile in hand; 3 per decoration.
RESOURCE_VP_RATE = (3, 3, 2)
HAND_TILE_VP = 1
DECORATION_VP = 3

# --------------------------------------------------------------------------- workers (seed: 9 per colour)
WORKERS_PER_PLAYER = 9
# Seed: 每个玩家放2个工人到国王恩赐地点的新工人格上 — two of each player's workers start on the
# new-worker spaces of King's Favor. They are not in play: they are the workers a player recruits.
NEW_WORKERS_AT_KINGS_FAVOR = 2
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
# Recruited one at a time, the expensive one comes first. Both at once take one activation of 3 workers
# (issue 39's ruling: 「要2-3个工人来激活」 prices the activation, 「一次招募2个新工人」 is one activation).
# No resources.
RECRUIT_EXPENSIVE_WORKERS = 3
RECRUIT_CHEAP_WORKERS = 2
RECRUIT_BOTH_WORKERS = 3

# --------------------------------------------------------------------------- double moves
DOUBLE_MOVES_PER_PLAYER = 2         # 10 tokens in the box, 5 colours
KINGS_FAVOR_FLIPS = 2                # King's Favor: 1 worker flips up to 2 tokens face up

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
# code, name, indoor?, workers, (wood, marble, gold), Chinese name (the seed names no kind: 装饰)
DECORATIONS = (
    ("F", "Fountain", False, 1, (1, 1, 1), "喷泉"),
    ("S", "Statue", False, 1, (0, 1, 2), "雕像"),
    ("T", "Topiary", False, 1, (1, 1, 1), "造型树"),
    ("P", "Painting", True, 1, (1, 0, 2), "油画"),
    ("C", "Chandelier", True, 1, (0, 1, 2), "吊灯"),
    ("Y", "Tapestry", True, 1, (2, 1, 0), "挂毯"),
)
DECORATION_CODES = tuple(d[0] for d in DECORATIONS)
DECORATIONS_PER_KIND = 5

# --------------------------------------------------------------------------- technologies
TECH_TRACKS = ("gains", "sites", "guilds")
# Seed: 资源收集升级 / 资源地点升级 / 特殊地点升级 (the English names are the tracks' codes)
TECH_TERMS = {
    "gains": {"en": "gains", "zh": "资源收集升级"},
    "sites": {"en": "sites", "zh": "资源地点升级"},
    "guilds": {"en": "guilds", "zh": "特殊地点升级"},
}
# gains: level 1 +1 wood, level 2 +1 marble, level 3 +1 big gold (5) whenever you gain that resource.
# sites: level 1/2/3 lets you collect at Lumber Mill / Marble Quarry / Gold Mine on others' turns.
# guilds: level 1/2/3 lets you activate Architects' Guild / Workshop / Construction Site on others' turns.
TECH_REACT_LOCATION = {"sites": (LUMBER_MILL, MARBLE_QUARRY, GOLD_MINE),
                       "guilds": (ARCHITECTS_GUILD, WORKSHOP, CONSTRUCTION_SITE)}
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
# fewest players for which the tile is used (24 tiles with 2 players, 28 with 3, 34 with 4, all 40 with 5),
# Chinese name (the rooms and gardens of the château as Chinese guides name them)
TILES = (
    ("Hall of Mirrors", 3, 3, 1, 2, "PC", 16, "IIII", 2, "镜厅"),
    ("King's Bedchamber", 1, 1, 0, 1, "", 5, "IIII", 2, "国王寝宫"),
    ("Queen's Apartment", 2, 2, 1, 1, "Y", 10, "IIII", 2, "王后套房"),
    ("Chapel Royal", 3, 2, 2, 2, "PC", 16, "IIII", 3, "皇家礼拜堂"),
    ("Royal Opera", 2, 3, 0, 1, "C", 10, "IIII", 5, "皇家歌剧院"),
    ("War Salon", 1, 2, 0, 0, "", 5, "IIII", 4, "战争厅"),
    ("Peace Salon", 2, 2, 1, 0, "P", 10, "IIIO", 2, "和平厅"),
    ("Salon of Apollo", 1, 1, 1, 0, "", 5, "IIIO", 2, "阿波罗厅"),
    ("Salon of Mars", 3, 3, 1, 1, "YP", 16, "IIOI", 2, "战神厅"),
    ("Salon of Venus", 1, 2, 0, 1, "", 5, "IIOI", 3, "维纳斯厅"),
    ("Salon of Diana", 2, 1, 1, 2, "C", 10, "IOII", 2, "狄安娜厅"),
    ("Salon of Mercury", 2, 2, 0, 2, "Y", 10, "IOII", 4, "墨丘利厅"),
    ("Salon of Abundance", 1, 1, 0, 1, "", 5, "OIII", 2, "丰饶厅"),
    ("Hercules Salon", 3, 2, 1, 3, "CY", 16, "OIII", 5, "赫拉克勒斯厅"),
    ("Guard Room", 2, 2, 1, 1, "Y", 10, "IIOO", 4, "卫兵厅"),
    ("Grand Staircase", 1, 1, 0, 1, "", 5, "IIOO", 2, "大楼梯"),
    ("Ambassadors' Stair", 2, 3, 0, 1, "C", 10, "IOIO", 2, "使节楼梯"),
    ("Council Chamber", 1, 2, 0, 0, "", 5, "IOIO", 2, "御前会议厅"),
    ("Oeil-de-Boeuf", 3, 3, 1, 2, "PC", 16, "IOOI", 2, "牛眼厅"),
    ("Royal Library", 2, 2, 1, 0, "C", 10, "IOOI", 3, "皇家图书馆"),
    ("Orangery", 3, 2, 2, 2, "FS", 16, "IOOO", 2, "橘园"),
    ("Grand Canal", 1, 1, 1, 0, "", 5, "IOOO", 2, "大运河"),
    ("Latona Fountain", 2, 1, 1, 2, "T", 10, "OIOO", 2, "拉托娜喷泉"),
    ("Apollo Fountain", 2, 2, 0, 2, "F", 10, "OIOO", 4, "阿波罗喷泉"),
    ("Neptune Basin", 1, 2, 0, 1, "", 5, "OOIO", 2, "海神池"),
    ("Water Parterre", 3, 3, 1, 1, "TF", 16, "OOIO", 2, "水花坛"),
    ("Colonnade", 2, 2, 1, 1, "F", 10, "OOOI", 5, "柱廊"),
    ("Labyrinth", 1, 1, 0, 1, "", 5, "OOOI", 2, "迷宫"),
    ("Royal Alley", 2, 3, 0, 1, "T", 10, "OOOO", 3, "皇家大道"),
    ("Grove of the Baths", 1, 1, 0, 1, "", 5, "OOOO", 2, "浴场林苑"),
    ("Ballroom Grove", 3, 2, 1, 3, "ST", 16, "OOOO", 5, "舞厅林苑"),
    ("Menagerie", 2, 2, 1, 0, "T", 10, "OOOO", 2, "动物园"),
    ("Grand Trianon", 1, 2, 0, 0, "", 5, "OOOO", 4, "大特里亚农宫"),
    ("Marble Courtyard", 2, 1, 1, 2, "S", 10, "OOOO", 5, "大理石庭院"),
    ("Royal Courtyard", 3, 3, 1, 2, "TF", 16, "OIIO", 2, "皇家庭院"),
    ("Ministers' Wing", 2, 2, 0, 2, "F", 10, "OIIO", 2, "大臣翼楼"),
    ("North Wing", 1, 1, 1, 0, "", 5, "OIOI", 4, "北翼"),
    ("South Wing", 2, 2, 1, 1, "T", 10, "OIOI", 2, "南翼"),
    ("Royal Stables", 1, 2, 0, 1, "", 5, "OOII", 2, "皇家马厩"),
    ("Kitchen Court", 2, 3, 0, 1, "S", 10, "OOII", 5, "膳房庭院"),
)
assert len(TILES) == 40


# --------------------------------------------------------------------------- names in every language
# What the log, the descriptions and the screens name, by argument kind (meeple.core.i18n): a seat,
# a location, a resource, a decoration, a palace tile, a technology track, a phase…
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
PHASES = ("start", "draw", "move", "decide", "act", "discard", "offer", "over")
TERMS: dict[str, list | dict] = {
    "seat": seat_terms(SEAT_NAMES),
    "location": list(LOCATION_TERMS),
    "resource": list(RESOURCE_TERMS),
    "decoration": [{"en": d[1], "zh": d[5]} for d in DECORATIONS],
    # a decoration as the terminal's compact columns show it: its code in English, its name in Chinese
    "decoration_mark": [{"en": d[0], "zh": d[5]} for d in DECORATIONS],
    "tile": [{"en": t[0], "zh": t[9]} for t in TILES],
    "track": dict(TECH_TERMS),
    "phase": {
        "start": {"en": "start", "zh": "决定起始玩家"},
        "draw": {"en": "draw", "zh": "补充宫殿板块"},
        "move": {"en": "move", "zh": "移动工人"},
        "decide": {"en": "decide", "zh": "决定是否激活"},
        "act": {"en": "act", "zh": "执行地点行动"},
        "discard": {"en": "discard", "zh": "弃掉宫殿板块"},
        "offer": {"en": "offer", "zh": "科技：是否一同激活"},
        "over": {"en": "over", "zh": "游戏结束"},
    },
    "direction": [{"en": "north", "zh": "北"}, {"en": "east", "zh": "东"},
                  {"en": "south", "zh": "南"}, {"en": "west", "zh": "西"}],
    "edge": {"I": {"en": "indoor", "zh": "室内"}, "O": {"en": "outdoor", "zh": "室外"}},
    # a tile's edges as the terminal shows them (N E S W): I / O, 内 / 外
    "edge_mark": {"I": {"en": "I", "zh": "内"}, "O": {"en": "O", "zh": "外"}},
}
