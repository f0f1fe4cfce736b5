"""The coach: the search's best moves for a seat, from that seat's information only (a hint).

The search (information-set MCTS at the ``normal`` level's budget, counted in iterations so a hint
is the same for the same seed) starts from ``state.determinize(seat, seed)``: a world re-dealt from
what the seat may know, never the true hidden cards, and each iteration re-deals again. A move's
``value`` is the search's mean reward for the seat, 0–1: mostly its chance of winning (the winners
share most of the reward), the rest its score margin; in a solo game, where the score is all,
it is the score's place among the scores the search met.

>>> best = hint(state, seat=0, seed=7)
>>> best[0].text, round(best[0].value, 2)
('take 4 2', 0.61)
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.agents import LEVELS
from meeple.agents.ismcts import ISMCTSAgent
from meeple.core import Action, State

HINT_LEVEL = "normal"
"""The budget a hint searches with (``meeple.agents.LEVELS``): under a second in every game on one core."""


@dataclass(frozen=True)
class Suggestion:
    """One move the search suggests: the action, how often the search chose it, its mean value (0–1)."""

    action: Action
    visits: int
    value: float

    @property
    def text(self) -> str:
        return str(self.action)


def hint(state: State, seat: int, *, seed: int = 0, top: int = 3, iterations: int | None = None) -> list[Suggestion]:
    """The ``top`` moves of ``seat`` the search rates best, best first (most visited, then value).

    Raises ValueError if the seat has no move now. Never reads what the seat cannot know: the search
    runs on a re-deal of the hidden information (``determinize``)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no move now")
    settings = dict(LEVELS[HINT_LEVEL])
    if iterations is not None:
        settings["iterations"] = iterations
    agent = ISMCTSAgent(seed=seed, game_id=state.game.id, **settings)
    world = state.determinize(seat, seed)
    search = agent.begin(world, seat)
    search.done = False  # a forced move is searched too: its value is still worth telling
    search.advance()
    stats = search.root.edges.get(seat, {})
    order = {a: i for i, a in enumerate(legal)}
    ranked = []
    for action in legal:
        edge = stats.get(action)
        visits = int(edge[0]) if edge else 0
        value = float(edge[1]) / visits if visits else 0.0
        ranked.append(Suggestion(action, visits, value))
    ranked.sort(key=lambda s: (-s.visits, -s.value, order[s.action]))
    return ranked[: max(1, top)]
