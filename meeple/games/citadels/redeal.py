"""Determinize's re-deal: the characters and the district cards a seat cannot know, dealt anew.

The re-deal keeps everything the seat saw: the characters revealed and its own picks, the draft offers
it was handed (``draft_offers_seen``), the cards it knows in other hands and under the deck. What the
other seats knew is kept where it is still true (``_keep_what_is_still_known``), and their memories of
the draft follow the new deal. ``hidden.py`` says what each seat may know and calls the re-deal from
``_resample_hidden``.
"""

from __future__ import annotations

from typing import Any

from meeple.core import InvariantError
from meeple.games.citadels.actions import FACE_DOWN, FACE_UP, NOT_IN_GAME, PHASE_DRAFT, UNDEALT, WIZARD_KEEP
from meeple.games.citadels.fields import CitadelsFields


def _deal_fits(holders: list[int], plans: list[tuple[list[int], list[tuple[int, int]], list[int]]]) -> bool:
    """Whether the characters of each part (``_sample_character_deal``'s plans) can be dealt to its slots
    held by ``holders``: each holder that known characters need holds enough of the part's slots."""
    for members, placed, _rest in plans:
        if placed:
            need: dict[int, int] = {}
            for _c, wanted in placed:
                need[wanted] = need.get(wanted, 0) + 1
            for wanted, count in need.items():
                if sum(1 for i in members if holders[i] == wanted) < count:
                    return False
    return True



class Redeal(CitadelsFields):
    """Re-dealing what seat ``p`` cannot know: the characters (``_resample_characters``), then the
    district cards (``_resample_districts``)."""

    def _resample_characters(self, p: int | None, redraw_others: bool = True) -> None:
        """Re-deal the characters ``p`` has not seen, keeping every draft offer ``p`` saw. Should that
        knowledge ever not fit the sampler, the deal keeps only what the table and ``p``'s own picks
        show: weaker inference, but never the real deal (which would let a search peek). The other seats'
        memories of the draft follow the new deal (``_redraw_offers_seen``) unless ``redraw_others`` is
        False: ``guess_characters``' copy is read for one seat's guess, never played on or searched."""
        if not self.character_deal and not self.character_pool:
            return
        groups = self.draft_offers_seen[p] if p is not None else []
        if not (groups and self._sample_character_deal(p, groups)) and not self._sample_character_deal(p, []):
            raise InvariantError("no character deal fits the revealed characters and the seat's own picks")
        if redraw_others:
            self._redraw_offers_seen(p)

    def _redraw_offers_seen(self, p: int | None) -> None:
        """Every other seat's memory of the draft offers it was handed, read again from the re-dealt
        characters: the real offers would tell a search from ``p``'s seat (whose rollout players guess
        from them) which characters the others really saw. An offer ``[start, extras, characters]`` held
        the slots dealt from ``start`` on and the ``extras`` (``_character_atoms``); ``p``'s own stay.
        A new list is made, never written in place: ``guess_characters`` shares this one with a state."""
        seen = self.draft_offers_seen
        if not any(seen[q] for q in range(len(seen)) if q != p):
            return
        card_of = [entry[1] for entry in self.character_deal]
        card_of += self.character_pool
        end = len(card_of)
        redrawn = []
        for q, offers in enumerate(seen):
            if q == p or not offers:
                redrawn.append(offers)
                continue
            redrawn.append([[start, extras, sorted({card_of[i] for i in range(start if start >= 0 else end, end)}
                                                   | {card_of[i] for i in extras})]
                            for start, extras, _characters in offers])
        self.draft_offers_seen = redrawn

    def _character_atoms(self, groups: list[Any]) -> list[tuple[list[int], list[int]]] | None:
        """Split the slots of the characters not face up (dealt, then still in the pool) by which of the
        draft offers ``groups`` they were in; each part with the characters that can be there. None when
        the offers do not determine them."""
        deal = self.character_deal
        n_dealt = len(deal)
        slots = [i for i in range(n_dealt) if deal[i][0] != FACE_UP]
        slots += range(n_dealt, n_dealt + len(self.character_pool))
        card_of = [entry[1] for entry in deal]
        card_of += self.character_pool
        everything = {card_of[i] for i in slots}
        if not groups:  # one part: every slot, every character
            return [(slots, sorted(everything))] if len(everything) == len(slots) else None
        atoms: dict[tuple[bool, ...], list[int]] = {}
        # an offer [start, extras, characters] held the slots dealt from `start` on, and the extras
        held = [(offer[0] if offer[0] >= 0 else len(card_of), offer[1]) for offer in groups]
        for i in slots:
            signature = tuple([i >= start or i in extras for start, extras in held])
            members = atoms.get(signature)
            if members is None:
                atoms[signature] = [i]
            else:
                members.append(i)
        offered = [set(offer[2]) for offer in groups]
        atom_cards = []
        for signature, members in atoms.items():
            possible = set(everything)
            for inside, cards in zip(signature, offered):
                if inside:
                    possible &= cards
                else:
                    possible -= cards
            if len(possible) != len(members):
                return None
            atom_cards.append((members, sorted(possible)))
        return atom_cards

    def _sample_character_deal(self, p: int | None, groups: list[Any]) -> bool:
        """Sample a character deal consistent with ``groups`` (offers ``p`` saw); False if none found."""
        atom_cards = self._character_atoms(groups)
        if atom_cards is None:
            return False
        hold = [st[0] for st in self.character_deal]
        hold += [UNDEALT] * len(self.character_pool)
        known = {c: seat for c, seat in self.revealed_characters}
        if p is not None:
            holder = self.character_holder
            for c in self.characters:
                if holder[c] == p:
                    known[c] = p
        absent = self.absent_characters
        rng = self.rng
        randbelow = rng.randbelow
        seven = self.seven_player_pick
        swap_pair = (0, seven[1]) if len(seven) == 2 and p != seven[0] else None
        if swap_pair:  # who holds which of the two is unknown: start from one fixed order
            a, b = swap_pair
            if hold[a] > hold[b]:
                hold[a], hold[b] = hold[b], hold[a]
        # what each character needs of its slot (the seat known to hold it, face down, or nothing), read
        # once: the attempts below differ only in their draws
        plans = []
        for members, cards in atom_cards:
            placed = []
            rest = []
            for c in cards:
                if c in known:
                    placed.append((c, known[c]))
                elif c in absent:
                    placed.append((c, FACE_DOWN))
                else:
                    rest.append(c)
            plans.append((members, placed, rest))
        # a deal fits exactly when each part has enough slots of each holder its known characters need
        # (then every attempt with that order of the swapped pair succeeds): none fits, no attempt
        if swap_pair:
            a, b = swap_pair
            swapped = list(hold)
            swapped[a], swapped[b] = swapped[b], swapped[a]
            if not (_deal_fits(hold, plans) or _deal_fits(swapped, plans)):
                return False
        elif not _deal_fits(hold, plans):
            return False
        for _attempt in range(40):
            holders = list(hold)
            if swap_pair and randbelow(2):
                a, b = swap_pair
                holders[a], holders[b] = holders[b], holders[a]
            new_card: dict[int, int] = {}
            ok = True
            for members, placed, rest in plans:
                free = list(members)
                for c, wanted in placed:
                    candidates = [i for i in free if holders[i] == wanted]
                    if not candidates:
                        ok = False
                        break
                    i = candidates[randbelow(len(candidates))]
                    new_card[i] = c
                    free.remove(i)
                if not ok:
                    break
                rest = list(rest)
                rng.shuffle(rest)
                for i, c in zip(free, rest):
                    new_card[i] = c
            if ok:
                self._set_character_deal(holders, new_card)
                return True
        return False

    def _set_character_deal(self, holders: list[int], new_card: dict[int, int]) -> None:
        """Put the sampled deal in place: slot ``i`` (as in ``_character_atoms``) holds ``new_card[i]``,
        held by ``holders[i]``; the holders, the pool and the open offer follow."""
        deal = self.character_deal
        n_dealt = len(deal)
        for i in range(n_dealt):
            if i in new_card:
                entry = deal[i]
                entry[0] = holders[i]
                entry[1] = new_card[i]
        self.character_pool = pool = sorted(new_card[i] for i in range(n_dealt, n_dealt + len(self.character_pool)))
        holder = self.character_holder
        for c in self.characters:
            holder[c] = NOT_IN_GAME
        for seat, c in deal:
            holder[c] = seat
        for c in pool:
            holder[c] = UNDEALT
        if self.phase == PHASE_DRAFT and self.draft_index < len(self.draft_order) and self.draft_offer:
            offer = list(pool)
            if self.seven_player_pick and self.draft_index == len(self.draft_order) - 1:
                offer.append(deal[0][1])
            self.draft_offer = sorted(offer)

    def _resample_districts(self, p: int | None) -> None:
        """Re-deal the district cards ``p`` cannot locate (``_districts_unseen_by``) among the places they
        may be: the others' hands, the deck, the bottom cards ``p`` did not see, another seat's drawn cards
        and the card the Wizard took; then what the other seats know of each hand is kept where true."""
        n = self.game.players
        unknown: list[int] = list(self.deck_unseen)
        hand_slots: list[int] = []
        for q in range(n):
            if q == p:
                continue
            hand = list(self.hands[q])
            if p is not None:
                for d in self.known_hand_cards[p][q]:
                    if d in hand:
                        hand.remove(d)
            unknown += hand
            hand_slots.append(len(hand))
        bottom_unseen = [i for i, seen_by in enumerate(self.deck_bottom_seen_by) if p is None or not seen_by >> p & 1]
        unknown += [self.deck_bottom[i] for i in bottom_unseen]
        other_drawn = self.current_seat != p and self.drawn_to_choose
        if other_drawn:
            unknown += self.drawn_to_choose
        other_redraw = self.current_seat != p and self.magician_discards
        if other_redraw:
            unknown += self.magician_discards
        # the card the Wizard took, before he keeps or builds it, is known to him and its owner only
        step = self.ability_step
        other_wizard_card = bool(step) and step["stage"] == WIZARD_KEEP and p not in (self.current_seat, step["seat"])
        if other_wizard_card:
            unknown.append(step["district"])
        unknown.sort()  # the re-deal must not depend on where the unseen cards really are
        # Draw the hidden hand, deck-bottom and drawn cards at random (a partial Fisher-Yates); the rest
        # is the unseen deck, which is kept sorted anyway.
        dealt = len(unknown) - len(self.deck_unseen)
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
            size = hand_slots[slot]
            slot += 1
            self.hands[q] = known_cards + unknown[pos:pos + size]
            pos += size
        for i in bottom_unseen:
            self.deck_bottom[i] = unknown[pos]
            pos += 1
        if other_drawn:
            size = len(self.drawn_to_choose)
            self.drawn_to_choose = unknown[pos:pos + size]
            pos += size
        if other_redraw:
            size = len(self.magician_discards)
            self.magician_discards = unknown[pos:pos + size]
            pos += size
        if other_wizard_card:
            self.ability_step["district"] = unknown[pos]
            pos += 1
        self._keep_what_is_still_known(p)

    def _keep_what_is_still_known(self, p: int | None) -> None:
        """After a re-deal for ``p``: what each other seat knows of each hand is kept only where that card is
        still in that hand."""
        n = self.game.players
        for r in range(n):
            if r == p:
                continue
            known_by_r = self.known_hand_cards[r]
            for q in range(n):
                known = known_by_r[q]
                if not known:
                    continue  # nothing known: nothing to keep (the list is this copy's own)
                hand = list(self.hands[q])
                keep = []
                for d in known:
                    if d in hand:
                        hand.remove(d)
                        keep.append(d)
                known_by_r[q] = keep
