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
    ABBOT, ALCHEMIST, ARCHITECT, ARTIST, ASSASSIN, BISHOP, CHARACTER_INCOME_COLOUR, CHARACTER_RANK, CHARACTER_SLUG, DISTRICT_COLOUR,
    DISTRICT_COST, DISTRICT_POINTS, DISTRICT_SLUG, DIPLOMAT, EMPEROR, GRAVEYARD, GREAT_WALL, HAUNTED_CITY, KEEP, KING,
    LABORATORY, LIBRARY, MAGICIAN, MERCHANT, NAVIGATOR, OBSERVATORY, QUEEN, SCHOOL_OF_MAGIC, SMITHY,
    TAX_COLLECTOR, THIEF, WARLORD, WITCH, WIZARD,
)

# ------------------------------------------------------------------ codes
PHASE_SETUP, PHASE_DRAFT, PHASE_CALL, PHASE_TURN, PHASE_OVER = 0, 1, 2, 3, 4
FACE_DOWN, FACE_UP, NOT_IN_GAME, UNDEALT = -1, -2, -3, -4  # where a character is, when no seat holds it
PICK, LAY_FACE_DOWN = 0, 1  # draft steps: take a character, or (2 players) lay one face down
NOBODY = -9

# ------------------------------------------------------------------ actions (built once)
N_DISTRICT_KINDS, N_CHARACTERS = K.N_DISTRICT_KINDS, K.N_CHARACTERS
A_GOLD, A_CARDS, A_END, A_INCOME = Action("gold"), Action("cards"), Action("end"), Action("income")
A_REDRAW, A_SMITHY, A_RECOVER, A_DECLINE = Action("redraw"), Action("smithy"), Action("recover"), Action("decline")
A_NAVIGATE_GOLD, A_NAVIGATE_CARDS = Action("navigate-gold"), Action("navigate-cards")
A_WIZARD_KEEP, A_WIZARD_BUILD = Action("wizard-keep"), Action("wizard-build")
A_TRIBUTE_GOLD = Action("tribute-gold")
A_KEEP_DONE = Action("keep-done")  # Library: keep only what was kept so far, the rest to the bottom
A_DRAW = [Action("draw", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_KEEP = [Action("keep", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_BUILD = [Action("build", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_DISCARD = [Action("discard", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_LABORATORY = [Action("lab", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_TAKE = [Action("take", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_TRIBUTE = [Action("tribute", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_BEAUTIFY = [Action("beautify", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_EXCHANGE = [Action("exchange", (DISTRICT_SLUG[d],)) for d in range(N_DISTRICT_KINDS)]
A_PICK = [Action("pick", (CHARACTER_SLUG[c],)) for c in range(N_CHARACTERS)]
A_FACEDOWN = [Action("facedown", (CHARACTER_SLUG[c],)) for c in range(N_CHARACTERS)]
A_DEAL_DOWN = [Action("deal-down", (CHARACTER_SLUG[c],)) for c in range(N_CHARACTERS)]
A_DEAL_UP = [Action("deal-up", (CHARACTER_SLUG[c],)) for c in range(N_CHARACTERS)]
A_KILL = [Action("kill", (CHARACTER_SLUG[c],)) for c in range(N_CHARACTERS)]
A_ROB = [Action("rob", (CHARACTER_SLUG[c],)) for c in range(N_CHARACTERS)]
A_BEWITCH = [Action("bewitch", (CHARACTER_SLUG[c],)) for c in range(N_CHARACTERS)]
MAX_PLAYERS = 7
A_CROWN = [Action("crown", (p,)) for p in range(MAX_PLAYERS)]
A_SWAP_HANDS = [Action("swap", (p,)) for p in range(MAX_PLAYERS)]
A_PEEK = [Action("peek", (p,)) for p in range(MAX_PLAYERS)]
A_GIVE_CROWN = [Action("give-crown", (p,)) for p in range(MAX_PLAYERS)]
A_LEVY = [Action("levy", (p,)) for p in range(MAX_PLAYERS)]
A_DESTROY = [[Action("destroy", (p, DISTRICT_SLUG[d])) for d in range(N_DISTRICT_KINDS)] for p in range(MAX_PLAYERS)]
A_EXCHANGE_WITH = [[Action("exchange-with", (p, DISTRICT_SLUG[d])) for d in range(N_DISTRICT_KINDS)] for p in range(MAX_PLAYERS)]

DISTRICT_COLOUR_NAME = tuple(K.COLOUR_NAMES[c] for c in DISTRICT_COLOUR)  # a district's colour, as the messages name it
_NEW_LOG_ENTRY = tuple.__new__  # a LogEntry without NamedTuple's keyword handling (the card-draw line is hot)


def seats_message(seats: list[int]) -> dict[str, Any]:
    """Seats as one message: "Red", "Red and Blue", "Red and Blue and Green"."""
    out = msg("citadels.seat_ref", seat=seats[0])
    for q in seats[1:]:
        out = msg("citadels.and", left=out, right=msg("citadels.seat_ref", seat=q))
    return out


class CitadelsState(State):
    """One game of Citadels; see the module docstring and docs/rules/citadels.md."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "mover", "chance_kind", "crown_seat", "round", "complete_city_size", "first_complete_seat",
        "gold", "hands", "cities", "beautified", "haunted_city_round", "deck_unseen", "deck_bottom",
        "deck_bottom_seen_by", "known_hand_cards", "draw_queue", "characters", "character_holder",
        "character_deal", "draft_offers_seen", "character_pool", "draft_offer", "draft_order", "draft_index",
        "seven_player_pick", "face_down_to_deal", "face_up_to_deal", "call_index", "revealed_characters",
        "absent_characters", "killed_character", "robbed_character", "bewitched_character",
        "current_character", "current_seat", "witch_step", "took_gold_or_cards", "builds_left",
        "income_taken", "ability_used", "laboratory_used", "smithy_used", "district_destroyed",
        "spent_on_builds", "built_this_turn", "drawn_to_choose", "cards_to_keep", "magician_discards",
        "graveyard_offer", "ability_step", "tribute_seat", "tax_owed", "beautified_this_turn",
        "protected_seat", "robber_seat",
    )
    FIELD_RENAMES: ClassVar[dict[str, str]] = {
        "crown": "crown_seat", "complete_at": "complete_city_size", "first_complete": "first_complete_seat",
        "coins": "beautified", "haunted": "haunted_city_round", "pool": "deck_unseen",
        "bottom": "deck_bottom", "bottom_known": "deck_bottom_seen_by", "known": "known_hand_cards",
        "dq": "draw_queue", "chars": "characters", "holder": "character_holder", "steps": "character_deal",
        "seen": "draft_offers_seen", "cpool": "character_pool", "offer": "draft_offer",
        "script": "draft_order", "script_i": "draft_index", "seven": "seven_player_pick",
        "deal_down": "face_down_to_deal", "deal_up": "face_up_to_deal", "call_i": "call_index",
        "revealed": "revealed_characters", "absent": "absent_characters", "killed": "killed_character",
        "robbed": "robbed_character", "bewitched": "bewitched_character", "cur_char": "current_character",
        "cur_seat": "current_seat", "took": "took_gold_or_cards", "builds": "builds_left",
        "income_done": "income_taken", "used": "ability_used", "lab_used": "laboratory_used",
        "warlord_done": "district_destroyed", "spent": "spent_on_builds", "built": "built_this_turn",
        "drawn": "drawn_to_choose", "keep_n": "cards_to_keep", "redraw": "magician_discards",
        "grave": "graveyard_offer", "wiz": "ability_step", "tribute": "tribute_seat",
        "art": "beautified_this_turn", "protect": "protected_seat", "robber": "robber_seat",
    }
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
        self.phase = PHASE_SETUP
        self.mover = CHANCE
        self.chance_kind = "crown"
        self.crown_seat = -1
        self.round = 0
        if opts.get("short_game"):
            self.complete_city_size = K.COMPLETE_CITY_SHORT
        elif n == 2:
            self.complete_city_size = int(opts.get("two_player_city", K.COMPLETE_CITY_SMALL))
        elif n == 3 and opts.get("three_player", "seed") == "seed":
            self.complete_city_size = K.COMPLETE_CITY_SMALL
        else:
            self.complete_city_size = K.COMPLETE_CITY
        self.first_complete_seat = -1
        self.gold = [K.START_GOLD] * n
        self.hands = [[] for _ in range(n)]
        self.cities = [[] for _ in range(n)]
        self.beautified = [[] for _ in range(n)]
        self.haunted_city_round = [-1] * n
        self.deck_unseen = list(K.FULL_DECK)
        self.deck_bottom = []
        self.deck_bottom_seen_by = []
        self.known_hand_cards = [[[] for _ in range(n)] for _ in range(n)]
        self.draw_queue = [p * 2 + 1 for p in range(n) for _ in range(K.START_CARDS)]
        self.say("citadels.setup_deal", gold=K.START_GOLD, n=K.START_CARDS)
        chars = []
        for rank in range(1, 10):
            slug = opts.get(f"rank{rank}", K.RANK_CHOICES[rank][0])
            if slug == "none":
                continue
            if slug == "assassin" and n == 3 and opts.get("three_player", "seed") == "seed":
                continue  # seed "3 名玩家": "从游戏当中移走杀手这张角色卡" (the Assassin, by name)
            chars.append(K.CHARACTER_INDEX[slug])
        self.characters = chars
        self.character_holder = [NOT_IN_GAME] * N_CHARACTERS
        self.character_deal = []
        self.draft_offers_seen = [[] for _ in range(n)]
        self.character_pool = []
        self.draft_offer = []
        self.draft_order = []
        self.draft_index = 0
        self.seven_player_pick = []
        self.face_down_to_deal = 0
        self.face_up_to_deal = 0
        self.call_index = 0
        self.revealed_characters = []
        self.absent_characters = []
        self.killed_character = -1
        self.robbed_character = -1
        self.bewitched_character = -1
        self.current_character = -1
        self.current_seat = -1
        self.witch_step = 0
        self.took_gold_or_cards = False
        self.builds_left = 0
        self.income_taken = True
        self.ability_used = False
        self.laboratory_used = False
        self.smithy_used = False
        self.district_destroyed = False
        self.spent_on_builds = 0
        self.built_this_turn = 0
        self.drawn_to_choose = []
        self.cards_to_keep = 0
        self.magician_discards = []
        self.graveyard_offer = []
        self.ability_step = []
        self.tribute_seat = -1
        self.tax_owed = []
        self.beautified_this_turn = 0
        self.protected_seat = -1
        self.robber_seat = -1
        self._play_until_decision()

    # ================================================================== flow
    def _to_move(self) -> list[int]:
        m = self.mover
        return [] if m == NOBODY else [m]

    def _chance_due(self) -> bool:
        return self.mover == CHANCE

    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def _play_until_decision(self) -> None:
        """Run every step that needs no decision, until a seat or chance must act."""
        while True:
            if self.phase == PHASE_OVER:
                self.mover = NOBODY
                return
            if self.draw_queue:
                if self.deck_unseen:
                    self.mover = CHANCE
                    self.chance_kind = "draw"
                    return
                if self.deck_bottom:
                    code = self.draw_queue.pop(0)
                    card = self.deck_bottom.pop(0)
                    mask = self.deck_bottom_seen_by.pop(0)
                    if not mask >> (code >> 1) & 1:
                        self.reveal()  # the drawer sees a card from the bottom it did not know
                    self._deliver_drawn_card(code, card, from_bottom=mask)
                    continue
                self.draw_queue = []  # the deck is exhausted: the draws that remain are lost
                continue
            phase = self.phase
            if phase == PHASE_SETUP:
                if self.crown_seat < 0:
                    self.mover = CHANCE
                    self.chance_kind = "crown"
                    return
                self._start_round()
                continue
            if phase == PHASE_DRAFT:
                if self.face_down_to_deal or self.face_up_to_deal:
                    self.mover = CHANCE
                    self.chance_kind = "down" if self.face_down_to_deal else "up"
                    return
                if self.draft_index < len(self.draft_order):
                    self.mover = self.draft_order[self.draft_index][0]
                    return
                self._end_draft()
                continue
            if phase == PHASE_CALL:
                self._call_next_character()
                continue
            # P_TURN
            if self.graveyard_offer:
                self.mover = self.graveyard_offer[1]
            elif self.tribute_seat >= 0:
                self.mover = self.tribute_seat
            else:
                p = self.mover = self.current_seat
                if not (self.drawn_to_choose or self.magician_discards or self.ability_step):
                    acts = self._turn_actions(p)
                    if len(acts) == 1 and acts[0] is A_END:
                        if self.builds_left > 0 and self.took_gold_or_cards and self.hands[p] and not self.district_destroyed:
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
            for d in self.deck_unseen:
                counts[d] = counts.get(d, 0) + 1
            return [(A_DRAW[d], float(k)) for d, k in sorted(counts.items())]
        if kind == "crown":
            return [(A_CROWN[p], 1.0) for p in range(self.game.players)]
        if kind == "down":
            return [(A_DEAL_DOWN[c], 1.0) for c in self.character_pool]
        # face up: never the rank-4 character (seed "国王卡一定不可以是『放在一旁面向上的卡』")
        return [(A_DEAL_UP[c], 1.0) for c in self.character_pool if CHARACTER_RANK[c] != 4]

    def sample_chance(self, rng: Rng) -> Action:
        kind = self.chance_kind
        if kind == "draw":
            return A_DRAW[self.deck_unseen[rng.randbelow(len(self.deck_unseen))]]
        return super().sample_chance(rng)

    # ------------------------------------------------------------------ the referee's hooks (manual chance)
    def chance_owner(self) -> int | None:
        """A district draw is the drawing seat's (the next entry of the public draw queue ``dq``);
        the crown and the character deals before the draft are anyone's."""
        if self.chance_kind == "draw" and self.draw_queue:
            return self.draw_queue[0] >> 1
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
            return [A_DRAW[d] for d in range(N_DISTRICT_KINDS) if d in unseen]
        if kind in ("down", "up"):
            face_up = {c for h, c in self.character_deal if h == FACE_UP}
            table = A_DEAL_DOWN if kind == "down" else A_DEAL_UP
            return [table[c] for c in self.characters
                    if c not in face_up and (kind == "down" or CHARACTER_RANK[c] != 4)]
        return super().chance_choices(player)

    def _districts_unseen_by(self, p: int) -> list[int]:
        """The district cards whose place ``p`` does not know: the deck, the others' hands but for the
        cards ``p`` knows there, the deck-bottom cards ``p`` did not see, and another seat's drawn,
        redraw or Wizard cards. The same multiset ``_resample_districts(p)`` re-deals, so determinize
        keeps it."""
        unseen: list[int] = list(self.deck_unseen)
        for q in range(self.game.players):
            if q == p:
                continue
            hand = list(self.hands[q])
            for d in self.known_hand_cards[p][q]:
                if d in hand:
                    hand.remove(d)
            unseen += hand
        unseen += [d for d, mask in zip(self.deck_bottom, self.deck_bottom_seen_by) if not mask >> p & 1]
        if self.current_seat != p:
            unseen += self.drawn_to_choose
            unseen += self.magician_discards
        if self.ability_step and self.ability_step[1] == 1 and p not in (self.current_seat, self.ability_step[0]):
            unseen.append(self.ability_step[2])
        return unseen

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self, player: int) -> list[Action]:
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        phase = self.phase
        if phase == PHASE_DRAFT:
            kind = self.draft_order[self.draft_index][1]
            table = A_PICK if kind == PICK else A_FACEDOWN
            return [table[c] for c in self.draft_offer]
        # P_TURN
        if self.graveyard_offer:
            return [A_RECOVER, A_DECLINE]
        if self.tribute_seat >= 0:
            acts = [A_TRIBUTE_GOLD] if self.gold[player] > 0 else []
            acts += [A_TRIBUTE[d] for d in sorted(set(self.hands[player]))]
            return acts
        if self.drawn_to_choose:
            acts = [A_KEEP[d] for d in sorted(set(self.drawn_to_choose))]
            if self.cards_to_keep == 1 and LIBRARY in self.cities[player]:
                acts.append(A_KEEP_DONE)  # seed "图书馆": "你可以保留" both cards — may, not must
            return acts
        if self.magician_discards:
            acts = [A_DISCARD[d] for d in sorted(set(self.hands[player]))]
            acts.append(A_REDRAW)
            return acts
        if self.ability_step:
            return self._ability_step_actions(player)
        return self._turn_actions(player)

    def _turn_actions(self, p: int) -> list[Action]:
        c = self.current_character
        gold = self.gold[p]
        hand = self.hands[p]
        city = self.cities[p]
        if self.district_destroyed:
            # seed "在回合结束时": the destruction is the turn's last act; nothing of the turn follows
            return [A_END]
        acts: list[Action] = []
        took = self.took_gold_or_cards
        if not took:
            acts.append(A_GOLD)
            if self.deck_unseen or self.deck_bottom:
                acts.append(A_CARDS)
        if self.witch_step == 1:
            # the bewitched character's holder: only the gold/cards action (seed "女巫")
            if took:
                acts.append(A_END)
            return acts
        if not self.ability_used:
            acts += self._ability_actions(c, p, took)
        if not self.income_taken and self.income(p, c) > 0:
            acts.append(A_INCOME)
        if LABORATORY in city and not self.laboratory_used and hand:
            acts += [A_LABORATORY[d] for d in sorted(set(hand))]
        if SMITHY in city and not self.smithy_used and gold >= K.SMITHY_PRICE and (self.deck_unseen or self.deck_bottom):
            acts.append(A_SMITHY)
        if took:
            if self.builds_left > 0 and not self.district_destroyed:
                for d in sorted(set(hand)):
                    if DISTRICT_COST[d] <= gold and d not in city:
                        acts.append(A_BUILD[d])
            if self._may_end_turn():
                acts.append(A_END)
        return acts

    def _may_end_turn(self) -> bool:
        # the Emperor must hand the crown on (seed "皇帝必须要将皇冠卡交给另外一位玩家")
        return not (self.current_character == EMPEROR and not self.ability_used)

    def _ability_actions(self, c: int, p: int, took: bool) -> list[Action]:
        n = self.game.players
        if c == ASSASSIN:
            return [A_KILL[x] for x in self.characters if x != c and self.character_holder[x] != FACE_UP]
        if c == THIEF:
            return [A_ROB[x] for x in self._rob_targets()]
        if c == MAGICIAN:
            acts = [A_SWAP_HANDS[q] for q in range(n) if q != p]
            acts += [A_DISCARD[d] for d in sorted(set(self.hands[p]))]
            return acts
        if c == WARLORD:
            return self._destroy_actions(p) if took else []
        if c == WITCH:
            if not took or self.witch_step != 0 or self.built_this_turn:
                return []
            return [A_BEWITCH[x] for x in self.characters if x != c and self.character_holder[x] != FACE_UP]
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
            acts = [A_NAVIGATE_GOLD]
            if self.deck_unseen or self.deck_bottom:
                acts.append(A_NAVIGATE_CARDS)
            return acts
        if c == DIPLOMAT:
            if not took:
                return []
            return [A_EXCHANGE[d] for d in sorted(set(self.cities[p])) if self._exchange_partners(p, d)]
        if c == ARTIST:
            if self.beautified_this_turn >= 2 or self.gold[p] < 1:
                return []
            return [A_BEAUTIFY[d] for d in sorted(set(self.cities[p])) if d not in self.beautified[p]]
        return []

    def _rob_targets(self) -> list[int]:
        # seed "盗贼不能打劫刺客或者被刺客暗杀的角色"; "盗贼不能打劫女巫或被施法的角色"
        return [x for x in self.characters if CHARACTER_RANK[x] > 2 and self.character_holder[x] != FACE_UP
                and x != self.killed_character and x != self.bewitched_character]

    def _levy_targets(self, p: int) -> list[int]:
        richest = max(self.gold)
        if richest <= 0 or self.gold[p] == richest:
            return []
        return [q for q in range(self.game.players) if q != p and self.gold[q] == richest]

    def destroy_cost(self, q: int, d: int) -> int:
        """What the Warlord pays to destroy district ``d`` of seat ``q`` (seed "领主", "长城")."""
        cost = DISTRICT_COST[d] - 1 if DISTRICT_COST[d] > 1 else 0
        city = self.cities[q]
        if GREAT_WALL in city and d != GREAT_WALL:
            cost += 1
        if d in self.beautified[q]:
            cost += 1  # a beautified district is worth one more (our reading of the Artist)
        return cost

    def _city_attackable(self, q: int) -> bool:
        return len(self.cities[q]) < self.complete_city_size and q != self.protected_seat

    def _destroy_actions(self, p: int) -> list[Action]:
        gold = self.gold[p]
        acts = []
        for q in range(self.game.players):
            if not self._city_attackable(q):
                continue
            row = A_DESTROY[q]
            for d in sorted(set(self.cities[q])):
                if d != KEEP and self.destroy_cost(q, d) <= gold:
                    acts.append(row[d])
        return acts

    def _exchange_partners(self, p: int, mine: int) -> list[tuple[int, int]]:
        """Diplomat: the districts of other cities that ``mine`` may be exchanged for."""
        out = []
        if mine == KEEP:
            return out
        gold = self.gold[p]
        my_city = self.cities[p]
        for q in range(self.game.players):
            if q == p or not self._city_attackable(q):
                continue
            their_city = self.cities[q]
            if mine in their_city:
                continue
            for d in sorted(set(their_city)):
                if d == KEEP or d in my_city:
                    continue
                if max(0, self.district_value(q, d) - self.district_value(p, mine)) <= gold:
                    out.append((q, d))
        return out

    def district_value(self, q: int, d: int) -> int:
        return DISTRICT_COST[d] + (1 if d in self.beautified[q] else 0)

    def _ability_step_actions(self, p: int) -> list[Action]:
        q, stage = self.ability_step[0], self.ability_step[1]
        if stage == 2:
            return [A_EXCHANGE_WITH[q][d] for q, d in self._exchange_partners(p, self.ability_step[2])]
        if stage == 0:
            return [A_TAKE[d] for d in sorted(set(self.hands[q]))]
        d = self.ability_step[2]
        acts = [A_WIZARD_KEEP]
        if DISTRICT_COST[d] <= self.gold[p]:
            acts.append(A_WIZARD_BUILD)
        return acts

    def income(self, p: int, c: int) -> int:
        """The character income of ``c`` for seat ``p`` now (seed "*"; School of Magic "魔法学院")."""
        colour = CHARACTER_INCOME_COLOUR[c]
        if colour < 0:
            return 0
        total = 0
        for d in self.cities[p]:
            if DISTRICT_COLOUR[d] == colour or d == SCHOOL_OF_MAGIC:
                total += 1
        return total

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action, player: int) -> None:
        name = action.name
        if player == CHANCE:
            self._apply_chance_outcome(action)
        elif self.phase == PHASE_DRAFT:
            self._draft_choice(K.CHARACTER_INDEX[action.args[0]], player)
        else:
            handler = self._HANDLERS[name]
            handler(self, action, player)
        self._play_until_decision()

    def _apply_chance_outcome(self, action: Action) -> None:
        name = action.name
        if name == "draw":
            d = K.DISTRICT_INDEX[action.args[0]]
            self.deck_unseen.remove(d)
            self._deliver_drawn_card(self.draw_queue.pop(0), d, from_bottom=-1)
        elif name == "crown":
            p = action.args[0]
            self.crown_seat = p
            self.say("citadels.crown_dealt", seat=p)
        elif name == "deal-down":
            c = K.CHARACTER_INDEX[action.args[0]]
            self._take_from_character_pool(c)
            self.character_deal.append([FACE_DOWN, c])
            self.character_holder[c] = FACE_DOWN
            self.face_down_to_deal -= 1
            self.say("citadels.set_aside_down")
        else:
            c = K.CHARACTER_INDEX[action.args[0]]
            self._take_from_character_pool(c)
            self.character_deal.append([FACE_UP, c])
            self.character_holder[c] = FACE_UP
            self.face_up_to_deal -= 1
            self.say("citadels.set_aside_up", character=CHARACTER_SLUG[c])
        if self.phase == PHASE_DRAFT and not self.face_down_to_deal and not self.face_up_to_deal and self.draft_index == 0 and name.startswith("deal"):
            self._offer_to_next_seat()

    def _take_from_character_pool(self, c: int) -> None:
        self.character_pool.remove(c)

    def _deliver_drawn_card(self, code: int, d: int, from_bottom: int) -> None:
        """A card drawn from the deck goes to a seat's hand (code odd) or its drawn-cards buffer."""
        p = code >> 1
        if code & 1:
            self.hands[p].append(d)
            if from_bottom > 0:
                for r, row in enumerate(self.known_hand_cards):
                    if r != p and from_bottom >> r & 1:
                        row[p].append(d)
        else:
            self.drawn_to_choose.append(d)
        self.log.append(_NEW_LOG_ENTRY(LogEntry, ("citadels.draws_card", {"seat": p, "district": DISTRICT_SLUG[d]}, (p,))))

    # ------------------------------------------------------------------ the round (seed "选择角色")
    def _draft_plan(self) -> tuple[int, int, list[list[int]], bool]:
        """(face-down, face-up, script, seven) for this round's character selection."""
        n = self.game.players
        crown = self.crown_seat
        m = len(self.characters)
        if n == 2:
            a, b = crown, 1 - crown
            # seed "2 名玩家" steps 1-4
            script = [[a, PICK], [b, PICK], [b, LAY_FACE_DOWN], [a, PICK], [a, LAY_FACE_DOWN], [b, PICK]]
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
        self.phase = PHASE_DRAFT
        self.character_holder = [NOT_IN_GAME] * N_CHARACTERS
        for c in self.characters:
            self.character_holder[c] = UNDEALT
        self.character_pool = list(self.characters)
        self.character_deal = []
        self.draft_offers_seen = [[] for _ in range(n)]
        self.draft_offer = []
        down, up, script, seven = self._draft_plan()
        self.face_down_to_deal, self.face_up_to_deal = down, up
        self.draft_order = script
        self.draft_index = 0
        self.seven_player_pick = [script[-1][0]] if seven else []
        self.call_index = 0
        self.revealed_characters = []
        self.absent_characters = []
        self.killed_character = self.robbed_character = self.bewitched_character = self.robber_seat = -1
        self.tax_owed = []
        self.protected_seat = -1
        self.say("citadels.round_start", round=self.round, seat=self.crown_seat)

    def _offer_to_next_seat(self) -> None:
        """The next seat of the script looks at the cards handed to it (it learns that set)."""
        seat, kind = self.draft_order[self.draft_index]
        offer = sorted(self.character_pool)
        extras: list[int] = []
        if self.seven_player_pick and self.draft_index == len(self.draft_order) - 1:
            f = self.character_deal[0][1]
            offer = sorted(offer + [f])
            extras = [0]
        self.draft_offer = offer
        if self.draft_index == 0 or self.draft_order[self.draft_index - 1][0] != seat:
            self.reveal()  # a new seat is handed the cards: it sees what the others left
        if kind == PICK and (self.draft_index == 0 or self.draft_order[self.draft_index - 1][0] != seat):
            self.draft_offers_seen[seat].append([len(self.character_deal), extras, list(offer)])
            self.say("citadels.offered", (seat,), seat=seat, characters=[CHARACTER_SLUG[c] for c in offer])

    def _draft_choice(self, c: int, p: int) -> None:
        seat, kind = self.draft_order[self.draft_index]
        if self.seven_player_pick and self.draft_index == len(self.draft_order) - 1:
            f = self.character_deal[0][1]
            if c == f:
                self.character_deal[0][0] = p
                last = self.character_pool[0]
                self.character_deal.append([FACE_DOWN, last])
                self.character_pool = []
                self.character_holder[f] = p
                self.character_holder[last] = FACE_DOWN
            else:
                self._take_from_character_pool(c)
                last = c
                self.character_deal.append([p, c])
                self.character_holder[c] = p
            self.seven_player_pick = [p, len(self.character_deal) - 1]
            self.draft_offers_seen[p].append([-1, [0], [f]])
            self.draft_offers_seen[p].append([len(self.character_deal) - 1, [], [last]])
            self.say("citadels.chooses_seven", seat=p)
            self.say("citadels.takes_character", (p,), seat=p, character=CHARACTER_SLUG[c])
        else:
            self._take_from_character_pool(c)
            if kind == PICK:
                self.character_deal.append([p, c])
                self.character_holder[c] = p
                self.say("citadels.chooses", seat=p)
                self.say("citadels.takes_character", (p,), seat=p, character=CHARACTER_SLUG[c])
            else:
                self.character_deal.append([FACE_DOWN, c])
                self.character_holder[c] = FACE_DOWN
                self.say("citadels.lays_down", seat=p)
                self.say("citadels.lays_down_private", (p,), seat=p, character=CHARACTER_SLUG[c])
            self.draft_offers_seen[p].append([len(self.character_deal), [], sorted(self.character_pool)])
        self.draft_index += 1
        if self.draft_index < len(self.draft_order):
            self._offer_to_next_seat()
        else:
            self.draft_offer = []

    def _end_draft(self) -> None:
        for c in sorted(self.character_pool):
            self.character_deal.append([FACE_DOWN, c])
            self.character_holder[c] = FACE_DOWN
        if self.character_pool:
            self.say("citadels.last_down")
        self.character_pool = []
        self.draft_offer = []
        self.phase = PHASE_CALL
        self.call_index = 0

    # ------------------------------------------------------------------ calling (seed "玩家回合")
    def _call_next_character(self) -> None:
        chars = self.characters
        while self.call_index < len(chars):
            c = chars[self.call_index]
            self.call_index += 1
            h = self.character_holder[c]
            if c == self.killed_character:
                self.say("citadels.called_killed", character=CHARACTER_SLUG[c])
                continue
            if h >= 0:
                self.reveal()  # the character is called: its holder shows it
                self._begin_turn(c, h)
                return
            if h == FACE_DOWN:
                self.reveal()  # nobody answers: the character was face down
                self.absent_characters.append(c)
                self.say("citadels.called_nobody", character=CHARACTER_SLUG[c])
                if c == TAX_COLLECTOR and self.tax_owed:
                    self.say("citadels.tax_nobody")
                    self.tax_owed = []
            if c == self.bewitched_character:
                self.say("citadels.spell_nobody")
        self._end_round()

    def _begin_turn(self, c: int, p: int, witch: bool = False) -> None:
        self.phase = PHASE_TURN
        self.current_character = c
        self.current_seat = p
        self.took_gold_or_cards = False
        self.builds_left = 3 if c == ARCHITECT else 1
        self.income_taken = CHARACTER_INCOME_COLOUR[c] < 0
        self.ability_used = False
        self.laboratory_used = False
        self.smithy_used = False
        self.district_destroyed = False
        self.spent_on_builds = 0
        self.built_this_turn = 0
        self.beautified_this_turn = 0
        self.witch_step = 0
        self.cards_to_keep = 0
        if witch:
            # the Witch takes over the rest of the bewitched character's turn
            self.witch_step = 2
            self.took_gold_or_cards = True
            self.say("citadels.witch_acts", seat=p, character=CHARACTER_SLUG[c])
            self._start_of_turn_power(c, p)
            self._after_gold_or_cards(p)
            return
        self.revealed_characters.append([c, p])
        self.say("citadels.called", character=CHARACTER_SLUG[c], seat=p)
        if c == self.robbed_character:
            thief = self.robber_seat
            stolen = self.gold[p]
            if thief >= 0 and stolen:
                self.gold[p] = 0
                self.gold[thief] += stolen
            self.say("citadels.thief_takes", seat=p, amount=stolen)
        if c == KING:
            self.crown_seat = p
            self.say("citadels.takes_crown", seat=p)
        if c == TAX_COLLECTOR and self.tax_owed:
            self._collect_owed_tax(p)
        if c == self.bewitched_character:
            self.witch_step = 1
            self.builds_left = 0
            self.say("citadels.bewitched", seat=p)
            return
        self._start_of_turn_power(c, p)

    def _start_of_turn_power(self, c: int, p: int) -> None:
        if c == BISHOP:
            self.protected_seat = p  # seed "领主不可以攻打主教"
        if c == QUEEN:
            self._queen_bonus(p)
        if c == NAVIGATOR:
            self.builds_left = 0

    def _seat_holding(self, c: int) -> int:
        h = self.character_holder[c]
        return h if h >= 0 else -1

    def _end_round(self) -> None:
        if self.killed_character >= 0:
            self.reveal()  # who held the killed character (or that nobody did) is told now
            h = self.character_holder[self.killed_character]
            if h >= 0:
                self.say("citadels.killed_was", seat=h, character=CHARACTER_SLUG[self.killed_character])
                if self.killed_character == KING:
                    self.crown_seat = h  # seed "弑君": the killed King's player still takes the crown
                    self.say("citadels.crown_all_same", seat=h)
        self.tax_owed = []  # (always settled when the Tax Collector is called)
        if self.first_complete_seat >= 0 or self.round >= K.ROUND_LIMIT:
            self.phase = PHASE_OVER
            self.mover = NOBODY
            scores = [msg("citadels.seat_score", seat=p, score=int(s)) for p, s in enumerate(self.scores())]
            self.say("citadels.game_ends", scores=scores, winners=seats_message(self.winners()))
            return
        self._start_round()

    # ------------------------------------------------------------------ the turn's actions
    def _act_gold(self, action: Action, p: int) -> None:
        self.took_gold_or_cards = True
        self.gold[p] += 2
        self.say("citadels.takes_gold", seat=p)
        if self.witch_step == 1:
            self._end_turn(p)
            return
        self._after_gold_or_cards(p)

    def _act_cards(self, action: Action, p: int) -> None:
        self.took_gold_or_cards = True
        city = self.cities[p]
        k = 3 if OBSERVATORY in city else 2
        self.cards_to_keep = 2 if LIBRARY in city else 1
        self.draw_queue.extend([p * 2] * k)
        self.say("citadels.draws_to_choose", seat=p, n=k)
        self._after_gold_or_cards(p)

    def _after_gold_or_cards(self, p: int) -> None:
        if self.witch_step == 1:
            return
        c = self.current_character
        if c == MERCHANT:
            self.gold[p] += 1
            self.say("citadels.merchant_bonus", seat=p)
        elif c == ARCHITECT:
            self.draw_queue.extend([p * 2 + 1] * 2)
            self.say("citadels.architect_bonus", seat=p)

    def _act_keep(self, action: Action, p: int) -> None:
        d = K.DISTRICT_INDEX[action.args[0]]
        self.drawn_to_choose.remove(d)
        self.hands[p].append(d)
        self.cards_to_keep -= 1
        self.say("citadels.keeps", (p,), seat=p, district=DISTRICT_SLUG[d])
        if self.cards_to_keep <= 0 or not self.drawn_to_choose:
            self._finish_keeping(p)

    def _act_keep_done(self, action: Action, p: int) -> None:
        self._finish_keeping(p)

    def _finish_keeping(self, p: int) -> None:
        for x in self.drawn_to_choose:
            self._put_on_deck_bottom(x, 1 << p)
        self.say("citadels.keeps_rest", seat=p, n=len(self.drawn_to_choose))
        self.drawn_to_choose = []
        self.cards_to_keep = 0
        if self.witch_step == 1:
            self._end_turn(p)

    def _put_on_deck_bottom(self, d: int, mask: int) -> None:
        self.deck_bottom.append(d)
        self.deck_bottom_seen_by.append(mask)

    def _act_build(self, action: Action, p: int) -> None:
        d = K.DISTRICT_INDEX[action.args[0]]
        self._build(p, d, counts=True)

    def _build(self, p: int, d: int, counts: bool) -> None:
        cost = DISTRICT_COST[d]
        self.gold[p] -= cost
        self.spent_on_builds += cost
        self.hands[p].remove(d)
        self.cities[p].append(d)
        if counts:
            self.builds_left -= 1
        self.built_this_turn += 1
        for row in self.known_hand_cards:
            if d in row[p]:
                row[p].remove(d)
        if d == HAUNTED_CITY:
            self.haunted_city_round[p] = self.round
        self.say("citadels.builds", seat=p, district=DISTRICT_SLUG[d], colour=DISTRICT_COLOUR_NAME[d], cost=cost)
        if len(self.cities[p]) >= self.complete_city_size and self.first_complete_seat < 0:
            self.first_complete_seat = p
            self.say("citadels.completes", seat=p, count=self.complete_city_size)

    def _act_income(self, action: Action, p: int) -> None:
        self._collect_income(p)

    def _collect_income(self, p: int) -> None:
        amount = self.income(p, self.current_character)
        self.income_taken = True
        if amount:
            self.gold[p] += amount
            self.say("citadels.income", seat=p, amount=amount)

    def _act_lab(self, action: Action, p: int) -> None:
        d = K.DISTRICT_INDEX[action.args[0]]
        self.hands[p].remove(d)
        self._put_on_deck_bottom(d, 1 << p)
        self._forget_known_hand(p)
        self.gold[p] += 1
        self.laboratory_used = True
        self.say("citadels.lab", seat=p)
        self.say("citadels.lab_private", (p,), seat=p, district=DISTRICT_SLUG[d])

    def _forget_known_hand(self, p: int) -> None:
        """Others saw cards of p's hand, but p discarded unseen: that knowledge is dropped."""
        for q, row in enumerate(self.known_hand_cards):
            if q != p:
                row[p] = []

    def _act_smithy(self, action: Action, p: int) -> None:
        self.gold[p] -= K.SMITHY_PRICE
        self.smithy_used = True
        self.draw_queue.extend([p * 2 + 1] * K.SMITHY_DRAW)
        self.say("citadels.smithy", seat=p, price=K.SMITHY_PRICE, n=K.SMITHY_DRAW)

    def _act_end(self, action: Action, p: int) -> None:
        self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        c = self.current_character
        if self.witch_step != 1:
            if not self.income_taken and not self.district_destroyed:
                self._collect_income(p)  # (an income the Warlord did not take before destroying is gone)
            if c == ABBOT and not self.ability_used:
                targets = self._levy_targets(p)
                if targets:
                    self._levy(p, targets[0])
            if c == ALCHEMIST and self.spent_on_builds:
                self.gold[p] += self.spent_on_builds
                self.say("citadels.alchemist", seat=p, amount=self.spent_on_builds)
        if self.built_this_turn and self.gold[p] > 0:
            self._pay_tax(p)
        self.say("citadels.ends_turn", seat=p)
        was = self.witch_step
        self.current_character = -1
        self.current_seat = -1
        self.witch_step = 0
        self.phase = PHASE_CALL
        if was == 1:
            witch = self._seat_holding(WITCH)
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
        if tc not in self.characters or self.character_holder[tc] == FACE_UP or tc == self.killed_character or tc in self.absent_characters:
            return
        seat = -1
        for c, s in self.revealed_characters:
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
        c = K.CHARACTER_INDEX[action.args[0]]
        self.killed_character = c
        self.ability_used = True
        self.say("citadels.kills", character=CHARACTER_SLUG[c])

    def _act_rob(self, action: Action, p: int) -> None:
        c = K.CHARACTER_INDEX[action.args[0]]
        self.robbed_character = c
        self.robber_seat = p  # the Thief's player, or the Witch acting as the Thief
        self.ability_used = True
        self.say("citadels.robs", character=CHARACTER_SLUG[c])

    def _act_swap(self, action: Action, p: int) -> None:
        q = action.args[0]
        mine, theirs = self.hands[p], self.hands[q]
        kn = self.known_hand_cards
        if len(kn[p][q]) < len(theirs) or len(kn[q][p]) < len(mine):
            self.reveal()  # each side now holds cards of the other's hand it had not seen
        self.hands[p], self.hands[q] = theirs, mine
        for r in range(self.game.players):
            if r != p and r != q:
                kn[r][p], kn[r][q] = kn[r][q], kn[r][p]
        kn[p][q] = sorted(mine)
        kn[q][p] = sorted(theirs)
        self.ability_used = True
        self.say("citadels.swaps_hands", seat=p, seat2=q, mine=len(mine), n=len(theirs))

    def _act_discard(self, action: Action, p: int) -> None:
        d = K.DISTRICT_INDEX[action.args[0]]
        self.hands[p].remove(d)
        self.magician_discards.append(d)
        self._forget_known_hand(p)
        self.ability_used = True
        self.say("citadels.lays_aside", (p,), seat=p, district=DISTRICT_SLUG[d])

    def _act_redraw(self, action: Action, p: int) -> None:
        k = len(self.magician_discards)
        for d in self.magician_discards:
            self._put_on_deck_bottom(d, 1 << p)
        self.magician_discards = []
        self.draw_queue.extend([p * 2 + 1] * k)
        self.say("citadels.redraws", seat=p, n=k)

    def _act_destroy(self, action: Action, p: int) -> None:
        q = action.args[0]
        d = K.DISTRICT_INDEX[action.args[1]]
        cost = self.destroy_cost(q, d)
        self.gold[p] -= cost
        self._remove_district(q, d)
        self.ability_used = True
        self.district_destroyed = True
        self.say("citadels.destroys", seat=p, character=CHARACTER_SLUG[self.current_character], seat2=q, district=DISTRICT_SLUG[d],
                 cost=cost)
        g = -1
        for r in range(self.game.players):
            if GRAVEYARD in self.cities[r]:
                g = r
        if g >= 0 and g != p and self.gold[g] >= 1:
            self.graveyard_offer = [d, g]
            self.say("citadels.graveyard_may", seat=g, district=DISTRICT_SLUG[d])
        else:
            self._put_on_deck_bottom(d, (1 << self.game.players) - 1)

    def _remove_district(self, q: int, d: int) -> None:
        self.cities[q].remove(d)
        if d in self.beautified[q]:
            self.beautified[q].remove(d)
        if d == HAUNTED_CITY:
            self.haunted_city_round[q] = -1

    def _act_recover(self, action: Action, p: int) -> None:
        d = self.graveyard_offer[0]
        self.graveyard_offer = []
        self.gold[p] -= 1
        self.hands[p].append(d)
        for q, row in enumerate(self.known_hand_cards):
            if q != p:
                row[p].append(d)
        self.say("citadels.recovers", seat=p, district=DISTRICT_SLUG[d])

    def _act_decline(self, action: Action, p: int) -> None:
        d = self.graveyard_offer[0]
        self.graveyard_offer = []
        self._put_on_deck_bottom(d, (1 << self.game.players) - 1)
        self.say("citadels.declines", seat=p, district=DISTRICT_SLUG[d])

    # ------------------------------------------------------------------ extra character abilities
    def _act_bewitch(self, action: Action, p: int) -> None:
        c = K.CHARACTER_INDEX[action.args[0]]
        self.bewitched_character = c
        self.ability_used = True
        self.say("citadels.bewitches", character=CHARACTER_SLUG[c])
        self._end_turn(p)

    def _act_peek(self, action: Action, p: int) -> None:
        q = action.args[0]
        if len(self.known_hand_cards[p][q]) < len(self.hands[q]):
            self.reveal()  # the Wizard sees cards of that hand he did not know
        self.ability_used = True
        self.ability_step = [q, 0, -1]
        self.known_hand_cards[p][q] = sorted(self.hands[q])
        self.say("citadels.peeks", seat=p, seat2=q)
        self.say("citadels.hand_is", (p,), seat=q, districts=[DISTRICT_SLUG[d] for d in sorted(self.hands[q])])

    def _act_take(self, action: Action, p: int) -> None:
        q = self.ability_step[0]
        d = K.DISTRICT_INDEX[action.args[0]]
        self.hands[q].remove(d)
        self.known_hand_cards[p][q].remove(d)
        for r in range(self.game.players):
            if r != p and r != q:
                self.known_hand_cards[r][q] = []
        self.ability_step = [q, 1, d]
        self.say("citadels.takes_from", seat=p, seat2=q)
        self.say("citadels.takes_district", (p, q), seat=p, district=DISTRICT_SLUG[d])

    def _act_wizard_keep(self, action: Action, p: int) -> None:
        q, _, d = self.ability_step
        self.ability_step = []
        self.hands[p].append(d)
        self.known_hand_cards[q][p].append(d)
        self.say("citadels.keeps_card", seat=p)

    def _act_wizard_build(self, action: Action, p: int) -> None:
        if self.game.players > 2:
            self.reveal()  # the card he took, seen by him and its owner only, is built in view of all
        q, _, d = self.ability_step
        self.ability_step = []
        self.hands[p].append(d)
        # seed "巫师": this build is not the turn's build, and may duplicate a district
        self._build(p, d, counts=False)

    def _act_give_crown(self, action: Action, p: int) -> None:
        q = action.args[0]
        self.crown_seat = q
        self.ability_used = True
        self.say("citadels.gives_crown", seat=p, seat2=q)
        if self.gold[q] > 0 or self.hands[q]:
            self.tribute_seat = q
        else:
            self.say("citadels.cannot_pay", seat=q)

    def _act_tribute_gold(self, action: Action, p: int) -> None:
        self.gold[p] -= 1
        self.gold[self.current_seat] += 1
        self.tribute_seat = -1
        self.say("citadels.tribute_gold", seat=p)

    def _act_tribute(self, action: Action, p: int) -> None:
        d = K.DISTRICT_INDEX[action.args[0]]
        e = self.current_seat
        self.hands[p].remove(d)
        self.hands[e].append(d)
        self.known_hand_cards[p][e].append(d)
        if d in self.known_hand_cards[e][p]:
            self.known_hand_cards[e][p].remove(d)
        for r in range(self.game.players):
            if r != p and r != e:
                self.known_hand_cards[r][p] = []
        self.tribute_seat = -1
        self.say("citadels.tribute_card", seat=p)
        self.say("citadels.tribute_is", (p, e), district=DISTRICT_SLUG[d])

    def _act_levy(self, action: Action, p: int) -> None:
        self._levy(p, action.args[0])

    def _levy(self, p: int, q: int) -> None:
        self.ability_used = True
        self.gold[q] -= 1
        self.gold[p] += 1
        self.say("citadels.levy", seat=q)

    def _act_navigate_gold(self, action: Action, p: int) -> None:
        self.ability_used = True
        self.gold[p] += 4
        self.say("citadels.navigates_gold", seat=p)

    def _act_navigate_cards(self, action: Action, p: int) -> None:
        self.ability_used = True
        self.draw_queue.extend([p * 2 + 1] * 4)
        self.say("citadels.navigates_cards", seat=p)

    def _act_exchange(self, action: Action, p: int) -> None:
        self.ability_step = [-1, 2, K.DISTRICT_INDEX[action.args[0]]]  # reuse the sub-step slot: stage 2 = Diplomat
        self.say("citadels.offers_exchange", seat=p, district=DISTRICT_SLUG[self.ability_step[2]])

    def _act_exchange_with(self, action: Action, p: int) -> None:
        q = action.args[0]
        d = K.DISTRICT_INDEX[action.args[1]]
        mine = self.ability_step[2]
        self.ability_step = []
        pay = max(0, self.district_value(q, d) - self.district_value(p, mine))
        my_coin = mine in self.beautified[p]
        their_coin = d in self.beautified[q]
        self._remove_district(p, mine)
        self._remove_district(q, d)
        self.cities[p].append(d)
        self.cities[q].append(mine)
        if their_coin:
            self.beautified[p].append(d)
        if my_coin:
            self.beautified[q].append(mine)
        if d == HAUNTED_CITY:
            self.haunted_city_round[p] = self.round
        if mine == HAUNTED_CITY:
            self.haunted_city_round[q] = self.round
        self.gold[p] -= pay
        self.gold[q] += pay
        self.ability_used = True
        self.say("citadels.exchanges", seat=p, district=DISTRICT_SLUG[mine], seat2=q, district2=DISTRICT_SLUG[d], pay=pay)

    def _act_beautify(self, action: Action, p: int) -> None:
        d = K.DISTRICT_INDEX[action.args[0]]
        self.gold[p] -= 1
        self.beautified[p].append(d)
        self.beautified_this_turn += 1
        if self.beautified_this_turn >= 2:
            self.ability_used = True
        self.say("citadels.beautifies", seat=p, district=DISTRICT_SLUG[d])

    def _queen_bonus(self, p: int) -> None:
        n = self.game.players
        king = rank4 = -1
        for c in self.characters:
            if CHARACTER_RANK[c] == 4:
                king, rank4 = self.character_holder[c], c
        if king >= 0 and king != p and (king == (p + 1) % n or king == (p - 1) % n):
            self.gold[p] += 3
            self.say("citadels.queen", seat=p, character=CHARACTER_SLUG[rank4])

    _HANDLERS: ClassVar[dict[str, Any]] = {}

    # ================================================================== scoring (seed "胜利条件")
    def city_score(self, p: int, final_round: int | None = None) -> int:
        city = self.cities[p]
        total = len(self.beautified[p])
        colours = 0
        for d in city:
            total += DISTRICT_POINTS[d]
            if d != HAUNTED_CITY:
                colours |= 1 << DISTRICT_COLOUR[d]
        if HAUNTED_CITY in city:
            last = self.round if final_round is None else final_round
            if self.haunted_city_round[p] < last:
                if bin(colours).count("1") >= 4:
                    colours = 31
            else:
                colours |= 1 << K.PURPLE
        if colours == 31:
            total += K.BONUS_COLOURS
        if self.first_complete_seat == p:
            total += K.BONUS_FIRST
        elif len(city) >= self.complete_city_size:
            total += K.BONUS_COMPLETE
        return total

    def scores(self) -> list[float]:
        return [float(self.city_score(p)) for p in range(self.game.players)]

    def winners(self) -> list[int]:
        if self.phase != PHASE_OVER:
            return []
        sc = self.scores()
        best = max(sc)
        tied = [p for p in range(self.game.players) if sc[p] == best]
        if len(tied) == 1:
            return tied
        # tie-break (ours, from the published game): the highest-ranked character of the last round
        rank = {p: max((CHARACTER_RANK[c] for c in self.characters if self.character_holder[c] == p), default=0) for p in tied}
        top = max(rank.values())
        return [p for p in tied if rank[p] == top]

    # ================================================================== information
    def _observation(self, p: int | None) -> dict[str, Any]:
        n = self.game.players
        obs: dict[str, Any] = {
            "round": self.round,
            "phase": ("setup", "draft", "call", "turn", "over")[self.phase],
            "crown": self.crown_seat,
            "complete_at": self.complete_city_size,
            "first_complete": self.first_complete_seat,
            "gold": list(self.gold),
            "hand_sizes": [len(h) for h in self.hands],
            "cities": [[DISTRICT_SLUG[d] for d in city] for city in self.cities],
            "coins": [[DISTRICT_SLUG[d] for d in c] for c in self.beautified],
            "haunted_round": list(self.haunted_city_round),
            "deck_size": len(self.deck_unseen) + len(self.deck_bottom),
            "characters": [CHARACTER_SLUG[c] for c in self.characters],
            "face_up": [CHARACTER_SLUG[c] for h, c in self.character_deal if h == FACE_UP],
            "revealed": [[CHARACTER_SLUG[c], s] for c, s in self.revealed_characters],
            "absent": [CHARACTER_SLUG[c] for c in self.absent_characters],
            "killed": CHARACTER_SLUG[self.killed_character] if self.killed_character >= 0 else None,
            "robbed": CHARACTER_SLUG[self.robbed_character] if self.robbed_character >= 0 else None,
            "bewitched": CHARACTER_SLUG[self.bewitched_character] if self.bewitched_character >= 0 else None,
            "draft_step": self.draft_index,
            "draft_cards_left": len(self.character_pool),
            "current": [CHARACTER_SLUG[self.current_character], self.current_seat] if self.current_character >= 0 else None,
            "witch_step": self.witch_step,
            "turn": {
                "took": self.took_gold_or_cards, "builds": self.builds_left, "income_done": self.income_taken, "used": self.ability_used,
                "lab_used": self.laboratory_used, "smithy_used": self.smithy_used, "destroyed": self.district_destroyed,
                "spent": self.spent_on_builds, "built": self.built_this_turn, "drawn": len(self.drawn_to_choose), "keep": self.cards_to_keep,
                "redraw": len(self.magician_discards), "art": self.beautified_this_turn,
            },
            "graveyard": [DISTRICT_SLUG[self.graveyard_offer[0]], self.graveyard_offer[1]] if self.graveyard_offer else None,
            "tribute": self.tribute_seat,
            "tax_owed": list(self.tax_owed),
            "protected": self.protected_seat,
            "pending_draws": len(self.draw_queue),
            "scores": self.scores(),
        }
        if self.ability_step:
            q, stage, d = self.ability_step
            obs["wizard"] = [q, stage]
            if stage == 2:
                obs["wizard"].append(DISTRICT_SLUG[d])
            elif stage == 1 and p is not None and p in (self.current_seat, q):
                obs["wizard"].append(DISTRICT_SLUG[d])
        if p is None:
            return obs
        obs["hand"] = sorted(DISTRICT_SLUG[d] for d in self.hands[p])
        obs["known_hands"] = {str(q): sorted(DISTRICT_SLUG[d] for d in self.known_hand_cards[p][q]) for q in range(n) if q != p}
        obs["deck_bottom_known"] = [[i, DISTRICT_SLUG[d]] for i, (d, m) in enumerate(zip(self.deck_bottom, self.deck_bottom_seen_by))
                                    if m >> p & 1]
        obs["my_characters"] = [CHARACTER_SLUG[c] for c in self.characters if self.character_holder[c] == p]
        obs["draft_seen"] = [[s, list(e), [CHARACTER_SLUG[c] for c in cs]] for s, e, cs in self.draft_offers_seen[p]]
        if self.phase == PHASE_DRAFT and self.draft_index < len(self.draft_order) and self.draft_order[self.draft_index][0] == p \
                and not self.face_down_to_deal and not self.face_up_to_deal:
            obs["offer"] = [CHARACTER_SLUG[c] for c in self.draft_offer]
        if self.current_seat == p:
            obs["drawn"] = sorted(DISTRICT_SLUG[d] for d in self.drawn_to_choose)
            obs["redraw"] = sorted(DISTRICT_SLUG[d] for d in self.magician_discards)
        if self.ability_step and self.ability_step[1] == 0 and self.current_seat == p:
            obs["wizard_sees"] = sorted(DISTRICT_SLUG[d] for d in self.hands[self.ability_step[0]])
        return obs

    def _resample_hidden(self, p: int | None) -> None:
        self._resample_characters(p)
        self._resample_districts(p)

    def _resample_characters(self, p: int | None) -> None:
        """Re-deal the characters ``p`` has not seen, keeping every draft offer ``p`` saw. Should that
        knowledge ever not fit the sampler, the deal keeps only what the table and ``p``'s own picks
        show: weaker inference, but never the real deal (which would let a search peek)."""
        if not self.character_deal and not self.character_pool:
            return
        groups = self.draft_offers_seen[p] if p is not None else []
        if groups and self._sample_character_deal(p, groups):
            return
        if not self._sample_character_deal(p, []):
            raise InvariantError("no character deal fits the revealed characters and the seat's own picks")

    def _character_atoms(self, groups: list[Any]) -> list[tuple[list[int], list[int]]] | None:
        """Split the face-down and pooled character slots by which draft offers they were in; each
        part with the characters that can be there. None when the offers do not determine them."""
        steps = self.character_deal
        ns = len(steps)
        items = [i for i in range(ns) if steps[i][0] != FACE_UP] + list(range(ns, ns + len(self.character_pool)))
        card_of = [st[1] for st in steps] + list(self.character_pool)
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

    def _sample_character_deal(self, p: int | None, groups: list[Any]) -> bool:
        """Sample a character deal consistent with ``groups`` (offers ``p`` saw); False if none found."""
        atom_cards = self._character_atoms(groups)
        if atom_cards is None:
            return False
        hold = [st[0] for st in self.character_deal] + [UNDEALT] * len(self.character_pool)
        known = {c: seat for c, seat in self.revealed_characters}
        if p is not None:
            for c in self.characters:
                if self.character_holder[c] == p:
                    known[c] = p
        absent = set(self.absent_characters)
        rng = self.rng
        swap_pair = (0, self.seven_player_pick[1]) if len(self.seven_player_pick) == 2 and p != self.seven_player_pick[0] else None
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
                        cand = [i for i in free if h[i] == FACE_DOWN]
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
        steps = self.character_deal
        ns = len(steps)
        for i in range(ns):
            if i in new_card:
                steps[i][0] = h[i]
                steps[i][1] = new_card[i]
        self.character_pool = sorted(new_card[i] for i in range(ns, ns + len(self.character_pool)))
        for c in self.characters:
            self.character_holder[c] = NOT_IN_GAME
        for hh, c in steps:
            self.character_holder[c] = hh
        for c in self.character_pool:
            self.character_holder[c] = UNDEALT
        if self.phase == PHASE_DRAFT and self.draft_index < len(self.draft_order) and self.draft_offer:
            offer = list(self.character_pool)
            if self.seven_player_pick and self.draft_index == len(self.draft_order) - 1:
                offer.append(steps[0][1])
            self.draft_offer = sorted(offer)

    def _resample_districts(self, p: int | None) -> None:
        n = self.game.players
        unknown: list[int] = list(self.deck_unseen)
        hand_slots: list[int] = []
        for q in range(n):
            if q == p:
                continue
            hand = list(self.hands[q])
            kept = []
            if p is not None:
                for d in self.known_hand_cards[p][q]:
                    if d in hand:
                        hand.remove(d)
                        kept.append(d)
            unknown += hand
            hand_slots.append(len(hand))
        bottom_idx = [i for i, m in enumerate(self.deck_bottom_seen_by) if p is None or not m >> p & 1]
        unknown += [self.deck_bottom[i] for i in bottom_idx]
        other_drawn = self.current_seat != p and self.drawn_to_choose
        if other_drawn:
            unknown += self.drawn_to_choose
        other_redraw = self.current_seat != p and self.magician_discards
        if other_redraw:
            unknown += self.magician_discards
        # the card the Wizard took, before he keeps or builds it, is known to him and its owner only
        other_wiz = bool(self.ability_step) and self.ability_step[1] == 1 and p not in (self.current_seat, self.ability_step[0])
        if other_wiz:
            unknown.append(self.ability_step[2])
        unknown.sort()  # the re-deal must not depend on where the unseen cards really are
        # Draw the hidden hand, deck-bottom and drawn cards at random (a partial Fisher-Yates); the rest
        # is the unseen deck, which is kept sorted anyway.
        k = len(self.deck_unseen)
        dealt = len(unknown) - k
        randbelow = self.rng.randbelow
        for i in range(dealt):
            j = i + randbelow(len(unknown) - i)
            unknown[i], unknown[j] = unknown[j], unknown[i]
        self.deck_unseen = sorted(unknown[dealt:])
        pos = 0
        slot = 0
        for q in range(n):
            if q == p:
                continue
            known_cards = []
            hand = list(self.hands[q])
            if p is not None:
                for d in self.known_hand_cards[p][q]:
                    if d in hand:
                        hand.remove(d)
                        known_cards.append(d)
            m = hand_slots[slot]
            slot += 1
            self.hands[q] = known_cards + unknown[pos:pos + m]
            pos += m
        for i in bottom_idx:
            self.deck_bottom[i] = unknown[pos]
            pos += 1
        if other_drawn:
            m = len(self.drawn_to_choose)
            self.drawn_to_choose = unknown[pos:pos + m]
            pos += m
        if other_redraw:
            m = len(self.magician_discards)
            self.magician_discards = unknown[pos:pos + m]
            pos += m
        if other_wiz:
            self.ability_step[2] = unknown[pos]
            pos += 1
        # what the other seats know of each hand must still be in that hand
        for r in range(n):
            if r == p:
                continue
            for q in range(n):
                hand = list(self.hands[q])
                keep = []
                for d in self.known_hand_cards[r][q]:
                    if d in hand:
                        hand.remove(d)
                        keep.append(d)
                self.known_hand_cards[r][q] = keep

    # ================================================================== checks
    def check_invariants(self) -> None:
        n = self.game.players
        count = [0] * N_DISTRICT_KINDS
        for d in self.deck_unseen:
            count[d] += 1
        for d in self.deck_bottom:
            count[d] += 1
        for q in range(n):
            for d in self.hands[q]:
                count[d] += 1
            for d in self.cities[q]:
                count[d] += 1
        for d in self.drawn_to_choose:
            count[d] += 1
        for d in self.magician_discards:
            count[d] += 1
        if self.graveyard_offer:
            count[self.graveyard_offer[0]] += 1
        if self.ability_step and self.ability_step[1] == 1:
            count[self.ability_step[2]] += 1
        if count != list(K.DISTRICT_COPIES):
            raise InvariantError(f"district cards not conserved: {count} != {list(K.DISTRICT_COPIES)}")
        if len(self.deck_bottom) != len(self.deck_bottom_seen_by):
            raise InvariantError("deck bottom and its knowledge masks differ in length")
        if any(g < 0 for g in self.gold):
            raise InvariantError(f"negative gold: {self.gold}")
        if self.deck_unseen != sorted(self.deck_unseen):
            raise InvariantError("the unseen deck is not sorted")
        seen_chars = sorted([c for _, c in self.character_deal] + list(self.character_pool))
        if self.phase in (PHASE_DRAFT, PHASE_CALL, PHASE_TURN) and seen_chars != sorted(self.characters):
            raise InvariantError(f"characters not conserved: {seen_chars} vs {sorted(self.characters)}")
        for q in range(n):
            for r in range(n):
                hand = list(self.hands[q])
                for d in self.known_hand_cards[r][q]:
                    if d not in hand:
                        raise InvariantError(f"seat {r} 'knows' a {DISTRICT_SLUG[d]} that is not in seat {q}'s hand")
                    hand.remove(d)

    # ================================================================== words
    def why_illegal(self, action: Action, player: int) -> Message:
        name = action.name
        if self.phase == PHASE_DRAFT and name in ("pick", "facedown") and action.args:
            slug = action.args[0]
            if slug in K.CHARACTER_INDEX and K.CHARACTER_INDEX[slug] not in self.draft_offer:
                return Message("citadels.err.not_offered", {"character": slug})
        if self.phase == PHASE_TURN and player == self.current_seat:
            p = player
            if name == "build" and action.args and action.args[0] in K.DISTRICT_INDEX:
                slug = action.args[0]
                d = K.DISTRICT_INDEX[slug]
                if not self.took_gold_or_cards:
                    return Message("citadels.err.take_first", {})
                if d not in self.hands[p]:
                    return Message("citadels.err.not_in_hand", {"district": slug})
                if d in self.cities[p]:
                    return Message("citadels.err.duplicate", {"district": slug})
                if DISTRICT_COST[d] > self.gold[p]:
                    return Message("citadels.err.too_dear", {"district": slug, "cost": DISTRICT_COST[d],
                                                             "gold": self.gold[p]})
                if self.builds_left <= 0:
                    return Message("citadels.err.no_builds", {})
            if name == "rob" and action.args and action.args[0] in K.CHARACTER_INDEX:
                slug = action.args[0]
                c = K.CHARACTER_INDEX[slug]
                if self.current_character != THIEF:
                    return Message("citadels.err.only_thief", {})
                if CHARACTER_RANK[c] <= 2:
                    return Message("citadels.err.rob_rank", {})
                if c == self.killed_character:
                    return Message("citadels.err.rob_killed", {})
                if c == self.bewitched_character:
                    return Message("citadels.err.rob_bewitched", {})
                if self.character_holder[c] == FACE_UP:
                    return Message("citadels.err.face_up", {"character": slug})
            if name in ("gold", "cards") and self.took_gold_or_cards:
                return Message("citadels.err.took_already", {})
        if self.phase == PHASE_TURN and name in ("kill", "rob", "swap", "destroy", "bewitch") and player != self.current_seat:
            return Message("citadels.err.not_your_character", {"character": CHARACTER_SLUG[self.current_character]})
        return super().why_illegal(action, player)

    def describe_message(self, action: Action, player: int | None = None) -> Message | None:
        """What ``action`` does now and what it costs, with the numbers, as a message.

        >>> state.describe(Action("build", ("temple",)), 0)
        'Build the Temple for 1 gold (blue, worth 1 point)'
        >>> state.describe(Action("build", ("temple",)), 0, "zh")
        '花费 1 枚金币建造神庙（蓝色，计 1 分）'
        """
        p = player if player is not None else (self.mover if self.mover != NOBODY else self.current_seat)
        found = self._describe_action(action, p)
        if found is None:
            return None
        if isinstance(found, Message):
            return found
        return Message(found["id"], found["args"])

    def _district_text(self, d: int) -> dict[str, Any]:
        """"Temple (blue, cost 1, 1 point)" as a message."""
        return msg("citadels.do.card", district=DISTRICT_SLUG[d], colour=DISTRICT_COLOUR_NAME[d], cost=DISTRICT_COST[d], n=DISTRICT_POINTS[d])

    def _income_text(self, p: int, c: int) -> dict[str, Any]:
        colour = CHARACTER_INCOME_COLOUR[c]
        k = sum(1 for d in self.cities[p] if DISTRICT_COLOUR[d] == colour)
        text = msg("citadels.do.income_districts", n=k, colour=K.COLOUR_NAMES[colour])
        if SCHOOL_OF_MAGIC in self.cities[p] and DISTRICT_COLOUR[SCHOOL_OF_MAGIC] != colour:
            text = msg("citadels.do.income_school", text=text)
        return text

    def _describe_action(self, action: Action, p: int) -> dict[str, Any] | None:
        name, args = action.name, action.args
        c = self.current_character
        # ---------------------------------------------------------------- chance
        if name == "crown":
            return msg("citadels.do.crown", seat=args[0])
        if name == "deal-down":
            ch = K.CHARACTER_INDEX[args[0]]
            return msg("citadels.do.deal_down", character=args[0], rank=CHARACTER_RANK[ch])
        if name == "deal-up":
            ch = K.CHARACTER_INDEX[args[0]]
            return msg("citadels.do.deal_up", character=args[0], rank=CHARACTER_RANK[ch])
        if name == "draw":
            d = K.DISTRICT_INDEX[args[0]]
            left = len(self.deck_unseen) + len(self.deck_bottom)
            if self.draw_queue:
                return msg("citadels.do.draw", seat=self.draw_queue[0] >> 1, card=self._district_text(d), n=left)
            return msg("citadels.do.draw_anyone", card=self._district_text(d), n=left)
        # ---------------------------------------------------------------- draft
        if name == "pick":
            ch = K.CHARACTER_INDEX[args[0]]
            return msg("citadels.do.pick", character=args[0], rank=CHARACTER_RANK[ch], n=len(self.draft_offer) - 1)
        if name == "facedown":
            ch = K.CHARACTER_INDEX[args[0]]
            return msg("citadels.do.facedown", character=args[0], rank=CHARACTER_RANK[ch])
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
            d = K.DISTRICT_INDEX[args[0]]
            rest = len(self.drawn_to_choose) - 1
            text = msg("citadels.do.keep", card=self._district_text(d))
            if not rest:
                return text
            if self.cards_to_keep > 1:
                return msg("citadels.do.keep_more", text=text, more=self.cards_to_keep - 1)
            return msg("citadels.do.keep_rest", text=text, n=rest)
        if name == "keep-done":
            return msg("citadels.do.keep_done", n=len(self.drawn_to_choose))
        # ---------------------------------------------------------------- building and the turn
        if name == "build":
            d = K.DISTRICT_INDEX[args[0]]
            if c == ALCHEMIST:
                return msg("citadels.do.build_alchemist", district=args[0], cost=DISTRICT_COST[d], colour=DISTRICT_COLOUR_NAME[d],
                           n=DISTRICT_POINTS[d])
            return msg("citadels.do.build", district=args[0], cost=DISTRICT_COST[d], colour=DISTRICT_COLOUR_NAME[d], n=DISTRICT_POINTS[d])
        if name == "income":
            return msg("citadels.do.income", amount=self.income(p, c), character=CHARACTER_SLUG[c],
                       why=self._income_text(p, c))
        if name == "end":
            return self._describe_end(p, c)
        if name == "lab":
            return msg("citadels.do.lab", district=args[0])
        if name == "smithy":
            return msg("citadels.do.smithy", price=K.SMITHY_PRICE, n=K.SMITHY_DRAW)
        if name == "recover":
            return msg("citadels.do.recover", card=self._district_text(self.graveyard_offer[0]))
        if name == "decline":
            return msg("citadels.do.decline", district=DISTRICT_SLUG[self.graveyard_offer[0]])
        # ---------------------------------------------------------------- characters
        if name in ("kill", "rob", "bewitch"):
            ch = K.CHARACTER_INDEX[args[0]]
            if name == "kill":
                return msg("citadels.do.kill", character=args[0], rank=CHARACTER_RANK[ch])
            if name == "rob":
                return msg("citadels.do.rob", character=args[0], rank=CHARACTER_RANK[ch])
            return msg("citadels.do.bewitch", character=args[0], rank=CHARACTER_RANK[ch])
        if name == "swap":
            q = args[0]
            return msg("citadels.do.swap", mine=msg("citadels.n_cards", n=len(self.hands[p])), seat=q,
                       theirs=msg("citadels.n_cards", n=len(self.hands[q])))
        if name == "discard":
            return msg("citadels.do.discard", district=args[0], k=len(self.magician_discards) + 1)
        if name == "redraw":
            return msg("citadels.do.redraw", n=len(self.magician_discards))
        if name == "destroy":
            q, d = args[0], K.DISTRICT_INDEX[args[1]]
            wall = GREAT_WALL in self.cities[q] and d != GREAT_WALL
            if wall:
                text = msg("citadels.do.destroy_wall", seat=q, district=args[1], cost=DISTRICT_COST[d],
                           pay=self.destroy_cost(q, d))
            else:
                text = msg("citadels.do.destroy", seat=q, district=args[1], cost=DISTRICT_COST[d], pay=self.destroy_cost(q, d))
            if not self.income_taken and self.income(p, c):
                text = msg("citadels.do.destroy_lost", text=text, amount=self.income(p, c))
            return text
        if name == "peek":
            q = args[0]
            return msg("citadels.do.peek", seat=q, cards=msg("citadels.n_cards", n=len(self.hands[q])))
        if name == "take":
            return msg("citadels.do.take", card=self._district_text(K.DISTRICT_INDEX[args[0]]), seat=self.ability_step[0])
        if name == "wizard-keep":
            return msg("citadels.do.wizard_keep", district=DISTRICT_SLUG[self.ability_step[2]])
        if name == "wizard-build":
            d = self.ability_step[2]
            return msg("citadels.do.wizard_build", district=DISTRICT_SLUG[d], cost=DISTRICT_COST[d])
        if name == "give-crown":
            q = args[0]
            if self.gold[q] > 0 or self.hands[q]:
                return msg("citadels.do.give_crown", seat=q)
            return msg("citadels.do.give_crown_free", seat=q)
        if name == "tribute-gold":
            return msg("citadels.do.tribute_gold", seat=self.current_seat, gold=self.gold[p])
        if name == "tribute":
            return msg("citadels.do.tribute", seat=self.current_seat, card=self._district_text(K.DISTRICT_INDEX[args[0]]))
        if name == "levy":
            q = args[0]
            return msg("citadels.do.levy", seat=q, gold=self.gold[q])
        if name == "navigate-gold":
            return msg("citadels.do.navigate_gold")
        if name == "navigate-cards":
            return msg("citadels.do.navigate_cards")
        if name == "exchange":
            d = K.DISTRICT_INDEX[args[0]]
            return msg("citadels.do.exchange", district=args[0], value=self.district_value(p, d))
        if name == "exchange-with":
            q, d = args[0], K.DISTRICT_INDEX[args[1]]
            mine = self.ability_step[2]
            pay = max(0, self.district_value(q, d) - self.district_value(p, mine))
            return msg("citadels.do.exchange_with", district=DISTRICT_SLUG[mine], value=self.district_value(p, mine), seat=q,
                       district2=args[1], value2=self.district_value(q, d), pay=pay)
        if name == "beautify":
            return msg("citadels.do.beautify", district=args[0], n=1 - self.beautified_this_turn)
        return None

    def _describe_end(self, p: int, c: int) -> dict[str, Any]:
        if self.district_destroyed:
            return msg("citadels.do.end_destroyed")
        extra = []
        if not self.income_taken and self.witch_step != 1:
            amount = self.income(p, c)
            if amount:
                extra.append(msg("citadels.do.end_income", amount=amount))
        if c == ABBOT and not self.ability_used and self._levy_targets(p):
            extra.append(msg("citadels.do.end_levy", seat=self._levy_targets(p)[0]))
        if c == ALCHEMIST and self.spent_on_builds:
            extra.append(msg("citadels.do.end_alchemist", amount=self.spent_on_builds))
        no_build = self.builds_left > 0 and self.took_gold_or_cards and self.witch_step != 1 and not self.built_this_turn
        text = msg("citadels.do.end_no_build") if no_build else msg("citadels.do.end")
        if extra:
            text = msg("citadels.do.end_and", text=text, extras=extra)
        if (self.built_this_turn and TAX_COLLECTOR in self.characters and self.character_holder[TAX_COLLECTOR] != FACE_UP
                and TAX_COLLECTOR != self.killed_character and TAX_COLLECTOR not in self.absent_characters and c != TAX_COLLECTOR):
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
