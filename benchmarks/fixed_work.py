"""Engine cost per action on a fixed amount of work: random legal actions of seeded games until N
actions are played, whatever the games' lengths. Time it as a whole process (``/usr/bin/time -v``)
against another checkout (``PYTHONPATH=/path/to/checkout``) to compare two versions of the rules
when one changed how long a game lasts, which ``throughput.py``'s actions per second mix in.

    python benchmarks/fixed_work.py citadels 4 60000
"""

from __future__ import annotations

import sys

import meeple
from meeple.core import Rng


def play(game_id: str, players: int, total: int) -> int:
    """Play ``total`` random actions over games seeded 0, 1, 2, …; the number of games begun."""
    rules = meeple.load(game_id, players=players)
    done = seed = 0
    while done < total:
        state, rng = rules.new_game(seed=seed), Rng(seed)
        seed += 1
        while not state.is_over() and done < total:
            movers = state.to_move()
            player = movers[rng.randbelow(len(movers))]
            legal = state.legal_actions(player)
            state.apply(legal[rng.randbelow(len(legal))], player)
            done += 1
    return seed


if __name__ == "__main__":
    game, count, actions = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    print(f"{game} {count}p: {actions} actions over {play(game, count, actions)} games")
