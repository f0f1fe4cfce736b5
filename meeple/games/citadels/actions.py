"""The codes every Citadels rules module shares: phases, where a character lies, draft steps, and the
action objects, each built once (the engine finds an agent's action in the legal list by identity).

    选择角色 …… 玩家回合 …… 回合完结 (the rulebook's order of a round: its phases)
    放在一旁面向上的卡 / 放在一旁面向下的卡 (characters set aside face up / face down)

Conventions of the rules modules: ``p`` is the seat acting, ``q`` another seat, ``d`` a district kind
(an index of ``content.DISTRICT_TABLE``), ``c`` a character (an index of ``content.CHARACTER_TABLE``).
An action table named ``A_BUILD`` holds one action per district kind (``A_BUILD[d]`` is
``build <slug>``), ``A_KILL`` one per character, ``A_PEEK`` one per seat, ``A_DESTROY[q][d]`` one per
seat and district kind.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, LogEntry
from meeple.games.citadels.content import (
    CHARACTER_SLUG, COLOUR_NAMES, DISTRICT_COLOUR, DISTRICT_COST, DISTRICT_SLUG, N_CHARACTERS, N_DISTRICT_KINDS,
)

# ------------------------------------------------------------------ phases (the observation names them)
PHASE_SETUP, PHASE_DRAFT, PHASE_CALL, PHASE_TURN, PHASE_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("setup", "draft", "call", "turn", "over")

# where a character lies when no seat holds it (``character_holder``, ``character_deal``)
FACE_DOWN = -1    # set aside face down, or the draft's last card laid down
FACE_UP = -2      # set aside face up, seen by all (seed "放在一旁面向上的卡")
NOT_IN_GAME = -3  # not among this game's characters
UNDEALT = -4      # still in the round's character pool

PICK, LAY_FACE_DOWN = 0, 1  # draft steps: take a character, or (2 players) lay one face down

# the second step of a two-step power (``ability_step``: {"stage", "seat", "district"})
WIZARD_TAKE = "wizard_take"              # the Wizard takes a card of the hand he looked at ("seat")
WIZARD_KEEP = "wizard_keep"              # he keeps or builds the card he took ("district", from "seat")
DIPLOMAT_EXCHANGE = "diplomat_exchange"  # the Diplomat takes a district for the one he gives ("district")
ABILITY_STAGES = (WIZARD_TAKE, WIZARD_KEEP, DIPLOMAT_EXCHANGE)  # numbered 0, 1, 2 in the observation
NOBODY = -9  # ``mover`` once the game is over
MAX_PLAYERS = 7

# ------------------------------------------------------------------ actions
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
A_CROWN = [Action("crown", (p,)) for p in range(MAX_PLAYERS)]
A_SWAP_HANDS = [Action("swap", (p,)) for p in range(MAX_PLAYERS)]
A_PEEK = [Action("peek", (p,)) for p in range(MAX_PLAYERS)]
A_GIVE_CROWN = [Action("give-crown", (p,)) for p in range(MAX_PLAYERS)]
A_LEVY = [Action("levy", (p,)) for p in range(MAX_PLAYERS)]
A_DESTROY = [[Action("destroy", (p, DISTRICT_SLUG[d])) for d in range(N_DISTRICT_KINDS)]
             for p in range(MAX_PLAYERS)]
A_EXCHANGE_WITH = [[Action("exchange-with", (p, DISTRICT_SLUG[d])) for d in range(N_DISTRICT_KINDS)]
                   for p in range(MAX_PLAYERS)]

DISTRICT_COLOUR_NAME = tuple(COLOUR_NAMES[c] for c in DISTRICT_COLOUR)  # a district's colour, as messages name it


# ------------------------------------------------------------------ log events said often, built once
# The same entry each time (an entry is never mutated): ``self.log.append(E_ENDS_TURN[p])`` logs what
# ``self.say("citadels.ends_turn", seat=p)`` would, without building the entry anew.
def _event(message_id: str, visible_to: tuple[int, ...] | None = None, **args: Any) -> LogEntry:
    return LogEntry(message_id, args, visible_to)


_SEATS = range(MAX_PLAYERS)
E_TAKES_GOLD = [_event("citadels.takes_gold", seat=p) for p in _SEATS]
E_ENDS_TURN = [_event("citadels.ends_turn", seat=p) for p in _SEATS]
E_CHOOSES = [_event("citadels.chooses", seat=p) for p in _SEATS]
E_TAKES_CROWN = [_event("citadels.takes_crown", seat=p) for p in _SEATS]
E_MERCHANT_BONUS = [_event("citadels.merchant_bonus", seat=p) for p in _SEATS]
E_ARCHITECT_BONUS = [_event("citadels.architect_bonus", seat=p) for p in _SEATS]
_CARDS_IN_A_DRAW = range(4)  # at most 3 cards drawn to choose from (the Observatory), so at most 3 left
E_DRAWS_TO_CHOOSE = [[_event("citadels.draws_to_choose", seat=p, n=n) for n in _CARDS_IN_A_DRAW] for p in _SEATS]
"""``E_DRAWS_TO_CHOOSE[p][n]``: seat ``p`` draws ``n`` cards to choose from."""
E_KEEPS_REST = [[_event("citadels.keeps_rest", seat=p, n=n) for n in _CARDS_IN_A_DRAW] for p in _SEATS]
"""``E_KEEPS_REST[p][n]``: the ``n`` drawn cards seat ``p`` did not keep go under the deck."""
E_CALLED_KILLED = [_event("citadels.called_killed", character=CHARACTER_SLUG[c]) for c in range(N_CHARACTERS)]
E_KILLS = [_event("citadels.kills", character=CHARACTER_SLUG[c]) for c in range(N_CHARACTERS)]
E_ROBS = [_event("citadels.robs", character=CHARACTER_SLUG[c]) for c in range(N_CHARACTERS)]
E_KILLED_WAS = [[_event("citadels.killed_was", seat=p, character=CHARACTER_SLUG[c]) for p in _SEATS]
                for c in range(N_CHARACTERS)]
"""``E_KILLED_WAS[c][p]``: at the round's end, seat ``p`` is shown to have held the killed character ``c``."""
E_SET_ASIDE_DOWN = _event("citadels.set_aside_down")
E_LAST_DOWN = _event("citadels.last_down")
E_SET_ASIDE_UP = [_event("citadels.set_aside_up", character=CHARACTER_SLUG[c]) for c in range(N_CHARACTERS)]
E_CALLED_NOBODY = [_event("citadels.called_nobody", character=CHARACTER_SLUG[c]) for c in range(N_CHARACTERS)]
E_CALLED = [[_event("citadels.called", character=CHARACTER_SLUG[c], seat=p) for p in _SEATS]
            for c in range(N_CHARACTERS)]
"""``E_CALLED[c][p]``: character ``c`` is called and seat ``p`` shows it."""
E_TAKES_CHARACTER = [[_event("citadels.takes_character", (p,), seat=p, character=CHARACTER_SLUG[c])
                      for c in range(N_CHARACTERS)] for p in _SEATS]
"""``E_TAKES_CHARACTER[p][c]``, seen by seat ``p`` only."""
E_DRAWS_CARD = [[_event("citadels.draws_card", (p,), seat=p, district=DISTRICT_SLUG[d])
                 for d in range(N_DISTRICT_KINDS)] for p in _SEATS]
"""``E_DRAWS_CARD[p][d]``, seen by seat ``p`` only."""
E_KEEPS = [[_event("citadels.keeps", (p,), seat=p, district=DISTRICT_SLUG[d]) for d in range(N_DISTRICT_KINDS)]
           for p in _SEATS]
"""``E_KEEPS[p][d]``, seen by seat ``p`` only."""
E_LAYS_ASIDE = [[_event("citadels.lays_aside", (p,), seat=p, district=DISTRICT_SLUG[d]) for d in range(N_DISTRICT_KINDS)]
                for p in _SEATS]
"""``E_LAYS_ASIDE[p][d]``: the Magician of seat ``p`` lays ``d`` aside, seen by seat ``p`` only."""
E_BUILDS = [[_event("citadels.builds", seat=p, district=DISTRICT_SLUG[d], colour=COLOUR_NAMES[DISTRICT_COLOUR[d]],
                    cost=DISTRICT_COST[d]) for d in range(N_DISTRICT_KINDS)] for p in _SEATS]
"""``E_BUILDS[p][d]``: seat ``p`` builds ``d`` and pays its cost."""


_OFFERED: dict[tuple[int, ...], LogEntry] = {}
_OFFERED_KEPT = 20_000  # entries kept at most (a game's characters make a few hundred; many games, more)


def offered_event(seat: int, offer: list[int]) -> LogEntry:
    """``citadels.offered``: the characters ``offer`` handed to ``seat`` in the draft, seen by that seat only
    (built once per seat and set of characters, and kept)."""
    key = (seat, *offer)
    entry = _OFFERED.get(key)
    if entry is None:
        if len(_OFFERED) >= _OFFERED_KEPT:
            _OFFERED.clear()
        entry = _OFFERED[key] = _event("citadels.offered", (seat,), seat=seat,
                                       characters=[CHARACTER_SLUG[c] for c in offer])
    return entry
