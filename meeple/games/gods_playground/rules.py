"""God's Playground (Martin Wallace, 2009): the rulebook as code, one method per phase.

Three families defend Poland over 4 rounds of 16 phases.  Every die is a chance event; the noble
tokens and the sealed bids are simultaneous secret choices.

>>> state = meeple.load("gods-playground", players=3).new_game(seed=1)
>>> state.apply(state.legal_actions(state.to_move()[0])[0], state.to_move()[0])
"""

from __future__ import annotations

import re
from typing import Any

from meeple.core import CHANCE, Action, InvariantError, State
from meeple.core.i18n import DEFAULT_LANGUAGE, Message, msg, term

from . import content as C

P = C.PLAYERS
NPROV = 5

_ACTIONS: dict[tuple, Action] = {}


def A(name: str, *args: int | str) -> Action:
    """A shared, pre-hashed Action (legal-action lists are rebuilt constantly)."""
    key = (name, args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(name, args)
    return a


ROLLS = [A("roll", k) for k in range(1, 7)]
ROLL_OUTCOMES = [(a, 1) for a in ROLLS]
PASS = A("pass")
DONE = A("done")
DANZIG = A("danzig")
UNIT_CODES = {"inf": 0, "cav": 1, "art": 2, "cossack": 3}
HIT = (C.HIT_ON["inf"], C.HIT_ON["cav"], C.HIT_ON["art"], C.HIT_ON["cossack"])

TOKEN_ACTS = [[A("token", a, v) for v in range(6)] for a in range(6)]
BID_ACTS = [A("bid", x) for x in range(400)]
ESTATE_ACTS = [A("estate", i) for i in range(NPROV)]
BUILD_ACTS = [A("build", i) for i in range(NPROV)]
MOVE_ACTS = [[A("move", a, b) for b in range(NPROV)] for a in range(NPROV)]
MOVES_FROM = [[MOVE_ACTS[a][b] for b in range(NPROV) if b != a] for a in range(NPROV)]
JESUIT_ACTS = [A("jesuit", i) for i in range(NPROV)]
RECRUIT_ACTS = [A("recruit", i) for i in range(NPROV)]
BUY_ACTS = {u: A("buy", u) for u in ("inf", "cav", "art", "cossack")}
CAMPAIGN_ACTS = [A("campaign", i) for i in range(NPROV)]
ROYAL_ACTS = [A("royal", i) for i in range(NPROV)]
VETO_ACTS = [A("veto", i) for i in range(NPROV)]
DIPLO_ACTS = [A("diplomacy", e) for e in range(5)]       # the enemy named by its province
SEAT_ACTS = [A("seat", i) for i in range(NPROV)]
LAND_ACTS = [[A("land", i, k + 1) for k in range(len(C.ESTATE_SLOTS[i]))] for i in range(NPROV)]
CITY_ACTS = [[A("city", i, k + 1) for k in range(len(C.ESTATE_SLOTS[i]))] for i in range(NPROV)]
CONFED_ACTS = [[A("confederation", i, v) for v in range(P)] for i in range(NPROV)]
NAMES = tuple(t["en"] for t in C.SEAT_TERMS)
_TOKEN_LISTS: dict[tuple, list[Action]] = {}

_NAME_WORDS: list[tuple[re.Pattern[str], str]] = []
for _i, _name in enumerate(C.PROVINCES):
    _NAME_WORDS.append((re.compile(r"\b" + r"[\s_-]*".join(_name.lower().split()) + r"\b"), str(_i)))
for _i, _words in enumerate((("swedes", "sweden", "swedish"), ("russia", "russians", "russian"),
                             ("tatars", "tatar"), ("ottomans", "ottoman", "turks"),
                             ("habsburgs", "habsburg"))):
    for _w in _words:
        _NAME_WORDS.append((re.compile(r"\b" + _w + r"\b"), str(_i)))
_NAME_WORDS.append((re.compile(r"\b(army[\s_-]*)?camp\b"), str(C.CAMP)))
_SEAT_WORDS = [(re.compile(r"\b" + c + r"\b"), str(k)) for k, c in enumerate(C.COLOURS)]
_SEAT_WORDS += [(re.compile(r"\b" + s.split(" ")[0].lower() + r"\b"), str(k)) for k, s in enumerate(C.SEATS)]
# the Chinese names (the TERMS' own and a few short forms), longest first: "estate 普鲁士", "diplomacy 俄罗斯"
_ZH_NAMES = [(t["zh"], i) for i, t in enumerate(C.AREA_TERMS)] + [(t["zh"], i) for i, t in enumerate(C.ENEMY_TERMS)]
_ZH_NAMES += [("瑞典", 0), ("鞑靼", 2), ("奥托曼", 3), ("奥斯曼", 3), ("土耳其", 3), ("哈布斯堡", 4), ("军营区", C.CAMP),
              ("军营", C.CAMP)]
_ZH_NAME_WORDS = [(re.compile(re.escape(w)), f" {i} ") for w, i in sorted(_ZH_NAMES, key=lambda x: -len(x[0]))]
_ZH_SEATS = [(t["zh"], k) for k, t in enumerate(C.FAMILY_TERMS)] + [(t["zh"], k) for k, t in enumerate(C.SEAT_TERMS)]
_ZH_SEATS += [(t["zh"][:2], k) for k, t in enumerate(C.COLOUR_TERMS)] + [(t["zh"], k) for k, t in enumerate(C.LETTER_TERMS)]
_ZH_SEATS += [(w, k) for k, w in enumerate(("拉齐维乌", "波托斯基", "撒皮耶哈"))]
_ZH_SEAT_WORDS = [(re.compile(re.escape(w)), f" {k} ") for w, k in sorted(_ZH_SEATS, key=lambda x: -len(x[0]))]
_CJK = re.compile(r"[\u4e00-\u9fff]")


def numbered(text: str) -> str:
    """``"estate Little Poland"`` -> ``"estate 3"``: names of provinces, enemies (their province), the camp
    and, after ``confederation``/``start``/``lot``, families, replaced by their numbers; the Chinese names as
    well (``"estate 普鲁士"`` -> ``"estate 0"``, ``"confederation 乌克兰 蓝方"`` -> ``"confederation 2 1"``)."""
    out = text.strip().lower()
    rest = out.split(" ", 1)[1] if " " in out else ""
    if _CJK.search(rest):
        head, _, rest = out.partition(" ")
        for pat, num in _ZH_NAME_WORDS:
            rest = pat.sub(num, rest)
        if head in ("confederation", "start", "lot"):
            for pat, num in _ZH_SEAT_WORDS:
                rest = pat.sub(num, rest)
        out = head + " " + " ".join(rest.split())
        rest = out.split(" ", 1)[1] if " " in out else ""
    if not re.search(r"[a-z]\s*[a-z]", rest):
        return out
    head, _, rest = out.partition(" ")
    for pat, num in _NAME_WORDS:
        rest = pat.sub(num, rest)
    if head in ("confederation", "start", "lot"):
        for pat, num in _SEAT_WORDS:
            rest = pat.sub(num, rest)
    return head + " " + rest


PHASE_NAMES = C.PHASE_NAMES


class GodsPlayground(State):
    """The whole game state; see docs/rules/gods-playground.md for the rules as implemented."""

    FIELDS = (
        "round", "phase", "mode", "movers", "turn", "passed", "king", "start_player", "setup_estates_placed",
        "income_levels", "estates", "noble_cubes", "enemy_cubes", "cubes_in_hand", "discs_in_hand", "senate",
        "money", "vp", "tokens_in_hand", "tokens_placed", "tokens_shown", "units", "units_in_hand",
        "cossacks", "royal_army", "track_nobles", "track_royal_cubes", "track_enemy_cubes", "enemy_supply",
        "treaty", "diplomacy_used", "city_used", "habsburgs_annexed", "ottomans_invaded",
        "land_managers_left", "cities_left", "invaded", "estates_built", "picks_left", "step", "bids",
        "bidders", "dice", "battle", "battle_queue", "expansion", "over", "camp_total", "final_estate_vp",
    )
    FIELD_RENAMES = {
        "rnd": "round", "first": "start_player", "setup_n": "setup_estates_placed", "level": "income_levels",
        "pc": "noble_cubes", "pe": "enemy_cubes", "hand": "cubes_in_hand", "discs": "discs_in_hand",
        "tok": "tokens_in_hand", "placed": "tokens_placed", "shown": "tokens_shown", "uhand": "units_in_hand",
        "coss": "cossacks", "royal": "royal_army", "tn": "track_nobles", "tr": "track_royal_cubes",
        "te": "track_enemy_cubes", "esup": "enemy_supply", "diplo_used": "diplomacy_used",
        "annexed": "habsburgs_annexed", "ott_invaded": "ottomans_invaded", "lm_pool": "land_managers_left",
        "cities": "cities_left", "hit": "invaded", "builds": "estates_built", "picks": "picks_left",
        "sub": "step", "bqueue": "battle_queue", "exp": "expansion", "final": "final_estate_vp",
    }
    ACTION_NAMES = frozenset({
        "start", "roll", "lot", "estate", "token", "bid", "build", "pass", "land", "danzig",
        "diplomacy", "move", "done", "veto", "confederation", "jesuit", "city", "recruit", "buy",
        "campaign", "royal", "seat",
    })
    MAX_ACTIONS = 20_000

    # ================================================================== setup
    def setup(self) -> None:
        self.round = 1
        self.phase = 0
        self.mode = "start"
        self.movers = [CHANCE]
        self.turn = 0
        self.passed = [False] * P
        self.king = -1
        self.start_player = -1
        self.setup_estates_placed = 0
        self.income_levels = [C.START_LEVEL] * NPROV
        self.estates = [[] for _ in range(NPROV)]      # slots in order: [owner, land manager, city]
        self.noble_cubes = [[0] * P for _ in range(NPROV)]        # noble cubes per province per player
        self.enemy_cubes = [[0] * 5 for _ in range(NPROV)]        # enemy cubes per province per enemy
        self.cubes_in_hand = [C.CUBES] * P
        self.discs_in_hand = [C.DISCS] * P
        self.senate = [-1] * NPROV
        self.money = [C.START_MONEY] * P
        self.vp = [0] * P
        self.tokens_in_hand = [sorted(C.TOKENS) for _ in range(P)]
        self.tokens_placed = [[-1] * 6 for _ in range(P)]
        self.tokens_shown = [[-1] * 6 for _ in range(P)]
        self.units = [[[0, 0, 0] for _ in range(NPROV)] for _ in range(P)]
        self.units_in_hand = [list(C.UNITS) for _ in range(P)]
        self.cossacks = [-1] * C.COSSACKS                    # -1 Cossack area, -2 with the Tatars, p hired
        self.royal_army = [0, 0, 0]
        self.track_nobles = [[0] * P for _ in range(5)]            # noble cubes on enemy tracks
        self.track_royal_cubes = [0] * 5                                # royal cubes on enemy tracks
        self.track_enemy_cubes = [0] * 5                                # strength cubes on enemy tracks
        self.enemy_supply = list(C.ENEMY_CUBES)
        self.treaty = -1
        self.diplomacy_used = False
        self.city_used = False
        self.habsburgs_annexed = False
        self.ottomans_invaded = False
        self.land_managers_left = C.LAND_MANAGERS
        self.cities_left = C.CITIES
        self.invaded = [False] * NPROV
        self.estates_built = [0] * P
        self.picks_left = []
        self.step = {}
        self.bids = [-1] * P
        self.bidders = []
        self.dice = []
        self.battle = None
        self.battle_queue = []
        self.expansion = {"enemy": -1, "steps": []}
        self.over = False
        self.camp_total = 0
        self.final_estate_vp = [0] * P
        self.say("gods-playground.log.setup", None, families=P, rounds=C.ROUNDS)

    # ================================================================== engine hooks
    def _to_move(self) -> list[int]:
        return list(self.movers)

    def _chance_due(self) -> bool:
        movers = self.movers
        return len(movers) == 1 and movers[0] == CHANCE

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return list(self.vp)

    def nobles_on_board(self, p: int) -> int:
        return sum(self.noble_cubes[i][p] for i in range(NPROV))

    def winners(self) -> list[int]:
        if not self.over:
            return []
        keys = [(self.vp[p], self.nobles_on_board(p), self.money[p]) for p in range(P)]
        best = max(keys)
        return [p for p in range(P) if keys[p] == best]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        m = self.mode
        if m == "start":
            return [(A("start", p), 1) for p in range(P)]
        if m == "lot":
            return [(A("lot", p), 1) for p in self.bidders]
        return list(ROLL_OUTCOMES)

    def sample_chance(self, rng) -> Action:  # noqa: ANN001
        m = self.mode
        if m == "battle" or m == "dice":
            return ROLLS[rng.randbelow(6)]
        outcomes = self.chance_outcomes()
        return outcomes[rng.randbelow(len(outcomes))][0]

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self, p: int) -> list[Action]:
        m = self.mode
        if m == "token":
            return self._token_actions(p)
        if m == "bid":
            m = self.money[p]
            return BID_ACTS[: m + 1] if m < len(BID_ACTS) else [A("bid", x) for x in range(m + 1)]
        if m == "estate":
            return [ESTATE_ACTS[i] for i in range(NPROV) if self._free_slot(i)]
        if m == "build":
            cost = 1 if self.estates_built[p] == 0 else 2
            acts = [BUILD_ACTS[i] for i in range(NPROV)
                    if self.noble_cubes[i][p] >= cost and self._free_slot(i) and self.discs_in_hand[p] > 0]
            acts.append(PASS)
            return acts
        if m == "special":
            return self._special_actions(p)
        if m == "move":
            acts = self._move_actions(p)
            acts.append(DONE)
            return acts
        if m == "jesuit":
            done = self.step["jes"]
            acts = []
            if self.money[p] >= C.JESUIT_COST:
                acts = [JESUIT_ACTS[i] for i in range(NPROV) if i not in done and self.noble_cubes[i][p] > 0]
            acts.append(DONE)
            return acts
        if m == "recruit":
            acts = [RECRUIT_ACTS[i] for i in range(NPROV) if self.noble_cubes[i][p] > 0 and self._buyable(p, i)]
            acts.append(PASS)
            return acts
        if m == "buy":
            acts = [BUY_ACTS[u] for u in self._buyable(p, self.step["prov"])]
            acts.append(DONE)
            return acts
        if m == "campaign":
            acts = [CAMPAIGN_ACTS[i] for i in range(NPROV) if self._can_campaign_in(p, i)]
            if self._has_senate_disc(p) and sum(self.royal_army) > 0:
                acts += [ROYAL_ACTS[i] for i in range(NPROV) if self._campaign_target(i, -1)]
            acts.append(PASS)
            return acts
        if m == "seat":
            senate = self.senate
            return [SEAT_ACTS[i] for i in range(NPROV) if senate[i] == p]
        if m == "fight":
            acts = []
            if sum(self.royal_army) > 0 and (self.step.get("free") or self._has_senate_disc(p)):
                acts = [ROYAL_ACTS[i] for i in range(NPROV) if sum(self.enemy_cubes[i]) > 0]
            acts.append(PASS)
            return acts
        return []

    def _token_actions(self, p: int) -> list[Action]:
        key = (tuple(self.tokens_placed[p]), tuple(self.tokens_in_hand[p]))
        acts = _TOKEN_LISTS.get(key)
        if acts is None:
            free = [a for a in range(6) if key[0][a] < 0]
            vals = sorted(set(self._tokens_left(p)))
            acts = _TOKEN_LISTS[key] = [TOKEN_ACTS[a][v] for a in free for v in vals]
        return acts

    def _tokens_left(self, p: int) -> list[int]:
        left = list(self.tokens_in_hand[p])
        for v in self.tokens_placed[p]:
            if v >= 0:
                left.remove(v)
        return left

    def _move_actions(self, p: int) -> list[Action]:
        pc = self.noble_cubes
        out: list[Action] = []
        for a in range(NPROV):
            if pc[a][p] > 0:
                out += MOVES_FROM[a]
        return out

    def _special_actions(self, p: int) -> list[Action]:
        pc = self.noble_cubes
        rnd = self.round
        mine = [pc[i][p] for i in range(NPROV)]
        provs = [i for i in range(NPROV) if mine[i] > 0]
        est = self.estates
        acts: list[Action] = []
        if self.land_managers_left > 0:
            for i in provs:
                row = LAND_ACTS[i]
                for k, slot in enumerate(est[i]):
                    if slot[0] == p and not slot[1]:
                        acts.append(row[k])
        if mine[0] > 0:
            acts.append(DANZIG)
        if not self.diplomacy_used and p in self.senate:
            for e in provs:
                if self._diplomacy_allowed(e):
                    acts.append(DIPLO_ACTS[e])
        for i in provs:
            acts += MOVES_FROM[i]
        if self.senate.count(-1) < NPROV:
            acts += [VETO_ACTS[i] for i in provs]
        if rnd >= 3:
            if rnd in C.CONFEDERATION_ROUNDS and self.discs_in_hand[p] > 0 and self._single_last(p):
                for i in provs:
                    if mine[i] >= 2:
                        for v in range(P):
                            if v != p and mine[i] > pc[i][v] and self._confed_slot(i, v) >= 0:
                                acts.append(CONFED_ACTS[i][v])
            if rnd >= C.CITY_FROM_ROUND and not self.city_used and self.cities_left > 0:
                for i in provs:
                    if mine[i] >= 2:
                        row = CITY_ACTS[i]
                        for k, slot in enumerate(est[i]):
                            if slot[0] == p and not slot[2]:
                                acts.append(row[k])
        if rnd >= C.JESUIT_FROM_ROUND and self.money[p] >= C.JESUIT_COST:
            acts += [JESUIT_ACTS[i] for i in provs]
        acts.append(PASS)
        return acts

    # ------------------------------------------------------------------ small rule helpers
    def _free_slot(self, i: int) -> bool:
        return len(self.estates[i]) < len(C.ESTATE_SLOTS[i])

    def _has_senate_disc(self, p: int) -> bool:
        return p in self.senate

    def _single_last(self, p: int) -> bool:
        v = self.vp[p]
        return all(self.vp[q] > v for q in range(P) if q != p)

    def _confed_slot(self, i: int, v: int) -> int:
        for k, slot in enumerate(self.estates[i]):
            if slot[0] == v and not slot[2]:
                return k
        return -1

    def _diplomacy_allowed(self, e: int) -> bool:
        if e == C.OTTOMANS:
            return False
        if e == C.HABSBURGS:
            return self.round == 4 and not self.habsburgs_annexed
        return True

    def _price(self, i: int, unit: str) -> int:
        price = C.PRICES[unit]
        if sum(self.enemy_cubes[i]) > 0:
            price //= 2
        return price

    def _buyable(self, p: int, i: int) -> list[str]:
        out = []
        money = self.money[p]
        uh = self.units_in_hand[p]
        half = sum(self.enemy_cubes[i]) > 0
        for k, name in enumerate(C.UNIT_NAMES):
            if uh[k] > 0 and (k < 2 or self.round >= C.ARTILLERY_FROM_ROUND):
                price = C.PRICES[name] // 2 if half else C.PRICES[name]
                if money >= price:
                    out.append(name)
        if i == C.COSSACK_PROVINCE and -1 in self.cossacks:
            price = C.PRICES["cossack"] // 2 if half else C.PRICES["cossack"]
            if money >= price:
                out.append("cossack")
        return out

    def _army_in(self, p: int, i: int) -> int:
        n = sum(self.units[p][i])
        if i == C.COSSACK_PROVINCE:
            n += self.cossacks.count(p)
        return n

    def _campaign_target(self, i: int, side: int) -> bool:
        """Something to fight from province i: enemy cubes there, else the enemy's track (no treaty)."""
        if sum(self.enemy_cubes[i]) > 0:
            return True
        if self.treaty == i:
            return False
        # a family's campaign takes a cube back first, so it always has a cube to put on the track
        return side >= 0 or sum(self.track_royal_cubes) < C.ROYAL_CUBES

    def _can_campaign_in(self, p: int, i: int) -> bool:
        return self.noble_cubes[i][p] > 0 and self._army_in(p, i) > 0 and self._campaign_target(i, p)

    def strength(self, e: int) -> int:
        """An enemy's strength now: printed + strength cubes on its track (+ Cossacks for the Tatars)."""
        base = C.STRENGTH[C.OTTOMANS if (e == C.HABSBURGS and self.habsburgs_annexed) else e][self.round - 1]
        s = base + self.track_enemy_cubes[e]
        if e == C.TATARS:
            s += self.cossacks.count(-2)
        return s

    def defence(self, e: int) -> int:
        return sum(self.track_nobles[e]) + self.track_royal_cubes[e]

    def order_from_king(self) -> list[int]:
        k = self.king if self.king >= 0 else 0
        return [(k + j) % P for j in range(P)]

    def name(self, p: int) -> str:
        return NAMES[p]

    # ================================================================== apply
    def _apply(self, action: Action, p: int) -> None:
        name = action.name
        args = action.args
        m = self.mode
        if p == CHANCE:
            self._chance(name, args)
        elif m == "estate":
            self._place_estate(args[0], p)
            self.setup_estates_placed += 1
            if self.setup_estates_placed >= P * C.START_ESTATES:
                self.phase = 1
                self.mode = "auto"
            else:
                self.turn = (self.turn + 1) % P
                self.movers = [self.turn]
        elif m == "token":
            self.place_noble_token(p, args[0], args[1])
        elif m == "bid":
            self.sealed_bid(p, args[0])
        elif m == "build":
            if name == "pass":
                self.passed[p] = True
                self.say("gods-playground.log.passes_build", None, seat=p)
            else:
                self.build_estate(p, args[0])
            self._next_turn(self._can_build, "build")
        elif m == "special" or m == "move" or m == "jesuit":
            self.special_action(p, name, args)
        elif m == "seat":
            self.seat_chosen(p, args[0])
        elif m == "recruit":
            if name == "pass":
                self.passed[p] = True
                self.say("gods-playground.log.passes_recruit", None, seat=p)
                self._next_turn(self._can_recruit, "recruit")
            else:
                self.recruit(p, args[0])
        elif m == "buy":
            if name == "done":
                self._end_recruit_turn(p)
            else:
                self.buy_unit(p, args[0])
                if not self._buyable(p, self.step["prov"]):
                    self._end_recruit_turn(p)
        elif m == "campaign":
            if name == "pass":
                self.passed[p] = True
                self.say("gods-playground.log.passes_campaign", None, seat=p)
                self._next_turn(self._can_campaign, "campaign")
            elif name == "campaign":
                self.campaign(p, args[0])
            else:
                self.royal_campaign(p, args[0])
        elif m == "fight":
            if name == "pass":
                if self.step.get("free"):
                    self.say("gods-playground.log.king_declines", None, seat=p)
                    self._fight_back_rotation()
                else:
                    self.passed[p] = True
                    self.say("gods-playground.log.passes_fight", None, seat=p)
                    self._next_turn(self._can_fight_back, "fight")
            else:
                self.fight_back(p, args[0])
        self._run()

    def _chance(self, name: str, args: tuple) -> None:
        m = self.mode
        if m == "start":
            self.start_player = self.turn = args[0]
            self.say("gods-playground.log.start_player", None, seat=args[0])
            self.mode = "estate"
            self.movers = [self.turn]
        elif m == "lot":
            self.say("gods-playground.log.lot", None, seat=args[0])
            self._crown(args[0])
        elif m == "dice":
            self._die_rolled(args[0])
        elif m == "battle":
            self._battle_roll(args[0])

    # ================================================================== flow
    def _run(self) -> None:
        """Play the automatic parts of the round until somebody (or a die) must decide."""
        while self.mode == "auto":
            ph = self.phase
            if ph == 1:
                self.income()
            elif ph == 2:
                self.nobles()
            elif ph == 3:
                self.electing_the_king()
            elif ph == 4:
                self.polish_army()
            elif ph == 5:
                self.events()
            elif ph == 6:
                self.elections()
            elif ph == 7:
                self.build_estates()
            elif ph == 8:
                self.special_actions()
            elif ph == 9:
                self.buy_armies()
            elif ph == 10:
                self.campaigns()
            elif ph == 11:
                self.enemies_attack()
            elif ph == 12:
                self.poland_fights_back()
            elif ph == 13:
                self.enemies_expand()
            elif ph == 14:
                self.estates_phase()
            elif ph == 15:
                self.victory_points()
            elif ph == 16:
                self.end_of_round()
        if self.mode in ("dice", "battle", "lot", "start"):
            self.movers = [CHANCE]

    def _set_turn(self, mode: str, p: int) -> None:
        self.mode = mode
        self.turn = p
        self.movers = [p]

    def _start_turns(self, mode: str, can) -> None:  # noqa: ANN001
        self.passed = [False] * P
        self.turn = (self.king - 1) % P
        self._next_turn(can, mode)

    def _next_turn(self, can, mode: str) -> None:  # noqa: ANN001
        """Hand the turn to the next player (in order) who has not passed and can still act."""
        for k in range(1, P + 1):
            q = (self.turn + k) % P
            if not self.passed[q]:
                if can(q):
                    self._set_turn(mode, q)
                    return
                self.passed[q] = True
        self._end_phase()

    def _end_phase(self) -> None:
        self.phase += 1
        self.mode = "auto"
        self.movers = []

    # ------------------------------------------------------------------ setup placement
    def _place_estate(self, i: int, p: int) -> None:
        self.estates[i].append([p, 0, 0])
        self.discs_in_hand[p] -= 1
        self.say("gods-playground.log.places_estate", None, seat=p, province=i, slot=len(self.estates[i]))

    # ------------------------------------------------------------------ phase 1
    def income(self) -> None:
        """Phase 1: level x estates + 2 per land manager, per province."""
        gains = [0] * P
        for i in range(NPROV):
            lv = self.income_levels[i]
            for owner, lm, _city in self.estates[i]:
                gains[owner] += lv + (C.LAND_MANAGER_INCOME if lm else 0)
        for p in range(P):
            self.money[p] += gains[p]
        self.say("gods-playground.log.income", None, round=self.round,
                 gains=[msg("gods-playground.log.seat_gain", seat=p, amount=gains[p]) for p in range(P)])
        self._end_phase()

    # ------------------------------------------------------------------ phase 2
    def nobles(self) -> None:
        """Phase 2: each family places one token face down in each province and the camp."""
        if self.round in (1, 3):
            self.tokens_in_hand = [sorted(C.TOKENS) for _ in range(P)]
        self.tokens_placed = [[-1] * 6 for _ in range(P)]
        self.tokens_shown = [[-1] * 6 for _ in range(P)]
        self.mode = "token"
        self.movers = list(range(P))

    def place_noble_token(self, p: int, area: int, value: int) -> None:
        self.tokens_placed[p][area] = value
        self.say("gods-playground.log.token_down", None, seat=p, area=area)
        self.say("gods-playground.log.token_private", (p,), seat=p, value=value, area=area)
        if min(self.tokens_placed[p]) >= 0:
            self.movers = [q for q in self.movers if q != p]
        if not self.movers:
            self._reveal_nobles()

    def _reveal_nobles(self) -> None:
        self.reveal()  # the last token is down: all 18 are turned up
        for p in range(P):
            for a in range(6):
                v = self.tokens_placed[p][a]
                self.tokens_in_hand[p].remove(v)
                self.tokens_shown[p][a] = v
                if a < NPROV:
                    n = min(v, self.cubes_in_hand[p])
                    self.cubes_in_hand[p] -= n
                    self.noble_cubes[a][p] += n
            self.say("gods-playground.log.reveals", None, seat=p,
                     tokens=[msg("gods-playground.log.area_token", area=a, value=self.tokens_shown[p][a]) for a in range(6)])
        self.tokens_placed = [[-1] * 6 for _ in range(P)]
        self._end_phase()

    # ------------------------------------------------------------------ phase 3
    def electing_the_king(self) -> None:
        """Phase 3: the highest camp token is king; ties go to sealed bids, repeated while tied."""
        camp = [self.tokens_shown[p][C.CAMP] for p in range(P)]
        top = max(camp)
        tied = [p for p in range(P) if camp[p] == top]
        if len(tied) == 1:
            self._crown(tied[0])
        else:
            self.say("gods-playground.log.camp_tie", None, value=top, seats=tied)
            self._open_bids(tied)

    def _open_bids(self, tied: list[int]) -> None:
        self.bidders = list(tied)
        self.bids = [-1] * P
        self.mode = "bid"
        self.movers = list(tied)

    def sealed_bid(self, p: int, amount: int) -> None:
        self.bids[p] = amount
        self.say("gods-playground.log.bid_sealed", None, seat=p)
        self.say("gods-playground.log.bid_private", (p,), seat=p, amount=amount)
        self.movers = [q for q in self.movers if q != p]
        if self.movers:
            return
        self.reveal()  # the last sealed bid is in: all are opened
        bids = {q: self.bids[q] for q in self.bidders}
        for q, b in bids.items():
            self.money[q] -= b
        self.say("gods-playground.log.bids", None,
                 bids=[msg("gods-playground.log.seat_number", seat=q, value=b) for q, b in bids.items()])
        top = max(bids.values())
        tied = [q for q in self.bidders if bids[q] == top]
        self.bids = [-1] * P
        if len(tied) == 1:
            self._crown(tied[0])
        elif top == 0:
            self.bidders = tied
            self.mode = "lot"
            self.movers = [CHANCE]
        else:
            self.say("gods-playground.log.still_tied")
            self._open_bids(tied)

    def _crown(self, p: int) -> None:
        self.king = p
        self.bidders = []
        self.say("gods-playground.log.crowned", None, seat=p)
        self._end_phase()

    # ------------------------------------------------------------------ phase 4
    def polish_army(self) -> None:
        """Phase 4: the round's base army plus the recruitment table by the camp total."""
        total = sum(self.tokens_shown[p][C.CAMP] for p in range(P))
        self.camp_total = total
        base = C.ROYAL_BASE[self.round - 1]
        add = (0, 0, 0)
        for lo, hi, row in C.ARMY_TABLE:
            if lo <= total <= hi:
                add = row
        army = [min(base[k] + add[k], C.ROYAL_UNITS[k]) for k in range(3)]
        if self.round == 1:
            army[2] = 0
        self.royal_army = army
        self.say("gods-playground.log.polish_army", None, total=total, inf=army[0], cav=army[1], art=army[2])
        self._end_phase()

    # ------------------------------------------------------------------ phases 5 and 11: dice
    def events(self) -> None:
        """Phase 5: the king rolls 4 dice; each 1-5 adds a strength cube to that enemy."""
        self.dice = []
        self.step = {"dice": "events"}
        self.mode = "dice"
        self.movers = [CHANCE]

    def _die_rolled(self, d: int) -> None:
        self.dice.append(d)
        kind = self.step.get("dice")
        if kind == "diplomacy":
            self._diplomacy_paid(d)
            return
        self.say("gods-playground.log.king_rolls", None, seat=self.king, die=d)
        if kind == "events":
            if d <= 5:
                self._add_track_cube(d - 1)
            elif self.round == 2:
                self._cossack_defects(from_provinces=False)
            if len(self.dice) == 4:
                self.say("gods-playground.log.events", None, dice=list(self.dice))
                self.step = {}
                self._end_phase()
        elif kind == "attack":
            if len(self.dice) == 4:
                self.step = {}
                self._resolve_attack()

    def _add_track_cube(self, e: int) -> None:
        if self.enemy_supply[e] > 0:
            self.enemy_supply[e] -= 1
            self.track_enemy_cubes[e] += 1
            self.say("gods-playground.log.strength_cube", None, enemy=e, strength=self.strength(e))

    def _cossack_defects(self, from_provinces: bool) -> None:
        """Round 2: a 6 sends a Cossack to the Tatars (first a hired one, then from the Cossack area)."""
        j = -1
        if from_provinces:
            for k, loc in enumerate(self.cossacks):
                if loc >= 0:
                    j = k
                    break
        if j < 0 and -1 in self.cossacks:
            j = self.cossacks.index(-1)
        if j >= 0:
            self.cossacks[j] = -2
            self.say("gods-playground.log.cossack_defects")

    # ------------------------------------------------------------------ phase 6
    def elections(self) -> None:
        """Phase 6: most cubes in a province is governor (a tie: none); a cube back, a disc to the senate."""
        for i in range(NPROV):
            row = self.noble_cubes[i]
            top = max(row)
            if top == 0 or row.count(top) > 1:
                self.say("gods-playground.log.no_governor", None, province=i)
                continue
            g = row.index(top)
            row[g] -= 1
            self.cubes_in_hand[g] += 1
            if self.discs_in_hand[g] > 0:
                self.discs_in_hand[g] -= 1
                self.senate[i] = g
            self.say("gods-playground.log.governor", None, seat=g, province=i)
        self._end_phase()

    # ------------------------------------------------------------------ phase 7
    def build_estates(self) -> None:
        """Phase 7: from the king, in turns: 1 cube for an estate the first time, 2 cubes afterwards."""
        self.estates_built = [0] * P
        self._start_turns("build", self._can_build)

    def _can_build(self, p: int) -> bool:
        if self.discs_in_hand[p] == 0:
            return False
        cost = 1 if self.estates_built[p] == 0 else 2
        return any(self.noble_cubes[i][p] >= cost and self._free_slot(i) for i in range(NPROV))

    def build_estate(self, p: int, i: int) -> None:
        cost = 1 if self.estates_built[p] == 0 else 2
        self.noble_cubes[i][p] -= cost
        self.cubes_in_hand[p] += cost
        self.estates_built[p] += 1
        self.estates[i].append([p, 0, 0])
        self.discs_in_hand[p] -= 1
        self.say("gods-playground.log.builds", None, seat=p, n=cost, province=i, slot=len(self.estates[i]))

    # ------------------------------------------------------------------ phase 8
    def special_actions(self) -> None:
        """Phase 8: two rounds of picks from the king."""
        order = self.order_from_king()
        self.picks_left = order * C.SPECIAL_PICK_ROUNDS
        self.step = {}
        self._set_turn("special", self.picks_left.pop(0))

    def _next_pick(self) -> None:
        self.step = {}
        if self.picks_left:
            self._set_turn("special", self.picks_left.pop(0))
        else:
            self._end_phase()

    def special_action(self, p: int, name: str, args: tuple) -> None:
        if name == "pass":
            self.say("gods-playground.log.no_special", None, seat=p)
        elif name == "done":
            pass
        elif name == "land":
            self.place_land_manager(p, args[0], args[1])
        elif name == "danzig":
            self.danzig(p)
        elif name == "diplomacy":
            self.diplomacy(p, args[0])
            return
        elif name == "move":
            self.move_cube(p, args[0], args[1])
            if self.mode == "special":
                self.step = {"moved": 1}
                self.mode = "move"
                if self._move_actions(p):
                    return
        elif name == "veto":
            self.liberum_veto(p, args[0])
        elif name == "confederation":
            self.confederation(p, args[0], args[1])
        elif name == "jesuit":
            self.jesuit_school(p, args[0])
            if len(self.step["jes"]) < NPROV and self.money[p] >= C.JESUIT_COST and any(
                    self.noble_cubes[i][p] > 0 for i in range(NPROV) if i not in self.step["jes"]):
                return
        elif name == "city":
            self.build_city(p, args[0], args[1])
        self._next_pick()

    def place_land_manager(self, p: int, i: int, slot: int) -> None:
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.estates[i][slot - 1][1] = 1
        self.land_managers_left -= 1
        self.say("gods-playground.log.land_manager", None, seat=p, slot=slot, province=i)

    def danzig(self, p: int) -> None:
        self.noble_cubes[0][p] -= 1
        self.cubes_in_hand[p] += 1
        gain = 2 * self.income_levels[0]
        self.money[p] += gain
        self.say("gods-playground.log.danzig", None, seat=p, gain=gain)

    def diplomacy(self, p: int, e: int) -> None:
        """Diplomacy with the enemy of province e: a cube back from e, then a senate disc of the
        player's choice ("任意1个自己的家族标记"; asked only when there are two or more), then the price."""
        self.noble_cubes[e][p] -= 1
        self.cubes_in_hand[p] += 1
        self.diplomacy_used = True
        self._ask_seat(p, "diplomacy", e)

    def _ask_seat(self, p: int, purpose: str, i: int) -> None:
        """The player gives up one of their senate seats for ``purpose``; a single seat goes at once."""
        seats = [k for k in range(NPROV) if self.senate[k] == p]
        if len(seats) == 1:
            self.seat_chosen(p, seats[0], purpose, i)
            return
        self.step = {"for": purpose, "prov": i}
        self._set_turn("seat", p)

    def seat_chosen(self, p: int, seat: int, purpose: str = "", i: int = -1) -> None:
        if not purpose:
            purpose, i = self.step["for"], self.step["prov"]
        self.senate[seat] = -1
        self.discs_in_hand[p] += 1
        self.step = {}
        if purpose == "diplomacy":
            self.treaty = i
            self.step = {"dice": "diplomacy", "who": p}
            self.dice = []
            self.mode = "dice"
            self.movers = [CHANCE]
            self.say("gods-playground.log.treaty_signed", None, seat=p, enemy=i, province=i, province2=seat)
        elif purpose == "royal":
            self.say("gods-playground.log.royal_seat", None, seat=p, province=seat, province2=i)
            self._start_battle(-1, i, "campaign", i, owner=p)
        else:
            self.say("gods-playground.log.royal_seat", None, seat=p, province=seat, province2=i)
            self._start_battle(-1, i, "fight", i, owner=p)

    def _diplomacy_paid(self, d: int) -> None:
        p = self.step["who"]
        cost = d + C.DIPLOMACY_EXTRA
        have = self.money[p]
        if cost <= have:
            self.money[p] -= cost
            self.say("gods-playground.log.treaty_paid", None, die=d, seat=p, cost=cost)
        elif self.game.options.get("diplomacy_shortfall", "pay_all") == "fail":
            e = self.treaty
            self.treaty = -1
            self.say("gods-playground.log.treaty_fails", None, die=d, cost=cost, seat=p, have=have, enemy=e)
        else:
            self.money[p] = 0
            self.say("gods-playground.log.treaty_pays_all", None, die=d, cost=cost, seat=p, have=have)
        self.dice = []
        self._next_pick()

    def move_cube(self, p: int, a: int, b: int) -> None:
        self.noble_cubes[a][p] -= 1
        self.noble_cubes[b][p] += 1
        self.say("gods-playground.log.moves_cube", None, seat=p, province=a, province2=b)

    def liberum_veto(self, p: int, i: int) -> None:
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        for s in range(NPROV):
            q = self.senate[s]
            if q >= 0:
                self.discs_in_hand[q] += 1
                self.senate[s] = -1
        self.say("gods-playground.log.veto", None, seat=p)

    def confederation(self, p: int, i: int, v: int) -> None:
        self.noble_cubes[i][p] -= 2
        self.cubes_in_hand[p] += 2
        k = self._confed_slot(i, v)
        slot = self.estates[i][k]
        if slot[1]:
            slot[1] = 0
            self.land_managers_left += 1
        slot[0] = p
        self.discs_in_hand[v] += 1
        self.discs_in_hand[p] -= 1
        self.say("gods-playground.log.confederation", None, seat=p, province=i, seat2=v, slot=k + 1)

    def jesuit_school(self, p: int, i: int) -> None:
        if self.mode == "special":
            self.step = {"jes": []}
            self.mode = "jesuit"
        self.step["jes"].append(i)
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.money[p] -= C.JESUIT_COST
        self.vp[p] += 1
        if len(self.step["jes"]) == NPROV:
            self.vp[p] += C.JESUIT_ALL_BONUS
            self.say("gods-playground.log.jesuit_all", None, seat=p, province=i, bonus=C.JESUIT_ALL_BONUS)
        else:
            self.say("gods-playground.log.jesuit", None, seat=p, province=i)

    def build_city(self, p: int, i: int, slot: int) -> None:
        self.noble_cubes[i][p] -= 2
        self.cubes_in_hand[p] += 2
        self.estates[i][slot - 1][2] = 1
        self.cities_left -= 1
        self.city_used = True
        self.say("gods-playground.log.city", None, seat=p, slot=slot, province=i)

    # ------------------------------------------------------------------ phase 9
    def buy_armies(self) -> None:
        """Phase 9: in turns from the king, a cube back in a province buys any units there."""
        self.step = {}
        self._start_turns("recruit", self._can_recruit)

    def _can_recruit(self, p: int) -> bool:
        money = self.money[p]
        if money == 0:
            return False
        uh = self.units_in_hand[p]
        if money >= 6 and (uh[0] or uh[1] or (uh[2] and self.round >= C.ARTILLERY_FROM_ROUND)):
            return any(self.noble_cubes[i][p] > 0 for i in range(NPROV))
        return any(self.noble_cubes[i][p] > 0 and self._buyable(p, i) for i in range(NPROV))

    def _end_recruit_turn(self, p: int) -> None:
        """A family's turn of phase 9 is over; with the default ``recruit_turns="once"`` so is its phase
        ("每人轮流选择任意1个省区进行雇佣军队": one province per family)."""
        if self.game.options.get("recruit_turns", "once") == "once":
            self.passed[p] = True
        self._next_turn(self._can_recruit, "recruit")

    def recruit(self, p: int, i: int) -> None:
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.step = {"prov": i}
        self.mode = "buy"
        if sum(self.enemy_cubes[i]) > 0:
            self.say("gods-playground.log.recruits_half", None, seat=p, province=i)
        else:
            self.say("gods-playground.log.recruits", None, seat=p, province=i)

    def buy_unit(self, p: int, unit: str) -> None:
        i = self.step["prov"]
        price = self._price(i, unit)
        self.money[p] -= price
        if unit == "cossack":
            self.cossacks[self.cossacks.index(-1)] = p
        else:
            k = UNIT_CODES[unit]
            self.units_in_hand[p][k] -= 1
            self.units[p][i][k] += 1
        self.say("gods-playground.log.buys", None, seat=p, unit=UNIT_CODES[unit], province=i, price=price)

    def _cossacks_join_tatars(self) -> None:
        for k, loc in enumerate(self.cossacks):
            if loc == -1:
                self.cossacks[k] = -2
                self.say("gods-playground.log.cossack_joins")

    # ------------------------------------------------------------------ phase 10
    def campaigns(self) -> None:
        """Phase 10: in turns from the king, a cube back (or a senate disc for the royal army) for a battle."""
        self._cossacks_join_tatars()
        self.step = {}
        self._start_turns("campaign", self._can_campaign)

    def _can_campaign(self, p: int) -> bool:
        if any(self._can_campaign_in(p, i) for i in range(NPROV)):
            return True
        return self._has_senate_disc(p) and sum(self.royal_army) > 0 and any(
            self._campaign_target(i, -1) for i in range(NPROV))

    def campaign(self, p: int, i: int) -> None:
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.say("gods-playground.log.campaigns", None, seat=p, province=i)
        self._start_battle(p, i, "campaign", i)

    def royal_campaign(self, p: int, i: int) -> None:
        self._ask_seat(p, "royal", i)

    # ------------------------------------------------------------------ battles
    def _start_battle(self, side: int, prov: int, kind: str, enemy: int, owner: int = -1) -> None:
        if side >= 0:
            u = self.units[side][prov]
            q = [0] * u[0] + [1] * u[1] + [2] * u[2]
            if prov == C.COSSACK_PROVINCE:
                q += [3] * self.cossacks.count(side)
            art = u[2] > 0
        else:
            u = self.royal_army
            q = [0] * u[0] + [1] * u[1] + [2] * u[2]
            art = u[2] > 0
        self.battle = {"side": side, "owner": owner if side < 0 else side, "prov": prov, "kind": kind,
                       "enemy": enemy, "q": q, "art": art, "hits": 0}
        self.mode = "battle"
        self.movers = [CHANCE]

    def _battle_target(self) -> bool:
        b = self.battle
        i = b["prov"]
        if b["kind"] == "defend":
            return self.enemy_cubes[i][b["enemy"]] > 0
        if sum(self.enemy_cubes[i]) > 0:
            return True
        if b["kind"] == "fight":
            return False
        if self.treaty == i:
            return False
        return (self.cubes_in_hand[b["side"]] > 0) if b["side"] >= 0 else (sum(self.track_royal_cubes) < C.ROYAL_CUBES)

    def _battle_roll(self, d: int) -> None:
        b = self.battle
        side = b["side"]
        i = b["prov"]
        unit = b["q"].pop(0)
        if d == 1:
            if side < 0:
                self.royal_army[unit] -= 1
            elif unit == 3:
                self.cossacks[self.cossacks.index(side)] = -1
            else:
                self.units[side][i][unit] -= 1
                self.units_in_hand[side][unit] += 1
            if side >= 0:
                self.say("gods-playground.log.routed", None, seat=side, unit=unit)
            else:
                self.say("gods-playground.log.royal_routed", None, seat=b["owner"], unit=unit)
        elif d + (1 if b["art"] else 0) >= HIT[unit]:
            b["hits"] += 1
            if side >= 0:
                self.say("gods-playground.log.hit", None, seat=side, die=d, unit=unit, result=self._score_hit())
            else:
                self.say("gods-playground.log.royal_hit", None, seat=b["owner"], die=d, unit=unit,
                         result=self._score_hit())
        elif side >= 0:
            self.say("gods-playground.log.miss", None, seat=side, die=d, unit=unit)
        else:
            self.say("gods-playground.log.royal_miss", None, seat=b["owner"], die=d, unit=unit)
        if not b["q"] or not self._battle_target():
            self._battle_over()

    def _score_hit(self) -> dict[str, Any]:
        b = self.battle
        i = b["prov"]
        row = self.enemy_cubes[i]
        if b["kind"] == "defend":
            e = b["enemy"]
        elif sum(row) > 0:
            e = i if row[i] > 0 else row.index(max(row))
        else:
            e = -1
        if e >= 0:
            row[e] -= 1
            self.enemy_supply[e] += 1
            return msg("gods-playground.log.hit_enemy", enemy=e, province=i)
        if b["side"] >= 0:
            p = b["side"]
            self.cubes_in_hand[p] -= 1
            self.track_nobles[i][p] += 1
            return msg("gods-playground.log.hit_track", colour=p, enemy=i)
        self.track_royal_cubes[i] += 1
        return msg("gods-playground.log.hit_royal_track", enemy=i)

    def _battle_over(self) -> None:
        b = self.battle
        self.say("gods-playground.log.battle_over", None, province=b["prov"], n=b["hits"])
        self.battle = None
        ph = self.phase
        if ph == 10:
            self._next_turn(self._can_campaign, "campaign")
        elif ph == 11:
            if not self._next_battle():
                self._end_phase()
        elif ph == 12:
            if self.step.get("free"):
                self._fight_back_rotation()
            else:
                self._next_turn(self._can_fight_back, "fight")
        elif ph == 13:
            self._expand_continue()

    def _queue_defence(self, prov: int, enemy: int) -> None:
        for p in self.order_from_king():
            if self._army_in(p, prov) > 0:
                self.battle_queue.append([p, prov, "defend", enemy])

    def _next_battle(self) -> bool:
        while self.battle_queue:
            p, prov, kind, enemy = self.battle_queue.pop(0)
            if self._army_in(p, prov) > 0 and self.enemy_cubes[prov][enemy] > 0:
                self.say("gods-playground.log.defends", None, seat=p, province=prov, enemy=enemy)
                self._start_battle(p, prov, kind, enemy)
                return True
        return False

    # ------------------------------------------------------------------ phase 11
    def enemies_attack(self) -> None:
        """Phase 11: 4 dice for strength (treaties may break), then invasions and defence in die order."""
        self.dice = []
        self.step = {"dice": "attack"}
        self.mode = "dice"
        self.movers = [CHANCE]
        self.battle_queue = []

    def _resolve_attack(self) -> None:
        dice = self.dice
        self.say("gods-playground.log.attack_dice", None, dice=list(dice))
        t = self.treaty
        if t >= 0 and dice.count(t + 1) >= 2:
            self.treaty = -1
            self.say("gods-playground.log.treaty_broken", None, enemy=t)
        for d in dice:
            if d == 6:
                if self.round == 2:
                    self._cossack_defects(from_provinces=True)
            elif d - 1 != t:
                self._add_track_cube(d - 1)
        for e in range(5):
            if e == self.treaty:
                self.say("gods-playground.log.keeps_treaty", None, enemy=e)
                continue
            s, dfc = self.strength(e), self.defence(e)
            if s > dfc:
                self.invade(e, s)
            else:
                self.say("gods-playground.log.held", None, enemy=e, strength=s, n=dfc)
        self.dice = []
        if not self._next_battle():
            self._end_phase()

    def invade(self, e: int, s: int) -> None:
        """The enemy's whole strength enters its province as cubes (track cubes + the printed rest)."""
        moved = self.track_enemy_cubes[e]
        self.track_enemy_cubes[e] = 0
        extra = min(s - moved, self.enemy_supply[e])
        self.enemy_supply[e] -= extra
        self.enemy_cubes[e][e] += moved + extra
        self.invaded[e] = True
        if e == C.OTTOMANS:
            self.ottomans_invaded = True
        self.say("gods-playground.log.invades", None, enemy=e, strength=s, defence=self.defence(e), province=e,
                 n=moved + extra)
        self._queue_defence(e, e)

    # ------------------------------------------------------------------ phase 12
    def poland_fights_back(self) -> None:
        """Phase 12: the king leads the royal army once; then in turns, a senate disc per battle."""
        if sum(self.royal_army) == 0 or not any(sum(r) for r in self.enemy_cubes):
            self._end_phase()
            return
        self.step = {"free": True}
        self._set_turn("fight", self.king)

    def _fight_back_rotation(self) -> None:
        self.step = {}
        self.turn = self.king
        self.passed = [False] * P
        self._next_turn(self._can_fight_back, "fight")

    def _can_fight_back(self, p: int) -> bool:
        return self._has_senate_disc(p) and sum(self.royal_army) > 0 and any(sum(r) for r in self.enemy_cubes)

    def fight_back(self, p: int, i: int) -> None:
        if self.step.get("free"):
            self.say("gods-playground.log.king_leads", None, seat=p, province=i)
            self._start_battle(-1, i, "fight", i, owner=p)
        else:
            self._ask_seat(p, "fight", i)

    # ------------------------------------------------------------------ phase 13
    def enemies_expand(self) -> None:
        """Phase 13: in die order, an enemy's excess over all nobles spreads along its arrows."""
        self.expansion = {"enemy": -1, "steps": []}
        self.battle_queue = []
        self._expand_continue()

    def _expand_continue(self) -> None:
        while True:
            if self._next_battle():
                return
            steps = self.expansion["steps"]
            if steps:
                e, t, x = steps.pop(0)
                n = min(x, self.enemy_supply[e])
                if n > 0:
                    self.enemy_supply[e] -= n
                    self.enemy_cubes[t][e] += n
                    self.invaded[t] = True
                    self.say("gods-playground.log.expands", None, enemy=e, province=t, n=n)
                    self._queue_defence(t, e)
                continue
            e = self.expansion["enemy"] + 1
            if e >= 5:
                self._cancel_enemies()
                self._end_phase()
                return
            self.expansion["enemy"] = e
            for src, targets in C.ARROWS[e].items():
                # all enemy cubes in the province against all its nobles ("敌人的强大点数方块总数比所有
                # 贵族方块的总合要多"); the enemy spreads only where it has cubes itself
                x = (sum(self.enemy_cubes[src]) - sum(self.noble_cubes[src])) if self.enemy_cubes[src][e] > 0 else 0
                if x > 0:
                    self.say("gods-playground.log.exceed", None, enemy=e, province=src, excess=x)
                    for t in targets:
                        steps.append([e, t, x])

    def _cancel_enemies(self) -> None:
        """Different enemies in one province cancel cube for cube (the two smallest first)."""
        for i in range(NPROV):
            row = self.enemy_cubes[i]
            while sum(1 for x in row if x > 0) >= 2:
                present = sorted((x, e) for e, x in enumerate(row) if x > 0)
                (n1, e1), (_n2, e2) = present[0], present[1]
                row[e1] -= n1
                row[e2] -= n1
                self.enemy_supply[e1] += n1
                self.enemy_supply[e2] += n1
                self.say("gods-playground.log.cancel", None, province=i, count=n1, enemy=e1, enemy2=e2)

    # ------------------------------------------------------------------ phase 14
    def estates_phase(self) -> None:
        """Phase 14: estates lost to the excess (at least one unless the nobles outnumber the enemies);
        income levels +1 peaceful, = repelled, -1 occupied."""
        for i in range(NPROV):
            enemies = sum(self.enemy_cubes[i])
            nobles = sum(self.noble_cubes[i])
            # at peace (no new enemy cube this round) old cubes cost estates only where they
            # outnumber the nobles; otherwise any cube left costs at least one estate
            if enemies > nobles or (enemies > 0 and enemies == nobles and self.invaded[i]):
                lose = max(1, enemies - nobles)
                lost = 0
                while lose > 0 and self.estates[i]:
                    owner, lm, city = self.estates[i].pop()
                    self.discs_in_hand[owner] += 1
                    self.land_managers_left += lm
                    self.cities_left += city
                    lose -= 1
                    lost += 1
                if lost:
                    self.say("gods-playground.log.loses_estates", None, province=i, n=lost)
            old = self.income_levels[i]
            if not self.invaded[i]:
                self.income_levels[i] = min(C.MAX_LEVEL, old + 1)
            elif enemies > 0:
                self.income_levels[i] = max(C.MIN_LEVEL, old - 1)
            if self.income_levels[i] != old:
                self.say("gods-playground.log.level", None, province=i, old=old, new=self.income_levels[i])
        self._end_phase()

    # ------------------------------------------------------------------ phase 15
    def victory_points(self) -> None:
        """Phase 15: enemy-track majorities, 2 VP per senate disc, 1 VP per 5 złoty (keep at most 4)."""
        for e in range(5):
            self._score_track(e)
        for i in range(NPROV):
            q = self.senate[i]
            if q >= 0:
                self.vp[q] += C.SENATE_VP
        for p in range(P):
            gain = self.money[p] // C.ZLOTY_PER_VP
            if gain:
                self.money[p] -= gain * C.ZLOTY_PER_VP
                self.vp[p] += gain
        self.say("gods-playground.log.victory_points", None,
                 points=[msg("gods-playground.log.seat_number", seat=p, value=self.vp[p]) for p in range(P)])
        self._end_phase()

    def _score_track(self, e: int) -> None:
        row = self.track_nobles[e]
        best = max(row)
        if best == 0:
            return
        royal = self.track_royal_cubes[e]
        if royal > best:
            self.say("gods-playground.log.royal_lead", None, enemy=e)
            return
        top = [p for p in range(P) if row[p] == best]
        div = len(top) * (2 if royal == best else 1)
        pts = C.ENEMY_VP[e] // div
        for p in top:
            self.vp[p] += pts
        self.say("gods-playground.log.track_score", None, enemy=e, seats=top, vp=pts)

    # ------------------------------------------------------------------ phase 16
    def end_of_round(self) -> None:
        """Phase 16: clear the tracks, the senate, the armies and the treaty; trim enemies to the nobles."""
        for e in range(5):
            for p in range(P):
                self.cubes_in_hand[p] += self.track_nobles[e][p]
                self.track_nobles[e][p] = 0
            self.track_royal_cubes[e] = 0
            self.enemy_supply[e] += self.track_enemy_cubes[e]
            self.track_enemy_cubes[e] = 0
        for i in range(NPROV):
            q = self.senate[i]
            if q >= 0:
                self.discs_in_hand[q] += 1
                self.senate[i] = -1
        for p in range(P):
            for i in range(NPROV):
                for k in range(3):
                    self.units_in_hand[p][k] += self.units[p][i][k]
                    self.units[p][i][k] = 0
        self.royal_army = [0, 0, 0]
        self.cossacks = [-1] * C.COSSACKS
        self.treaty = -1
        self.diplomacy_used = False
        self.city_used = False
        for i in range(NPROV):
            row = self.enemy_cubes[i]
            over = sum(row) - sum(self.noble_cubes[i])
            while over > 0:
                e = row.index(max(row))
                row[e] -= 1
                self.enemy_supply[e] += 1
                over -= 1
        if self.round == 3 and self.ottomans_invaded and not self.habsburgs_annexed:
            self.habsburgs_annexed = True
            self.say("gods-playground.log.annex")
        self.ottomans_invaded = False
        self.invaded = [False] * NPROV
        self.say("gods-playground.log.round_end", None, round=self.round)
        if self.round == C.ROUNDS:
            self.final_scoring()
            return
        self.round += 1
        self.phase = 1
        self.mode = "auto"

    def final_scoring(self) -> None:
        """After round 4: each estate scores its printed number, x3 with a city."""
        for i in range(NPROV):
            for k, (owner, _lm, city) in enumerate(self.estates[i]):
                pts = C.ESTATE_SLOTS[i][k] * (C.CITY_MULTIPLIER if city else 1)
                self.final_estate_vp[owner] += pts
        for p in range(P):
            self.vp[p] += self.final_estate_vp[p]
        self.say("gods-playground.log.estates_score", None,
                 points=[msg("gods-playground.log.seat_number", seat=p, value=self.final_estate_vp[p]) for p in range(P)])
        self.over = True
        self.mode = "over"
        self.movers = []
        w = self.winners()
        self.say("gods-playground.log.final", None,
                 points=[msg("gods-playground.log.seat_vp", seat=p, vp=self.vp[p]) for p in range(P)],
                 winner=_seats_and(w))

    # ================================================================== information
    def _observation(self, player: int | None) -> dict[str, Any]:
        placed = []
        for q in range(P):
            if q == player:
                placed.append(list(self.tokens_placed[q]))
            else:
                placed.append([1 if v >= 0 else 0 for v in self.tokens_placed[q]])
        bids = []
        for q in range(P):
            if q == player:
                bids.append(self.bids[q])
            else:
                bids.append(-2 if self.bids[q] >= 0 else -1)
        return {
            "round": self.round, "phase": self.phase, "phase_name": PHASE_NAMES[self.phase] if self.phase <= 16 else "",
            "mode": self.mode, "turn": self.turn, "king": self.king, "start_player": self.start_player,
            "level": list(self.income_levels), "estates": [[list(s) for s in row] for row in self.estates],
            "nobles": [list(r) for r in self.noble_cubes], "enemies_in_provinces": [list(r) for r in self.enemy_cubes],
            "cubes_in_hand": list(self.cubes_in_hand), "discs_in_hand": list(self.discs_in_hand), "senate": list(self.senate),
            "money": list(self.money), "vp": list(self.vp), "tokens_in_hand": [list(t) for t in self.tokens_in_hand],
            "tokens_placed": placed, "tokens_shown": [list(s) for s in self.tokens_shown],
            "units": [[list(u) for u in row] for row in self.units], "units_in_hand": [list(u) for u in self.units_in_hand],
            "cossacks": list(self.cossacks), "royal_army": list(self.royal_army),
            "track_nobles": [list(r) for r in self.track_nobles], "track_royal": list(self.track_royal_cubes),
            "track_enemy": list(self.track_enemy_cubes), "strength": [self.strength(e) for e in range(5)],
            "enemy_supply": list(self.enemy_supply), "treaty": self.treaty, "diplomacy_used": self.diplomacy_used,
            "city_used": self.city_used, "annexed": self.habsburgs_annexed, "land_managers": self.land_managers_left,
            "cities": self.cities_left, "hit": list(self.invaded), "builds": list(self.estates_built), "passed": list(self.passed),
            "picks_left": list(self.picks_left), "sub": dict(self.step), "bids": bids, "bidders": list(self.bidders),
            "dice": list(self.dice), "battle": None if self.battle is None else dict(self.battle),
            "camp_total": self.camp_total, "final_estate_vp": list(self.final_estate_vp),
        }

    def _resample_hidden(self, player: int | None) -> None:
        for q in range(P):
            if q == player:
                continue
            areas = [a for a in range(6) if self.tokens_placed[q][a] >= 0]
            if areas:
                pool = list(self.tokens_in_hand[q])
                self.rng.shuffle(pool)
                for a, v in zip(areas, pool):
                    self.tokens_placed[q][a] = v
            if self.bids[q] >= 0:
                self.bids[q] = self.rng.randbelow(self.money[q] + 1)

    def check_invariants(self) -> None:
        for p in range(P):
            cubes = self.cubes_in_hand[p] + sum(self.noble_cubes[i][p] for i in range(NPROV)) + sum(self.track_nobles[e][p] for e in range(5))
            if cubes != C.CUBES or self.cubes_in_hand[p] < 0:
                raise InvariantError(f"{NAMES[p]} has {cubes} noble cubes, not {C.CUBES}")
            discs = self.discs_in_hand[p] + self.senate.count(p) + sum(1 for row in self.estates for s in row if s[0] == p)
            if discs != C.DISCS or self.discs_in_hand[p] < 0:
                raise InvariantError(f"{NAMES[p]} has {discs} discs, not {C.DISCS}")
            for k in range(3):
                n = self.units_in_hand[p][k] + sum(self.units[p][i][k] for i in range(NPROV))
                if n != C.UNITS[k] or self.units_in_hand[p][k] < 0:
                    raise InvariantError(f"{NAMES[p]} has {n} {C.UNIT_NAMES[k]}")
            if self.money[p] < 0:
                raise InvariantError(f"{NAMES[p]} has negative money")
        for e in range(5):
            n = self.enemy_supply[e] + self.track_enemy_cubes[e] + sum(self.enemy_cubes[i][e] for i in range(NPROV))
            if n != C.ENEMY_CUBES[e] or self.enemy_supply[e] < 0:
                raise InvariantError(f"{C.ENEMIES[e]} have {n} cubes, not {C.ENEMY_CUBES[e]}")
        if sum(self.track_royal_cubes) > C.ROYAL_CUBES:
            raise InvariantError("more royal cubes than exist")
        lms = sum(s[1] for row in self.estates for s in row)
        if lms + self.land_managers_left != C.LAND_MANAGERS:
            raise InvariantError("land managers not conserved")
        cities = sum(s[2] for row in self.estates for s in row)
        if cities + self.cities_left != C.CITIES:
            raise InvariantError("cities not conserved")
        for i in range(NPROV):
            if len(self.estates[i]) > len(C.ESTATE_SLOTS[i]):
                raise InvariantError(f"{C.PROVINCES[i]} estate track overflows")
        if any(r < 0 for r in self.royal_army) or any(self.royal_army[k] > C.ROYAL_UNITS[k] for k in range(3)):
            raise InvariantError("royal army out of range")

    # ================================================================== words
    def parse_action(self, text: str, player: int | None = None) -> Action:
        """Like every game's, and names may stand for numbers: provinces (``estate prussia``,
        ``move little poland great poland``), enemies for their province (``diplomacy russia``), the
        army camp (``token camp 3``) and families (``confederation ukraine blue``)."""
        if isinstance(text, str):
            text = numbered(text)
        return super().parse_action(text, player)

    def why_illegal(self, action: Action, player: int) -> Message:
        reason = self._reason(action, player)
        if reason:
            return Message("gods-playground.illegal", {"action": str(action), "reason": reason})
        # the core's sentence, with each legal action quoted as a player types it (“seat 0”、“seat 2” in Chinese)
        legal = self.legal_actions(player)
        shown = [msg("gods-playground.typed", action=str(a)) for a in legal[:12]]
        if len(legal) > 12:
            shown[-1] = msg("gods-playground.typed_more", action=str(legal[11]))
        return Message("core.not_legal_now", {"game": self.game.id, "action": str(action), "seat": player,
                                              "legal": shown})

    def _reason(self, action: Action, p: int) -> dict[str, Any] | None:  # noqa: C901 - one message per rule
        name, args = action.name, action.args
        m = self.mode
        ints = all(isinstance(a, int) for a in args)
        if p == CHANCE:
            return None
        if name == "token":
            if m != "token":
                return msg("gods-playground.illegal.token_phase")
            if len(args) != 2 or not ints:
                return msg("gods-playground.illegal.token_form")
            a, v = args
            if not 0 <= a <= 5:
                return msg("gods-playground.illegal.token_area")
            if self.tokens_placed[p][a] >= 0:
                return msg("gods-playground.illegal.token_twice", area=a)
            if v not in self._tokens_left(p):
                return msg("gods-playground.illegal.token_value", value=v, left=self._tokens_left(p))
        if name == "bid":
            if m != "bid":
                return msg("gods-playground.illegal.bid_phase")
            if args and isinstance(args[0], int) and args[0] > self.money[p]:
                return msg("gods-playground.illegal.bid_money", amount=args[0], money=self.money[p])
            if args and isinstance(args[0], int) and args[0] < 0:
                return msg("gods-playground.illegal.bid_negative")
        if name == "buy":
            if m != "buy":
                return msg("gods-playground.illegal.buy_phase")
            unit = args[0] if args else ""
            if unit not in UNIT_CODES:
                return msg("gods-playground.illegal.buy_units")
            i = self.step["prov"]
            if unit == "art" and self.round < C.ARTILLERY_FROM_ROUND:
                return msg("gods-playground.illegal.buy_artillery")
            if unit == "cossack" and i != C.COSSACK_PROVINCE:
                return msg("gods-playground.illegal.buy_cossack_where")
            if unit == "cossack" and -1 not in self.cossacks:
                return msg("gods-playground.illegal.buy_cossack_left")
            if unit != "cossack" and self.units_in_hand[p][UNIT_CODES[unit]] == 0:
                return msg("gods-playground.illegal.buy_none_left", code=unit)
            price = self._price(i, unit)
            if price > self.money[p]:
                return msg("gods-playground.illegal.buy_money", code=unit, price=price, money=self.money[p])
        if name in ("land", "danzig", "diplomacy", "move", "veto", "confederation", "jesuit", "city"):
            if m not in ("special", "move", "jesuit"):
                return msg("gods-playground.illegal.special_phase")
            if name == "jesuit" and self.round < C.JESUIT_FROM_ROUND:
                return msg("gods-playground.illegal.jesuit_round")
            if name == "city":
                if self.round < C.CITY_FROM_ROUND:
                    return msg("gods-playground.illegal.city_round")
                if self.city_used:
                    return msg("gods-playground.illegal.city_used")
            if name == "confederation":
                if self.round not in C.CONFEDERATION_ROUNDS:
                    return msg("gods-playground.illegal.confed_round")
                if not self._single_last(p):
                    return msg("gods-playground.illegal.confed_last")
                if self.discs_in_hand[p] == 0:
                    return msg("gods-playground.illegal.confed_disc")
                if len(args) == 2 and ints and 0 <= args[0] < NPROV and 0 <= args[1] < P:
                    i, v = args
                    if self.noble_cubes[i][p] < 2:
                        return msg("gods-playground.illegal.confed_cubes")
                    if self.noble_cubes[i][p] <= self.noble_cubes[i][v]:
                        return msg("gods-playground.illegal.confed_more")
                    if self._confed_slot(i, v) < 0:
                        return msg("gods-playground.illegal.confed_slot")
            if name == "diplomacy":
                if self.diplomacy_used:
                    return msg("gods-playground.illegal.diplomacy_used")
                if args and isinstance(args[0], int):
                    e = args[0]
                    if not 0 <= e < 5:
                        return msg("gods-playground.illegal.diplomacy_enemy")
                    if e == C.OTTOMANS:
                        return msg("gods-playground.illegal.diplomacy_ottomans")
                    if e == C.HABSBURGS and (self.round < 4 or self.habsburgs_annexed):
                        return msg("gods-playground.illegal.diplomacy_habsburgs")
                    if 0 <= e < 5 and self.noble_cubes[e][p] == 0:
                        return msg("gods-playground.illegal.diplomacy_cube", province=e)
                if not self._has_senate_disc(p):
                    return msg("gods-playground.illegal.diplomacy_disc")
            prov = args[0] if args and isinstance(args[0], int) and 0 <= args[0] < NPROV else -1
            if name == "danzig" and self.noble_cubes[0][p] == 0:
                return msg("gods-playground.illegal.danzig_cube")
            if name in ("land", "veto", "move", "jesuit") and prov >= 0 and self.noble_cubes[prov][p] == 0:
                return msg("gods-playground.illegal.no_cube", province=prov)
            if name == "land":
                if self.land_managers_left == 0:
                    return msg("gods-playground.illegal.land_none")
                if prov >= 0 and len(args) == 2 and isinstance(args[1], int):
                    k = args[1] - 1
                    if not 0 <= k < len(self.estates[prov]) or self.estates[prov][k][0] != p:
                        return msg("gods-playground.illegal.land_own")
                    if self.estates[prov][k][1]:
                        return msg("gods-playground.illegal.land_twice")
            if name == "city" and prov >= 0 and self.noble_cubes[prov][p] < 2:
                return msg("gods-playground.illegal.city_cubes")
            if name == "move" and len(args) == 2 and args[0] == args[1]:
                return msg("gods-playground.illegal.move_same")
            if name == "jesuit" and self.mode == "jesuit" and args and args[0] in self.step.get("jes", []):
                return msg("gods-playground.illegal.jesuit_twice")
            if name == "jesuit" and self.money[p] < C.JESUIT_COST:
                return msg("gods-playground.illegal.jesuit_money")
        prov = args[0] if args and isinstance(args[0], int) and 0 <= args[0] < NPROV else -1
        if name == "seat":
            if m != "seat":
                return msg("gods-playground.illegal.seat_phase")
            if prov >= 0 and self.senate[prov] != p:
                return msg("gods-playground.illegal.seat_not_yours", province=prov)
        if name == "estate" and m != "estate":
            return msg("gods-playground.illegal.estate_phase")
        if name == "build" and m != "build":
            return msg("gods-playground.illegal.build_phase")
        if name == "recruit":
            if m != "recruit":
                return msg("gods-playground.illegal.recruit_phase")
            if prov >= 0 and self.noble_cubes[prov][p] == 0:
                return msg("gods-playground.illegal.recruit_cube", province=prov)
            if prov >= 0:
                return msg("gods-playground.illegal.recruit_nothing", province=prov)
        if name == "campaign" and m == "campaign" and prov >= 0:
            if self.noble_cubes[prov][p] == 0:
                return msg("gods-playground.illegal.campaign_cube", province=prov)
            if self._army_in(p, prov) == 0:
                return msg("gods-playground.illegal.campaign_army", province=prov)
            if self.treaty == prov and sum(self.enemy_cubes[prov]) == 0:
                return msg("gods-playground.illegal.campaign_treaty", enemy=prov)
        if name == "campaign" and m == "fight":
            return msg("gods-playground.illegal.campaign_fight")
        if name in ("campaign", "royal") and m not in ("campaign", "fight"):
            return msg("gods-playground.illegal.campaign_phase")
        if name == "royal" and m in ("campaign", "fight") and not self.step.get("free") and not self._has_senate_disc(p):
            return msg("gods-playground.illegal.royal_disc")
        if name == "build" and m == "build" and args and isinstance(args[0], int) and 0 <= args[0] < NPROV:
            cost = 1 if self.estates_built[p] == 0 else 2
            if self.noble_cubes[args[0]][p] < cost:
                return msg("gods-playground.illegal.build_cubes", count=cost, province=args[0])
            if not self._free_slot(args[0]):
                return msg("gods-playground.illegal.build_full", province=args[0])
        return None

    # ------------------------------------------------------------------ describe
    def player_name(self, player: int | None, lang: str = DEFAULT_LANGUAGE) -> str:
        """A family with its house ("White (Radziwiłł)" / "白方（拉齐维乌家族）")."""
        if isinstance(player, int) and 0 <= player < P:
            return term(self.game.id, "family", player, lang) or C.SEATS[player]
        return super().player_name(player, lang)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does and costs, with the numbers, for a person (labels, replays)."""
        found = self._describe(action, player)
        return None if found is None else Message(found["id"], found["args"])

    @staticmethod
    def _force(units: list[int], coss: int = 0) -> dict[str, Any]:
        """"2 infantry, 1 cavalry and 1 Cossack" as a message."""
        parts = [msg("gods-playground.d.units", count=n, unit=k) for k, n in enumerate(units) if n]
        if coss:
            parts.append(msg("gods-playground.d.cossacks", n=coss))
        if not parts:
            return msg("gods-playground.d.no_units")
        return _list_and(parts)

    def _describe(self, action: Action, player: int | None) -> dict[str, Any] | None:  # noqa: C901
        n, a = action.name, action.args
        p = player if isinstance(player, int) and player >= 0 else self.turn
        m = self.mode

        def prov(k: Any) -> Any:
            if not (isinstance(k, int) and 0 <= k < NPROV):
                raise ValueError(k)  # not a province: the compact text instead
            return k

        def cube(k: Any, c: int = 1) -> dict[str, Any]:
            return msg("gods-playground.d.cubes", count=c, province=prov(k))

        if n == "roll":
            d = a[0]
            if m == "battle" and self.battle and self.battle["q"]:
                b = self.battle
                unit = b["q"][0]
                need = HIT[unit] - (1 if b["art"] else 0)
                res = msg("gods-playground.d.routed") if d == 1 else (
                    msg("gods-playground.d.a_hit") if d >= need else msg("gods-playground.d.a_miss"))
                if b["side"] >= 0:
                    return msg("gods-playground.d.battle_die", seat=b["side"], unit=unit, province=prov(b["prov"]),
                               die=d, result=res, need=need)
                return msg("gods-playground.d.royal_battle_die", unit=unit, province=prov(b["prov"]), die=d,
                           result=res, need=need)
            kind = self.step.get("dice") if isinstance(self.step, dict) else None
            if kind == "diplomacy":
                return msg("gods-playground.d.diplomacy_die", die=d, cost=d + C.DIPLOMACY_EXTRA)
            if kind in ("events", "attack"):
                what = msg("gods-playground.d.plus_strength", enemy=d - 1) if d <= 5 else (
                    msg("gods-playground.d.cossack_defects") if self.round == 2 else msg("gods-playground.d.nothing"))
                if kind == "events":
                    return msg("gods-playground.d.event_die", die=d, what=what)
                return msg("gods-playground.d.attack_die", die=d, what=what)
            return msg("gods-playground.d.die", die=d)
        if n == "start":
            return msg("gods-playground.d.start", seat=a[0])
        if n == "lot":
            return msg("gods-playground.d.lot", seat=a[0])
        if n == "estate":
            k = len(self.estates[a[0]]) + 1
            return msg("gods-playground.d.estate", province=prov(a[0]), slot=k)
        if n == "token":
            area, v = a
            if area == C.CAMP:
                return msg("gods-playground.d.token_camp", value=v)
            return msg("gods-playground.d.token", value=v, province=prov(area))
        if n == "bid":
            return msg("gods-playground.d.bid", amount=a[0], money=self.money[p])
        if n == "build":
            cost = 1 if self.estates_built[p] == 0 else 2
            k = len(self.estates[a[0]]) + 1
            return msg("gods-playground.d.build", province=prov(a[0]), slot=k, level=self.income_levels[a[0]],
                       cost=cube(a[0], cost))
        if n == "pass":
            if m == "build":
                what = msg("gods-playground.d.pass_build")
            elif m == "special":
                what = msg("gods-playground.d.pass_special")
            elif m == "recruit":
                what = msg("gods-playground.d.pass_recruit")
            elif m == "campaign":
                what = msg("gods-playground.d.pass_campaign")
            elif m == "fight":
                what = msg("gods-playground.d.pass_free_royal" if self.step.get("free") else "gods-playground.d.pass_royal")
            else:
                what = msg("gods-playground.d.pass_nothing")
            return msg("gods-playground.d.pass", what=what)
        if n == "done":
            if m == "move":
                what = msg("gods-playground.d.done_move")
            elif m == "jesuit":
                what = msg("gods-playground.d.done_jesuit", count=len(self.step.get("jes", [])))
            elif m == "buy":
                what = msg("gods-playground.d.done_buy", province=prov(self.step.get("prov", -1)))
            else:
                what = msg("gods-playground.d.done_finish")
            return msg("gods-playground.d.done", what=what)
        if n == "land":
            return msg("gods-playground.d.land", slot=a[1], province=prov(a[0]), income=C.LAND_MANAGER_INCOME,
                       cost=cube(a[0]))
        if n == "danzig":
            return msg("gods-playground.d.danzig", gain=2 * self.income_levels[0], level=self.income_levels[0], cost=cube(0))
        if n == "diplomacy":
            e = a[0]
            money = self.money[p]
            lo, hi = 1 + C.DIPLOMACY_EXTRA, 6 + C.DIPLOMACY_EXTRA
            key = "gods-playground.d.diplomacy"
            if money < hi:
                key = ("gods-playground.d.diplomacy_fail"
                       if self.game.options.get("diplomacy_shortfall", "pay_all") == "fail"
                       else "gods-playground.d.diplomacy_pay_all")
            return msg(key, enemy=prov(e), province=e, cost=cube(e), low=lo, high=hi, money=money)
        if n == "move":
            key = "gods-playground.d.move_second" if m == "move" else "gods-playground.d.move"
            return msg(key, province=prov(a[0]), province2=prov(a[1]))
        if n == "veto":
            discs = sum(1 for q in self.senate if q >= 0)
            mine = self.senate.count(p)
            if discs == 1:
                whose = msg("gods-playground.d.yours" if mine else "gods-playground.d.not_yours")
                return msg("gods-playground.d.veto_one", whose=whose, vp=C.SENATE_VP, cost=cube(a[0]))
            return msg("gods-playground.d.veto", discs=discs, mine=mine, vp=C.SENATE_VP, cost=cube(a[0]))
        if n == "confederation":
            k = self._confed_slot(a[0], a[1])
            if not 0 <= a[1] < P:
                return None
            return msg("gods-playground.d.confederation", province=prov(a[0]), seat=a[1], slot=k + 1,
                       cost=cube(a[0], 2))
        if n == "jesuit":
            done = len(self.step.get("jes", [])) if m == "jesuit" else 0
            key = "gods-playground.d.jesuit_fifth" if done == NPROV - 1 else "gods-playground.d.jesuit"
            return msg(key, province=prov(a[0]), bonus=C.JESUIT_ALL_BONUS, cost=cube(a[0]), price=C.JESUIT_COST)
        if n == "city":
            k = a[1]
            slot_vp = C.ESTATE_SLOTS[a[0]][k - 1]
            return msg("gods-playground.d.city", slot=k, province=prov(a[0]), slot_vp=slot_vp,
                       times=C.CITY_MULTIPLIER, total=slot_vp * C.CITY_MULTIPLIER, cost=cube(a[0], 2))
        if n == "recruit":
            i = prov(a[0])
            prices = [msg("gods-playground.d.unit_price", unit=0, price=self._price(i, "inf")),
                      msg("gods-playground.d.unit_price", unit=1, price=self._price(i, "cav"))]
            if self.round >= C.ARTILLERY_FROM_ROUND:
                prices.append(msg("gods-playground.d.unit_price", unit=2, price=self._price(i, "art")))
            if i == C.COSSACK_PROVINCE:
                prices.append(msg("gods-playground.d.unit_price", unit=3, price=self._price(i, "cossack")))
            once = msg("gods-playground.d.recruit_once" if self.game.options.get("recruit_turns", "once") == "once"
                       else "gods-playground.d.recruit_repeat")
            key = "gods-playground.d.recruit_half" if sum(self.enemy_cubes[i]) > 0 else "gods-playground.d.recruit"
            return msg(key, province=i, turns=once, cost=cube(i), money=self.money[p], prices=prices)
        if n == "buy":
            i = self.step["prov"]
            u = a[0]
            price = self._price(i, u)
            k = UNIT_CODES[u]
            have = self.units[p][i]
            army = self._force(have, self.cossacks.count(p) if i == C.COSSACK_PROVINCE else 0)
            key = "gods-playground.d.buy_half" if sum(self.enemy_cubes[i]) > 0 else "gods-playground.d.buy"
            return msg(key, unit=k, province=prov(i), price=price, hit=HIT[k], army=army)
        if n == "campaign":
            i = prov(a[0])
            army = self._force(self.units[p][i], self.cossacks.count(p) if i == C.COSSACK_PROVINCE else 0)
            key = "gods-playground.d.campaign_art" if self.units[p][i][2] else "gods-playground.d.campaign"
            return msg(key, province=i, army=army, target=self._target_text(i), cost=cube(i))
        if n == "royal":
            i = prov(a[0])
            free = m == "fight" and self.step.get("free")
            cost = msg("gods-playground.d.royal_free" if free else "gods-playground.d.royal_disc")
            against = self._target_text(i, royal=True) if m == "campaign" else self._target_text(i)
            return msg("gods-playground.d.royal", army=self._force(self.royal_army), province=i, target=against, cost=cost)
        if n == "seat":
            purpose = self.step.get("for", "")
            key = ("gods-playground.d.seat_treaty" if purpose == "diplomacy" else
                   "gods-playground.d.seat_royal" if purpose in ("royal", "fight") else "gods-playground.d.seat")
            return msg(key, province=prov(a[0]), vp=C.SENATE_VP)
        return None

    def _target_text(self, i: int, royal: bool = False) -> dict[str, Any]:
        row = self.enemy_cubes[i]
        if sum(row) > 0:
            cubes = [msg("gods-playground.d.enemy_cubes", n=x, enemy=e) for e, x in enumerate(row) if x]
            return msg("gods-playground.d.target_cubes", cubes=cubes, province=i)
        if royal:
            return msg("gods-playground.d.target_royal_track", enemy=i)
        return msg("gods-playground.d.target_track", enemy=i, vp=C.ENEMY_VP[i])


def _seats_and(seats: list[int]) -> dict[str, Any]:
    """The winners as a sentence names them: "White", "White and Blue", "White and Blue and Red"."""
    if len(seats) == 1:
        return msg("gods-playground.log.and1", seat=seats[0])
    if len(seats) == 2:
        return msg("gods-playground.log.and2", seat=seats[0], seat2=seats[1])
    return msg("gods-playground.log.and3", seat=seats[0], seat2=seats[1], seat3=seats[2])


def _list_and(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Messages listed with commas and a final "and": "2 infantry, 1 cavalry and 1 Cossack"."""
    k = len(items)
    if k == 1:
        return items[0]
    if k == 2:
        return msg("gods-playground.d.list2", item=items[0], item2=items[1])
    if k == 3:
        return msg("gods-playground.d.list3", item=items[0], item2=items[1], item3=items[2])
    return msg("gods-playground.d.list4", item=items[0], item2=items[1], item3=items[2], item4=items[3])
