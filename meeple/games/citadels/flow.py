"""The order of play (seed "玩家回合", "回合完结"): who acts now, and the characters called by rank.

    当所有玩家都选择好角色后，皇帝就按之前所列的角色次序读出角色名字。……如果没有人选择这个角色，
    皇帝可以继续读出下一个角色的名字。……当所有玩家都执行完自己的行动后，重新洗混8 张角色卡并开始另一个回合。

The characters are called in rank order: the holder of the called character plays its turn, a
character nobody holds is passed over, and after the last call a new round begins. This module is the
machinery only (which seat or chance moves, which rule an action goes to, the order of the calls);
the rules of each step are in the other modules.
"""

from __future__ import annotations

from meeple.core import CHANCE, Action
from meeple.games.citadels.codes import (
    A_DECLINE, A_DISCARD, A_END, A_FACEDOWN, A_KEEP, A_KEEP_DONE, A_PICK, A_RECOVER, A_REDRAW, A_TRIBUTE,
    A_TRIBUTE_GOLD, FACE_DOWN, FACE_UP, NOBODY, PHASE_CALL, PHASE_DRAFT, PHASE_OVER, PHASE_SETUP, PICK,
)
from meeple.games.citadels.content import (
    CHARACTER_INDEX, CHARACTER_SLUG, DISTRICT_INDEX, LIBRARY, ROUND_LIMIT, TAX_COLLECTOR,
)
from meeple.games.citadels.fields import CitadelsFields


class FlowRules(CitadelsFields):
    """Who moves, which rule an action goes to, and the order of the calls."""

    def _to_move(self) -> list[int]:
        m = self.mover
        return [] if m == NOBODY else [m]

    def _chance_due(self) -> bool:
        return self.mover == CHANCE

    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def _play_until_decision(self) -> None:
        """Run every step that needs no decision, until a seat or chance must act; set ``mover``."""
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
                    self._draw_from_deck_bottom()
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
            # PHASE_TURN
            if self.graveyard_offer:
                self.mover = self.graveyard_offer[1]
            elif self.tribute_seat >= 0:
                self.mover = self.tribute_seat
            else:
                p = self.mover = self.current_seat
                if not (self.drawn_to_choose or self.magician_discards or self.ability_step):
                    actions = self._turn_actions(p)
                    if len(actions) == 1 and actions[0] is A_END:
                        if (self.builds_left > 0 and self.took_gold_or_cards and self.hands[p]
                                and not self.district_destroyed):
                            self.reveal()  # the table learns that no card in the hand can be built
                        self._end_turn(p)  # nothing is left to decide: the turn ends by itself
                        continue
                    if actions[0].name == "build":
                        # only a build keeps the turn from ending by itself: the table learns that
                        # the hand holds a district the seat can afford
                        self.reveal()
                    self._legal_cache[p] = actions
            return

    def _legal_actions(self, player: int) -> list[Action]:
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        phase = self.phase
        if phase == PHASE_DRAFT:
            kind = self.draft_order[self.draft_index][1]
            table = A_PICK if kind == PICK else A_FACEDOWN
            return [table[c] for c in self.draft_offer]
        # PHASE_TURN
        if self.graveyard_offer:
            return [A_RECOVER, A_DECLINE]
        if self.tribute_seat >= 0:
            actions = [A_TRIBUTE_GOLD] if self.gold[player] > 0 else []
            actions += [A_TRIBUTE[d] for d in sorted(set(self.hands[player]))]
            return actions
        if self.drawn_to_choose:
            actions = [A_KEEP[d] for d in sorted(set(self.drawn_to_choose))]
            if self.cards_to_keep == 1 and LIBRARY in self.cities[player]:
                actions.append(A_KEEP_DONE)  # seed "图书馆": "你可以保留" both cards — may, not must
            return actions
        if self.magician_discards:
            actions = [A_DISCARD[d] for d in sorted(set(self.hands[player]))]
            actions.append(A_REDRAW)
            return actions
        if self.ability_step:
            return self._ability_step_actions(player)
        return self._turn_actions(player)

    def _apply(self, action: Action, player: int) -> None:
        name = action.name
        if player == CHANCE:
            self._apply_chance_outcome(action)
        elif self.phase == PHASE_DRAFT:
            self._draft_choice(CHARACTER_INDEX[action.args[0]], player)
        else:
            handler = self._HANDLERS[name]
            handler(self, action, player)
        self._play_until_decision()

    def _apply_chance_outcome(self, action: Action) -> None:
        name = action.name
        if name == "draw":
            self._draw_unseen_card(DISTRICT_INDEX[action.args[0]])
        elif name == "crown":
            self._deal_crown(action.args[0])
        elif name == "deal-down":
            self._set_character_aside(CHARACTER_INDEX[action.args[0]], FACE_DOWN)
        else:
            self._set_character_aside(CHARACTER_INDEX[action.args[0]], FACE_UP)

    def _call_next_character(self) -> None:
        """Call the characters in rank order from ``call_index`` on, until one answers; after the last, end
        the round."""
        characters = self.characters
        while self.call_index < len(characters):
            c = characters[self.call_index]
            self.call_index += 1
            holder = self.character_holder[c]
            if c == self.killed_character:
                self.say("citadels.called_killed", character=CHARACTER_SLUG[c])
                continue
            if holder >= 0:
                self.reveal()  # the character is called: its holder shows it
                self._begin_turn(c, holder)
                return
            if holder == FACE_DOWN:
                self.reveal()  # nobody answers: the character was face down
                self.absent_characters.append(c)
                self.say("citadels.called_nobody", character=CHARACTER_SLUG[c])
                if c == TAX_COLLECTOR and self.tax_owed:
                    self.say("citadels.tax_nobody")
                    self.tax_owed = []
            if c == self.bewitched_character:
                self.say("citadels.spell_nobody")
        self._end_round()

    def _end_round(self) -> None:
        """After the last call: the killed character's holder is told, then the game ends or a new round begins."""
        self._reveal_the_killed()
        self.tax_owed = []  # (always settled when the Tax Collector is called)
        if self.first_complete_seat >= 0 or self.round >= ROUND_LIMIT:
            self._end_game()
            return
        self._start_round()


ACTION_HANDLERS: dict[str, str] = {
    "gold": "_act_gold",
    "cards": "_act_cards",
    "keep": "_act_keep",
    "keep-done": "_act_keep_done",
    "build": "_act_build",
    "income": "_act_income",
    "lab": "_act_lab",
    "smithy": "_act_smithy",
    "end": "_act_end",
    "kill": "_act_kill",
    "rob": "_act_rob",
    "swap": "_act_swap",
    "discard": "_act_discard",
    "redraw": "_act_redraw",
    "destroy": "_act_destroy",
    "recover": "_act_recover",
    "decline": "_act_decline",
    "bewitch": "_act_bewitch",
    "peek": "_act_peek",
    "take": "_act_take",
    "wizard-keep": "_act_wizard_keep",
    "wizard-build": "_act_wizard_build",
    "give-crown": "_act_give_crown",
    "tribute-gold": "_act_tribute_gold",
    "tribute": "_act_tribute",
    "levy": "_act_levy",
    "navigate-gold": "_act_navigate_gold",
    "navigate-cards": "_act_navigate_cards",
    "exchange": "_act_exchange",
    "exchange-with": "_act_exchange_with",
    "beautify": "_act_beautify",
}
"""The method that applies each action of a turn (by the action's name)."""
