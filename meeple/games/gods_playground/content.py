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

# Names in both languages, side by side (the Chinese ones are the seed's own where it has them:
# 拉齐维乌 / 波托斯基 / 撒皮耶哈 for the families, 瑞典人 … 哈布斯堡帝国 for the enemies; the seed leaves
# the provinces in English, so they get their usual Chinese names).  The English tuples below are
# read from these tables; ``TERMS`` at the end hands them to the message catalogue.
SEAT_TERMS = ({"en": "White", "zh": "白方"}, {"en": "Blue", "zh": "蓝方"}, {"en": "Red", "zh": "红方"})
FAMILY_TERMS = (
    {"en": "White (Radziwiłł)", "zh": "白方（拉齐维乌家族）"},
    {"en": "Blue (Potocki)", "zh": "蓝方（波托斯基家族）"},
    {"en": "Red (Sapieha)", "zh": "红方（撒皮耶哈家族）"},
)
COLOUR_TERMS = ({"en": "white", "zh": "白色"}, {"en": "blue", "zh": "蓝色"}, {"en": "red", "zh": "红色"})
LETTER_TERMS = ({"en": "W", "zh": "白"}, {"en": "B", "zh": "蓝"}, {"en": "R", "zh": "红"})
SEATS = tuple(t["en"] for t in FAMILY_TERMS)
COLOURS = tuple(t["en"] for t in COLOUR_TERMS)

# --- provinces (seed: 5 provinces, income track 1..5, every level starts at 3) -----------------
PROVINCE_TERMS = (
    {"en": "Prussia", "zh": "普鲁士"},
    {"en": "Lithuania", "zh": "立陶宛"},
    {"en": "Ukraine", "zh": "乌克兰"},
    {"en": "Little Poland", "zh": "小波兰"},
    {"en": "Great Poland", "zh": "大波兰"},
)
AREA_TERMS = PROVINCE_TERMS + ({"en": "army camp", "zh": "波兰军营区"},)
PROVINCES = tuple(t["en"] for t in PROVINCE_TERMS)
PROVINCE_COUNT = len(PROVINCES)
PRUSSIA = PROVINCES.index("Prussia")
"""Prussia, the province whose port is Danzig (the Danzig special action's income comes from it)."""
CAMP = 5
AREAS = tuple(t["en"] for t in AREA_TERMS)
AREA_COUNT = len(AREAS)          # the five provinces and the army camp
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
ENEMY_TERMS = (
    {"en": "Swedes", "zh": "瑞典人"},
    {"en": "Russians", "zh": "俄罗斯"},
    {"en": "Tatars", "zh": "鞑靼人"},
    {"en": "Ottomans", "zh": "奥托曼帝国"},
    {"en": "Habsburgs", "zh": "哈布斯堡帝国"},
)
"""The enemies as English sentences name them: a people, plural ("the Russians invade", "the Tatars' track");
the seed's 俄罗斯(Russia) is named by its people like the other four."""
ENEMY_ADJECTIVE_TERMS = (
    {"en": "Swedish", "zh": "瑞典人"},
    {"en": "Russian", "zh": "俄罗斯"},
    {"en": "Tatar", "zh": "鞑靼人"},
    {"en": "Ottoman", "zh": "奥托曼帝国"},
    {"en": "Habsburg", "zh": "哈布斯堡帝国"},
)
"""An enemy's cubes: "2 Ottoman cubes" / "2个奥托曼帝国方块"."""
ENEMY_CUBE_TERMS = (
    {"en": "a Swedish cube", "zh": "1个瑞典人方块"},
    {"en": "a Russian cube", "zh": "1个俄罗斯方块"},
    {"en": "a Tatar cube", "zh": "1个鞑靼人方块"},
    {"en": "an Ottoman cube", "zh": "1个奥托曼帝国方块"},
    {"en": "a Habsburg cube", "zh": "1个哈布斯堡帝国方块"},
)
"""One cube of an enemy, with its article: "an Ottoman cube is removed"."""
ENEMIES = tuple(t["en"] for t in ENEMY_TERMS)
ENEMY_COUNT = len(ENEMIES)
SWEDES, RUSSIA, TATARS, OTTOMANS, HABSBURGS = range(5)
ENEMY_CUBE_SUPPLY = (25, 25, 25, 30, 20)
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
FAMILY_UNITS = (4, 3, 1)     # infantry, cavalry, artillery per family
UNIT_NAMES = ("inf", "cav", "art")
# units by their code in the rules (0 infantry, 1 cavalry, 2 artillery, 3 a Cossack) and by the
# short names actions use (``buy inf``)
INFANTRY, CAVALRY, ARTILLERY, COSSACK = range(4)
UNIT_TERMS = (
    {"en": "infantry", "zh": "步兵"},
    {"en": "cavalry", "zh": "骑兵"},
    {"en": "artillery", "zh": "火炮"},
    {"en": "Cossack", "zh": "哥萨克人骑兵"},
)
UNIT_CODE_TERMS = {
    "inf": {"en": "inf", "zh": "步兵"},
    "cav": {"en": "cav", "zh": "骑兵"},
    "art": {"en": "art", "zh": "火炮"},
    "cossack": {"en": "cossack", "zh": "哥萨克人骑兵"},
}
NOBLE_TOKENS = (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
FAMILY_NOBLE_CUBES = 20
FAMILY_DISCS = 16
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
FULL_PRICES = tuple(PRICES[name] for name in UNIT_NAMES + ("cossack",))   # by unit code
HALF_PRICES = tuple(price // 2 for price in FULL_PRICES)                  # where enemy cubes are
ARTILLERY_FROM_ROUND = 2
COSSACK_CAVALRY = 2
COSSACK_PROVINCE = 2          # Ukraine
# where a Cossack is (the state's ``cossacks``): a seat that hired it, or one of these
IN_COSSACK_AREA = -1          # waiting to be hired
WITH_THE_TATARS = -2          # gone over to the Tatars
HIT_ON = {"inf": 5, "cav": 4, "art": 5, "cossack": 4}
ROYAL_SIDE = -1               # a battle's side when the king's army fights (else the family's seat)

# --- special actions ----------------------------------------------------------------------------
LAND_MANAGERS = 8
LAND_MANAGER_INCOME = 2
CITY_MARKERS = 4
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

# --- the names of the phases (observation ``phase``; 0 is the setup before round 1) ----------------
PHASE_TERMS = (
    {"en": "setup", "zh": "游戏准备"},
    {"en": "income", "zh": "收入"},
    {"en": "nobles", "zh": "贵族"},
    {"en": "electing the king", "zh": "选举国王"},
    {"en": "the Polish army", "zh": "征召国王军队"},
    {"en": "events", "zh": "事件"},
    {"en": "elections", "zh": "选举省长"},
    {"en": "build estates", "zh": "建造庄园"},
    {"en": "special actions", "zh": "特殊行动"},
    {"en": "buy armies", "zh": "雇佣军队"},
    {"en": "campaigns", "zh": "战役"},
    {"en": "enemies attack", "zh": "敌人入侵"},
    {"en": "Poland fights back", "zh": "波兰反击"},
    {"en": "enemies expand", "zh": "敌人扩张"},
    {"en": "estates", "zh": "庄园结算"},
    {"en": "victory points", "zh": "结算VP"},
    {"en": "end of round", "zh": "回合结束"},
)
PHASE_NAMES = tuple(t["en"] for t in PHASE_TERMS)

# battles by kind (observation ``battle.kind``)
BATTLE_TERMS = {
    "campaign": {"en": "campaign", "zh": "战役"},
    "defend": {"en": "defend", "zh": "抵御入侵"},
    "fight": {"en": "fight", "zh": "波兰反击"},
    "attack": {"en": "attack", "zh": "入侵"},
}

# the short marks of the terminal board: "2i 1c" (2 infantry, 1 cavalry), "1cos" (a Cossack)
UNIT_SHORT_TERMS = (
    {"en": "i", "zh": "步"},
    {"en": "c", "zh": "骑"},
    {"en": "a", "zh": "炮"},
    {"en": "cos", "zh": "哥"},
)

TERMS: dict[str, list | dict] = {
    "seat": list(SEAT_TERMS),            # the families in sentences: "White builds …" / "白方建造…"
    "family": list(FAMILY_TERMS),        # the families with their houses: lists, headers, player names
    "colour": list(COLOUR_TERMS),        # "a white cube"
    "letter": list(LETTER_TERMS),        # the one-letter marks of the terminal board
    "province": list(PROVINCE_TERMS),
    "area": list(AREA_TERMS),            # a province or the army camp (noble tokens)
    "enemy": list(ENEMY_TERMS),          # "the Ottomans invade": a people, plural
    "enemy_adj": list(ENEMY_ADJECTIVE_TERMS),   # "2 Ottoman cubes"
    "enemy_cube": list(ENEMY_CUBE_TERMS),       # "an Ottoman cube"
    "unit": list(UNIT_TERMS),
    "unit_short": list(UNIT_SHORT_TERMS),
    "code": dict(UNIT_CODE_TERMS),
    "phase": list(PHASE_TERMS),
    "battle": dict(BATTLE_TERMS),
}
