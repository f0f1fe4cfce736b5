"""Citadels (富饶之城) as code: a round is a character draft, then the characters are called by rank.

The state is plain lists and ints (see ``FIELDS``). District cards are ints (``content.D_*``),
characters are ints (``content.C_*``). The face-down district deck is a sorted multiset of the
unseen cards (``pool``, drawn by chance) followed by the cards placed at its bottom (``bottom``,
in order, each with a bit mask of the seats that know it).

>>> s = meeple.load("citadels", players=4).new_game(seed=1)
>>> s.apply(s.legal_actions()[0])
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action, InvariantError, Rng, State
from meeple.core.i18n import Message, msg
from meeple.core.state import LogEntry
from meeple.games.citadels import content as K
from meeple.games.citadels.content import (
    ABBOT, ALCHEMIST, ARCHITECT, ARTIST, ASSASSIN, BISHOP, C_INCOME, C_RANK, C_SLUG, D_COLOUR,
    D_COST, D_POINTS, D_SLUG, DIPLOMAT, EMPEROR, GRAVEYARD, GREAT_WALL, HAUNTED_CITY, KEEP, KING,
    LABORATORY, LIBRARY, MAGICIAN, MERCHANT, NAVIGATOR, OBSERVATORY, QUEEN, SCHOOL_OF_MAGIC, SMITHY,
    TAX_COLLECTOR, THIEF, WARLORD, WITCH, WIZARD,
)

# ------------------------------------------------------------------ codes
P_SETUP, P_DRAFT, P_CALL, P_TURN, P_OVER = 0, 1, 2, 3, 4
DOWN, UP, OUT, POOL = -1, -2, -3, -4  # where a character is, when no seat holds it
PICK, BURY = 0, 1  # draft steps: take a character, or (2 players) lay one face down
NOBODY = -9

# ------------------------------------------------------------------ actions (built once)
ND, NC = K.N_DISTRICTS, K.N_CHARACTERS
A_GOLD, A_CARDS, A_END, A_INCOME = Action("gold"), Action("cards"), Action("end"), Action("income")
A_REDRAW, A_SMITHY, A_RECOVER, A_DECLINE = Action("redraw"), Action("smithy"), Action("recover"), Action("decline")
A_NAV_GOLD, A_NAV_CARDS = Action("navigate-gold"), Action("navigate-cards")
A_WIZ_KEEP, A_WIZ_BUILD = Action("wizard-keep"), Action("wizard-build")
A_TRIBUTE_GOLD = Action("tribute-gold")
A_KEEP_DONE = Action("keep-done")  # Library: keep only what was kept so far, the rest to the bottom
A_DRAW = [Action("draw", (D_SLUG[d],)) for d in range(ND)]
A_KEEP = [Action("keep", (D_SLUG[d],)) for d in range(ND)]
A_BUILD = [Action("build", (D_SLUG[d],)) for d in range(ND)]
A_DISCARD = [Action("discard", (D_SLUG[d],)) for d in range(ND)]
A_LAB = [Action("lab", (D_SLUG[d],)) for d in range(ND)]
A_TAKE = [Action("take", (D_SLUG[d],)) for d in range(ND)]
A_TRIBUTE = [Action("tribute", (D_SLUG[d],)) for d in range(ND)]
A_BEAUTIFY = [Action("beautify", (D_SLUG[d],)) for d in range(ND)]
A_EXCHANGE = [Action("exchange", (D_SLUG[d],)) for d in range(ND)]
A_PICK = [Action("pick", (C_SLUG[c],)) for c in range(NC)]
A_BURY = [Action("facedown", (C_SLUG[c],)) for c in range(NC)]
A_DEAL_DOWN = [Action("deal-down", (C_SLUG[c],)) for c in range(NC)]
A_DEAL_UP = [Action("deal-up", (C_SLUG[c],)) for c in range(NC)]
A_KILL = [Action("kill", (C_SLUG[c],)) for c in range(NC)]
A_ROB = [Action("rob", (C_SLUG[c],)) for c in range(NC)]
A_BEWITCH = [Action("bewitch", (C_SLUG[c],)) for c in range(NC)]
MAXP = 7
A_CROWN = [Action("crown", (p,)) for p in range(MAXP)]
A_SWAP = [Action("swap", (p,)) for p in range(MAXP)]
A_PEEK = [Action("peek", (p,)) for p in range(MAXP)]
A_GIVE_CROWN = [Action("give-crown", (p,)) for p in range(MAXP)]
A_LEVY = [Action("levy", (p,)) for p in range(MAXP)]
A_DESTROY = [[Action("destroy", (p, D_SLUG[d])) for d in range(ND)] for p in range(MAXP)]
A_SWAP_WITH = [[Action("exchange-with", (p, D_SLUG[d])) for d in range(ND)] for p in range(MAXP)]

COLOUR_OF = tuple(K.COLOUR_NAMES[c] for c in D_COLOUR)  # a district's colour, as the messages name it
_ENTRY = tuple.__new__  # a LogEntry without NamedTuple's keyword handling (the card-draw line is hot)


def _and(seats: list[int]) -> dict[str, Any]:
    """Seats as one message: "Red", "Red and Blue", "Red and Blue and Green"."""
    out = msg("citadels.seat_ref", seat=seats[0])
    for q in seats[1:]:
        out = msg("citadels.and", left=out, right=msg("citadels.seat_ref", seat=q))
    return out


class CitadelsState(State):
    """One game of Citadels; see the module docstring and docs/rules/citadels.md."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "mover", "chance_kind", "crown", "round", "complete_at", "first_complete",
        "gold", "hands", "cities", "coins", "haunted", "pool", "bottom", "bottom_known", "known", "dq",
        "chars", "holder", "steps", "seen", "cpool", "offer", "script", "script_i", "seven",
        "deal_down", "deal_up", "call_i", "revealed", "absent", "killed", "robbed", "bewitched",
        "cur_char", "cur_seat", "witch_step", "took", "builds", "income_done", "used", "lab_used",
        "smithy_used", "warlord_done", "spent", "built", "drawn", "keep_n", "redraw", "grave",
        "wiz", "tribute", "tax_owed", "art", "protect", "robber",
    )
    ACTION_NAMES: ClassVar[frozenset[str]] = frozenset({
        "gold", "cards", "end", "income", "redraw", "smithy", "recover", "decline", "draw", "keep",
        "build", "discard", "lab", "pick", "facedown", "deal-down", "deal-up", "kill", "rob", "crown",
        "swap", "destroy", "bewitch", "peek", "take", "wizard-keep", "wizard-build", "give-crown",
        "tribute", "tribute-gold", "levy", "navigate-gold", "navigate-cards", "exchange",
        "exchange-with", "beautify", "keep-done",
    })
    MAX_ACTIONS: ClassVar[int] = 200_000

    # ================================================================== set-up (seed "游戏准备")
    def setup(self) -> None:
        n = self.game.players
        opts = self.game.options
        self.phase = P_SETUP
        self.mover = CHANCE
        self.chance_kind = "crown"
        self.crown = -1
        self.round = 0
        if opts.get("short_game"):
            self.complete_at = K.COMPLETE_CITY_SHORT
        elif n == 2:
            self.complete_at = int(opts.get("two_player_city", K.COMPLETE_CITY_SMALL))
        elif n == 3 and opts.get("three_player", "seed") == "seed":
            self.complete_at = K.COMPLETE_CITY_SMALL
        else:
            self.complete_at = K.COMPLETE_CITY
        self.first_complete = -1
        self.gold = [K.START_GOLD] * n
        self.hands = [[] for _ in range(n)]
        self.cities = [[] for _ in range(n)]
        self.coins = [[] for _ in range(n)]
        self.haunted = [-1] * n
        self.pool = list(K.FULL_DECK)
        self.bottom = []
        self.bottom_known = []
        self.known = [[[] for _ in range(n)] for _ in range(n)]
        self.dq = [p * 2 + 1 for p in range(n) for _ in range(K.START_CARDS)]
        self.say("citadels.setup_deal", gold=K.START_GOLD, n=K.START_CARDS)
        chars = []
        for rank in range(1, 10):
            slug = opts.get(f"rank{rank}", K.RANK_CHOICES[rank][0])
            if slug == "none":
                continue
            if slug == "assassin" and n == 3 and opts.get("three_player", "seed") == "seed":
                continue  # seed "3 名玩家": "从游戏当中移走杀手这张角色卡" (the Assassin, by name)
            chars.append(K.C_INDEX[slug])
        self.chars = chars
        self.holder = [OUT] * NC
        self.steps = []
        self.seen = [[] for _ in range(n)]
        self.cpool = []
        self.offer = []
        self.script = []
        self.script_i = 0
        self.seven = []
        self.deal_down = 0
        self.deal_up = 0
        self.call_i = 0
        self.revealed = []
        self.absent = []
        self.killed = -1
        self.robbed = -1
        self.bewitched = -1
        self.cur_char = -1
        self.cur_seat = -1
        self.witch_step = 0
        self.took = False
        self.builds = 0
        self.income_done = True
        self.used = False
        self.lab_used = False
        self.smithy_used = False
        self.warlord_done = False
        self.spent = 0
        self.built = 0
        self.drawn = []
        self.keep_n = 0
        self.redraw = []
        self.grave = []
        self.wiz = []
        self.tribute = -1
        self.tax_owed = []
        self.art = 0
        self.protect = -1
        self.robber = -1
        self._settle()

    # ================================================================== flow
    def _to_move(self) -> list[int]:
        m = self.mover
        return [] if m == NOBODY else [m]

    def _chance_due(self) -> bool:
        return self.mover == CHANCE

    def is_over(self) -> bool:
        return self.phase == P_OVER

    def _settle(self) -> None:
        """Run every step that needs no decision, until a seat or chance must act."""
        while True:
            if self.phase == P_OVER:
                self.mover = NOBODY
                return
            if self.dq:
                if self.pool:
                    self.mover = CHANCE
                    self.chance_kind = "draw"
                    return
                if self.bottom:
                    code = self.dq.pop(0)
                    card = self.bottom.pop(0)
                    mask = self.bottom_known.pop(0)
                    if not mask >> (code >> 1) & 1:
                        self.reveal()  # the drawer sees a card from the bottom it did not know
                    self._receive(code, card, from_bottom=mask)
                    continue
                self.dq = []  # the deck is exhausted: the draws that remain are lost
                continue
            phase = self.phase
            if phase == P_SETUP:
                if self.crown < 0:
                    self.mover = CHANCE
                    self.chance_kind = "crown"
                    return
                self._start_round()
                continue
            if phase == P_DRAFT:
                if self.deal_down or self.deal_up:
                    self.mover = CHANCE
                    self.chance_kind = "down" if self.deal_down else "up"
                    return
                if self.script_i < len(self.script):
                    self.mover = self.script[self.script_i][0]
                    return
                self._end_draft()
                continue
            if phase == P_CALL:
                self._call_next()
                continue
            # P_TURN
            if self.grave:
                self.mover = self.grave[1]
            elif self.tribute >= 0:
                self.mover = self.tribute
            else:
                p = self.mover = self.cur_seat
                if not (self.drawn or self.redraw or self.wiz):
                    acts = self._turn_actions(p)
                    if len(acts) == 1 and acts[0] is A_END:
                        if self.builds > 0 and self.took and self.hands[p] and not self.warlord_done:
                            self.reveal()  # the table learns that no card in the hand can be built
                        self._end_turn(p)  # nothing is left to decide: the turn ends by itself
                        continue
                    if acts[0].name == "build":
                        # only a build keeps the turn from ending by itself: the table learns that
                        # the hand holds a district the seat can afford
                        self.reveal()
                    self._legal_cache[p] = acts
            return

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        kind = self.chance_kind
        if kind == "draw":
            counts: dict[int, int] = {}
            for d in self.pool:
                counts[d] = counts.get(d, 0) + 1
            return [(A_DRAW[d], float(k)) for d, k in sorted(counts.items())]
        if kind == "crown":
            return [(A_CROWN[p], 1.0) for p in range(self.game.players)]
        if kind == "down":
            return [(A_DEAL_DOWN[c], 1.0) for c in self.cpool]
        # face up: never the rank-4 character (seed "国王卡一定不可以是『放在一旁面向上的卡』")
        return [(A_DEAL_UP[c], 1.0) for c in self.cpool if C_RANK[c] != 4]

    def sample_chance(self, rng: Rng) -> Action:
        kind = self.chance_kind
        if kind == "draw":
            return A_DRAW[self.pool[rng.randbelow(len(self.pool))]]
        return super().sample_chance(rng)

    # ------------------------------------------------------------------ the referee's hooks (manual chance)
    def chance_owner(self) -> int | None:
        """A district draw is the drawing seat's (the next entry of the public draw queue ``dq``);
        the crown and the character deals before the draft are anyone's."""
        if self.chance_kind == "draw" and self.dq:
            return self.dq[0] >> 1
        return None

    def chance_choices(self, player: int) -> list[Action]:
        """What ``player`` is offered to enter at a real table, judged from what it may know only.

        Draw: every district kind with a copy ``player`` cannot locate (``_districts_unseen_by``),
        not the deck's exact content, which would tell it which cards the others hold. Character
        deals before the draft: every character of the game not yet dealt face up (the face-down
        card is nobody's to know; a face-up deal is never the rank-4 character), not the exact
        remaining set, which would name the face-down card. The crown is public: the default.
        See "Assumptions" in docs/rules/citadels.md.
        """
        kind = self.chance_kind
        if kind == "draw":
            unseen = set(self._districts_unseen_by(player))
            return [A_DRAW[d] for d in range(ND) if d in unseen]
        if kind in ("down", "up"):
            face_up = {c for h, c in self.steps if h == UP}
            table = A_DEAL_DOWN if kind == "down" else A_DEAL_UP
            return [table[c] for c in self.chars
                    if c not in face_up and (kind == "down" or C_RANK[c] != 4)]
        return super().chance_choices(player)

    def _districts_unseen_by(self, p: int) -> list[int]:
        """The district cards whose place ``p`` does not know: the deck, the others' hands but for the
        cards ``p`` knows there, the deck-bottom cards ``p`` did not see, and another seat's drawn,
        redraw or Wizard cards. The same multiset ``_resample_districts(p)`` re-deals, so determinize
        keeps it."""
        unseen: list[int] = list(self.pool)
        for q in range(self.game.players):
            if q == p:
                continue
            hand = list(self.hands[q])
            for d in self.known[p][q]:
                if d in hand:
                    hand.remove(d)
            unseen += hand
        unseen += [d for d, mask in zip(self.bottom, self.bottom_known) if not mask >> p & 1]
        if self.cur_seat != p:
            unseen += self.drawn
            unseen += self.redraw
        if self.wiz and self.wiz[1] == 1 and p not in (self.cur_seat, self.wiz[0]):
            unseen.append(self.wiz[2])
        return unseen

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self, player: int) -> list[Action]:
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        phase = self.phase
        if phase == P_DRAFT:
            kind = self.script[self.script_i][1]
            table = A_PICK if kind == PICK else A_BURY
            return [table[c] for c in self.offer]
        # P_TURN
        if self.grave:
            return [A_RECOVER, A_DECLINE]
        if self.tribute >= 0:
            acts = [A_TRIBUTE_GOLD] if self.gold[player] > 0 else []
            acts += [A_TRIBUTE[d] for d in sorted(set(self.hands[player]))]
            return acts
        if self.drawn:
            acts = [A_KEEP[d] for d in sorted(set(self.drawn))]
            if self.keep_n == 1 and LIBRARY in self.cities[player]:
                acts.append(A_KEEP_DONE)  # seed "图书馆": "你可以保留" both cards — may, not must
            return acts
        if self.redraw:
            acts = [A_DISCARD[d] for d in sorted(set(self.hands[player]))]
            acts.append(A_REDRAW)
            return acts
        if self.wiz:
            return self._wizard_actions(player)
        return self._turn_actions(player)

    def _turn_actions(self, p: int) -> list[Action]:
        c = self.cur_char
        gold = self.gold[p]
        hand = self.hands[p]
        city = self.cities[p]
        if self.warlord_done:
            # seed "在回合结束时": the destruction is the turn's last act; nothing of the turn follows
            return [A_END]
        acts: list[Action] = []
        took = self.took
        if not took:
            acts.append(A_GOLD)
            if self.pool or self.bottom:
                acts.append(A_CARDS)
        if self.witch_step == 1:
            # the bewitched character's holder: only the gold/cards action (seed "女巫")
            if took:
                acts.append(A_END)
            return acts
        if not self.used:
            acts += self._ability_actions(c, p, took)
        if not self.income_done and self.income(p, c) > 0:
            acts.append(A_INCOME)
        if LABORATORY in city and not self.lab_used and hand:
            acts += [A_LAB[d] for d in sorted(set(hand))]
        if SMITHY in city and not self.smithy_used and gold >= K.SMITHY_PRICE and (self.pool or self.bottom):
            acts.append(A_SMITHY)
        if took:
            if self.builds > 0 and not self.warlord_done:
                for d in sorted(set(hand)):
                    if D_COST[d] <= gold and d not in city:
                        acts.append(A_BUILD[d])
            if self._may_end():
                acts.append(A_END)
        return acts

    def _may_end(self) -> bool:
        # the Emperor must hand the crown on (seed "皇帝必须要将皇冠卡交给另外一位玩家")
        return not (self.cur_char == EMPEROR and not self.used)

    def _ability_actions(self, c: int, p: int, took: bool) -> list[Action]:
        n = self.game.players
        if c == ASSASSIN:
            return [A_KILL[x] for x in self.chars if x != c and self.holder[x] != UP]
        if c == THIEF:
            return [A_ROB[x] for x in self._rob_targets()]
        if c == MAGICIAN:
            acts = [A_SWAP[q] for q in range(n) if q != p]
            acts += [A_DISCARD[d] for d in sorted(set(self.hands[p]))]
            return acts
        if c == WARLORD:
            return self._destroy_actions(p) if took else []
        if c == WITCH:
            if not took or self.witch_step != 0 or self.built:
                return []
            return [A_BEWITCH[x] for x in self.chars if x != c and self.holder[x] != UP]
        if c == WIZARD:
            return [A_PEEK[q] for q in range(n) if q != p and self.hands[q]]
        if c == EMPEROR:
            # seed "必须要将皇冠卡交给另外一位玩家": any player but the Emperor, the crown's holder included
            return [A_GIVE_CROWN[q] for q in range(n) if q != p]
        if c == ABBOT:
            return [A_LEVY[q] for q in self._levy_targets(p)]
        if c == NAVIGATOR:
            if not took:
                return []
            acts = [A_NAV_GOLD]
            if self.pool or self.bottom:
                acts.append(A_NAV_CARDS)
            return acts
        if c == DIPLOMAT:
            if not took:
                return []
            return [A_EXCHANGE[d] for d in sorted(set(self.cities[p])) if self._swap_partners(p, d)]
        if c == ARTIST:
            if self.art >= 2 or self.gold[p] < 1:
                return []
            return [A_BEAUTIFY[d] for d in sorted(set(self.cities[p])) if d not in self.coins[p]]
        return []

    def _rob_targets(self) -> list[int]:
        # seed "盗贼不能打劫刺客或者被刺客暗杀的角色"; "盗贼不能打劫女巫或被施法的角色"
        return [x for x in self.chars if C_RANK[x] > 2 and self.holder[x] != UP
                and x != self.killed and x != self.bewitched]

    def _levy_targets(self, p: int) -> list[int]:
        richest = max(self.gold)
        if richest <= 0 or self.gold[p] == richest:
            return []
        return [q for q in range(self.game.players) if q != p and self.gold[q] == richest]

    def destroy_cost(self, q: int, d: int) -> int:
        """What the Warlord pays to destroy district ``d`` of seat ``q`` (seed "领主", "长城")."""
        cost = D_COST[d] - 1 if D_COST[d] > 1 else 0
        city = self.cities[q]
        if GREAT_WALL in city and d != GREAT_WALL:
            cost += 1
        if d in self.coins[q]:
            cost += 1  # a beautified district is worth one more (our reading of the Artist)
        return cost

    def _attackable(self, q: int) -> bool:
        return len(self.cities[q]) < self.complete_at and q != self.protect

    def _destroy_actions(self, p: int) -> list[Action]:
        gold = self.gold[p]
        acts = []
        for q in range(self.game.players):
            if not self._attackable(q):
                continue
            row = A_DESTROY[q]
            for d in sorted(set(self.cities[q])):
                if d != KEEP and self.destroy_cost(q, d) <= gold:
                    acts.append(row[d])
        return acts

    def _swap_partners(self, p: int, mine: int) -> list[tuple[int, int]]:
        """Diplomat: the districts of other cities that ``mine`` may be exchanged for."""
        out = []
        if mine == KEEP:
            return out
        gold = self.gold[p]
        my_city = self.cities[p]
        for q in range(self.game.players):
            if q == p or not self._attackable(q):
                continue
            their_city = self.cities[q]
            if mine in their_city:
                continue
            for d in sorted(set(their_city)):
                if d == KEEP or d in my_city:
                    continue
                if max(0, self.value_cost(q, d) - self.value_cost(p, mine)) <= gold:
                    out.append((q, d))
        return out

    def value_cost(self, q: int, d: int) -> int:
        return D_COST[d] + (1 if d in self.coins[q] else 0)

    def _wizard_actions(self, p: int) -> list[Action]:
        q, stage = self.wiz[0], self.wiz[1]
        if stage == 2:
            return [A_SWAP_WITH[q][d] for q, d in self._swap_partners(p, self.wiz[2])]
        if stage == 0:
            return [A_TAKE[d] for d in sorted(set(self.hands[q]))]
        d = self.wiz[2]
        acts = [A_WIZ_KEEP]
        if D_COST[d] <= self.gold[p]:
            acts.append(A_WIZ_BUILD)
        return acts

    def income(self, p: int, c: int) -> int:
        """The character income of ``c`` for seat ``p`` now (seed "*"; School of Magic "魔法学院")."""
        colour = C_INCOME[c]
        if colour < 0:
            return 0
        total = 0
        for d in self.cities[p]:
            if D_COLOUR[d] == colour or d == SCHOOL_OF_MAGIC:
                total += 1
        return total

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action, player: int) -> None:
        name = action.name
        if player == CHANCE:
            self._apply_chance(action)
        elif self.phase == P_DRAFT:
            self._draft_step(K.C_INDEX[action.args[0]], player)
        else:
            handler = self._HANDLERS[name]
            handler(self, action, player)
        self._settle()

    def _apply_chance(self, action: Action) -> None:
        name = action.name
        if name == "draw":
            d = K.D_INDEX[action.args[0]]
            self.pool.remove(d)
            self._receive(self.dq.pop(0), d, from_bottom=-1)
        elif name == "crown":
            p = action.args[0]
            self.crown = p
            self.say("citadels.crown_dealt", seat=p)
        elif name == "deal-down":
            c = K.C_INDEX[action.args[0]]
            self._take_from_cpool(c)
            self.steps.append([DOWN, c])
            self.holder[c] = DOWN
            self.deal_down -= 1
            self.say("citadels.set_aside_down")
        else:
            c = K.C_INDEX[action.args[0]]
            self._take_from_cpool(c)
            self.steps.append([UP, c])
            self.holder[c] = UP
            self.deal_up -= 1
            self.say("citadels.set_aside_up", character=C_SLUG[c])
        if self.phase == P_DRAFT and not self.deal_down and not self.deal_up and self.script_i == 0 and name.startswith("deal"):
            self._offer_to_next()

    def _take_from_cpool(self, c: int) -> None:
        self.cpool.remove(c)

    def _receive(self, code: int, d: int, from_bottom: int) -> None:
        """A card drawn from the deck goes to a seat's hand (code odd) or its drawn-cards buffer."""
        p = code >> 1
        if code & 1:
            self.hands[p].append(d)
            if from_bottom > 0:
                for r, row in enumerate(self.known):
                    if r != p and from_bottom >> r & 1:
                        row[p].append(d)
        else:
            self.drawn.append(d)
        self.log.append(_ENTRY(LogEntry, ("citadels.draws_card", {"seat": p, "district": D_SLUG[d]}, (p,))))

    # ------------------------------------------------------------------ the round (seed "选择角色")
    def _draft_plan(self) -> tuple[int, int, list[list[int]], bool]:
        """(face-down, face-up, script, seven) for this round's character selection."""
        n = self.game.players
        crown = self.crown
        m = len(self.chars)
        if n == 2:
            a, b = crown, 1 - crown
            # seed "2 名玩家" steps 1-4
            script = [[a, PICK], [b, PICK], [b, BURY], [a, PICK], [a, BURY], [b, PICK]]
            offer_size = 7
        elif n == 3 and self.game.options.get("three_player", "seed") == "two":
            script = [[(crown + i) % n, PICK] for i in range(6)]
            offer_size = 7
        else:
            script = [[(crown + i) % n, PICK] for i in range(n)]
            offer_size = n + 1
        up = m - 1 - offer_size
        seven = False
        if up < 0:
            seven = True  # seed "7 名玩家": the last player also takes the face-down card
            up = 0
        return 1, up, script, seven

    def _start_round(self) -> None:
        n = self.game.players
        self.round += 1
        self.phase = P_DRAFT
        self.holder = [OUT] * NC
        for c in self.chars:
            self.holder[c] = POOL
        self.cpool = list(self.chars)
        self.steps = []
        self.seen = [[] for _ in range(n)]
        self.offer = []
        down, up, script, seven = self._draft_plan()
        self.deal_down, self.deal_up = down, up
        self.script = script
        self.script_i = 0
        self.seven = [script[-1][0]] if seven else []
        self.call_i = 0
        self.revealed = []
        self.absent = []
        self.killed = self.robbed = self.bewitched = self.robber = -1
        self.tax_owed = []
        self.protect = -1
        self.say("citadels.round_start", round=self.round, seat=self.crown)

    def _offer_to_next(self) -> None:
        """The next seat of the script looks at the cards handed to it (it learns that set)."""
        seat, kind = self.script[self.script_i]
        offer = sorted(self.cpool)
        extras: list[int] = []
        if self.seven and self.script_i == len(self.script) - 1:
            f = self.steps[0][1]
            offer = sorted(offer + [f])
            extras = [0]
        self.offer = offer
        if self.script_i == 0 or self.script[self.script_i - 1][0] != seat:
            self.reveal()  # a new seat is handed the cards: it sees what the others left
        if kind == PICK and (self.script_i == 0 or self.script[self.script_i - 1][0] != seat):
            self.seen[seat].append([len(self.steps), extras, list(offer)])
            self.say("citadels.offered", (seat,), seat=seat, characters=[C_SLUG[c] for c in offer])

    def _draft_step(self, c: int, p: int) -> None:
        seat, kind = self.script[self.script_i]
        if self.seven and self.script_i == len(self.script) - 1:
            f = self.steps[0][1]
            if c == f:
                self.steps[0][0] = p
                last = self.cpool[0]
                self.steps.append([DOWN, last])
                self.cpool = []
                self.holder[f] = p
                self.holder[last] = DOWN
            else:
                self._take_from_cpool(c)
                last = c
                self.steps.append([p, c])
                self.holder[c] = p
            self.seven = [p, len(self.steps) - 1]
            self.seen[p].append([-1, [0], [f]])
            self.seen[p].append([len(self.steps) - 1, [], [last]])
            self.say("citadels.chooses_seven", seat=p)
            self.say("citadels.takes_character", (p,), seat=p, character=C_SLUG[c])
        else:
            self._take_from_cpool(c)
            if kind == PICK:
                self.steps.append([p, c])
                self.holder[c] = p
                self.say("citadels.chooses", seat=p)
                self.say("citadels.takes_character", (p,), seat=p, character=C_SLUG[c])
            else:
                self.steps.append([DOWN, c])
                self.holder[c] = DOWN
                self.say("citadels.lays_down", seat=p)
                self.say("citadels.lays_down_private", (p,), seat=p, character=C_SLUG[c])
            self.seen[p].append([len(self.steps), [], sorted(self.cpool)])
        self.script_i += 1
        if self.script_i < len(self.script):
            self._offer_to_next()
        else:
            self.offer = []

    def _end_draft(self) -> None:
        for c in sorted(self.cpool):
            self.steps.append([DOWN, c])
            self.holder[c] = DOWN
        if self.cpool:
            self.say("citadels.last_down")
        self.cpool = []
        self.offer = []
        self.phase = P_CALL
        self.call_i = 0

    # ------------------------------------------------------------------ calling (seed "玩家回合")
    def _call_next(self) -> None:
        chars = self.chars
        while self.call_i < len(chars):
            c = chars[self.call_i]
            self.call_i += 1
            h = self.holder[c]
            if c == self.killed:
                self.say("citadels.called_killed", character=C_SLUG[c])
                continue
            if h >= 0:
                self.reveal()  # the character is called: its holder shows it
                self._begin_turn(c, h)
                return
            if h == DOWN:
                self.reveal()  # nobody answers: the character was face down
                self.absent.append(c)
                self.say("citadels.called_nobody", character=C_SLUG[c])
                if c == TAX_COLLECTOR and self.tax_owed:
                    self.say("citadels.tax_nobody")
                    self.tax_owed = []
            if c == self.bewitched:
                self.say("citadels.spell_nobody")
        self._end_round()

    def _begin_turn(self, c: int, p: int, witch: bool = False) -> None:
        self.phase = P_TURN
        self.cur_char = c
        self.cur_seat = p
        self.took = False
        self.builds = 3 if c == ARCHITECT else 1
        self.income_done = C_INCOME[c] < 0
        self.used = False
        self.lab_used = False
        self.smithy_used = False
        self.warlord_done = False
        self.spent = 0
        self.built = 0
        self.art = 0
        self.witch_step = 0
        self.keep_n = 0
        if witch:
            # the Witch takes over the rest of the bewitched character's turn
            self.witch_step = 2
            self.took = True
            self.say("citadels.witch_acts", seat=p, character=C_SLUG[c])
            self._character_start(c, p)
            self._after_resource(p)
            return
        self.revealed.append([c, p])
        self.say("citadels.called", character=C_SLUG[c], seat=p)
        if c == self.robbed:
            thief = self.robber
            stolen = self.gold[p]
            if thief >= 0 and stolen:
                self.gold[p] = 0
                self.gold[thief] += stolen
            self.say("citadels.thief_takes", seat=p, amount=stolen)
        if c == KING:
            self.crown = p
            self.say("citadels.takes_crown", seat=p)
        if c == TAX_COLLECTOR and self.tax_owed:
            self._collect_owed_tax(p)
        if c == self.bewitched:
            self.witch_step = 1
            self.builds = 0
            self.say("citadels.bewitched", seat=p)
            return
        self._character_start(c, p)

    def _character_start(self, c: int, p: int) -> None:
        if c == BISHOP:
            self.protect = p  # seed "领主不可以攻打主教"
        if c == QUEEN:
            self._queen(p)
        if c == NAVIGATOR:
            self.builds = 0

    def _seat_of(self, c: int) -> int:
        h = self.holder[c]
        return h if h >= 0 else -1

    def _end_round(self) -> None:
        if self.killed >= 0:
            self.reveal()  # who held the killed character (or that nobody did) is told now
            h = self.holder[self.killed]
            if h >= 0:
                self.say("citadels.killed_was", seat=h, character=C_SLUG[self.killed])
                if self.killed == KING:
                    self.crown = h  # seed "弑君": the killed King's player still takes the crown
                    self.say("citadels.crown_all_same", seat=h)
        self.tax_owed = []  # (always settled when the Tax Collector is called)
        if self.first_complete >= 0 or self.round >= K.ROUND_LIMIT:
            self.phase = P_OVER
            self.mover = NOBODY
            scores = [msg("citadels.seat_score", seat=p, score=int(s)) for p, s in enumerate(self.scores())]
            self.say("citadels.game_ends", scores=scores, winners=_and(self.winners()))
            return
        self._start_round()

    # ------------------------------------------------------------------ the turn's actions
    def _act_gold(self, action: Action, p: int) -> None:
        self.took = True
        self.gold[p] += 2
        self.say("citadels.takes_gold", seat=p)
        if self.witch_step == 1:
            self._end_turn(p)
            return
        self._after_resource(p)

    def _act_cards(self, action: Action, p: int) -> None:
        self.took = True
        city = self.cities[p]
        k = 3 if OBSERVATORY in city else 2
        self.keep_n = 2 if LIBRARY in city else 1
        self.dq.extend([p * 2] * k)
        self.say("citadels.draws_to_choose", seat=p, n=k)
        self._after_resource(p)

    def _after_resource(self, p: int) -> None:
        if self.witch_step == 1:
            return
        c = self.cur_char
        if c == MERCHANT:
            self.gold[p] += 1
            self.say("citadels.merchant_bonus", seat=p)
        elif c == ARCHITECT:
            self.dq.extend([p * 2 + 1] * 2)
            self.say("citadels.architect_bonus", seat=p)

    def _act_keep(self, action: Action, p: int) -> None:
        d = K.D_INDEX[action.args[0]]
        self.drawn.remove(d)
        self.hands[p].append(d)
        self.keep_n -= 1
        self.say("citadels.keeps", (p,), seat=p, district=D_SLUG[d])
        if self.keep_n <= 0 or not self.drawn:
            self._keep_done(p)

    def _act_keep_done(self, action: Action, p: int) -> None:
        self._keep_done(p)

    def _keep_done(self, p: int) -> None:
        for x in self.drawn:
            self._to_bottom(x, 1 << p)
        self.say("citadels.keeps_rest", seat=p, n=len(self.drawn))
        self.drawn = []
        self.keep_n = 0
        if self.witch_step == 1:
            self._end_turn(p)

    def _to_bottom(self, d: int, mask: int) -> None:
        self.bottom.append(d)
        self.bottom_known.append(mask)

    def _act_build(self, action: Action, p: int) -> None:
        d = K.D_INDEX[action.args[0]]
        self._build(p, d, counts=True)

    def _build(self, p: int, d: int, counts: bool) -> None:
        cost = D_COST[d]
        self.gold[p] -= cost
        self.spent += cost
        self.hands[p].remove(d)
        self.cities[p].append(d)
        if counts:
            self.builds -= 1
        self.built += 1
        for row in self.known:
            if d in row[p]:
                row[p].remove(d)
        if d == HAUNTED_CITY:
            self.haunted[p] = self.round
        self.say("citadels.builds", seat=p, district=D_SLUG[d], colour=COLOUR_OF[d], cost=cost)
        if len(self.cities[p]) >= self.complete_at and self.first_complete < 0:
            self.first_complete = p
            self.say("citadels.completes", seat=p, count=self.complete_at)

    def _act_income(self, action: Action, p: int) -> None:
        self._collect_income(p)

    def _collect_income(self, p: int) -> None:
        amount = self.income(p, self.cur_char)
        self.income_done = True
        if amount:
            self.gold[p] += amount
            self.say("citadels.income", seat=p, amount=amount)

    def _act_lab(self, action: Action, p: int) -> None:
        d = K.D_INDEX[action.args[0]]
        self.hands[p].remove(d)
        self._to_bottom(d, 1 << p)
        self._forget_hand(p)
        self.gold[p] += 1
        self.lab_used = True
        self.say("citadels.lab", seat=p)
        self.say("citadels.lab_private", (p,), seat=p, district=D_SLUG[d])

    def _forget_hand(self, p: int) -> None:
        """Others saw cards of p's hand, but p discarded unseen: that knowledge is dropped."""
        for q, row in enumerate(self.known):
            if q != p:
                row[p] = []

    def _act_smithy(self, action: Action, p: int) -> None:
        self.gold[p] -= K.SMITHY_PRICE
        self.smithy_used = True
        self.dq.extend([p * 2 + 1] * K.SMITHY_DRAW)
        self.say("citadels.smithy", seat=p, price=K.SMITHY_PRICE, n=K.SMITHY_DRAW)

    def _act_end(self, action: Action, p: int) -> None:
        self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        c = self.cur_char
        if self.witch_step != 1:
            if not self.income_done and not self.warlord_done:
                self._collect_income(p)  # (an income the Warlord did not take before destroying is gone)
            if c == ABBOT and not self.used:
                targets = self._levy_targets(p)
                if targets:
                    self._levy(p, targets[0])
            if c == ALCHEMIST and self.spent:
                self.gold[p] += self.spent
                self.say("citadels.alchemist", seat=p, amount=self.spent)
        if self.built and self.gold[p] > 0:
            self._pay_tax(p)
        self.say("citadels.ends_turn", seat=p)
        was = self.witch_step
        self.cur_char = -1
        self.cur_seat = -1
        self.witch_step = 0
        self.phase = P_CALL
        if was == 1:
            witch = self._seat_of(WITCH)
            if witch >= 0:
                self._begin_turn(c, witch, witch=True)

    def _pay_tax(self, p: int) -> None:
        """Seed "税务官": whoever built pays 1 gold "给你" (to the Tax Collector) at the end of the turn.

        Before the Tax Collector is called nobody may learn whether a seat holds it, so a builder who
        plays before him (the rank-1 character, seed "如果杀手或女巫有建设地区") keeps the coin and
        owes it (``tax_owed``): when the Tax Collector is called its holder takes it from him; when
        nobody answers, nobody is owed and nobody pays. Nothing else happens between the rank-1 turn
        and the rank-2 call, so the debtor still has the coin then.
        """
        tc = TAX_COLLECTOR
        if tc not in self.chars or self.holder[tc] == UP or tc == self.killed or tc in self.absent:
            return
        seat = -1
        for c, s in self.revealed:
            if c == tc:
                seat = s
        if seat == p:
            return
        if seat >= 0:
            self.gold[p] -= 1
            self.gold[seat] += 1
            self.say("citadels.pays_tax", seat=p)
        else:
            self.tax_owed.append(p)
            self.say("citadels.owes_tax", seat=p)

    def _collect_owed_tax(self, tc_seat: int) -> None:
        for q in self.tax_owed:
            if q != tc_seat and self.gold[q] > 0:
                self.gold[q] -= 1
                self.gold[tc_seat] += 1
                self.say("citadels.pays_owed_tax", seat=q)
        self.tax_owed = []

    # ------------------------------------------------------------------ base character abilities
    def _act_kill(self, action: Action, p: int) -> None:
        c = K.C_INDEX[action.args[0]]
        self.killed = c
        self.used = True
        self.say("citadels.kills", character=C_SLUG[c])

    def _act_rob(self, action: Action, p: int) -> None:
        c = K.C_INDEX[action.args[0]]
        self.robbed = c
        self.robber = p  # the Thief's player, or the Witch acting as the Thief
        self.used = True
        self.say("citadels.robs", character=C_SLUG[c])

    def _act_swap(self, action: Action, p: int) -> None:
        q = action.args[0]
        mine, theirs = self.hands[p], self.hands[q]
        kn = self.known
        if len(kn[p][q]) < len(theirs) or len(kn[q][p]) < len(mine):
            self.reveal()  # each side now holds cards of the other's hand it had not seen
        self.hands[p], self.hands[q] = theirs, mine
        for r in range(self.game.players):
            if r != p and r != q:
                kn[r][p], kn[r][q] = kn[r][q], kn[r][p]
        kn[p][q] = sorted(mine)
        kn[q][p] = sorted(theirs)
        self.used = True
        self.say("citadels.swaps_hands", seat=p, seat2=q, mine=len(mine), n=len(theirs))

    def _act_discard(self, action: Action, p: int) -> None:
        d = K.D_INDEX[action.args[0]]
        self.hands[p].remove(d)
        self.redraw.append(d)
        self._forget_hand(p)
        self.used = True
        self.say("citadels.lays_aside", (p,), seat=p, district=D_SLUG[d])

    def _act_redraw(self, action: Action, p: int) -> None:
        k = len(self.redraw)
        for d in self.redraw:
            self._to_bottom(d, 1 << p)
        self.redraw = []
        self.dq.extend([p * 2 + 1] * k)
        self.say("citadels.redraws", seat=p, n=k)

    def _act_destroy(self, action: Action, p: int) -> None:
        q = action.args[0]
        d = K.D_INDEX[action.args[1]]
        cost = self.destroy_cost(q, d)
        self.gold[p] -= cost
        self._remove_district(q, d)
        self.used = True
        self.warlord_done = True
        self.say("citadels.destroys", seat=p, character=C_SLUG[self.cur_char], seat2=q, district=D_SLUG[d],
                 cost=cost)
        g = -1
        for r in range(self.game.players):
            if GRAVEYARD in self.cities[r]:
                g = r
        if g >= 0 and g != p and self.gold[g] >= 1:
            self.grave = [d, g]
            self.say("citadels.graveyard_may", seat=g, district=D_SLUG[d])
        else:
            self._to_bottom(d, (1 << self.game.players) - 1)

    def _remove_district(self, q: int, d: int) -> None:
        self.cities[q].remove(d)
        if d in self.coins[q]:
            self.coins[q].remove(d)
        if d == HAUNTED_CITY:
            self.haunted[q] = -1

    def _act_recover(self, action: Action, p: int) -> None:
        d = self.grave[0]
        self.grave = []
        self.gold[p] -= 1
        self.hands[p].append(d)
        for q, row in enumerate(self.known):
            if q != p:
                row[p].append(d)
        self.say("citadels.recovers", seat=p, district=D_SLUG[d])

    def _act_decline(self, action: Action, p: int) -> None:
        d = self.grave[0]
        self.grave = []
        self._to_bottom(d, (1 << self.game.players) - 1)
        self.say("citadels.declines", seat=p, district=D_SLUG[d])

    # ------------------------------------------------------------------ extra character abilities
    def _act_bewitch(self, action: Action, p: int) -> None:
        c = K.C_INDEX[action.args[0]]
        self.bewitched = c
        self.used = True
        self.say("citadels.bewitches", character=C_SLUG[c])
        self._end_turn(p)

    def _act_peek(self, action: Action, p: int) -> None:
        q = action.args[0]
        if len(self.known[p][q]) < len(self.hands[q]):
            self.reveal()  # the Wizard sees cards of that hand he did not know
        self.used = True
        self.wiz = [q, 0, -1]
        self.known[p][q] = sorted(self.hands[q])
        self.say("citadels.peeks", seat=p, seat2=q)
        self.say("citadels.hand_is", (p,), seat=q, districts=[D_SLUG[d] for d in sorted(self.hands[q])])

    def _act_take(self, action: Action, p: int) -> None:
        q = self.wiz[0]
        d = K.D_INDEX[action.args[0]]
        self.hands[q].remove(d)
        self.known[p][q].remove(d)
        for r in range(self.game.players):
            if r != p and r != q:
                self.known[r][q] = []
        self.wiz = [q, 1, d]
        self.say("citadels.takes_from", seat=p, seat2=q)
        self.say("citadels.takes_district", (p, q), seat=p, district=D_SLUG[d])

    def _act_wizard_keep(self, action: Action, p: int) -> None:
        q, _, d = self.wiz
        self.wiz = []
        self.hands[p].append(d)
        self.known[q][p].append(d)
        self.say("citadels.keeps_card", seat=p)

    def _act_wizard_build(self, action: Action, p: int) -> None:
        if self.game.players > 2:
            self.reveal()  # the card he took, seen by him and its owner only, is built in view of all
        q, _, d = self.wiz
        self.wiz = []
        self.hands[p].append(d)
        # seed "巫师": this build is not the turn's build, and may duplicate a district
        self._build(p, d, counts=False)

    def _act_give_crown(self, action: Action, p: int) -> None:
        q = action.args[0]
        self.crown = q
        self.used = True
        self.say("citadels.gives_crown", seat=p, seat2=q)
        if self.gold[q] > 0 or self.hands[q]:
            self.tribute = q
        else:
            self.say("citadels.cannot_pay", seat=q)

    def _act_tribute_gold(self, action: Action, p: int) -> None:
        self.gold[p] -= 1
        self.gold[self.cur_seat] += 1
        self.tribute = -1
        self.say("citadels.tribute_gold", seat=p)

    def _act_tribute(self, action: Action, p: int) -> None:
        d = K.D_INDEX[action.args[0]]
        e = self.cur_seat
        self.hands[p].remove(d)
        self.hands[e].append(d)
        self.known[p][e].append(d)
        if d in self.known[e][p]:
            self.known[e][p].remove(d)
        for r in range(self.game.players):
            if r != p and r != e:
                self.known[r][p] = []
        self.tribute = -1
        self.say("citadels.tribute_card", seat=p)
        self.say("citadels.tribute_is", (p, e), district=D_SLUG[d])

    def _act_levy(self, action: Action, p: int) -> None:
        self._levy(p, action.args[0])

    def _levy(self, p: int, q: int) -> None:
        self.used = True
        self.gold[q] -= 1
        self.gold[p] += 1
        self.say("citadels.levy", seat=q)

    def _act_navigate_gold(self, action: Action, p: int) -> None:
        self.used = True
        self.gold[p] += 4
        self.say("citadels.navigates_gold", seat=p)

    def _act_navigate_cards(self, action: Action, p: int) -> None:
        self.used = True
        self.dq.extend([p * 2 + 1] * 4)
        self.say("citadels.navigates_cards", seat=p)

    def _act_exchange(self, action: Action, p: int) -> None:
        self.wiz = [-1, 2, K.D_INDEX[action.args[0]]]  # reuse the sub-step slot: stage 2 = Diplomat
        self.say("citadels.offers_exchange", seat=p, district=D_SLUG[self.wiz[2]])

    def _act_exchange_with(self, action: Action, p: int) -> None:
        q = action.args[0]
        d = K.D_INDEX[action.args[1]]
        mine = self.wiz[2]
        self.wiz = []
        pay = max(0, self.value_cost(q, d) - self.value_cost(p, mine))
        my_coin = mine in self.coins[p]
        their_coin = d in self.coins[q]
        self._remove_district(p, mine)
        self._remove_district(q, d)
        self.cities[p].append(d)
        self.cities[q].append(mine)
        if their_coin:
            self.coins[p].append(d)
        if my_coin:
            self.coins[q].append(mine)
        if d == HAUNTED_CITY:
            self.haunted[p] = self.round
        if mine == HAUNTED_CITY:
            self.haunted[q] = self.round
        self.gold[p] -= pay
        self.gold[q] += pay
        self.used = True
        self.say("citadels.exchanges", seat=p, district=D_SLUG[mine], seat2=q, district2=D_SLUG[d], pay=pay)

    def _act_beautify(self, action: Action, p: int) -> None:
        d = K.D_INDEX[action.args[0]]
        self.gold[p] -= 1
        self.coins[p].append(d)
        self.art += 1
        if self.art >= 2:
            self.used = True
        self.say("citadels.beautifies", seat=p, district=D_SLUG[d])

    def _queen(self, p: int) -> None:
        n = self.game.players
        king = rank4 = -1
        for c in self.chars:
            if C_RANK[c] == 4:
                king, rank4 = self.holder[c], c
        if king >= 0 and king != p and (king == (p + 1) % n or king == (p - 1) % n):
            self.gold[p] += 3
            self.say("citadels.queen", seat=p, character=C_SLUG[rank4])

    _HANDLERS: ClassVar[dict[str, Any]] = {}

    # ================================================================== scoring (seed "胜利条件")
    def city_score(self, p: int, final_round: int | None = None) -> int:
        city = self.cities[p]
        total = len(self.coins[p])
        colours = 0
        for d in city:
            total += D_POINTS[d]
            if d != HAUNTED_CITY:
                colours |= 1 << D_COLOUR[d]
        if HAUNTED_CITY in city:
            last = self.round if final_round is None else final_round
            if self.haunted[p] < last:
                if bin(colours).count("1") >= 4:
                    colours = 31
            else:
                colours |= 1 << K.PURPLE
        if colours == 31:
            total += K.BONUS_COLOURS
        if self.first_complete == p:
            total += K.BONUS_FIRST
        elif len(city) >= self.complete_at:
            total += K.BONUS_COMPLETE
        return total

    def scores(self) -> list[float]:
        return [float(self.city_score(p)) for p in range(self.game.players)]

    def winners(self) -> list[int]:
        if self.phase != P_OVER:
            return []
        sc = self.scores()
        best = max(sc)
        tied = [p for p in range(self.game.players) if sc[p] == best]
        if len(tied) == 1:
            return tied
        # tie-break (ours, from the published game): the highest-ranked character of the last round
        rank = {p: max((C_RANK[c] for c in self.chars if self.holder[c] == p), default=0) for p in tied}
        top = max(rank.values())
        return [p for p in tied if rank[p] == top]

    # ================================================================== information
    def _observation(self, p: int | None) -> dict[str, Any]:
        n = self.game.players
        obs: dict[str, Any] = {
            "round": self.round,
            "phase": ("setup", "draft", "call", "turn", "over")[self.phase],
            "crown": self.crown,
            "complete_at": self.complete_at,
            "first_complete": self.first_complete,
            "gold": list(self.gold),
            "hand_sizes": [len(h) for h in self.hands],
            "cities": [[D_SLUG[d] for d in city] for city in self.cities],
            "coins": [[D_SLUG[d] for d in c] for c in self.coins],
            "haunted_round": list(self.haunted),
            "deck_size": len(self.pool) + len(self.bottom),
            "characters": [C_SLUG[c] for c in self.chars],
            "face_up": [C_SLUG[c] for h, c in self.steps if h == UP],
            "revealed": [[C_SLUG[c], s] for c, s in self.revealed],
            "absent": [C_SLUG[c] for c in self.absent],
            "killed": C_SLUG[self.killed] if self.killed >= 0 else None,
            "robbed": C_SLUG[self.robbed] if self.robbed >= 0 else None,
            "bewitched": C_SLUG[self.bewitched] if self.bewitched >= 0 else None,
            "draft_step": self.script_i,
            "draft_cards_left": len(self.cpool),
            "current": [C_SLUG[self.cur_char], self.cur_seat] if self.cur_char >= 0 else None,
            "witch_step": self.witch_step,
            "turn": {
                "took": self.took, "builds": self.builds, "income_done": self.income_done, "used": self.used,
                "lab_used": self.lab_used, "smithy_used": self.smithy_used, "destroyed": self.warlord_done,
                "spent": self.spent, "built": self.built, "drawn": len(self.drawn), "keep": self.keep_n,
                "redraw": len(self.redraw), "art": self.art,
            },
            "graveyard": [D_SLUG[self.grave[0]], self.grave[1]] if self.grave else None,
            "tribute": self.tribute,
            "tax_owed": list(self.tax_owed),
            "protected": self.protect,
            "pending_draws": len(self.dq),
            "scores": self.scores(),
        }
        if self.wiz:
            q, stage, d = self.wiz
            obs["wizard"] = [q, stage]
            if stage == 2:
                obs["wizard"].append(D_SLUG[d])
            elif stage == 1 and p is not None and p in (self.cur_seat, q):
                obs["wizard"].append(D_SLUG[d])
        if p is None:
            return obs
        obs["hand"] = sorted(D_SLUG[d] for d in self.hands[p])
        obs["known_hands"] = {str(q): sorted(D_SLUG[d] for d in self.known[p][q]) for q in range(n) if q != p}
        obs["deck_bottom_known"] = [[i, D_SLUG[d]] for i, (d, m) in enumerate(zip(self.bottom, self.bottom_known))
                                    if m >> p & 1]
        obs["my_characters"] = [C_SLUG[c] for c in self.chars if self.holder[c] == p]
        obs["draft_seen"] = [[s, list(e), [C_SLUG[c] for c in cs]] for s, e, cs in self.seen[p]]
        if self.phase == P_DRAFT and self.script_i < len(self.script) and self.script[self.script_i][0] == p \
                and not self.deal_down and not self.deal_up:
            obs["offer"] = [C_SLUG[c] for c in self.offer]
        if self.cur_seat == p:
            obs["drawn"] = sorted(D_SLUG[d] for d in self.drawn)
            obs["redraw"] = sorted(D_SLUG[d] for d in self.redraw)
        if self.wiz and self.wiz[1] == 0 and self.cur_seat == p:
            obs["wizard_sees"] = sorted(D_SLUG[d] for d in self.hands[self.wiz[0]])
        return obs

    def _resample_hidden(self, p: int | None) -> None:
        self._resample_characters(p)
        self._resample_districts(p)

    def _resample_characters(self, p: int | None) -> None:
        """Re-deal the characters ``p`` has not seen, keeping every draft offer ``p`` saw. Should that
        knowledge ever not fit the sampler, the deal keeps only what the table and ``p``'s own picks
        show: weaker inference, but never the real deal (which would let a search peek)."""
        if not self.steps and not self.cpool:
            return
        groups = self.seen[p] if p is not None else []
        if groups and self._deal_characters(p, groups):
            return
        if not self._deal_characters(p, []):
            raise InvariantError("no character deal fits the revealed characters and the seat's own picks")

    def _character_atoms(self, groups: list[Any]) -> list[tuple[list[int], list[int]]] | None:
        """Split the face-down and pooled character slots by which draft offers they were in; each
        part with the characters that can be there. None when the offers do not determine them."""
        steps = self.steps
        ns = len(steps)
        items = [i for i in range(ns) if steps[i][0] != UP] + list(range(ns, ns + len(self.cpool)))
        card_of = [st[1] for st in steps] + list(self.cpool)
        atoms: dict[tuple[bool, ...], list[int]] = {}
        for i in items:
            sig = tuple((g[0] >= 0 and i >= g[0]) or i in g[1] for g in groups)
            atoms.setdefault(sig, []).append(i)
        everything = {card_of[i] for i in items}
        atom_cards = []
        for sig, members in atoms.items():
            full = set(everything)
            for inside, g in zip(sig, groups):
                if inside:
                    full &= set(g[2])
                else:
                    full -= set(g[2])
            if len(full) != len(members):
                return None
            atom_cards.append((members, sorted(full)))
        return atom_cards

    def _deal_characters(self, p: int | None, groups: list[Any]) -> bool:
        """Sample a character deal consistent with ``groups`` (offers ``p`` saw); False if none found."""
        atom_cards = self._character_atoms(groups)
        if atom_cards is None:
            return False
        hold = [st[0] for st in self.steps] + [POOL] * len(self.cpool)
        known = {c: seat for c, seat in self.revealed}
        if p is not None:
            for c in self.chars:
                if self.holder[c] == p:
                    known[c] = p
        absent = set(self.absent)
        rng = self.rng
        swap_pair = (0, self.seven[1]) if len(self.seven) == 2 and p != self.seven[0] else None
        if swap_pair:  # who holds which of the two is unknown: start from one fixed order
            a, b = swap_pair
            if hold[a] > hold[b]:
                hold[a], hold[b] = hold[b], hold[a]
        for _attempt in range(40):
            h = list(hold)
            if swap_pair and rng.randbelow(2):
                a, b = swap_pair
                h[a], h[b] = h[b], h[a]
            new_card: dict[int, int] = {}
            ok = True
            for members, cards in atom_cards:
                free = list(members)
                rest = []
                for c in cards:
                    if c in known:
                        cand = [i for i in free if h[i] == known[c]]
                    elif c in absent:
                        cand = [i for i in free if h[i] == DOWN]
                    else:
                        rest.append(c)
                        continue
                    if not cand:
                        ok = False
                        break
                    i = cand[rng.randbelow(len(cand))]
                    new_card[i] = c
                    free.remove(i)
                if not ok:
                    break
                rng.shuffle(rest)
                for i, c in zip(free, rest):
                    new_card[i] = c
            if ok:
                self._set_character_deal(h, new_card)
                return True
        return False

    def _set_character_deal(self, h: list[int], new_card: dict[int, int]) -> None:
        steps = self.steps
        ns = len(steps)
        for i in range(ns):
            if i in new_card:
                steps[i][0] = h[i]
                steps[i][1] = new_card[i]
        self.cpool = sorted(new_card[i] for i in range(ns, ns + len(self.cpool)))
        for c in self.chars:
            self.holder[c] = OUT
        for hh, c in steps:
            self.holder[c] = hh
        for c in self.cpool:
            self.holder[c] = POOL
        if self.phase == P_DRAFT and self.script_i < len(self.script) and self.offer:
            offer = list(self.cpool)
            if self.seven and self.script_i == len(self.script) - 1:
                offer.append(steps[0][1])
            self.offer = sorted(offer)

    def _resample_districts(self, p: int | None) -> None:
        n = self.game.players
        unknown: list[int] = list(self.pool)
        hand_slots: list[int] = []
        for q in range(n):
            if q == p:
                continue
            hand = list(self.hands[q])
            kept = []
            if p is not None:
                for d in self.known[p][q]:
                    if d in hand:
                        hand.remove(d)
                        kept.append(d)
            unknown += hand
            hand_slots.append(len(hand))
        bottom_idx = [i for i, m in enumerate(self.bottom_known) if p is None or not m >> p & 1]
        unknown += [self.bottom[i] for i in bottom_idx]
        other_drawn = self.cur_seat != p and self.drawn
        if other_drawn:
            unknown += self.drawn
        other_redraw = self.cur_seat != p and self.redraw
        if other_redraw:
            unknown += self.redraw
        # the card the Wizard took, before he keeps or builds it, is known to him and its owner only
        other_wiz = bool(self.wiz) and self.wiz[1] == 1 and p not in (self.cur_seat, self.wiz[0])
        if other_wiz:
            unknown.append(self.wiz[2])
        unknown.sort()  # the re-deal must not depend on where the unseen cards really are
        # Draw the hidden hand, deck-bottom and drawn cards at random (a partial Fisher-Yates); the rest
        # is the unseen deck, which is kept sorted anyway.
        k = len(self.pool)
        dealt = len(unknown) - k
        randbelow = self.rng.randbelow
        for i in range(dealt):
            j = i + randbelow(len(unknown) - i)
            unknown[i], unknown[j] = unknown[j], unknown[i]
        self.pool = sorted(unknown[dealt:])
        pos = 0
        slot = 0
        for q in range(n):
            if q == p:
                continue
            known_cards = []
            hand = list(self.hands[q])
            if p is not None:
                for d in self.known[p][q]:
                    if d in hand:
                        hand.remove(d)
                        known_cards.append(d)
            m = hand_slots[slot]
            slot += 1
            self.hands[q] = known_cards + unknown[pos:pos + m]
            pos += m
        for i in bottom_idx:
            self.bottom[i] = unknown[pos]
            pos += 1
        if other_drawn:
            m = len(self.drawn)
            self.drawn = unknown[pos:pos + m]
            pos += m
        if other_redraw:
            m = len(self.redraw)
            self.redraw = unknown[pos:pos + m]
            pos += m
        if other_wiz:
            self.wiz[2] = unknown[pos]
            pos += 1
        # what the other seats know of each hand must still be in that hand
        for r in range(n):
            if r == p:
                continue
            for q in range(n):
                hand = list(self.hands[q])
                keep = []
                for d in self.known[r][q]:
                    if d in hand:
                        hand.remove(d)
                        keep.append(d)
                self.known[r][q] = keep

    # ================================================================== checks
    def check_invariants(self) -> None:
        n = self.game.players
        count = [0] * ND
        for d in self.pool:
            count[d] += 1
        for d in self.bottom:
            count[d] += 1
        for q in range(n):
            for d in self.hands[q]:
                count[d] += 1
            for d in self.cities[q]:
                count[d] += 1
        for d in self.drawn:
            count[d] += 1
        for d in self.redraw:
            count[d] += 1
        if self.grave:
            count[self.grave[0]] += 1
        if self.wiz and self.wiz[1] == 1:
            count[self.wiz[2]] += 1
        if count != list(K.D_COPIES):
            raise InvariantError(f"district cards not conserved: {count} != {list(K.D_COPIES)}")
        if len(self.bottom) != len(self.bottom_known):
            raise InvariantError("deck bottom and its knowledge masks differ in length")
        if any(g < 0 for g in self.gold):
            raise InvariantError(f"negative gold: {self.gold}")
        if self.pool != sorted(self.pool):
            raise InvariantError("the unseen deck is not sorted")
        seen_chars = sorted([c for _, c in self.steps] + list(self.cpool))
        if self.phase in (P_DRAFT, P_CALL, P_TURN) and seen_chars != sorted(self.chars):
            raise InvariantError(f"characters not conserved: {seen_chars} vs {sorted(self.chars)}")
        for q in range(n):
            for r in range(n):
                hand = list(self.hands[q])
                for d in self.known[r][q]:
                    if d not in hand:
                        raise InvariantError(f"seat {r} 'knows' a {D_SLUG[d]} that is not in seat {q}'s hand")
                    hand.remove(d)

    # ================================================================== words
    def why_illegal(self, action: Action, player: int) -> Message:
        name = action.name
        if self.phase == P_DRAFT and name in ("pick", "facedown") and action.args:
            slug = action.args[0]
            if slug in K.C_INDEX and K.C_INDEX[slug] not in self.offer:
                return Message("citadels.err.not_offered", {"character": slug})
        if self.phase == P_TURN and player == self.cur_seat:
            p = player
            if name == "build" and action.args and action.args[0] in K.D_INDEX:
                slug = action.args[0]
                d = K.D_INDEX[slug]
                if not self.took:
                    return Message("citadels.err.take_first", {})
                if d not in self.hands[p]:
                    return Message("citadels.err.not_in_hand", {"district": slug})
                if d in self.cities[p]:
                    return Message("citadels.err.duplicate", {"district": slug})
                if D_COST[d] > self.gold[p]:
                    return Message("citadels.err.too_dear", {"district": slug, "cost": D_COST[d],
                                                             "gold": self.gold[p]})
                if self.builds <= 0:
                    return Message("citadels.err.no_builds", {})
            if name == "rob" and action.args and action.args[0] in K.C_INDEX:
                slug = action.args[0]
                c = K.C_INDEX[slug]
                if self.cur_char != THIEF:
                    return Message("citadels.err.only_thief", {})
                if C_RANK[c] <= 2:
                    return Message("citadels.err.rob_rank", {})
                if c == self.killed:
                    return Message("citadels.err.rob_killed", {})
                if c == self.bewitched:
                    return Message("citadels.err.rob_bewitched", {})
                if self.holder[c] == UP:
                    return Message("citadels.err.face_up", {"character": slug})
            if name in ("gold", "cards") and self.took:
                return Message("citadels.err.took_already", {})
        if self.phase == P_TURN and name in ("kill", "rob", "swap", "destroy", "bewitch") and player != self.cur_seat:
            return Message("citadels.err.not_your_character", {"character": C_SLUG[self.cur_char]})
        return super().why_illegal(action, player)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now and what it costs, with the numbers, as a message.

        >>> state.describe(Action("build", ("temple",)), 0)
        'Build the Temple for 1 gold (blue, worth 1 point)'
        >>> state.describe(Action("build", ("temple",)), 0, "zh")
        '花费 1 枚金币建造神庙（蓝色，计 1 分）'
        """
        p = player if player is not None else (self.mover if self.mover != NOBODY else self.cur_seat)
        found = self._describe(action, p)
        if found is None:
            return None
        if isinstance(found, Message):
            return found
        return Message(found["id"], found["args"])

    def _dtext(self, d: int) -> dict[str, Any]:
        """"Temple (blue, cost 1, 1 point)" as a message."""
        return msg("citadels.do.card", district=D_SLUG[d], colour=COLOUR_OF[d], cost=D_COST[d], n=D_POINTS[d])

    def _income_text(self, p: int, c: int) -> dict[str, Any]:
        colour = C_INCOME[c]
        k = sum(1 for d in self.cities[p] if D_COLOUR[d] == colour)
        text = msg("citadels.do.income_districts", n=k, colour=K.COLOUR_NAMES[colour])
        if SCHOOL_OF_MAGIC in self.cities[p] and D_COLOUR[SCHOOL_OF_MAGIC] != colour:
            text = msg("citadels.do.income_school", text=text)
        return text

    def _describe(self, action: Action, p: int) -> dict[str, Any] | None:
        name, args = action.name, action.args
        c = self.cur_char
        # ---------------------------------------------------------------- chance
        if name == "crown":
            return msg("citadels.do.crown", seat=args[0])
        if name == "deal-down":
            ch = K.C_INDEX[args[0]]
            return msg("citadels.do.deal_down", character=args[0], rank=C_RANK[ch])
        if name == "deal-up":
            ch = K.C_INDEX[args[0]]
            return msg("citadels.do.deal_up", character=args[0], rank=C_RANK[ch])
        if name == "draw":
            d = K.D_INDEX[args[0]]
            left = len(self.pool) + len(self.bottom)
            if self.dq:
                return msg("citadels.do.draw", seat=self.dq[0] >> 1, card=self._dtext(d), n=left)
            return msg("citadels.do.draw_anyone", card=self._dtext(d), n=left)
        # ---------------------------------------------------------------- draft
        if name == "pick":
            ch = K.C_INDEX[args[0]]
            return msg("citadels.do.pick", character=args[0], rank=C_RANK[ch], n=len(self.offer) - 1)
        if name == "facedown":
            ch = K.C_INDEX[args[0]]
            return msg("citadels.do.facedown", character=args[0], rank=C_RANK[ch])
        # ---------------------------------------------------------------- resources
        if name == "gold":
            if self.witch_step == 1:
                return msg("citadels.do.gold_bewitched")
            if c == MERCHANT:
                return msg("citadels.do.gold_merchant")
            if c == ARCHITECT:
                return msg("citadels.do.gold_architect")
            return msg("citadels.do.gold")
        if name == "cards":
            city = self.cities[p]
            k = 3 if OBSERVATORY in city else 2
            if LIBRARY in city:
                text = msg("citadels.do.cards_library", n=k)
            else:
                text = msg("citadels.do.cards", n=k)
            if self.witch_step == 1:
                return msg("citadels.do.cards_bewitched", text=text)
            if c == MERCHANT:
                return msg("citadels.do.cards_merchant", text=text)
            if c == ARCHITECT:
                return msg("citadels.do.cards_architect", text=text)
            return text
        if name == "keep":
            d = K.D_INDEX[args[0]]
            rest = len(self.drawn) - 1
            text = msg("citadels.do.keep", card=self._dtext(d))
            if not rest:
                return text
            if self.keep_n > 1:
                return msg("citadels.do.keep_more", text=text, more=self.keep_n - 1)
            return msg("citadels.do.keep_rest", text=text, n=rest)
        if name == "keep-done":
            return msg("citadels.do.keep_done", n=len(self.drawn))
        # ---------------------------------------------------------------- building and the turn
        if name == "build":
            d = K.D_INDEX[args[0]]
            if c == ALCHEMIST:
                return msg("citadels.do.build_alchemist", district=args[0], cost=D_COST[d], colour=COLOUR_OF[d],
                           n=D_POINTS[d])
            return msg("citadels.do.build", district=args[0], cost=D_COST[d], colour=COLOUR_OF[d], n=D_POINTS[d])
        if name == "income":
            return msg("citadels.do.income", amount=self.income(p, c), character=C_SLUG[c],
                       why=self._income_text(p, c))
        if name == "end":
            return self._describe_end(p, c)
        if name == "lab":
            return msg("citadels.do.lab", district=args[0])
        if name == "smithy":
            return msg("citadels.do.smithy", price=K.SMITHY_PRICE, n=K.SMITHY_DRAW)
        if name == "recover":
            return msg("citadels.do.recover", card=self._dtext(self.grave[0]))
        if name == "decline":
            return msg("citadels.do.decline", district=D_SLUG[self.grave[0]])
        # ---------------------------------------------------------------- characters
        if name in ("kill", "rob", "bewitch"):
            ch = K.C_INDEX[args[0]]
            if name == "kill":
                return msg("citadels.do.kill", character=args[0], rank=C_RANK[ch])
            if name == "rob":
                return msg("citadels.do.rob", character=args[0], rank=C_RANK[ch])
            return msg("citadels.do.bewitch", character=args[0], rank=C_RANK[ch])
        if name == "swap":
            q = args[0]
            return msg("citadels.do.swap", mine=msg("citadels.n_cards", n=len(self.hands[p])), seat=q,
                       theirs=msg("citadels.n_cards", n=len(self.hands[q])))
        if name == "discard":
            return msg("citadels.do.discard", district=args[0], k=len(self.redraw) + 1)
        if name == "redraw":
            return msg("citadels.do.redraw", n=len(self.redraw))
        if name == "destroy":
            q, d = args[0], K.D_INDEX[args[1]]
            wall = GREAT_WALL in self.cities[q] and d != GREAT_WALL
            if wall:
                text = msg("citadels.do.destroy_wall", seat=q, district=args[1], cost=D_COST[d],
                           pay=self.destroy_cost(q, d))
            else:
                text = msg("citadels.do.destroy", seat=q, district=args[1], cost=D_COST[d], pay=self.destroy_cost(q, d))
            if not self.income_done and self.income(p, c):
                text = msg("citadels.do.destroy_lost", text=text, amount=self.income(p, c))
            return text
        if name == "peek":
            q = args[0]
            return msg("citadels.do.peek", seat=q, cards=msg("citadels.n_cards", n=len(self.hands[q])))
        if name == "take":
            return msg("citadels.do.take", card=self._dtext(K.D_INDEX[args[0]]), seat=self.wiz[0])
        if name == "wizard-keep":
            return msg("citadels.do.wizard_keep", district=D_SLUG[self.wiz[2]])
        if name == "wizard-build":
            d = self.wiz[2]
            return msg("citadels.do.wizard_build", district=D_SLUG[d], cost=D_COST[d])
        if name == "give-crown":
            q = args[0]
            if self.gold[q] > 0 or self.hands[q]:
                return msg("citadels.do.give_crown", seat=q)
            return msg("citadels.do.give_crown_free", seat=q)
        if name == "tribute-gold":
            return msg("citadels.do.tribute_gold", seat=self.cur_seat, gold=self.gold[p])
        if name == "tribute":
            return msg("citadels.do.tribute", seat=self.cur_seat, card=self._dtext(K.D_INDEX[args[0]]))
        if name == "levy":
            q = args[0]
            return msg("citadels.do.levy", seat=q, gold=self.gold[q])
        if name == "navigate-gold":
            return msg("citadels.do.navigate_gold")
        if name == "navigate-cards":
            return msg("citadels.do.navigate_cards")
        if name == "exchange":
            d = K.D_INDEX[args[0]]
            return msg("citadels.do.exchange", district=args[0], value=self.value_cost(p, d))
        if name == "exchange-with":
            q, d = args[0], K.D_INDEX[args[1]]
            mine = self.wiz[2]
            pay = max(0, self.value_cost(q, d) - self.value_cost(p, mine))
            return msg("citadels.do.exchange_with", district=D_SLUG[mine], value=self.value_cost(p, mine), seat=q,
                       district2=args[1], value2=self.value_cost(q, d), pay=pay)
        if name == "beautify":
            return msg("citadels.do.beautify", district=args[0], n=1 - self.art)
        return None

    def _describe_end(self, p: int, c: int) -> dict[str, Any]:
        if self.warlord_done:
            return msg("citadels.do.end_destroyed")
        extra = []
        if not self.income_done and self.witch_step != 1:
            amount = self.income(p, c)
            if amount:
                extra.append(msg("citadels.do.end_income", amount=amount))
        if c == ABBOT and not self.used and self._levy_targets(p):
            extra.append(msg("citadels.do.end_levy", seat=self._levy_targets(p)[0]))
        if c == ALCHEMIST and self.spent:
            extra.append(msg("citadels.do.end_alchemist", amount=self.spent))
        no_build = self.builds > 0 and self.took and self.witch_step != 1 and not self.built
        text = msg("citadels.do.end_no_build") if no_build else msg("citadels.do.end")
        if extra:
            text = msg("citadels.do.end_and", text=text, extras=extra)
        if (self.built and TAX_COLLECTOR in self.chars and self.holder[TAX_COLLECTOR] != UP
                and TAX_COLLECTOR != self.killed and TAX_COLLECTOR not in self.absent and c != TAX_COLLECTOR):
            text = msg("citadels.do.end_tax", text=text)
        return text

CitadelsState._HANDLERS = {
    "gold": CitadelsState._act_gold,
    "cards": CitadelsState._act_cards,
    "keep": CitadelsState._act_keep,
    "keep-done": CitadelsState._act_keep_done,
    "build": CitadelsState._act_build,
    "income": CitadelsState._act_income,
    "lab": CitadelsState._act_lab,
    "smithy": CitadelsState._act_smithy,
    "end": CitadelsState._act_end,
    "kill": CitadelsState._act_kill,
    "rob": CitadelsState._act_rob,
    "swap": CitadelsState._act_swap,
    "discard": CitadelsState._act_discard,
    "redraw": CitadelsState._act_redraw,
    "destroy": CitadelsState._act_destroy,
    "recover": CitadelsState._act_recover,
    "decline": CitadelsState._act_decline,
    "bewitch": CitadelsState._act_bewitch,
    "peek": CitadelsState._act_peek,
    "take": CitadelsState._act_take,
    "wizard-keep": CitadelsState._act_wizard_keep,
    "wizard-build": CitadelsState._act_wizard_build,
    "give-crown": CitadelsState._act_give_crown,
    "tribute-gold": CitadelsState._act_tribute_gold,
    "tribute": CitadelsState._act_tribute,
    "levy": CitadelsState._act_levy,
    "navigate-gold": CitadelsState._act_navigate_gold,
    "navigate-cards": CitadelsState._act_navigate_cards,
    "exchange": CitadelsState._act_exchange,
    "exchange-with": CitadelsState._act_exchange_with,
    "beautify": CitadelsState._act_beautify,
}
