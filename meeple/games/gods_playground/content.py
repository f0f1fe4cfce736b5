"""God's Playground: the board's numbers as plain data.

Everything the seed (``seeds/000_e43ed8ac9d7a3d4b.txt``) states is cited; the values it gives only by
example are derived to agree with every example and are listed under "Assumptions" in
``docs/rules/gods-playground.md``.  Indexes: provinces 0..4 and enemies 0..4 share their number
(enemy ``e`` is rolled by die ``e + 1`` and borders province ``e``); area 5 is the army camp.
"""

from __future__ import annotations

ROUNDS = 4
PHASES = 16
PLAYERS = 3
SEATS = ("White (Radziwiłł)", "Blue (Potocki)", "Red (Sapieha)")
COLOURS = ("white", "blue", "red")

# --- provinces (seed: 5 provinces, income track 1..5, every level starts at 3) -----------------
PROVINCES = ("Prussia", "Lithuania", "Ukraine", "Little Poland", "Great Poland")
CAMP = 5
AREAS = PROVINCES + ("army camp",)
START_LEVEL = 3
MIN_LEVEL, MAX_LEVEL = 1, 5

# Estate tracks: the printed number of a slot is both its placement order and its end-game VP
# (seed: "estate里面的数字除了表示摆放顺序外还用于游戏结束时候的获得的额外VP"; the final example
# 3x3+4 = 13 fits slots 3 and 4).  Prussia is the smallest province (seed: "最小的省区是Prussia").
ESTATE_SLOTS = (
    (1, 2, 3, 4, 5, 6),
    (1, 2, 3, 4, 5, 6, 7, 8),
    (1, 2, 3, 4, 5, 6, 7),
    (1, 2, 3, 4, 5, 6, 7, 8),
    (1, 2, 3, 4, 5, 6, 7, 8),
)

# Provinces that border each other (the map), used by the expansion arrows.
NEIGHBOURS = ((1, 4), (0, 2, 3, 4), (1, 3), (1, 2, 4), (0, 1, 3))

# --- enemies (seed: dice 1-5; cube supplies 25, 25, 25, 30, 20) ---------------------------------
ENEMIES = ("Swedes", "Russia", "Tatars", "Ottomans", "Habsburgs")
SWEDES, RUSSIA, TATARS, OTTOMANS, HABSBURGS = range(5)
ENEMY_CUBES = (25, 25, 25, 30, 20)
# printed strength per round 1..4 (seed: Tatars 5/7/5/5, Russia 3 and Ottomans 4 in round 1)
STRENGTH = (
    (3, 5, 4, 3),   # Swedes: the Deluge falls in the second period
    (3, 4, 5, 6),   # Russia rises
    (5, 7, 5, 5),   # Tatars (seed)
    (4, 6, 6, 5),   # Ottomans, the strongest
    (2, 3, 3, 4),   # Habsburgs, the weakest
)
# VP printed on each enemy territory (seed: Tatars "3 VPs"; the Ottoman example gives 5)
ENEMY_VP = (3, 4, 3, 5, 2)
# Expansion arrows: ARROWS[e][province] = provinces that enemy e's excess spreads into from there.
# Seed example: the Swedes spread from Prussia into Lithuania and Great Poland; Russian cubes then
# reach Lithuania (from Ukraine).
ARROWS = (
    {0: (1, 4)},
    {1: (0, 2), 2: (1,)},
    {2: (3, 1)},
    {3: (2, 4)},
    {4: (3, 0)},
)

# --- the families (seed: 4 infantry, 3 cavalry, 1 artillery, 12 tokens 0-5 twice, 20 cubes, 16 discs)
UNITS = (4, 3, 1)            # infantry, cavalry, artillery per family
UNIT_NAMES = ("inf", "cav", "art")
TOKENS = (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
CUBES = 20
DISCS = 16
START_MONEY = 10
START_ESTATES = 3

# --- the king's army (seed: 4 infantry, 4 cavalry, 1 artillery, 12 royal cubes) -----------------
ROYAL_UNITS = (4, 4, 1)
ROYAL_CUBES = 12
# base army per round (seed: round 1 = 2 infantry + 2 cavalry)
ROYAL_BASE = ((2, 2, 0), (2, 2, 0), (1, 2, 0), (1, 1, 0))
# recruitment table by the total of the camp tokens: (low, high, (inf, cav, art)).
# Seed: a total of 8 is the third column (6-9) and adds 2 infantry + 1 cavalry in round 1, where
# artillery cannot be raised; so the third column also holds the artillery.
ARMY_TABLE = (
    (0, 2, (0, 0, 0)),
    (3, 5, (1, 1, 0)),
    (6, 9, (2, 1, 1)),
    (10, 12, (2, 2, 1)),
    (13, 15, (3, 2, 1)),
)

# --- purchases (seed: infantry 2, cavalry 4, artillery 6 from round 2, Cossack 2 in Ukraine) ----
PRICES = {"inf": 2, "cav": 4, "art": 6, "cossack": 2}
ARTILLERY_FROM_ROUND = 2
COSSACKS = 2
COSSACK_PROVINCE = 2          # Ukraine
HIT_ON = {"inf": 5, "cav": 4, "art": 5, "cossack": 4}

# --- special actions ----------------------------------------------------------------------------
LAND_MANAGERS = 8
LAND_MANAGER_INCOME = 2
CITIES = 4
JESUIT_FROM_ROUND = 2
CITY_FROM_ROUND = 3
CONFEDERATION_ROUNDS = (3, 4)
DIPLOMACY_EXTRA = 2           # cost = die + 2 (no money is needed to start it; see the rules doc)
JESUIT_COST = 2
JESUIT_ALL_BONUS = 2          # all five provinces and 10 zloty: 5 + 2 = 7 VP
SPECIAL_PICK_ROUNDS = 2

SENATE_VP = 2
ZLOTY_PER_VP = 5
CITY_MULTIPLIER = 3
