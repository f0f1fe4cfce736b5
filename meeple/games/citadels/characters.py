"""The eight characters' powers (seed "角色介绍"), and the murdered King (seed "弑君").

    每个角色都有一些特殊能力，玩家可以在自己回合使用一次。

Each power is used once in the character's turn: the Assassin kills a character, the Thief robs one,
the Magician exchanges cards, the King takes the crown, the Bishop is safe from the Warlord, the
Merchant and the Architect gain more (turn.py), the Warlord destroys a district. The list of the powers
on offer covers the extra characters too; their rules are in extra_characters.py. The powers' actions
(``ACTIONS``: kill, rob, swap, discard, redraw, destroy) are each performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.citadels.actions import (
    A_DESTROY, A_DISCARD, A_KILL, A_ROB, A_SWAP_HANDS, E_KILLED_WAS, E_KILLS, E_LAYS_ASIDE, E_ROBS, FACE_UP,
    PHASE_TURN,
)
from meeple.games.citadels.content import (
    ABBOT, ARTIST, ASSASSIN, BISHOP, CHARACTER_INDEX, CHARACTER_RANK, CHARACTER_SLUG, DIPLOMAT, DISTRICT_COST,
    DISTRICT_INDEX, DISTRICT_SLUG, EMPEROR, GREAT_WALL, KEEP, KING, MAGICIAN, NAVIGATOR, QUEEN, THIEF, WARLORD,
    WITCH, WIZARD,
)
from meeple.games.citadels.fields import CitadelsFields

CHARACTERS_WITH_POWER_ACTIONS = frozenset({
    ASSASSIN, THIEF, MAGICIAN, WARLORD, WITCH, WIZARD, EMPEROR, ABBOT, NAVIGATOR, DIPLOMAT, ARTIST})
"""The characters whose power is an action of their turn (``_ability_actions``); the others' powers act by
themselves (the King's crown, the Bishop's protection, the Merchant's and the Architect's gains, …)."""


class CharacterRules(CitadelsFields):
    """The powers of the eight base characters."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "kill": ActionSpec(perform="_act_kill", describe="_describe_kill", refuse="_refuse_not_your_character"),
        "rob": ActionSpec(perform="_act_rob", describe="_describe_rob", refuse="_refuse_rob"),
        "swap": ActionSpec(perform="_act_swap", describe="_describe_swap", refuse="_refuse_not_your_character"),
        "discard": ActionSpec(perform="_act_discard", describe="_describe_discard", refuse=None),
        "redraw": ActionSpec(perform="_act_redraw", describe="_describe_redraw", refuse=None),
        "destroy": ActionSpec(perform="_act_destroy", describe="_describe_destroy",
                              refuse="_refuse_not_your_character"),
    }

    def _ability_actions(self, c: int, p: int, took: bool) -> list[Action]:
        """The power actions character ``c`` offers seat ``p`` now, before its power is used (``took``:
        the gold or cards are taken). The extra characters' are in ``_extra_ability_actions``."""
        n = self.game.players
        if c == ASSASSIN:
            return [A_KILL[x] for x in self.characters if x != c and self.character_holder[x] != FACE_UP]
        if c == THIEF:
            return [A_ROB[x] for x in self._rob_targets()]
        if c == MAGICIAN:
            actions = [A_SWAP_HANDS[q] for q in range(n) if q != p]
            actions += [A_DISCARD[d] for d in sorted(set(self.hands[p]))]
            return actions
        if c == WARLORD:
            return self._destroy_actions(p) if took else []
        if c >= WITCH:
            return self._extra_ability_actions(c, p, took)
        return []

    def _start_of_turn_power(self, c: int, p: int) -> None:
        """What a character does as its turn begins: the Bishop's protection, the Queen's gold, the
        Navigator's ban on building."""
        if c == BISHOP:
            self.protected_seat = p  # seed "领主不可以攻打主教"
        if c == QUEEN:
            self._queen_bonus(p)
        if c == NAVIGATOR:
            self.builds_left = 0

    def _rob_targets(self) -> list[int]:
        # seed "盗贼不能打劫刺客或者被刺客暗杀的角色"; "盗贼不能打劫女巫或被施法的角色"
        return [x for x in self.characters if CHARACTER_RANK[x] > 2 and self.character_holder[x] != FACE_UP
                and x != self.killed_character and x != self.bewitched_character]

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
        """Seed "如果有玩家已经建立了8 个地区……领主就不能攻打该名玩家", and the Bishop's seat."""
        return len(self.cities[q]) < self.complete_city_size and q != self.protected_seat

    def _destroy_actions(self, p: int) -> list[Action]:
        gold = self.gold[p]
        actions = []
        for q in range(self.game.players):
            if not self._city_attackable(q):
                continue
            row = A_DESTROY[q]
            for d in sorted(set(self.cities[q])):
                if d != KEEP and self.destroy_cost(q, d) <= gold:  # seed "堡垒不能被领主破坏"
                    actions.append(row[d])
        return actions

    def _act_kill(self, action: Action, p: int) -> None:
        c = CHARACTER_INDEX[action.args[0]]
        self.killed_character = c
        self.ability_used = True
        self.log.append(E_KILLS[c])

    def _describe_kill(self, action: Action, p: int) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.kill", character=slug, rank=CHARACTER_RANK[CHARACTER_INDEX[slug]])

    def _refuse_not_your_character(self, action: Action, p: int) -> Message | None:
        """A power asked for by a seat other than the one whose character plays its turn (shared by the
        powers of the extra characters)."""
        if self.phase == PHASE_TURN and p != self.current_seat:
            return Message("citadels.err.not_your_character", {"character": CHARACTER_SLUG[self.current_character]})
        return None

    def _act_rob(self, action: Action, p: int) -> None:
        c = CHARACTER_INDEX[action.args[0]]
        self.robbed_character = c
        self.robber_seat = p  # the Thief's player, or the Witch acting as the Thief
        self.ability_used = True
        self.log.append(E_ROBS[c])

    def _describe_rob(self, action: Action, p: int) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.rob", character=slug, rank=CHARACTER_RANK[CHARACTER_INDEX[slug]])

    def _refuse_rob(self, action: Action, p: int) -> Message | None:
        """Seed "盗贼": only the Thief robs, never rank 1 or 2, the killed, the bewitched or a face-up character."""
        if self.phase != PHASE_TURN:
            return None
        if p != self.current_seat:
            return self._refuse_not_your_character(action, p)
        if not action.args or action.args[0] not in CHARACTER_INDEX:
            return None
        slug = action.args[0]
        c = CHARACTER_INDEX[slug]
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
        return None

    def _act_swap(self, action: Action, p: int) -> None:
        q = action.args[0]
        mine, theirs = self.hands[p], self.hands[q]
        known = self.known_hand_cards
        if len(known[p][q]) < len(theirs) or len(known[q][p]) < len(mine):
            self.reveal()  # each side now holds cards of the other's hand it had not seen
        self.hands[p], self.hands[q] = theirs, mine
        for r in range(self.game.players):
            if r != p and r != q:
                known[r][p], known[r][q] = known[r][q], known[r][p]
        known[p][q] = sorted(mine)
        known[q][p] = sorted(theirs)
        self.ability_used = True
        self.say("citadels.swaps_hands", seat=p, seat2=q, mine=len(mine), n=len(theirs))

    def _describe_swap(self, action: Action, p: int) -> dict[str, Any]:
        q = action.args[0]
        return msg("citadels.do.swap", mine=msg("citadels.n_cards", n=len(self.hands[p])), seat=q,
                   theirs=msg("citadels.n_cards", n=len(self.hands[q])))

    def _act_discard(self, action: Action, p: int) -> None:
        d = DISTRICT_INDEX[action.args[0]]
        self.hands[p].remove(d)
        self.magician_discards.append(d)
        self._forget_known_hand(p)
        self.ability_used = True
        self.log.append(E_LAYS_ASIDE[p][d])

    def _describe_discard(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.discard", district=action.args[0], k=len(self.magician_discards) + 1)

    def _act_redraw(self, action: Action, p: int) -> None:
        k = len(self.magician_discards)
        for d in self.magician_discards:
            self._put_on_deck_bottom(d, 1 << p)
        self.magician_discards = []
        self._queue_draws(p, k)
        self.say("citadels.redraws", seat=p, n=k)

    def _describe_redraw(self, action: Action, p: int) -> dict[str, Any]:
        return msg("citadels.do.redraw", n=len(self.magician_discards))

    def _act_destroy(self, action: Action, p: int) -> None:
        q = action.args[0]
        d = DISTRICT_INDEX[action.args[1]]
        cost = self.destroy_cost(q, d)
        self.gold[p] -= cost
        self._remove_district(q, d)
        self.ability_used = True
        self.district_destroyed = True
        self.say("citadels.destroys", seat=p, character=CHARACTER_SLUG[self.current_character], seat2=q,
                 district=DISTRICT_SLUG[d], cost=cost)
        self._offer_to_graveyard(d, p)

    def _describe_destroy(self, action: Action, p: int) -> dict[str, Any]:
        q, slug = action.args[0], action.args[1]
        d = DISTRICT_INDEX[slug]
        if GREAT_WALL in self.cities[q] and d != GREAT_WALL:
            text = msg("citadels.do.destroy_wall", seat=q, district=slug, cost=DISTRICT_COST[d],
                       pay=self.destroy_cost(q, d))
        else:
            text = msg("citadels.do.destroy", seat=q, district=slug, cost=DISTRICT_COST[d], pay=self.destroy_cost(q, d))
        c = self.current_character
        if not self.income_taken and self.income(p, c):
            text = msg("citadels.do.destroy_lost", text=text, amount=self.income(p, c))
        return text

    def _reveal_the_killed(self) -> None:
        """At the round's end the table learns who held the killed character, and a killed King's player
        still takes the crown (seed "持有被暗杀角色的玩家才可以透露自己的角色", "弑君")."""
        if self.killed_character >= 0:
            self.reveal()  # who held the killed character (or that nobody did) is told now
            holder = self.character_holder[self.killed_character]
            if holder >= 0:
                self.log.append(E_KILLED_WAS[self.killed_character][holder])
                if self.killed_character == KING:
                    self.crown_seat = holder  # seed "弑君": the killed King's player still takes the crown
                    self.say("citadels.crown_all_same", seat=holder)
