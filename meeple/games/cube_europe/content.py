"""Cube Europe's cards as data: 17 double-sided cards (1–9 the base game, 10–17 the expansion).

The seed states what a card holds but prints none (see docs/rules/cube-europe.md, "Assumptions");
these faces were designed by ``tools/design_cube_europe_cards.py`` to its constraints:

* board side: a hexagon of 19 hexes in five rows (A–E, 3-4-5-4-3 hexes, numbered left to right);
  4 red, 4 blue, 4 green, 4 white and 3 yellow hexes, the yellow ones apart (the three starting
  spaces, 「版图上的三个黄色空间之一」); every hex shows a die number; completed territories total
  exactly 30 VP (「领土所能获得的总分数是30分」); a worker track from 0 to ``WORKER_MAX``; the four
  possible territory layouts (A 10+7+5+5, B 10+6+6+5, C 10+7+6+4, D 7+7+7+6 from red, blue, green,
  white) spread over the cards; card 7 can end as the rulebook's scoring example (「得分示例」);
* market side: three centre squares, each a die face and a cube colour (three different faces; the
  base cards show every face 4 or 5 times, the expansion cards 4 times), and one yellow effect.

``python tools/design_cube_europe_cards.py --check`` audits this table against those constraints.

A board is written row by row as it looks on the card: ``r6`` is a red hex numbered 6.
"""

from __future__ import annotations

from meeple.core.i18n import seat_terms

COLOURS = ("red", "blue", "green", "white", "yellow")
COLOUR_LETTER = {"r": "red", "b": "blue", "g": "green", "w": "white", "y": "yellow"}
CUBES_PER_COLOUR = 4
"""Each player's supply: 4 cubes of each colour (「4红色 4蓝色 4绿色 4白色 4黄色」)."""

TERRITORY_VP = {1: 1, 2: 3, 3: 6, 4: 10}
RANKS = (
    (34, "Master", "大师"),
    (30, "Expert", "专家"),
    (26, "Journeyman", "熟练工"),
    (22, "Apprentice", "学徒"),
    (0, "Novice", "新手"),
)
"""Solo ranks (「排行」): the lowest score of each, its English and the rulebook's name."""
WIN_SCORE = 30
"""Solo: Expert or better is a win (「排名为专家或更高则计为胜利」)."""

WORKER_MAX = 8
INVENTORY_SIZE = 3
ROUNDS = 12
BASE_CARDS = tuple(range(1, 10))
ALL_CARDS = tuple(range(1, 18))
MARKET_CARDS = 13
"""Multiplayer and the solo variant: 13 cards form the market deck and discard pile."""

# Axial coordinates of the 19 hexes, row by row (r = -2..2); labels A1..E3.
ROW_LETTERS = "ABCDE"
HEX_COORDS: dict[str, tuple[int, int]] = {}
for _r in range(-2, 3):
    _row = [q for q in range(-2, 3) if abs(q + _r) <= 2]
    for _i, _q in enumerate(_row):
        HEX_COORDS[f"{ROW_LETTERS[_r + 2]}{_i + 1}"] = (_q, _r)
HEX_LABELS = tuple(HEX_COORDS)
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
_BY_COORD = {c: label for label, c in HEX_COORDS.items()}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    label: tuple(
        _BY_COORD[(q + dq, r + dr)] for dq, dr in _DIRECTIONS if (q + dq, r + dr) in _BY_COORD
    )
    for label, (q, r) in HEX_COORDS.items()
}

_CARDS = {
     1: ("w6 b3 g1 / g3 g4 y2 w5 / r5 r6 b5 g4 w3 / r2 r1 b6 y1 / y4 w2 b5", "2g 4w 6y", "nudge"),
     2: ("w5 w2 r4 / y6 r4 r1 y5 / b1 b2 r3 b4 b6 / g3 g1 w6 g5 / w4 y3 g2", "3g 5g 6b", "white_patron"),
     3: ("y2 g5 g4 / g1 w3 b1 b5 / g4 r5 b6 w3 y4 / w1 r3 y1 b6 / r2 r6 w2", "3r 4g 6g", "storehouse"),
     4: ("y1 w2 g6 / r3 g5 w3 y5 / r4 r1 g2 g1 b2 / b6 b3 y6 r4 / b5 w4 w1", "1y 5y 6w", "recruiter"),
     5: ("g3 y6 r5 / y1 w2 w1 b2 / g4 w6 w4 g6 g5 / b5 r1 r2 y3 / r4 b3 b4", "1b 3w 5b", "red_patron"),
     6: ("y5 w1 r4 / w2 w4 g3 r6 / g5 w6 y2 b1 b5 / r1 b4 g3 y4 / r3 b6 g2", "3b 4r 6r", "flip"),
     7: ("w3 g4 y5 / g2 g6 b3 w1 / r1 r5 b4 w6 w5 / g2 b1 y2 b4 / y6 r3 r6", "1g 2w 5w", "blue_boost"),
     8: ("g3 r5 r2 / y1 w6 r4 g6 / g6 w5 w2 y3 r1 / w2 b1 g5 b4 / b5 y4 b3", "2r 4b 5r", "harvest"),
     9: ("w2 r1 y3 / b3 b5 w4 g6 / y1 w6 w2 g5 g1 / r2 r3 b6 b4 / y4 r5 g2", "1r 2b 4y", "cartographer"),
    10: ("b1 y4 r1 / y2 b5 g3 w4 / b5 w1 g4 g6 r2 / r6 w2 g3 r4 / b3 w6 y5", "4w 5w 6r", "bulk"),
    11: ("r1 r4 y6 / w3 b5 g2 b5 / w5 r2 g3 g6 y1 / r4 w5 y2 g4 / w1 b6 b3", "2r 3g 4y", "blue_patron"),
    12: ("r5 r1 w6 / y3 g2 b4 w3 / b4 g5 g6 w5 b2 / w3 g1 r4 r1 / y2 b3 y6", "1y 3b 6w", "surveyor"),
    13: ("b4 y3 w4 / g6 g1 w5 w1 / y2 b3 g2 y6 r5 / r6 b5 w1 r3 / r4 b3 g2", "1b 2g 5y", "wage"),
    14: ("w4 y5 r3 / w1 b3 g6 r1 / y2 b5 r4 w2 g4 / b6 b1 g6 g3 / w5 r2 y1", "2b 4r 5g", "treasury"),
    15: ("w3 b5 b2 / w4 r1 b3 b6 / r2 y5 w6 g2 y3 / g1 w2 g1 r4 / g4 y6 r5", "1w 3r 4g", "white_plus"),
    16: ("w3 w5 r2 / g1 g6 y3 w5 / g3 y4 r5 w2 r6 / b1 b2 g3 y1 / b4 b6 r4", "1r 2w 6g", "recycle"),
    17: ("w2 w4 b5 / b5 y3 b2 g1 / g3 g6 b1 y6 r4 / g4 r3 r5 w2 / y5 r1 w6", "3w 5b 6b", "wild_six"),
}

# The yellow effects (the seed prints none, see content's docstring): id → (English name, Chinese name,
# English text, Chinese text), both languages side by side; TERMS and EFFECTS below are read from here.
_EFFECT_WORDS: dict[str, tuple[str, str, str, str]] = {
    "nudge": ("Steady Hand", "稳手",
              "Once per turn, change one die by 1 up or down (1↔6 wrap) for free.",
              "每回合一次，可免费将一个骰子的点数增加或减少1（1与6可互相转换）。"),
    "flip": ("Mirror", "镜像",
             "Once per turn, turn one die to its opposite face (7 minus its value) for free.",
             "每回合一次，可免费将一个骰子翻到对面（点数变为7减去原点数）。"),
    "wild_six": ("Wild Six", "万能六",
                 "A die rolled as 6 takes a cube from any centre square.",
                 "点数为6的骰子可以从任意一个中心方格拿取方块。"),
    "storehouse": ("Storehouse", "仓库",
                   "Your inventory holds 4 cubes instead of 3.",
                   "你的库存可容纳4个方块，而不是3个。"),
    "bulk": ("Bulk Buyer", "批发商",
             "Taking a cube from a square showing 1 or 2 gives a second cube of that colour.",
             "从显示1或2的方格拿取方块时，再获得一个同色方块。"),
    "recruiter": ("Recruiter", "招募官",
                  "The gain-a-worker action gives 2 workers.",
                  "“获得工人”行动获得2名工人。"),
    "blue_boost": ("Guild Hall", "行会大厅",
                   "Placing a blue cube gives 2 workers instead of 1.",
                   "放置蓝色方块时获得2名工人，而不是1名。"),
    "white_plus": ("Free Trade", "自由贸易",
                   "A white cube's effect may take a cube of any colour.",
                   "白色方块的效果可以获得任意颜色的方块。"),
    "wage": ("Harvest Wage", "丰收酬劳",
             "Placing a green cube also gives 1 worker.",
             "放置绿色方块时，还获得1名工人。"),
    "surveyor": ("Surveyor", "测量员",
                 "You may place a cube on a hex whose number is 1 away from your die (1↔6 wrap).",
                 "你可以把方块放在数字与骰子点数相差1的六边形上（1与6可互相转换）。"),
    "recycle": ("Recycler", "回收商",
                "Each time you return a cube because your inventory is full, gain 1 worker.",
                "每当你因库存已满而放回一个方块时，获得1名工人。"),
    "white_patron": ("Patron of White", "白色赞助人",
                     "Game end: 1 VP per white cube on your board.",
                     "游戏结束时：你版图上每个白色方块得1分。"),
    "red_patron": ("Patron of Red", "红色赞助人",
                   "Game end: 1 VP per red cube on your board.",
                   "游戏结束时：你版图上每个红色方块得1分。"),
    "blue_patron": ("Patron of Blue", "蓝色赞助人",
                    "Game end: 1 VP per blue cube on your board.",
                    "游戏结束时：你版图上每个蓝色方块得1分。"),
    "harvest": ("Granary", "粮仓",
                "Game end: 1 more VP per green cube on your board.",
                "游戏结束时：你版图上每个绿色方块额外得1分。"),
    "treasury": ("Treasury", "国库",
                 "Game end: workers score 1 VP each instead of 1 per 2.",
                 "游戏结束时：每名工人得1分，而不是每2名工人得1分。"),
    "cartographer": ("Cartographer", "制图师",
                     "Game end: 1 more VP per completed colour.",
                     "游戏结束时：每完成一种颜色额外得1分。"),
}

EFFECTS: dict[str, tuple[str, str]] = {k: (w[0], w[2]) for k, w in _EFFECT_WORDS.items()}
"""id → (English name, English text): what the effect does once tucked under your board."""


class Card:
    """One double-sided card: a board on one side, a market face on the other."""

    __slots__ = ("id", "hexes", "start_hexes", "squares", "effect", "territories")

    def __init__(self, card_id: int, board: str, market: str, effect: str) -> None:
        self.id = card_id
        tokens = board.replace("/", " ").split()
        self.hexes: dict[str, tuple[str, int]] = {
            label: (COLOUR_LETTER[tok[0]], int(tok[1:])) for label, tok in zip(HEX_LABELS, tokens)
        }
        self.start_hexes = tuple(h for h, (c, _) in self.hexes.items() if c == "yellow")
        self.squares: tuple[tuple[int, str], ...] = tuple(
            (int(tok[:-1]), COLOUR_LETTER[tok[-1]]) for tok in market.split()
        )
        self.effect = effect
        self.territories = _territories(self.hexes)


def _territories(hexes: dict[str, tuple[str, int]]) -> tuple[tuple[str, ...], ...]:
    """Groups of adjacent hexes of one colour (「颜色相同且相邻的一组六边形」)."""
    seen: set[str] = set()
    groups = []
    for start in HEX_LABELS:
        if start in seen:
            continue
        colour = hexes[start][0]
        group, stack = [], [start]
        seen.add(start)
        while stack:
            h = stack.pop()
            group.append(h)
            for n in NEIGHBOURS[h]:
                if n not in seen and hexes[n][0] == colour:
                    seen.add(n)
                    stack.append(n)
        groups.append(tuple(sorted(group)))
    return tuple(groups)


CARDS: dict[int, Card] = {cid: Card(cid, *spec) for cid, spec in _CARDS.items()}


def rank(score: int) -> tuple[str, str]:
    """The solo rank title (English, Chinese) for a score (「新手 … 大师」)."""
    for threshold, english, chinese in RANKS:
        if score >= threshold:
            return english, chinese
    return RANKS[-1][1], RANKS[-1][2]


def rank_key(score: int) -> str:
    """The solo rank of a score as a ``TERMS["rank"]`` key: ``"master"``."""
    return rank(score)[0].lower()


# ------------------------------------------------------------------ names in every language
_COLOUR_WORDS = {  # colour: English, Chinese (「红色 蓝色 绿色 白色 黄色」), and the one-letter code of the map
    "red": ("red", "红色", "r", "红"), "blue": ("blue", "蓝色", "b", "蓝"), "green": ("green", "绿色", "g", "绿"),
    "white": ("white", "白色", "w", "白"), "yellow": ("yellow", "黄色", "y", "黄"),
}

TERMS: dict[str, list | dict] = {
    "seat": seat_terms(("Red", "Blue", "Green", "Yellow")),
    "colour": {c: {"en": w[0], "zh": w[1]} for c, w in _COLOUR_WORDS.items()},
    # A hex on the terminal map: r6 (red, number 6), 红6 in Chinese.
    "colour_code": {c: {"en": w[2], "zh": w[3]} for c, w in _COLOUR_WORDS.items()},
    "effect": {k: {"en": w[0], "zh": w[1]} for k, w in _EFFECT_WORDS.items()},
    "effect_text": {k: {"en": w[2], "zh": w[3]} for k, w in _EFFECT_WORDS.items()},
    # Steady Hand and Mirror by the keys of the observation's "used_free".
    "free_effect": {"steady": {"en": _EFFECT_WORDS["nudge"][0], "zh": _EFFECT_WORDS["nudge"][1]},
                    "mirror": {"en": _EFFECT_WORDS["flip"][0], "zh": _EFFECT_WORDS["flip"][1]}},
    "rank": {english.lower(): {"en": english, "zh": chinese} for _, english, chinese in RANKS},
    "phase": {
        "deal": {"en": "dealing the boards", "zh": "发放版图"},
        "first": {"en": "giving out the start card", "zh": "分发起始卡"},
        "draw": {"en": "drawing market cards", "zh": "抽取市场卡牌"},
        "start": {"en": "placing the starting cubes", "zh": "放置起始方块"},
        "roll": {"en": "rolling the dice", "zh": "掷骰"},
        "turn": {"en": "using the dice", "zh": "使用骰子"},
        "over": {"en": "game over", "zh": "游戏结束"},
    },
    # The kinds of the observation's "follow_ups" (the decisions still due).
    "follow_up": {
        "pay": {"en": "how to pay for the die change", "zh": "选择骰子调整的支付方式"},
        "return": {"en": "return a cube (inventory full)", "zh": "放回一个方块（库存已满）"},
        "chain": {"en": "the red cube's effect", "zh": "红色方块的效果"},
        "white": {"en": "the white cube's effect", "zh": "白色方块的效果"},
    },
    # The keys of score_breakdown (「领土 完成的颜色 绿色方块 黄色效果 工人」).
    "score_part": {
        "territories": {"en": "territories", "zh": "领土"},
        "colours": {"en": "completed colours", "zh": "完成的颜色"},
        "green": {"en": "green cubes", "zh": "绿色方块"},
        "yellow_effects": {"en": "yellow effects", "zh": "黄色效果"},
        "workers": {"en": "workers", "zh": "工人"},
    },
    # When a yellow cube tucks a card: solo at the end of the turn, multiplayer at the end of the round.
    "period": {"turn": {"en": "turn", "zh": "本回合"}, "round": {"en": "round", "zh": "本轮"}},
}
"""Every name the log, the descriptions, the views and the browser show, in English and Chinese."""
