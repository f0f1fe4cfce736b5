"""Kingsburg's components as plain data.

Advisors, building costs and effects follow the seed rulebook (seeds/002, section 各式建築 and the
advisor list under 2. 春季生產); the grid placement of the buildings and the enemy deck follow the
published game as transcribed in shared/REFERENCE.md. Anything neither source fixes is marked
"ASSUMPTION" here and listed in docs/rules/kingsburg.md.
"""

from __future__ import annotations

GOLD, WOOD, STONE = 0, 1, 2
RESOURCES = ("gold", "wood", "stone")
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}

YEARS = 5
DICE_PER_PLAYER = 3
BUILDING_TOKENS = 17  # 圓形標記17枚: each player can own at most 17 buildings at once
PLUS2_TOKENS = 20  # the box holds 20 "+2" tokens (REFERENCE.md); none are handed out when the box is empty

SEASONS = ("spring", "summer", "autumn")

# ---------------------------------------------------------------- advisors (seed, 2. 春季生產)
ADVISORS = {
    1: ("Jester", "1 VP"),
    2: ("Squire", "1 gold"),
    3: ("Architect", "1 wood"),
    4: ("Merchant", "1 gold or 1 wood"),
    5: ("Sergeant", "1 soldier"),
    6: ("Alchemist", "trade 1 resource for 1 of each other kind"),
    7: ("Astronomer", "1 resource of choice and a +2 token"),
    8: ("Treasurer", "2 gold"),
    9: ("Master Hunter", "1 wood and 1 gold, or 1 wood and 1 stone"),
    10: ("General", "2 soldiers and a look at this year's enemy"),
    11: ("Swordsmith", "1 stone and 1 wood, or 1 stone and 1 gold"),
    12: ("Duchess", "2 resources of choice and a +2 token"),
    13: ("Champion", "3 stone"),
    14: ("Smuggler", "pay 1 VP for 3 resources of choice"),
    15: ("Inventor", "1 gold, 1 wood, 1 stone"),
    16: ("Wizard", "4 gold"),
    17: ("Queen", "3 VP, 2 resources of choice and a look at this year's enemy"),
    18: ("King", "1 soldier, 1 gold, 1 wood, 1 stone"),
}

# ---------------------------------------------------------------- buildings (seed 各式建築; grid from REFERENCE.md)
ROWS = ("religious", "merchant", "military", "defence", "city")

# (key, name, cost (gold, wood, stone), VP); index = row * 4 + level (0..3 for levels I..IV)
BUILDINGS = (
    ("statue", "Statue", (2, 0, 0), 3),
    ("chapel", "Chapel", (3, 0, 1), 5),
    ("church", "Church", (3, 1, 2), 7),
    ("cathedral", "Cathedral", (5, 0, 3), 9),
    ("inn", "Inn", (1, 1, 0), 0),
    ("market", "Market", (2, 2, 0), 1),
    ("farms", "Farms", (2, 3, 1), 2),
    ("guild", "Merchants' Guild", (3, 1, 2), 4),
    ("tower", "Guard Tower", (1, 0, 1), 1),
    ("blacksmith", "Blacksmith", (1, 2, 0), 2),
    ("barracks", "Barracks", (2, 2, 1), 4),
    ("wizards", "Wizards' Guild", (3, 2, 2), 6),
    ("palisade", "Palisade", (0, 2, 0), 0),
    ("stable", "Stable", (1, 1, 1), 2),
    ("wall", "Stone Wall", (2, 0, 2), 2),
    ("fortress", "Fortress", (3, 0, 2), 4),
    ("barricade", "Barricade", (0, 1, 0), 0),
    ("crane", "Crane", (0, 1, 1), 1),
    ("townhall", "Town Hall", (2, 1, 1), 2),
    ("embassy", "Embassy", (2, 2, 2), 4),
)
# What each building does, in a few words (seed 各式建築), for describe() and the view.
B_EFFECT = (
    "reroll one die when all your dice show the same number",
    "reroll all your dice when their total is 7 or less",
    "+1 defence against Demons",
    "at the end of the game 1 VP per 2 resources",
    "a '+2' token after each summer",
    "one handful a season counts 1 more or 1 less",
    "may roll an extra white die every season; -1 defence",
    "+1 gold every season",
    "+1 defence",
    "+1 defence",
    "recruit soldiers for 1 resource each",
    "+2 defence",
    "+1 defence, +2 against Zombies",
    "+1 soldier whenever an advisor gives soldiers",
    "+1 defence, and a tie with the enemy is a win",
    "+1 defence, and +1 VP when you beat the enemy",
    "+1 defence against Goblins",
    "levels III and IV cost 1 gold less",
    "after each season pay 1 resource or '+2' token for 1 VP",
    "+1 VP after each season",
)
NB = len(BUILDINGS)
B_KEY = tuple(b[0] for b in BUILDINGS)
B_NAME = tuple(b[1] for b in BUILDINGS)
B_COST = tuple(b[2] for b in BUILDINGS)
B_VP = tuple(b[3] for b in BUILDINGS)
B_INDEX = {k: i for i, k in enumerate(B_KEY)}
(STATUE, CHAPEL, CHURCH, CATHEDRAL, INN, MARKET, FARMS, GUILD, TOWER, BLACKSMITH, BARRACKS, WIZARDS,
 PALISADE, STABLE, WALL, FORTRESS, BARRICADE, CRANE, TOWNHALL, EMBASSY) = range(20)

# Flat defence of each building in the winter battle (seed: +1 Guard Tower, Blacksmith, Palisade,
# Stone Wall, Fortress; +2 Wizards' Guild; -1 Farms).  Bonuses against one enemy type are below.
DEFENCE = {TOWER: 1, BLACKSMITH: 1, WIZARDS: 2, PALISADE: 1, WALL: 1, FORTRESS: 1, FARMS: -1}
TYPE_DEFENCE = {CHURCH: ("demons", 1), PALISADE: ("zombies", 1), BARRICADE: ("goblins", 1)}

# ---------------------------------------------------------------- the enemy deck (REFERENCE.md)
# (type, strength, reward, penalty).  reward/penalty: dict with keys gold, wood, stone, vp,
# "any" (goods of the player's choice) and "building" (lose the highest building).
# Penalty "vp" is a loss (positive number).
def _card(kind: str, strength: int, reward: dict, penalty: dict) -> tuple:
    return (kind, strength, reward, penalty)


ENEMIES = (
    (  # year 1
        _card("barbarians", 2, {"gold": 1}, {"any": 1, "building": 1}),
        _card("goblins", 2, {"wood": 1}, {"vp": 1, "wood": 1, "stone": 1, "building": 1}),
        _card("goblins", 3, {"stone": 1}, {"gold": 1, "building": 1}),
        _card("orcs", 3, {"gold": 1}, {"vp": 1, "any": 2}),
        _card("zombies", 4, {"vp": 1}, {"vp": 2}),
    ),
    (  # year 2
        _card("goblins", 3, {"wood": 1}, {"vp": 1, "wood": 2, "stone": 2, "building": 1}),
        _card("goblins", 4, {"stone": 1}, {"gold": 2, "building": 1}),
        _card("orcs", 4, {"gold": 1}, {"any": 2, "building": 1}),
        _card("barbarians", 5, {"gold": 1}, {"vp": 1, "any": 2}),
        _card("zombies", 5, {"vp": 1}, {"vp": 2}),
    ),
    (  # year 3
        _card("goblins", 4, {"wood": 1}, {"vp": 1, "wood": 3, "stone": 3, "building": 1}),
        _card("goblins", 5, {"stone": 1}, {"gold": 3, "building": 1}),
        _card("orcs", 5, {"gold": 1}, {"any": 2, "building": 1}),
        _card("demons", 6, {"vp": 1}, {"vp": 1, "gold": 2, "wood": 1, "stone": 1}),
        _card("zombies", 6, {"vp": 1}, {"vp": 2}),
    ),
    (  # year 4
        _card("goblins", 5, {"wood": 1}, {"vp": 1, "wood": 4, "stone": 4, "building": 1}),
        _card("goblins", 6, {"stone": 1}, {"gold": 4, "building": 1}),
        _card("demons", 6, {"gold": 1}, {"any": 4, "building": 1}),
        _card("orcs", 7, {"any": 1}, {"any": 2, "building": 1}),
        _card("zombies", 7, {"vp": 1}, {"vp": 2}),
    ),
    (  # year 5 (REFERENCE.md marks this year doubtful)
        _card("barbarians", 7, {"vp": 1}, {"vp": 2}),  # ASSUMPTION: the transcription's "−?" read as -2 VP
        _card("barbarians", 8, {"vp": 1}, {"building": 1}),
        _card("demons", 8, {"vp": 2}, {"vp": 2, "building": 1}),
        _card("demons", 9, {"vp": 2}, {"building": 1}),
        _card("dragons", 9, {"vp": 3}, {"vp": 5}),
    ),
)
ENEMY_KEYS = tuple(tuple(f"{c[0]}{c[1]}" for c in year) for year in ENEMIES)


def enemy_name(year: int, index: int) -> str:
    kind, strength = ENEMIES[year - 1][index][:2]
    return f"{kind.capitalize()} {strength}"


def bundle_text(d: dict) -> str:
    """'1 VP, 2 wood, 1 building' style text for a reward or penalty."""
    parts = []
    for key in ("vp", "gold", "wood", "stone", "any"):
        if d.get(key):
            what = "VP" if key == "vp" else key if key != "any" else "good of choice" if d[key] == 1 else "goods of choice"
            parts.append(f"{d[key]} {what}")
    if d.get("building"):
        parts.append("your highest building")
    return ", ".join(parts) or "nothing"
