"""Citadels (富饶之城) components as plain data, cited to the seed rulebook.

Districts: the seed's "建筑物 (地区卡) 介绍" lists 54 coloured cards (religious 11, military 11,
noble 12, trade 20) and "特别地区 (共 11 张)", one card of each purple district: 65 cards, as its
component list ("65 张『地区卡』") says. Characters: "角色介绍" (ranks 1–8) and "新增角色卡"
(the extra characters, one per rank, rank 9 for the Artist and the Queen).

Everything is indexed by small ints so that the rules run on plain lists. ``TERMS`` names every
component in English and Chinese (the seed's own words) for the log, the actions and the screens; its
district and character tables are keyed by the slugs the log and the observation carry.
"""

from __future__ import annotations

from meeple.core.i18n import seat_terms

# ------------------------------------------------------------------ colours (seed: "地区 颜色")
BLUE, RED, YELLOW, GREEN, PURPLE = 0, 1, 2, 3, 4
COLOUR_NAMES = ("blue", "red", "yellow", "green", "purple")
COLOUR_WORDS = ("religious", "military", "noble", "trade", "special")
COLOUR_ZH = ("蓝色", "红色", "金色", "绿色", "紫色")  # seed "地区 颜色": 贵族地区 is 金色 (gold), not yellow
COLOUR_LETTER = ("B", "R", "Y", "G", "P")
COLOUR_LETTER_ZH = ("蓝", "红", "金", "绿", "紫")

# ------------------------------------------------------------------ districts
# (slug, English name, Chinese name, colour, cost, points at scoring, copies)
DISTRICT_TABLE: tuple[tuple[str, str, str, int, int, int, int], ...] = (
    ("temple", "Temple", "神庙", BLUE, 1, 1, 3),
    ("church", "Church", "教堂", BLUE, 2, 2, 3),
    ("monastery", "Monastery", "修道院", BLUE, 3, 3, 3),
    ("cathedral", "Cathedral", "大教堂", BLUE, 5, 5, 2),
    ("watchtower", "Watchtower", "了望塔", RED, 1, 1, 3),
    ("prison", "Prison", "监狱", RED, 2, 2, 3),
    ("battlefield", "Battlefield", "战场", RED, 3, 3, 3),
    ("fortress", "Fortress", "要塞", RED, 5, 5, 2),
    ("manor", "Manor", "庄园", YELLOW, 3, 3, 5),
    ("castle", "Castle", "城堡", YELLOW, 4, 4, 4),
    ("palace", "Palace", "宫殿", YELLOW, 5, 5, 3),
    ("tavern", "Tavern", "酒馆", GREEN, 1, 1, 5),
    ("trading-post", "Trading Post", "商栈", GREEN, 2, 2, 3),
    ("market", "Market", "集市", GREEN, 2, 2, 4),
    ("docks", "Docks", "船坞", GREEN, 3, 3, 3),
    ("harbor", "Harbor", "港口", GREEN, 4, 4, 3),
    ("town-hall", "Town Hall", "市政厅", GREEN, 5, 5, 2),
    # purple: one card each (seed "特别地区 (共 11 张)")
    ("haunted-city", "Haunted City", "鬼城", PURPLE, 2, 2, 1),
    ("keep", "Keep", "堡垒", PURPLE, 3, 3, 1),
    ("laboratory", "Laboratory", "实验室", PURPLE, 5, 5, 1),
    ("smithy", "Smithy", "铁匠铺", PURPLE, 5, 5, 1),
    ("observatory", "Observatory", "天文台", PURPLE, 5, 5, 1),
    ("graveyard", "Graveyard", "墓地", PURPLE, 5, 5, 1),
    ("dragon-gate", "Dragon Gate", "巨龙门", PURPLE, 6, 8, 1),
    ("university", "University", "大学", PURPLE, 6, 8, 1),
    ("library", "Library", "图书馆", PURPLE, 6, 6, 1),
    ("great-wall", "Great Wall", "长城", PURPLE, 6, 6, 1),
    ("school-of-magic", "School of Magic", "魔法学院", PURPLE, 6, 6, 1),
)

DISTRICT_SLUG = tuple(row[0] for row in DISTRICT_TABLE)
DISTRICT_NAME = tuple(row[1] for row in DISTRICT_TABLE)
DISTRICT_ZH = tuple(row[2] for row in DISTRICT_TABLE)
DISTRICT_COLOUR = tuple(row[3] for row in DISTRICT_TABLE)
DISTRICT_COST = tuple(row[4] for row in DISTRICT_TABLE)
DISTRICT_POINTS = tuple(row[5] for row in DISTRICT_TABLE)
DISTRICT_COPIES = tuple(row[6] for row in DISTRICT_TABLE)
DISTRICT_INDEX = {slug: i for i, slug in enumerate(DISTRICT_SLUG)}
N_DISTRICT_KINDS = len(DISTRICT_TABLE)
DECK_SIZE = sum(DISTRICT_COPIES)
FULL_DECK = sorted(i for i, n in enumerate(DISTRICT_COPIES) for _ in range(n))

HAUNTED_CITY = DISTRICT_INDEX["haunted-city"]
KEEP = DISTRICT_INDEX["keep"]
LABORATORY = DISTRICT_INDEX["laboratory"]
SMITHY = DISTRICT_INDEX["smithy"]
OBSERVATORY = DISTRICT_INDEX["observatory"]
GRAVEYARD = DISTRICT_INDEX["graveyard"]
DRAGON_GATE = DISTRICT_INDEX["dragon-gate"]
UNIVERSITY = DISTRICT_INDEX["university"]
LIBRARY = DISTRICT_INDEX["library"]
GREAT_WALL = DISTRICT_INDEX["great-wall"]
SCHOOL_OF_MAGIC = DISTRICT_INDEX["school-of-magic"]

SMITHY_PRICE = 3  # seed: "你可以支付3 枚金币，然后抽2 张地区卡"
SMITHY_DRAW = 2

# ------------------------------------------------------------------ characters
# (slug, English name, Chinese name, rank, income colour or -1)
CHARACTER_TABLE: tuple[tuple[str, str, str, int, int], ...] = (
    ("assassin", "Assassin", "刺客", 1, -1),
    ("thief", "Thief", "盗贼", 2, -1),
    ("magician", "Magician", "魔法师", 3, -1),
    ("king", "King", "国王", 4, YELLOW),
    ("bishop", "Bishop", "主教", 5, BLUE),
    ("merchant", "Merchant", "商人", 6, GREEN),
    ("architect", "Architect", "建筑师", 7, -1),
    ("warlord", "Warlord", "领主", 8, RED),
    # the extra characters (seed "新增角色卡"); each replaces the base one of its rank
    ("witch", "Witch", "女巫", 1, -1),
    ("tax-collector", "Tax Collector", "税务官", 2, -1),
    ("wizard", "Wizard", "巫师", 3, -1),
    ("emperor", "Emperor", "皇帝", 4, YELLOW),
    ("abbot", "Abbot", "修道院长", 5, BLUE),
    ("alchemist", "Alchemist", "炼金术士", 6, -1),
    ("navigator", "Navigator", "领航员", 7, -1),
    ("diplomat", "Diplomat", "外交官", 8, RED),
    ("artist", "Artist", "艺术家", 9, -1),
    ("queen", "Queen", "皇后", 9, -1),
)

CHARACTER_SLUG = tuple(row[0] for row in CHARACTER_TABLE)
CHARACTER_NAME = tuple(row[1] for row in CHARACTER_TABLE)
CHARACTER_ZH = tuple(row[2] for row in CHARACTER_TABLE)
CHARACTER_RANK = tuple(row[3] for row in CHARACTER_TABLE)
CHARACTER_INCOME_COLOUR = tuple(row[4] for row in CHARACTER_TABLE)
CHARACTER_INDEX = {slug: i for i, slug in enumerate(CHARACTER_SLUG)}
N_CHARACTERS = len(CHARACTER_TABLE)

(ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD,
 WITCH, TAX_COLLECTOR, WIZARD, EMPEROR, ABBOT, ALCHEMIST, NAVIGATOR, DIPLOMAT, ARTIST, QUEEN) = range(18)

RANK_CHOICES: dict[int, tuple[str, ...]] = {
    1: ("assassin", "witch"),
    2: ("thief", "tax-collector"),
    3: ("magician", "wizard"),
    4: ("king", "emperor"),
    5: ("bishop", "abbot"),
    6: ("merchant", "alchemist"),
    7: ("architect", "navigator"),
    8: ("warlord", "diplomat"),
    9: ("none", "artist", "queen"),
}

# seed "选择角色": face-up discards per player count (the rest of the table follows from
# "remaining cards = players + 1" after one face-down card); see draft.DraftRules._draft_plan
FACE_UP_TABLE = {3: 2, 4: 2, 5: 1, 6: 0, 7: 0}

START_GOLD = 2  # seed "每位玩家会获发4 张地区卡，2 枚金币"
START_CARDS = 4
TURN_GOLD = 2  # seed "在桌子上的金币堆中拿取2 枚金币，或者"
TURN_DRAW = 2  # seed "从牌迭中抽取2 张新的地区卡，选择一张放入手上"
TURN_KEEP = 1
COMPLETE_CITY = 8  # seed "当有玩家放置他城市中的第8 个地区时"
COMPLETE_CITY_SMALL = 10  # seed: 2 players ("先建出10 个地区") and 3 players ("第10 个地区")
COMPLETE_CITY_SHORT = 7  # seed "缩短游戏时间: 建设了第7 个地区"
BONUS_COLOURS = 3
BONUS_FIRST = 4
BONUS_COMPLETE = 2
ROUND_LIMIT = 100  # our safety net, not in the rulebook: see docs/rules/citadels.md

# ------------------------------------------------------------------ names in both languages
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White")

TERMS: dict[str, list | dict] = {
    "seat": seat_terms(SEAT_NAMES),
    "district": {row[0]: {"en": row[1], "zh": row[2]} for row in DISTRICT_TABLE},
    "character": {row[0]: {"en": row[1], "zh": row[2]} for row in CHARACTER_TABLE},
    "colour": {name: {"en": name, "zh": zh} for name, zh in zip(COLOUR_NAMES, COLOUR_ZH)},
    "colour_letter": {name: {"en": en, "zh": zh} for name, en, zh in zip(COLOUR_NAMES, COLOUR_LETTER, COLOUR_LETTER_ZH)},
    "phase": {
        "setup": {"en": "set-up", "zh": "游戏准备"},
        "draft": {"en": "character draft", "zh": "选择角色"},
        "call": {"en": "calling the characters", "zh": "宣读角色"},
        "turn": {"en": "a character's turn", "zh": "玩家回合"},
        "over": {"en": "game over", "zh": "游戏结束"},
    },
}
"""Every name a Citadels message or screen shows: ``seat`` (0..6), ``district`` and ``character`` (by slug),
``colour`` and ``colour_letter`` (by ``COLOUR_NAMES``), ``phase`` (the observation's phase names)."""
