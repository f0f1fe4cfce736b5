"""Round-robin tournaments between agents, rated with OpenSkill (Plackett–Luce).

Every combination of agents for the game's seats plays ``games`` games (seats rotated, seeds
``seed, seed+1, …`` per pairing); each game updates the ratings from its final ranking.

>>> table = tournament(meeple.load("citadels", players=4), ["random", "heuristic"], games=10)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core import Game, UnknownGame
from meeple.sim.playout import check_agents, simulate


@dataclass
class Standing:
    agent: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        """The conservative rating used for ranking: mu − 3·sigma."""
        return self.mu - 3 * self.sigma


def pairings(agents: Sequence[str], seats: int) -> list[list[str]]:
    """The line-ups of a round robin: every multiset of agents filling the seats, with all agents
    distinct where there are enough of them (for 2 seats and 3 agents: every pair)."""
    if len(agents) >= seats:
        return [list(c) for c in itertools.combinations(agents, seats)]
    return [list(c) for c in itertools.combinations_with_replacement(agents, seats) if set(c) == set(agents)] \
        or [list(agents) * seats][:seats]


def tournament(
    game: Game,
    agents: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> tuple[list[Standing], list[dict[str, Any]]]:
    """Play the round robin; returns the standings (best first) and every game record."""
    from openskill.models import PlackettLuce

    agents = list(dict.fromkeys(agents))
    if len(agents) < 2:
        raise UnknownGame("a tournament needs at least two different agents")
    if game.players < 2:
        raise UnknownGame(f"{game.info.name} with 1 player has no opponents to rate")
    check_agents(game.id, agents)
    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in agents}
    counts = {a: [0, 0] for a in agents}
    records: list[dict[str, Any]] = []
    for k, line_up in enumerate(pairings(agents, game.players)):
        batch = simulate(game, games, seed=seed + 100_000 * k, agents=line_up, jobs=jobs, progress=progress)
        for rec in batch:
            records.append(rec)
            scores = rec["scores"]
            winners = set(rec["winners"])
            # rank: winners first (tied), then by score; openskill wants lower rank = better
            keys = [(0 if s in winners else 1, -scores[s]) for s in range(len(scores))]
            order = sorted(set(keys))
            ranks = [order.index(key) + 1 for key in keys]
            teams = [[ratings[a]] for a in rec["agents"]]
            if len(set(rec["agents"])) == len(rec["agents"]):
                new = model.rate(teams, ranks=ranks)
                for a, team in zip(rec["agents"], new):
                    ratings[a] = team[0]
            for s, a in enumerate(rec["agents"]):
                counts[a][0] += 1
                counts[a][1] += s in winners
    standings = [Standing(a, ratings[a].mu, ratings[a].sigma, *counts[a]) for a in agents]
    standings.sort(key=lambda x: x.ordinal, reverse=True)
    return standings, records
