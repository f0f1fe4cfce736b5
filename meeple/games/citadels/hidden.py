"""What each seat may know: observations, determinize and the chance outcomes.

    有皇冠卡的玩家拿起余下的角色卡……选择一张并面向下放在自己面前。（选择角色）
    持有被暗杀角色的玩家不可以作声，当皇帝读出角色名字时，这名玩家亦不能出声。（刺客）

Characters are chosen face down and the district hands are secret. A seat's observation holds what it
may know and nothing more; determinize re-deals the rest consistently with it (the re-deal itself:
``redeal.py``); the deck and the character deals are chance outcomes, and a person entering a real
draw is offered only what that seat cannot rule out.
"""

from __future__ import annotations

import bisect
from typing import Any, Iterator

from meeple.core import Action, Rng
from meeple.games.citadels.actions import (
    A_CROWN, A_DEAL_DOWN, A_DEAL_UP, A_DRAW, ABILITY_STAGES, FACE_DOWN, FACE_UP, PHASE_DRAFT, PHASE_NAMES,
    UNDEALT, WIZARD_KEEP, WIZARD_TAKE,
)
from meeple.games.citadels.content import (
    CHARACTER_INDEX, CHARACTER_RANK, CHARACTER_SLUG, DISTRICT_INDEX, DISTRICT_SLUG, N_DISTRICT_KINDS,
)
from meeple.games.citadels.redeal import Redeal

RANK_FOUR_CHARACTERS = tuple(c for c, rank in enumerate(CHARACTER_RANK) if rank == 4)
"""The King and the Emperor: never set aside face up (seed "国王卡一定不可以是『放在一旁面向上的卡』")."""


class HiddenInformation(Redeal):
    """Observations, determinize and the chance outcomes."""

    # the chance steps' outcomes (``flow.STEPS``)
    def _draw_outcomes(self) -> list[tuple[Action, float]]:
        """A card of the unseen deck, weighted by its copies."""
        counts: dict[int, int] = {}
        for d in self.deck_unseen:
            counts[d] = counts.get(d, 0) + 1
        return [(A_DRAW[d], float(copies)) for d, copies in sorted(counts.items())]

    def _sample_draw(self, rng: Rng) -> Action:
        """A draw picks a card of the unseen deck directly (the same outcome as the weighted list)."""
        return A_DRAW[self.deck_unseen[rng.randbelow(len(self.deck_unseen))]]

    def _drawing_seat(self) -> int | None:
        """A district draw is the drawing seat's (the next entry of the public ``draw_queue``); the crown
        and the character deals before the draft are anyone's."""
        return self.draw_queue[0]["seat"]

    def _crown_outcomes(self) -> list[tuple[Action, float]]:
        return [(A_CROWN[p], 1.0) for p in range(self.game.players)]

    def _sample_crown(self, rng: Rng) -> Action:
        return A_CROWN[rng.uniform_index(self.game.players)]

    def _deal_down_outcomes(self) -> list[tuple[Action, float]]:
        return [(A_DEAL_DOWN[c], 1.0) for c in self.character_pool]

    def _sample_deal_down(self, rng: Rng) -> Action:
        pool = self.character_pool
        return A_DEAL_DOWN[pool[rng.uniform_index(len(pool))]]

    def _deal_up_outcomes(self) -> list[tuple[Action, float]]:
        """Never the rank-4 character (seed "国王卡一定不可以是『放在一旁面向上的卡』")."""
        return [(A_DEAL_UP[c], 1.0) for c in self.character_pool if CHARACTER_RANK[c] != 4]

    def _sample_deal_up(self, rng: Rng) -> Action:
        may_be_face_up = self.character_pool.copy()  # the outcomes of ``_deal_up_outcomes``, in their order
        for c in RANK_FOUR_CHARACTERS:
            if c in may_be_face_up:
                may_be_face_up.remove(c)
        return A_DEAL_UP[may_be_face_up[rng.uniform_index(len(may_be_face_up))]]

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
            face_up = {c for where, c in self.character_deal if where == FACE_UP}
            table = A_DEAL_DOWN if kind == "down" else A_DEAL_UP
            return [table[c] for c in self.characters
                    if c not in face_up and (kind == "down" or CHARACTER_RANK[c] != 4)]
        return super().chance_choices(player)

    def _reconcile_chance_entry(self, action: Action) -> bool:
        """A real table entered an outcome meeple's hidden arrangement rules out (``State.apply``): a
        district with no copy left in the unseen deck, its copies where some seat cannot see them (another
        hand, under the deck, another seat's cards to choose from), or a face-up deal of the character
        meeple had set aside face down. At a real table the entry is what the drawer holds, so one of the
        entries conflicts: the copy trades places with a card drawn at random from the unseen deck (the
        character with one of the pool), and the whole table is told that two entries conflict and the
        cards must be checked, naming nobody. See "Assumptions" in docs/rules/citadels.md."""
        args = action.args
        if len(args) != 1 or not isinstance(args[0], str):
            return False
        kind = self.chance_kind
        if kind == "draw" and action.name == "draw" and args[0] in DISTRICT_INDEX:
            reconciled = self._swap_into_deck(DISTRICT_INDEX[args[0]])
        elif kind == "up" and action.name == "deal-up" and args[0] in CHARACTER_INDEX:
            reconciled = self._swap_face_down_into_pool(CHARACTER_INDEX[args[0]])
        else:
            return False
        if reconciled:
            self.reveal()  # the table learns that the entry was not where meeple had it
            self.say("citadels.entries_conflict")
        return reconciled

    def _copies_out_of_sight(self, d: int, drawer: int) -> Iterator[tuple[str, int, int]]:
        """Where copies of district ``d`` lie that some seat cannot see, each as (place, index, the seats that
        cannot see it as a bit mask): the hands (from the seat after ``drawer`` on; a copy beyond those the
        seat knows there), the cards under the deck, the current seat's cards to choose from and its redraw,
        the card the Wizard took. The places of ``_districts_unseen_by``."""
        n = self.game.players
        everyone = (1 << n) - 1
        for k in range(1, n + 1):
            q = (drawer + k) % n
            copies = self.hands[q].count(d)
            if copies:
                blind = 0
                for r in range(n):
                    if r != q and self.known_hand_cards[r][q].count(d) < copies:
                        blind |= 1 << r
                if blind:
                    yield "hand", q, blind
        for i, (card, seen_by) in enumerate(zip(self.deck_bottom, self.deck_bottom_seen_by)):
            if card == d and seen_by & everyone != everyone:
                yield "bottom", i, everyone & ~seen_by
        others = everyone & ~(1 << self.current_seat) if self.current_seat >= 0 else everyone
        if d in self.drawn_to_choose and others:
            yield "drawn", self.drawn_to_choose.index(d), others
        if d in self.magician_discards and others:
            yield "redraw", self.magician_discards.index(d), others
        step = self.ability_step
        if step and step["stage"] == WIZARD_KEEP and step["district"] == d:
            blind = others & ~(1 << step["seat"])
            if blind:
                yield "wizard", 0, blind

    def _swap_into_deck(self, d: int) -> bool:
        """Put a copy of district ``d`` from out of sight into the unseen deck, and a card drawn at random
        from the deck in its place: a copy the drawer cannot see if there is one (the drawer entered it),
        else one some seat cannot see (a person entering the draw of a bot). False, and nothing changed,
        when every copy is in plain sight (a city, the Graveyard's offer, a card everybody knows)."""
        drawer = self.draw_queue[0]["seat"]
        chosen = None
        for place, index, blind in self._copies_out_of_sight(d, drawer):
            if blind >> drawer & 1:
                chosen = place, index
                break
            if chosen is None:
                chosen = place, index
        if chosen is None:
            return False
        deck = self.deck_unseen
        replacement = deck.pop(self.rng.randbelow(len(deck)))
        bisect.insort(deck, d)
        place, index = chosen
        if place == "hand":
            hand = self.hands[index]
            hand[hand.index(d)] = replacement
            for known in self.known_hand_cards:
                while known[index].count(d) > hand.count(d):
                    known[index].remove(d)  # what a seat knew of that copy is no longer true
        elif place == "bottom":
            self.deck_bottom[index] = replacement
            self.deck_bottom_seen_by[index] = 0  # nobody saw the card now there
        elif place == "drawn":
            self.drawn_to_choose[index] = replacement
        elif place == "redraw":
            self.magician_discards[index] = replacement
        else:
            self.ability_step["district"] = replacement
        return True

    def _swap_face_down_into_pool(self, c: int) -> bool:
        """Character ``c``, dealt face up by the table, is the one meeple had set aside face down: a
        character of the pool, drawn at random, takes its place face down (nobody has seen it). False,
        and nothing changed, unless ``c`` lies face down and may be dealt face up."""
        if CHARACTER_RANK[c] == 4:
            return False
        for entry in self.character_deal:
            if entry[0] == FACE_DOWN and entry[1] == c:
                break
        else:
            return False
        pool = self.character_pool
        replacement = pool[self.rng.randbelow(len(pool))]
        entry[1] = replacement
        in_pool = (set(pool) - {replacement}) | {c}
        self.character_pool = [x for x in self.characters if x in in_pool]
        self.character_holder[replacement] = FACE_DOWN
        self.character_holder[c] = UNDEALT
        return True

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
        unseen += [d for d, seen_by in zip(self.deck_bottom, self.deck_bottom_seen_by) if not seen_by >> p & 1]
        if self.current_seat != p:
            unseen += self.drawn_to_choose
            unseen += self.magician_discards
        step = self.ability_step
        if step and step["stage"] == WIZARD_KEEP and p not in (self.current_seat, step["seat"]):
            unseen.append(step["district"])
        return unseen

    def _observation(self, p: int | None) -> dict[str, Any]:
        """Everything public, and for seat ``p`` (None: a spectator) its hand, its characters, the draft
        offers it saw, the cards it knows in other hands and under the deck, its turn's drawn cards."""
        n = self.game.players
        current = self.current_character
        obs: dict[str, Any] = {
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "crown_seat": self.crown_seat,
            "complete_city_size": self.complete_city_size,
            "first_complete_seat": self.first_complete_seat,
            "gold": list(self.gold),
            "hand_sizes": [len(h) for h in self.hands],
            "cities": [[DISTRICT_SLUG[d] for d in city] for city in self.cities],
            "beautified": [[DISTRICT_SLUG[d] for d in c] for c in self.beautified],
            "haunted_city_round": list(self.haunted_city_round),
            "deck_size": len(self.deck_unseen) + len(self.deck_bottom),
            "characters": [CHARACTER_SLUG[c] for c in self.characters],
            "face_up": [CHARACTER_SLUG[c] for where, c in self.character_deal if where == FACE_UP],
            "revealed_characters": [[CHARACTER_SLUG[c], seat] for c, seat in self.revealed_characters],
            "absent_characters": [CHARACTER_SLUG[c] for c in self.absent_characters],
            "killed_character": CHARACTER_SLUG[self.killed_character] if self.killed_character >= 0 else None,
            "robbed_character": CHARACTER_SLUG[self.robbed_character] if self.robbed_character >= 0 else None,
            "bewitched_character": (CHARACTER_SLUG[self.bewitched_character] if self.bewitched_character >= 0
                                    else None),
            "draft_index": self.draft_index,
            "draft_cards_left": len(self.character_pool),
            "current": [CHARACTER_SLUG[current], self.current_seat] if current >= 0 else None,
            "witch_step": self.witch_step,
            "turn": {
                "took_gold_or_cards": self.took_gold_or_cards, "builds_left": self.builds_left,
                "income_taken": self.income_taken, "ability_used": self.ability_used,
                "laboratory_used": self.laboratory_used, "smithy_used": self.smithy_used,
                "district_destroyed": self.district_destroyed, "spent_on_builds": self.spent_on_builds,
                "built_this_turn": self.built_this_turn, "drawn_to_choose_count": len(self.drawn_to_choose),
                "cards_to_keep": self.cards_to_keep, "magician_discards_count": len(self.magician_discards),
                "beautified_this_turn": self.beautified_this_turn,
            },
            "graveyard_offer": ([DISTRICT_SLUG[self.graveyard_offer[0]], self.graveyard_offer[1]]
                                if self.graveyard_offer else None),
            "tribute_seat": self.tribute_seat,
            "tax_owed": list(self.tax_owed),
            "protected_seat": self.protected_seat,
            "pending_draws": len(self.draw_queue),
            "scores": self.scores(),
        }
        step = self.ability_step
        if step:
            q, stage, d = step["seat"], ABILITY_STAGES.index(step["stage"]), step["district"]
            obs["ability_step"] = [q, stage]
            if stage == 2:
                obs["ability_step"].append(DISTRICT_SLUG[d])
            elif stage == 1 and p is not None and p in (self.current_seat, q):
                obs["ability_step"].append(DISTRICT_SLUG[d])
        if p is None:
            return obs
        obs["hand"] = sorted(DISTRICT_SLUG[d] for d in self.hands[p])
        known = self.known_hand_cards[p]
        obs["known_hand_cards"] = {str(q): sorted(DISTRICT_SLUG[d] for d in known[q]) for q in range(n) if q != p}
        obs["deck_bottom_known"] = [[i, DISTRICT_SLUG[d]]
                                    for i, (d, seen_by) in enumerate(zip(self.deck_bottom, self.deck_bottom_seen_by))
                                    if seen_by >> p & 1]
        obs["my_characters"] = [CHARACTER_SLUG[c] for c in self.characters if self.character_holder[c] == p]
        obs["draft_offers_seen"] = [[start, list(extras), [CHARACTER_SLUG[c] for c in offer]]
                                    for start, extras, offer in self.draft_offers_seen[p]]
        if (self.phase == PHASE_DRAFT and self.draft_index < len(self.draft_order)
                and self.draft_order[self.draft_index][0] == p
                and not self.face_down_to_deal and not self.face_up_to_deal):
            obs["draft_offer"] = [CHARACTER_SLUG[c] for c in self.draft_offer]
        if self.current_seat == p:
            obs["drawn_to_choose"] = sorted(DISTRICT_SLUG[d] for d in self.drawn_to_choose)
            obs["magician_discards"] = sorted(DISTRICT_SLUG[d] for d in self.magician_discards)
        if step and step["stage"] == WIZARD_TAKE and self.current_seat == p:
            obs["wizard_sees"] = sorted(DISTRICT_SLUG[d] for d in self.hands[step["seat"]])
        return obs

    def _resample_hidden(self, p: int | None) -> None:
        """Determinize: re-deal the characters, then the district cards, that ``p`` cannot know."""
        self._resample_characters(p)
        self._resample_districts(p)

    def guess_characters(self, p: int, seed: int) -> HiddenInformation:
        """A copy for ``p``'s guess at who holds which character: the character deal that
        ``determinize(p, seed)`` would make (the same draws from the same seed), every other field as
        it is here. It is read by ``bots.guess_world`` (the heuristic player guessing whom to kill, rob or
        bewitch), never played on, and holds no log or history; the fields it does not re-deal are
        shared with this state (neither may be played on while the other is in use).

        >>> state.guess_characters(1, 7).character_holder == state.determinize(1, 7).character_holder
        True
        """
        cls = self.__class__
        new = cls.__new__(cls)
        new.game, new.players, new.seed, new.chance = self.game, self.players, self.seed, self.chance
        new.rng = Rng(seed)
        new.history, new.log = [], []
        new.determinized = True
        # p's legal actions are the same whoever holds the characters p cannot see (as in determinize)
        kept = self._legal_cache.get(p)
        new._legal_cache = {} if kept is None else {p: kept}
        self._write_fields(new, self._read_fields(self))
        new.character_deal = [list(entry) for entry in self.character_deal]
        new.character_pool = list(self.character_pool)
        new.character_holder = list(self.character_holder)
        new.draft_offer = list(self.draft_offer)
        new._resample_characters(p, redraw_others=False)  # read for p's guess only: nobody's offers are read
        return new
