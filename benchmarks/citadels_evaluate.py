"""How well a Citadels position value predicts the winner: the evidence behind ``bots.evaluate``.

Plays ``--games`` 4-player games between heuristic players, records every seat's position at the
start of each round from round 3 on, and for each candidate value reports how often the seat it
ranks first goes on to win (a shared first place counts 1/k). The candidates are weights ``w`` of

    value = city score + w_districts × districts built + w_gold × gold + w_hand × min(cards in hand, 3)

a grid of them, and the current ``bots.evaluate`` (reported by name). A better predictor makes a better
leaf value for ISMCTS (``leaf=heuristic``): its cut-off rollouts are scored by it.

    python benchmarks/citadels_evaluate.py --games 3000
"""

from __future__ import annotations

import argparse
import itertools
import time
from typing import Callable

import meeple
from meeple.core import Rng
from meeple.games.citadels.bots import HeuristicBot, evaluate
from meeple.games.citadels.actions import PHASE_DRAFT
from meeple.games.citadels.rules import CitadelsState

Features = tuple[int, int, int, int]  # city score, districts, gold, cards in hand


def positions(games: int, first_seed: int = 0) -> list[tuple[list[Features], list[int], CitadelsState | None]]:
    """(every seat's features, the winners) at each round start from round 3 on, over heuristic games."""
    out: list[tuple[list[Features], list[int], CitadelsState | None]] = []
    for seed in range(first_seed, first_seed + games):
        state = meeple.load("citadels", players=4).new_game(seed=seed)
        bots = [HeuristicBot(seed * 10 + q) for q in range(4)]
        rng = Rng(seed)
        rows: list[tuple[list[Features], CitadelsState]] = []
        last_round = -1
        while not state.is_over():
            if state.phase == PHASE_DRAFT and state.round != last_round:
                last_round = state.round
                if state.round >= 3:
                    feats = [(state.city_score(q), len(state.cities[q]), state.gold[q], len(state.hands[q]))
                             for q in range(4)]
                    rows.append((feats, state.clone()))
            p = state.to_move()[0]
            state.apply(bots[p].act_on_state(state.determinize(p, rng.next64()), p), p)
        winners = state.winners()
        out.extend((feats, winners, snapshot) for feats, snapshot in rows)
    return out


def accuracy(data: list[tuple[list[Features], list[int], CitadelsState | None]],
             value: Callable[[Features, CitadelsState | None, int], float]) -> float:
    """Share of positions whose top-valued seat wins (ties among the top seats share the credit)."""
    hits = 0.0
    for feats, winners, snapshot in data:
        values = [value(f, snapshot, q) for q, f in enumerate(feats)]
        top = max(values)
        best = [q for q, v in enumerate(values) if v == top]
        hits += sum(q in winners for q in best) / len(best)
    return hits / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()
    start = time.perf_counter()
    data = positions(args.games)
    print(f"{len(data)} positions from {args.games} heuristic 4-player games ({time.perf_counter() - start:.0f} s)")
    print(f"{'w_districts':>11} {'w_gold':>6} {'w_hand':>6}  winner predicted")
    results = []
    for wn, wg, wh in itertools.product((0.0, 1.0, 2.0, 3.0, 4.0, 5.0), (0.5, 0.8), (0.5, 0.8, 1.2)):
        acc = accuracy(data, lambda f, _s, _q, wn=wn, wg=wg, wh=wh: f[0] + wn * f[1] + wg * f[2] + wh * min(f[3], 3))
        results.append((acc, wn, wg, wh))
        print(f"{wn:>11} {wg:>6} {wh:>6}  {acc:.1%}")
    best = max(results)
    print(f"best weights: districts {best[1]}, gold {best[2]}, hand {best[3]}: {best[0]:.1%}")
    print(f"city score alone: {accuracy(data, lambda f, _s, _q: f[0]):.1%}")
    print(f"bots.evaluate (current): {accuracy(data, lambda _f, s, q: evaluate(s, q)):.1%}")


if __name__ == "__main__":
    main()
