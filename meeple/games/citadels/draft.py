"""Choosing characters (seed "选择角色", and "附加规则" for 2, 3 and 7 players).

    有皇冠卡的玩家拿起余下的角色卡 (张数 = 玩家人数 + 1)，选择一张并面向下放在自己面前。接着，这名玩家要将
    余下的角色卡 (张数 = 玩家人数) 传送给左手边的玩家。……所以，最后一名玩家有两张卡可供选择。

After one character is set aside face down and some face up, the crown's holder keeps one of the rest
in secret and passes the others to the left, and so on round the table. Two players take and lay face
down in turns (seed "2 名玩家"); the seventh player also takes the face-down card (seed "7 名玩家").
The draft's actions (``ACTIONS``: the characters set aside, by chance, and the seats' picks) are each
performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import clockwise
from meeple.core.i18n import Message, msg
from meeple.games.citadels.actions import (
    E_CHOOSES, E_LAST_DOWN, E_SET_ASIDE_DOWN, E_SET_ASIDE_UP, E_TAKES_CHARACTER, FACE_DOWN, FACE_UP, LAY_FACE_DOWN,
    NOT_IN_GAME, PHASE_CALL, PHASE_DRAFT, PICK, UNDEALT, offered_event,
)
from meeple.games.citadels.content import CHARACTER_INDEX, CHARACTER_RANK, CHARACTER_SLUG, N_CHARACTERS
from meeple.games.citadels.fields import CitadelsFields


class DraftRules(CitadelsFields):
    """The round's character selection."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # chance: the characters set aside before the draft
        "deal-down": ActionSpec(perform="_act_deal_down", describe="_describe_deal_down", refuse=None),
        "deal-up": ActionSpec(perform="_act_deal_up", describe="_describe_deal_up", refuse=None),
        # a seat takes a character, or (2 players) lays one face down
        "pick": ActionSpec(perform="_act_draft", describe="_describe_pick", refuse="_refuse_not_offered"),
        "facedown": ActionSpec(perform="_act_draft", describe="_describe_facedown", refuse="_refuse_not_offered"),
    }

    def _draft_plan(self) -> tuple[int, int, list[list[int]], bool]:
        """This round's selection: (characters set aside face down, face up, the draft's steps, whether
        the last seat also takes the face-down card). Seed "面向下方的卡一定是等于玩家数目加1": what is not
        set aside face up is the face-down card plus one card per player and one more."""
        n = self.game.players
        crown = self.crown_seat
        if n == 2:
            a, b = crown, 1 - crown
            # seed "2 名玩家" steps 1-4
            order = [[a, PICK], [b, PICK], [b, LAY_FACE_DOWN], [a, PICK], [a, LAY_FACE_DOWN], [b, PICK]]
            offer_size = 7
        elif n == 3 and self.game.options.get("three_player", "seed") == "two":
            order = [[seat, PICK] for seat in clockwise(crown, n) * 2]
            offer_size = 7
        else:
            order = [[seat, PICK] for seat in clockwise(crown, n)]
            offer_size = n + 1
        face_up = len(self.characters) - 1 - offer_size
        seven_players = False
        if face_up < 0:
            seven_players = True  # seed "7 名玩家": the last player also takes the face-down card
            face_up = 0
        return 1, face_up, order, seven_players

    def _start_round(self) -> None:
        """Seed "重新洗混8 张角色卡并开始另一个回合": every character back in the pool, the round's marks cleared."""
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
        face_down, face_up, order, seven_players = self._draft_plan()
        self.face_down_to_deal, self.face_up_to_deal = face_down, face_up
        self.draft_order = order
        self.draft_index = 0
        self.seven_player_pick = [order[-1][0]] if seven_players else []
        self.call_index = 0
        self.revealed_characters = []
        self.absent_characters = []
        self.killed_character = self.robbed_character = self.bewitched_character = self.robber_seat = -1
        self.tax_owed = []
        self.protected_seat = -1
        self.say("citadels.round_start", round=self.round, seat=self.crown_seat)
        if face_down or face_up:  # chance sets characters aside first (face down, then face up)
            self.mover = CHANCE
            self.chance_kind = "down" if face_down else "up"

    def _offer_to_next_seat(self) -> None:
        """The next seat of the draft looks at the cards handed to it (it learns that set)."""
        index, order = self.draft_index, self.draft_order
        seat, kind = order[index]
        offer = sorted(self.character_pool)
        extras: list[int] = []
        if self.seven_player_pick and index == len(order) - 1:
            face_down = self.character_deal[0][1]
            offer = sorted(offer + [face_down])
            extras = [0]
        self.draft_offer = offer
        if index == 0 or order[index - 1][0] != seat:
            self.reveal()  # a new seat is handed the cards: it sees what the others left
            if kind == PICK:
                self.draft_offers_seen[seat].append([len(self.character_deal), extras, list(offer)])
                self.log.append(offered_event(seat, offer))

    # ------------------------------------------------------------------ pick, facedown
    def _act_draft(self, action: Action, player: int) -> None:
        """``pick`` or ``facedown``: what the draft's step asks of the seat (``draft_order``)."""
        self._draft_choice(CHARACTER_INDEX[action.args[0]], player)

    def _describe_pick(self, action: Action, p: int) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.pick", character=slug, rank=CHARACTER_RANK[CHARACTER_INDEX[slug]],
                   n=len(self.draft_offer) - 1)

    def _describe_facedown(self, action: Action, p: int) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.facedown", character=slug, rank=CHARACTER_RANK[CHARACTER_INDEX[slug]])

    def _refuse_not_offered(self, action: Action, p: int) -> Message | None:
        """A character of the game that is not among those handed to the seat."""
        if self.phase == PHASE_DRAFT and action.args:
            slug = action.args[0]
            if slug in CHARACTER_INDEX and CHARACTER_INDEX[slug] not in self.draft_offer:
                return Message("citadels.err.not_offered", {"character": slug})
        return None

    def _draft_choice(self, c: int, p: int) -> None:
        """Seat ``p`` takes character ``c`` (or, 2 players, lays it face down) and hands the rest on."""
        order = self.draft_order
        seat, kind = order[self.draft_index]
        if self.seven_player_pick and self.draft_index == len(order) - 1:
            face_down = self.character_deal[0][1]
            if c == face_down:
                self.character_deal[0][0] = p
                last = self.character_pool[0]
                self.character_deal.append([FACE_DOWN, last])
                self.character_pool = []
                self.character_holder[face_down] = p
                self.character_holder[last] = FACE_DOWN
            else:
                self._take_from_character_pool(c)
                last = c
                self.character_deal.append([p, c])
                self.character_holder[c] = p
            self.seven_player_pick = [p, len(self.character_deal) - 1]
            self.draft_offers_seen[p].append([-1, [0], [face_down]])
            self.draft_offers_seen[p].append([len(self.character_deal) - 1, [], [last]])
            self.say("citadels.chooses_seven", seat=p)
            self.say("citadels.takes_character", (p,), seat=p, character=CHARACTER_SLUG[c])
        else:
            pool = self.character_pool
            pool.remove(c)
            if kind == PICK:
                self.character_deal.append([p, c])
                self.character_holder[c] = p
                log = self.log
                log.append(E_CHOOSES[p])
                log.append(E_TAKES_CHARACTER[p][c])
            else:
                self.character_deal.append([FACE_DOWN, c])
                self.character_holder[c] = FACE_DOWN
                self.say("citadels.lays_down", seat=p)
                self.say("citadels.lays_down_private", (p,), seat=p, character=CHARACTER_SLUG[c])
            self.draft_offers_seen[p].append([len(self.character_deal), [], sorted(pool)])
        self.draft_index += 1
        if self.draft_index < len(order):
            self._offer_to_next_seat()
        else:
            self.draft_offer = []

    def _end_draft(self) -> None:
        """Seed "当他选择完毕，就要将余下的那张角色卡面向下放在桌子上"; then the calls begin."""
        for c in sorted(self.character_pool):
            self.character_deal.append([FACE_DOWN, c])
            self.character_holder[c] = FACE_DOWN
        if self.character_pool:
            self.log.append(E_LAST_DOWN)
        self.character_pool = []
        self.draft_offer = []
        self.phase = PHASE_CALL
        self.call_index = 0

    def _take_from_character_pool(self, c: int) -> None:
        self.character_pool.remove(c)

    # ------------------------------------------------------------------ deal-down, deal-up (chance)
    def _act_deal_down(self, action: Action, player: int) -> None:
        self._set_character_aside(CHARACTER_INDEX[action.args[0]], FACE_DOWN)
        if not self.face_down_to_deal and self.face_up_to_deal:
            self.chance_kind = "up"  # the face-up ones come next

    def _describe_deal_down(self, action: Action, p: int | None) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.deal_down", character=slug, rank=CHARACTER_RANK[CHARACTER_INDEX[slug]])

    def _act_deal_up(self, action: Action, player: int) -> None:
        self._set_character_aside(CHARACTER_INDEX[action.args[0]], FACE_UP)

    def _describe_deal_up(self, action: Action, p: int | None) -> dict[str, Any]:
        slug = action.args[0]
        return msg("citadels.do.deal_up", character=slug, rank=CHARACTER_RANK[CHARACTER_INDEX[slug]])

    def _set_character_aside(self, c: int, where: int) -> None:
        """The chance outcome of a deal before the draft: ``c`` set aside ``FACE_DOWN`` or ``FACE_UP``; after
        the last one the crown's holder is handed the rest."""
        self.character_pool.remove(c)
        self.character_deal.append([where, c])
        self.character_holder[c] = where
        if where == FACE_DOWN:
            self.face_down_to_deal -= 1
            self.log.append(E_SET_ASIDE_DOWN)
        else:
            self.face_up_to_deal -= 1
            self.log.append(E_SET_ASIDE_UP[c])
        if (self.phase == PHASE_DRAFT and not self.face_down_to_deal and not self.face_up_to_deal
                and self.draft_index == 0):
            self._offer_to_next_seat()
