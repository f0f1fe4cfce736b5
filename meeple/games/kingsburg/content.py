"""Kingsburg's components as plain data.

Advisors, building costs and effects follow the seed rulebook (seeds/002, section 各式建築 and the
advisor list under 2. 春季生產); the grid placement of the buildings and the enemy deck follow the
published game as transcribed in shared/REFERENCE.md. Anything neither source fixes is marked
"ASSUMPTION" here and listed in docs/rules/kingsburg.md.
"""

from __future__ import annotations

from meeple.core.i18n import msg, render, seat_terms

GOLD, WOOD, STONE = 0, 1, 2
RESOURCES = ("gold", "wood", "stone")
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}

YEARS = 5
DICE_PER_PLAYER = 3
BUILDING_TOKENS = 17  # 圓形標記17枚: each player can own at most 17 buildings at once
PLUS2_TOKENS = 20  # the box holds 20 "+2" tokens (REFERENCE.md); none are handed out when the box is empty

SEASONS = ("spring", "summer", "autumn")

# ---------------------------------------------------------------- advisors (seed, 2. 春季生產)
# number: (name, what the advisor gives), each in English and in the rulebook's Chinese (简体)
ADVISOR_TERMS = {
    1: ({"en": "Jester", "zh": "小丑"}, {"en": "1 VP", "zh": "1 分"}),
    2: ({"en": "Squire", "zh": "侍从"}, {"en": "1 gold", "zh": "1 黄金"}),
    3: ({"en": "Architect", "zh": "工程师"}, {"en": "1 wood", "zh": "1 木材"}),
    4: ({"en": "Merchant", "zh": "商人"}, {"en": "1 gold or 1 wood", "zh": "1 黄金或 1 木材"}),
    5: ({"en": "Sergeant", "zh": "卫长"}, {"en": "1 soldier", "zh": "1 名士兵"}),
    6: ({"en": "Alchemist", "zh": "炼金术士"},
        {"en": "trade 1 resource for 1 of each other kind", "zh": "以 1 个资源换取另外两种资源各 1 个"}),
    7: ({"en": "Astronomer", "zh": "观星家"},
        {"en": "1 resource of choice and a +2 token", "zh": "1 个任选资源及 1 个「+2」标记"}),
    8: ({"en": "Treasurer", "zh": "库房长"}, {"en": "2 gold", "zh": "2 黄金"}),
    9: ({"en": "Master Hunter", "zh": "猎师"},
        {"en": "1 wood and 1 gold, or 1 wood and 1 stone", "zh": "1 木材和 1 黄金，或 1 木材和 1 石块"}),
    10: ({"en": "General", "zh": "将军"},
         {"en": "2 soldiers and a look at this year's enemy", "zh": "2 名士兵，并可窥探今年的魔族大军"}),
    11: ({"en": "Swordsmith", "zh": "铸剑师"},
         {"en": "1 stone and 1 wood, or 1 stone and 1 gold", "zh": "1 石块和 1 木材，或 1 石块和 1 黄金"}),
    12: ({"en": "Duchess", "zh": "女公爵"},
         {"en": "2 resources of choice and a +2 token", "zh": "2 个任选资源及 1 个「+2」标记"}),
    13: ({"en": "Champion", "zh": "勇者"}, {"en": "3 stone", "zh": "3 石块"}),
    14: ({"en": "Smuggler", "zh": "走私客"},
         {"en": "pay 1 VP for 3 resources of choice", "zh": "扣 1 分换取 3 个任选资源"}),
    15: ({"en": "Inventor", "zh": "发明家"}, {"en": "1 gold, 1 wood, 1 stone", "zh": "1 黄金、1 木材、1 石块"}),
    16: ({"en": "Wizard", "zh": "巫师"}, {"en": "4 gold", "zh": "4 黄金"}),
    17: ({"en": "Queen", "zh": "女王"},
         {"en": "3 VP, 2 resources of choice and a look at this year's enemy",
          "zh": "3 分、2 个任选资源，并可窥探今年的魔族大军"}),
    18: ({"en": "King", "zh": "国王"},
         {"en": "1 soldier, 1 gold, 1 wood, 1 stone", "zh": "1 名士兵、1 黄金、1 木材、1 石块"}),
}
ADVISORS = {n: (name["en"], gift["en"]) for n, (name, gift) in ADVISOR_TERMS.items()}

# ---------------------------------------------------------------- buildings (seed 各式建築; grid from REFERENCE.md)
ROWS = ("religious", "merchant", "military", "defence", "city")

# (key, name, cost (gold, wood, stone), VP, Chinese name); index = row * 4 + level (0..3 for levels I..IV)
BUILDINGS = (
    ("statue", "Statue", (2, 0, 0), 3, "雕像"),
    ("chapel", "Chapel", (3, 0, 1), 5, "礼拜堂"),
    ("church", "Church", (3, 1, 2), 7, "教堂"),
    ("cathedral", "Cathedral", (5, 0, 3), 9, "主教堂"),
    ("inn", "Inn", (1, 1, 0), 0, "酒馆"),
    ("market", "Market", (2, 2, 0), 1, "市场"),
    ("farms", "Farms", (2, 3, 1), 2, "农场"),
    ("guild", "Merchants' Guild", (3, 1, 2), 4, "商会"),
    ("tower", "Guard Tower", (1, 0, 1), 1, "卫塔"),
    ("blacksmith", "Blacksmith", (1, 2, 0), 2, "打铁铺"),
    ("barracks", "Barracks", (2, 2, 1), 4, "军营"),
    ("wizards", "Wizards' Guild", (3, 2, 2), 6, "巫术公会"),
    ("palisade", "Palisade", (0, 2, 0), 0, "围栏"),
    ("stable", "Stable", (1, 1, 1), 2, "马厩"),
    ("wall", "Stone Wall", (2, 0, 2), 2, "石墙"),
    ("fortress", "Fortress", (3, 0, 2), 4, "城堡"),
    ("barricade", "Barricade", (0, 1, 0), 0, "栏栅"),
    ("crane", "Crane", (0, 1, 1), 1, "吊车"),
    ("townhall", "Town Hall", (2, 1, 1), 2, "市议会"),
    ("embassy", "Embassy", (2, 2, 2), 4, "使馆"),
)
# What each building does, in a few words (seed 各式建築), for describe() and the view.
EFFECTS = (
    {"en": "reroll one die when all your dice show the same number", "zh": "所有骰子点数相同时，可重掷其中一颗"},
    {"en": "reroll all your dice when their total is 7 or less", "zh": "骰子点数总和为 7 或以下时，可重掷所有骰子"},
    {"en": "+1 defence against Demons", "zh": "对抗恶魔时防御 +1"},
    {"en": "at the end of the game 1 VP per 2 resources", "zh": "游戏结束时每持有 2 个资源得 1 分"},
    {"en": "a '+2' token after each summer", "zh": "每次夏季生产后获得 1 个「+2」标记"},
    {"en": "one handful a season counts 1 more or 1 less", "zh": "每季可将一把骰子的点数 +1 或 -1"},
    {"en": "may roll an extra white die every season; -1 defence", "zh": "每季可多掷 1 颗白骰；防御 -1"},
    {"en": "+1 gold every season", "zh": "每季额外获得 1 黄金"},
    {"en": "+1 defence", "zh": "防御 +1"},
    {"en": "+1 defence", "zh": "防御 +1"},
    {"en": "recruit soldiers for 1 resource each", "zh": "征募民兵时每支付 1 个资源即得 1 名士兵"},
    {"en": "+2 defence", "zh": "防御 +2"},
    {"en": "+1 defence, +2 against Zombies", "zh": "防御 +1，对抗丧尸时 +2"},
    {"en": "+1 soldier whenever an advisor gives soldiers", "zh": "每当要人给予士兵时多得 1 名士兵"},
    {"en": "+1 defence, and a tie with the enemy is a win", "zh": "防御 +1，且与魔族大军兵力相等时仍算战胜"},
    {"en": "+1 defence, and +1 VP when you beat the enemy", "zh": "防御 +1，且战胜魔族大军时多得 1 分"},
    {"en": "+1 defence against Goblins", "zh": "对抗小鬼怪时防御 +1"},
    {"en": "levels III and IV cost 1 gold less", "zh": "兴建第三、四级建筑时少付 1 黄金"},
    {"en": "after each season pay 1 resource or '+2' token for 1 VP",
     "zh": "每季生产后可支付 1 个资源或 1 个「+2」标记换取 1 分"},
    {"en": "+1 VP after each season", "zh": "每季生产后得 1 分"},
)
# The columns of BUILDINGS, each as its own tuple (index = row * 4 + level), and the index of each key.
BUILDING_EFFECTS = tuple(e["en"] for e in EFFECTS)
BUILDING_KEYS = tuple(b[0] for b in BUILDINGS)
BUILDING_NAMES = tuple(b[1] for b in BUILDINGS)
BUILDING_COST = tuple(b[2] for b in BUILDINGS)
BUILDING_VP = tuple(b[3] for b in BUILDINGS)
BUILDING_INDEX = {k: i for i, k in enumerate(BUILDING_KEYS)}
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
# The monsters of the enemy cards (seed: 惡魔 Demons, 喪屍 Zombies, 小鬼怪 Goblins; the others are not
# named by the seed): lower case in English, as the log says "defeats the goblins (3)".
FOES = {
    "barbarians": {"en": "barbarians", "zh": "野蛮人"},
    "goblins": {"en": "goblins", "zh": "小鬼怪"},
    "orcs": {"en": "orcs", "zh": "兽人"},
    "zombies": {"en": "zombies", "zh": "丧尸"},
    "demons": {"en": "demons", "zh": "恶魔"},
    "dragons": {"en": "dragons", "zh": "巨龙"},
}


def enemy_name(year: int, index: int) -> str:
    kind, strength = ENEMIES[year - 1][index][:2]
    return f"{kind.capitalize()} {strength}"


def bundle(d: dict) -> list | dict:
    """A reward or penalty as a message argument: the list of its parts ('1 VP', '2 wood', 'your
    highest building'), or the message 'nothing'."""
    parts: list = []
    if d.get("vp"):
        parts.append(msg("kingsburg.bundle.vp", n=d["vp"]))
    if d.get("gold"):
        parts.append(msg("kingsburg.bundle.gold", n=d["gold"]))
    if d.get("wood"):
        parts.append(msg("kingsburg.bundle.wood", n=d["wood"]))
    if d.get("stone"):
        parts.append(msg("kingsburg.bundle.stone", n=d["stone"]))
    if d.get("any"):
        parts.append(msg("kingsburg.bundle.any", n=d["any"]))
    if d.get("building"):
        parts.append(msg("kingsburg.bundle.building"))
    return parts or msg("kingsburg.nothing")


def bundle_text(d: dict, lang: str = "en") -> str:
    """'1 VP, 2 wood, your highest building' style text for a reward or penalty, in ``lang``."""
    return render("kingsburg.bundle", {"parts": bundle(d)}, lang)


# ---------------------------------------------------------------- names in every language (meeple.core.i18n)
SEATS = ("Red", "Blue", "Green", "Yellow", "Purple")
STEP_NAMES = {
    "aid": {"en": "King's aid", "zh": "国王援助"},
    "spring": {"en": "spring production", "zh": "春季生产"},
    "reward": {"en": "King's reward", "zh": "国王奖偿"},
    "summer": {"en": "summer production", "zh": "夏季生产"},
    "envoy": {"en": "King's envoy", "zh": "国王使臣"},
    "autumn": {"en": "autumn production", "zh": "秋季生产"},
    "recruit": {"en": "recruiting soldiers", "zh": "征募民兵"},
    "winter": {"en": "winter battle", "zh": "冬季战事"},
    "over": {"en": "game over", "zh": "游戏结束"},
}
TERMS: dict[str, list | dict] = {
    "seat": seat_terms(SEATS),
    "advisor": {n: name for n, (name, _gift) in ADVISOR_TERMS.items()},
    "gift": {n: gift for n, (_name, gift) in ADVISOR_TERMS.items()},
    "building": {b[0]: {"en": b[1], "zh": b[4]} for b in BUILDINGS},
    "effect": {b[0]: EFFECTS[i] for i, b in enumerate(BUILDINGS)},
    "resource": {"gold": {"en": "gold", "zh": "黄金"}, "wood": {"en": "wood", "zh": "木材"},
                 "stone": {"en": "stone", "zh": "石块"}},
    "row": {"religious": {"en": "religious", "zh": "宗教"}, "merchant": {"en": "merchant", "zh": "商业"},
            "military": {"en": "military", "zh": "军事"}, "defence": {"en": "defence", "zh": "防御"},
            "city": {"en": "city", "zh": "城市"}},
    "level": [{"en": "I", "zh": "一级"}, {"en": "II", "zh": "二级"}, {"en": "III", "zh": "三级"},
              {"en": "IV", "zh": "四级"}],
    "season": {"spring": {"en": "Spring", "zh": "春季"}, "summer": {"en": "Summer", "zh": "夏季"},
               "autumn": {"en": "Autumn", "zh": "秋季"}},
    "step": STEP_NAMES,
    "foe": FOES,
    "enemy": {key: {"en": f"{kind.capitalize()} {strength}", "zh": f"{FOES[kind]['zh']} {strength}"}
              for year in ENEMIES for (kind, strength, _r, _p), key in
              zip(year, (f"{c[0]}{c[1]}" for c in year))},
    "result": {"won": {"en": "won", "zh": "战胜"}, "tie": {"en": "tie", "zh": "不分胜负"},
               "lost": {"en": "lost", "zh": "战败"}},
}
"""Every name a player reads, by kind (``meeple.core.i18n``): a message argument named after its kind
(``seat``, ``advisor``, ``building``, ``resource``, ``enemy``, ``foe``…) is shown by these names; the
browser gets the same tables. Advisors are keyed by their number, buildings by their key, enemy cards
by their key (``goblins3``), as in the observation."""
