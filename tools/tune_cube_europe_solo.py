"""Tune Cube Europe's solo position value: a coordinate search over ``bots.Weights`` on the heuristic
player's mean solo score.

    python tools/tune_cube_europe_solo.py                     # from bots.WEIGHTS, 150 games a trial
    python tools/tune_cube_europe_solo.py --games 300 --seed 70000 --check   # score bots.SOLO_WEIGHTS

Every trial plays the same seeded games (seeds ``--seed`` on), so two weightings meet the same dice and
cards; a step is kept when it raises the mean by more than ``--margin`` points. The search halves its
steps after each sweep over the weights. ``--check`` plays ``bots.WEIGHTS`` and ``bots.SOLO_WEIGHTS`` on
other seeds, to see that the gain holds on games the search did not tune on.
"""

from __future__ import annotations

import argparse
import statistics
import sys

import meeple
from meeple.core import CHANCE
from meeple.games.cube_europe.bots import SOLO_WEIGHTS, WEIGHTS, HeuristicBot, Weights

STEPS = Weights(territory_progress=0.2, cube_fits=0.3, hexes_filled=0.3, workers=0.1, tucked_effects=0.3,
                open_hexes=0.15)


def solo_scores(weights: Weights, games: int, seed: int) -> list[int]:
    """Final scores of ``games`` solo games of the heuristic player valuing positions by ``weights``."""
    game = meeple.load("cube-europe", players=1)
    scores = []
    for i in range(games):
        state = game.new_game(seed=seed + i)
        bot = HeuristicBot(seed + i, weights=weights)
        while not state.is_over():
            seat = [p for p in state.to_move() if p != CHANCE][0]
            legal = state.legal_actions(seat)
            action = legal[0] if len(legal) == 1 else bot.act_on_state(state.determinize(seat, bot.rng.next64()), seat)
            state.apply(action, seat)
        scores.append(state.score(0))
    return scores


def tune(start: Weights, games: int, seed: int, sweeps: int, margin: float) -> Weights:
    best = start
    best_mean = statistics.fmean(solo_scores(best, games, seed))
    print(f"start {best} {best_mean:.2f}", flush=True)
    steps = list(STEPS)
    for sweep in range(sweeps):
        for i, name in enumerate(Weights._fields):
            for sign in (1, -1):
                trial = best._replace(**{name: round(best[i] + sign * steps[i], 3)})
                mean = statistics.fmean(solo_scores(trial, games, seed))
                print(f"  {name} {trial[i]:+.3f}: {mean:.2f}", flush=True)
                if mean > best_mean + margin:
                    best, best_mean = trial, mean
                    break
        steps = [s / 2 for s in steps]
        print(f"sweep {sweep + 1}: {best} {best_mean:.2f}", flush=True)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=60000)
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--margin", type=float, default=0.3)
    parser.add_argument("--check", action="store_true", help="compare WEIGHTS and SOLO_WEIGHTS, no search")
    args = parser.parse_args()
    if args.check:
        for label, weights in (("WEIGHTS", WEIGHTS), ("SOLO_WEIGHTS", SOLO_WEIGHTS)):
            scores = solo_scores(weights, args.games, args.seed)
            print(f"{label}: mean {statistics.fmean(scores):.2f} ± {1.96 * statistics.stdev(scores) / len(scores) ** 0.5:.2f}, "
                  f"Expert or better (30+) {sum(s >= 30 for s in scores) / len(scores):.0%} of {len(scores)} games")
        return 0
    print(tune(WEIGHTS, args.games, args.seed, args.sweeps, args.margin))
    return 0


if __name__ == "__main__":
    sys.exit(main())
