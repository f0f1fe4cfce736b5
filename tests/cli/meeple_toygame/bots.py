"""Toy Dice's heuristic: play the best card of 3 or more, else roll."""

from meeple.core import Rng


class HeuristicBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, observation, legal_actions):
        plays = [a for a in legal_actions if a.name == "play" and a.args[0] >= 3]
        if plays:
            return max(plays, key=lambda a: a.args[0])
        return legal_actions[0]
