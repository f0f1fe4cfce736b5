"""The actions of God's Playground as shared objects, and the names a person may type for numbers.

"版图右上角主要是表示每回合行动的明细，每回合共有16个阶段" — the board lists each round's actions.
Every action the rules offer is made once here and shared (legal-action lists are rebuilt
constantly); ``encoding.action_space`` numbers them in a fixed order.

>>> shared_action("estate", 3) is ESTATE_ACTIONS[3]
True
>>> numbered("estate Little Poland"), numbered("confederation 乌克兰 蓝方")
('estate 3', 'confederation 2 1')
"""

from __future__ import annotations

import re

from meeple.core import Action
from meeple.games.gods_playground.content import (
    AREA_COUNT, AREA_TERMS, CAMP, COLOUR_TERMS, COLOURS, ENEMY_COUNT, ENEMY_TERMS, ESTATE_SLOTS, FAMILY_TERMS,
    LETTER_TERMS, PLAYERS, PROVINCE_COUNT, PROVINCES, SEAT_TERMS, SEATS,
)

_SHARED: dict[tuple, Action] = {}


def shared_action(name: str, *args: int | str) -> Action:
    """The one Action object for ``name`` and ``args`` (made on first use, pre-hashed)."""
    key = (name, args)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = Action(name, args)
    return found


ROLLS = [shared_action("roll", face) for face in range(1, 7)]
ROLL_OUTCOMES = [(roll, 1) for roll in ROLLS]
PASS = shared_action("pass")
DONE = shared_action("done")
DANZIG = shared_action("danzig")
UNIT_CODES = {"inf": 0, "cav": 1, "art": 2, "cossack": 3}   # ``buy inf`` … and the units' numbers

TOKEN_VALUES = 6                                               # noble tokens show 0..5
TOKEN_ACTIONS = [[shared_action("token", area, value) for value in range(TOKEN_VALUES)] for area in range(AREA_COUNT)]
BID_ACTIONS = [shared_action("bid", amount) for amount in range(400)]
ESTATE_ACTIONS = [shared_action("estate", i) for i in range(PROVINCE_COUNT)]
BUILD_ACTIONS = [shared_action("build", i) for i in range(PROVINCE_COUNT)]
MOVE_ACTIONS = [[shared_action("move", a, b) for b in range(PROVINCE_COUNT)] for a in range(PROVINCE_COUNT)]
MOVES_FROM = [[MOVE_ACTIONS[a][b] for b in range(PROVINCE_COUNT) if b != a] for a in range(PROVINCE_COUNT)]
JESUIT_ACTIONS = [shared_action("jesuit", i) for i in range(PROVINCE_COUNT)]
RECRUIT_ACTIONS = [shared_action("recruit", i) for i in range(PROVINCE_COUNT)]
BUY_ACTIONS = {unit: shared_action("buy", unit) for unit in ("inf", "cav", "art", "cossack")}
CAMPAIGN_ACTIONS = [shared_action("campaign", i) for i in range(PROVINCE_COUNT)]
ROYAL_ACTIONS = [shared_action("royal", i) for i in range(PROVINCE_COUNT)]
VETO_ACTIONS = [shared_action("veto", i) for i in range(PROVINCE_COUNT)]
DIPLOMACY_ACTIONS = [shared_action("diplomacy", e) for e in range(ENEMY_COUNT)]   # the enemy named by its province
SEAT_ACTIONS = [shared_action("seat", i) for i in range(PROVINCE_COUNT)]
LAND_MANAGER_ACTIONS = [[shared_action("land", i, k + 1) for k in range(len(ESTATE_SLOTS[i]))]
                        for i in range(PROVINCE_COUNT)]
CITY_ACTIONS = [[shared_action("city", i, k + 1) for k in range(len(ESTATE_SLOTS[i]))] for i in range(PROVINCE_COUNT)]
CONFEDERATION_ACTIONS = [[shared_action("confederation", i, v) for v in range(PLAYERS)] for i in range(PROVINCE_COUNT)]

# ------------------------------------------------------------------ names typed for numbers
_NAME_WORDS: list[tuple[re.Pattern[str], str]] = []
for _i, _name in enumerate(PROVINCES):
    _NAME_WORDS.append((re.compile(r"\b" + r"[\s_-]*".join(_name.lower().split()) + r"\b"), str(_i)))
for _i, _words in enumerate((("swedes", "sweden", "swedish"), ("russia", "russians", "russian"),
                             ("tatars", "tatar"), ("ottomans", "ottoman", "turks"),
                             ("habsburgs", "habsburg"))):
    for _w in _words:
        _NAME_WORDS.append((re.compile(r"\b" + _w + r"\b"), str(_i)))
_NAME_WORDS.append((re.compile(r"\b(army[\s_-]*)?camp\b"), str(CAMP)))
_SEAT_WORDS = [(re.compile(r"\b" + c + r"\b"), str(k)) for k, c in enumerate(COLOURS)]
_SEAT_WORDS += [(re.compile(r"\b" + s.split(" ")[0].lower() + r"\b"), str(k)) for k, s in enumerate(SEATS)]
# the Chinese names (the TERMS' own and a few short forms), longest first: "estate 普鲁士", "diplomacy 俄罗斯"
_ZH_NAMES = [(t["zh"], i) for i, t in enumerate(AREA_TERMS)] + [(t["zh"], i) for i, t in enumerate(ENEMY_TERMS)]
_ZH_NAMES += [("瑞典", 0), ("鞑靼", 2), ("奥托曼", 3), ("奥斯曼", 3), ("土耳其", 3), ("哈布斯堡", 4), ("军营区", CAMP),
              ("军营", CAMP)]
_ZH_NAME_WORDS = [(re.compile(re.escape(w)), f" {i} ") for w, i in sorted(_ZH_NAMES, key=lambda x: -len(x[0]))]
_ZH_SEATS = [(t["zh"], k) for k, t in enumerate(FAMILY_TERMS)] + [(t["zh"], k) for k, t in enumerate(SEAT_TERMS)]
_ZH_SEATS += [(t["zh"][:2], k) for k, t in enumerate(COLOUR_TERMS)] + [(t["zh"], k) for k, t in enumerate(LETTER_TERMS)]
_ZH_SEATS += [(w, k) for k, w in enumerate(("拉齐维乌", "波托斯基", "撒皮耶哈"))]
_ZH_SEAT_WORDS = [(re.compile(re.escape(w)), f" {k} ") for w, k in sorted(_ZH_SEATS, key=lambda x: -len(x[0]))]
_CJK = re.compile(r"[\u4e00-\u9fff]")
_NAMES_FAMILIES = ("confederation", "start", "lot")   # the actions whose arguments may name families


def numbered(text: str) -> str:
    """``"estate Little Poland"`` -> ``"estate 3"``: names of provinces, enemies (their province), the camp
    and, after ``confederation``/``start``/``lot``, families, replaced by their numbers; the Chinese names as
    well (``"estate 普鲁士"`` -> ``"estate 0"``, ``"confederation 乌克兰 蓝方"`` -> ``"confederation 2 1"``)."""
    out = text.strip().lower()
    rest = out.split(" ", 1)[1] if " " in out else ""
    if _CJK.search(rest):
        head, _, rest = out.partition(" ")
        for pattern, number in _ZH_NAME_WORDS:
            rest = pattern.sub(number, rest)
        if head in _NAMES_FAMILIES:
            for pattern, number in _ZH_SEAT_WORDS:
                rest = pattern.sub(number, rest)
        out = head + " " + " ".join(rest.split())
        rest = out.split(" ", 1)[1] if " " in out else ""
    if not re.search(r"[a-z]\s*[a-z]", rest):
        return out
    head, _, rest = out.partition(" ")
    for pattern, number in _NAME_WORDS:
        rest = pattern.sub(number, rest)
    if head in _NAMES_FAMILIES:
        for pattern, number in _SEAT_WORDS:
            rest = pattern.sub(number, rest)
    return head + " " + rest
