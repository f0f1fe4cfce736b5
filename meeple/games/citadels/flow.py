"""The order of play (seed "玩家回合", "回合完结"): who acts now, and the characters called by rank.

    当所有玩家都选择好角色后，皇帝就按之前所列的角色次序读出角色名字。……如果没有人选择这个角色，
    皇帝可以继续读出下一个角色的名字。……当所有玩家都执行完自己的行动后，重新洗混8 张角色卡并开始另一个回合。

The characters are called in rank order: the holder of the called character plays its turn, a
character nobody holds is passed over, and after the last call a new round begins. The turn flow is
declared with the shared mechanism ``meeple.core.flow``: every kind of step in ``STEPS``, the open one
read from the position by ``open_step``, which changes nothing: the rules note who decides in ``mover``
(and the chance event in ``chance_kind``) where that changes (a decision on arrival, its ``settle``; a
chance step where it is opened: draws queued, the characters to set aside, the crown). The rules of each step are in the other modules; each action
is performed by the method the game's table of actions names for it (each rulebook section's
``ACTIONS``, ``meeple.core.action_table``): a step that takes one kind of action (a chance outcome,
the draft's choice) names that method as its ``act``, the steps of a turn send every action through
the table's handler map (``_act_in_turn``). (Naming the method spares random play a call per chance
outcome, about 1% of its instructions; tests/citadels/test_citadels_action_table.py checks that every
step's ``act`` is its actions' ``perform``.)

A round: the crown (the first round only), the characters set aside (chance), the draft (one seat at a
time), the calls by rank (automatic), each called character's turn. Within a turn, other steps come
first: the cards queued to be drawn (chance; from under the deck once the deck is empty), another
seat's answer (the Graveyard's offer, the Emperor's tribute), the second part of an action (the cards
to keep, the Magician's redraw, the Wizard's and the Diplomat's second step). A turn whose only choice
left is its end ends by itself (the turn's ``settle``, ``_list_turn_choices``).
"""

from __future__ import annotations

from meeple.core import Action
from meeple.core.flow import GAME_OVER, Automatic, Chance, Decision, FlowState
from meeple.games.citadels.actions import (
    A_DECLINE, A_DISCARD, A_END, A_FACEDOWN, A_KEEP, A_KEEP_DONE, A_PICK, A_RECOVER, A_REDRAW, A_TRIBUTE,
    A_TRIBUTE_GOLD, E_CALLED_KILLED, E_CALLED_NOBODY, FACE_DOWN, NOBODY, PHASE_CALL, PHASE_DRAFT, PHASE_OVER,
    PHASE_TURN, PICK,
)
from meeple.games.citadels.content import (
    LIBRARY, ROUND_LIMIT, TAX_COLLECTOR,
)
from meeple.games.citadels.fields import CitadelsFields


class FlowRules(FlowState, CitadelsFields):
    """The steps of play, the open one, and the calls by rank."""

    STEPS = {
        # set-up (游戏准备): the crown's first holder, once the hands are dealt; then the first round
        "crown": Chance(outcomes="_crown_outcomes", act="_act_crown", sample="_sample_crown"),
        "start_round": Automatic(run="_start_round"),
        # the district deck: the next draw of ``draw_queue``, before anything else
        "draw": Chance(outcomes="_draw_outcomes", act="_act_draw", sample="_sample_draw",
                       owner="_drawing_seat"),
        "draw_from_bottom": Automatic(run="_draw_from_deck_bottom"),
        "lose_draws": Automatic(run="_lose_remaining_draws"),
        # 选择角色: characters set aside, then the draft, one seat at a time
        "deal_down": Chance(outcomes="_deal_down_outcomes", act="_act_deal_down", sample="_sample_deal_down"),
        "deal_up": Chance(outcomes="_deal_up_outcomes", act="_act_deal_up", sample="_sample_deal_up"),
        "draft": Decision(legal="_draft_actions", act="_act_draft", seats="_drafting_seat",
                          settle="_note_drafting_seat"),
        "end_draft": Automatic(run="_end_draft"),
        # 玩家回合: the calls by rank; the round's end after the last
        "call": Automatic(run="_call_next_character"),
        "end_round": Automatic(run="_end_round"),
        # the called character's turn: its choices listed on arrival (or its end, when nothing else is
        # left), then chosen
        "turn": Decision(legal="_turn_actions", act="_act_in_turn", seats="_current_seat",
                         settle="_list_turn_choices"),
        # the second part of an action of the turn (each decision notes its seat in ``mover`` on arrival)
        "keep": Decision(legal="_keep_actions", act="_act_in_turn", seats="_current_seat",
                         settle="_note_current_seat"),
        "redraw": Decision(legal="_redraw_actions", act="_act_in_turn", seats="_current_seat",
                           settle="_note_current_seat"),
        "ability_step": Decision(legal="_ability_step_actions", act="_act_in_turn", seats="_current_seat",
                                 settle="_note_current_seat"),
        # interrupts: another seat answers in the middle of the turn
        "graveyard": Decision(legal="_graveyard_actions", act="_act_in_turn", seats="_graveyard_seat",
                              settle="_note_graveyard_seat"),
        "tribute": Decision(legal="_tribute_actions", act="_act_in_turn", seats="_tribute_seat",
                            settle="_note_tribute_seat"),
        "over": GAME_OVER,
    }

    def open_step(self) -> str:
        """The open step, read from the position (it changes nothing)."""
        phase = self.phase
        if self.draw_queue and phase != PHASE_OVER:
            if self.deck_unseen:
                return "draw"
            return "draw_from_bottom" if self.deck_bottom else "lose_draws"
        if phase == PHASE_TURN:
            if self.graveyard_offer:
                return "graveyard"
            if self.tribute_seat >= 0:
                return "tribute"
            if self.drawn_to_choose:
                return "keep"
            if self.magician_discards:
                return "redraw"
            return "ability_step" if self.ability_step else "turn"
        if phase == PHASE_DRAFT:
            if self.face_down_to_deal:
                return "deal_down"
            if self.face_up_to_deal:
                return "deal_up"
            return "draft" if self.draft_index < len(self.draft_order) else "end_draft"
        if phase == PHASE_CALL:
            return "call" if self.call_index < len(self.characters) else "end_round"
        if phase == PHASE_OVER:
            return "over"
        return "crown" if self.crown_seat < 0 else "start_round"  # PHASE_SETUP

    # ------------------------------------------------------------------ who decides
    def _current_seat(self) -> list[int]:
        return [self.current_seat]

    def _drafting_seat(self) -> list[int]:
        return [self.draft_order[self.draft_index][0]]

    def _graveyard_seat(self) -> list[int]:
        return [self.graveyard_offer[1]]

    def _tribute_seat(self) -> list[int]:
        return [self.tribute_seat]

    # on arrival at a decision (its ``settle``): its seat noted in ``mover``, the decision left open
    def _note_drafting_seat(self) -> bool:
        self.mover = self.draft_order[self.draft_index][0]
        return False

    def _note_current_seat(self) -> bool:
        self.mover = self.current_seat
        return False

    def _note_graveyard_seat(self) -> bool:
        self.mover = self.graveyard_offer[1]
        return False

    def _note_tribute_seat(self) -> bool:
        self.mover = self.tribute_seat
        return False

    # ------------------------------------------------------------------ the choices of each step
    def _draft_actions(self, player: int) -> list[Action]:
        table = A_PICK if self.draft_order[self.draft_index][1] == PICK else A_FACEDOWN
        return [table[c] for c in self.draft_offer]

    def _keep_actions(self, player: int) -> list[Action]:
        actions = [A_KEEP[d] for d in sorted(set(self.drawn_to_choose))]
        if self.cards_to_keep == 1 and LIBRARY in self.cities[player]:
            actions.append(A_KEEP_DONE)  # seed "图书馆": "你可以保留" both cards — may, not must
        return actions

    def _redraw_actions(self, player: int) -> list[Action]:
        actions = [A_DISCARD[d] for d in sorted(set(self.hands[player]))]
        actions.append(A_REDRAW)
        return actions

    def _graveyard_actions(self, player: int) -> list[Action]:
        return [A_RECOVER, A_DECLINE]

    def _tribute_actions(self, player: int) -> list[Action]:
        actions = [A_TRIBUTE_GOLD] if self.gold[player] > 0 else []
        actions += [A_TRIBUTE[d] for d in sorted(set(self.hands[player]))]
        return actions

    # ------------------------------------------------------------------ the steps' work
    def _lose_remaining_draws(self) -> None:
        self.draw_queue = []  # the deck is exhausted: the draws that remain are lost
        self._after_a_draw()

    def _act_in_turn(self, action: Action, player: int) -> None:
        """An action of the turn, by its table's ``perform`` method; the turn's choices are listed anew."""
        self.mover = NOBODY
        self._performers[action.name](self, action, player)

    def _list_turn_choices(self) -> bool:
        """On arrival at the turn's decision: its choices, listed once per position (kept as its legal
        list); a turn whose only choice is its end ends by itself (True: the flow runs on)."""
        p = self.current_seat
        actions = self._turn_actions(p)
        if len(actions) == 1 and actions[0] is A_END:
            if self.builds_left > 0 and self.took_gold_or_cards and self.hands[p] and not self.district_destroyed:
                self.reveal()  # the table learns that no card in the hand can be built
            self._end_turn(p)  # nothing is left to decide: the turn ends by itself
            return True
        if actions[0].name == "build":
            # only a build keeps the turn from ending by itself: the table learns that the hand holds a
            # district the seat can afford
            self.reveal()
        self._legal_cache[p] = actions
        self.mover = p
        return False

    def _call_next_character(self) -> None:
        """The characters are called in rank order from ``call_index`` on until one answers: its holder
        shows it and plays its turn. (After the last call the round ends: ``end_round``.)"""
        characters = self.characters
        while self.call_index < len(characters):
            c = characters[self.call_index]
            self.call_index += 1
            if c == self.killed_character:
                self.log.append(E_CALLED_KILLED[c])
                continue
            holder = self.character_holder[c]
            if holder >= 0:
                self.reveal()  # the character is called: its holder shows it
                self._begin_turn(c, holder)
                return
            if holder == FACE_DOWN:
                self.reveal()  # nobody answers: the character was face down
                self.absent_characters.append(c)
                self.log.append(E_CALLED_NOBODY[c])
                if c == TAX_COLLECTOR and self.tax_owed:
                    self.say("citadels.tax_nobody")
                    self.tax_owed = []
            if c == self.bewitched_character:
                self.say("citadels.spell_nobody")

    def _end_round(self) -> None:
        """After the last call: the killed character's holder is told, then the game ends or a new round begins."""
        self._reveal_the_killed()
        self.tax_owed = []  # (always settled when the Tax Collector is called)
        if self.first_complete_seat >= 0 or self.round >= ROUND_LIMIT:
            self._end_game()
            return
        self._start_round()

