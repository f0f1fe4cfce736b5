"""Plug in your own agent: a class with ``act(observation, legal_actions) -> Action``.

meeple asks an agent for a move with two things only: the observation of its seat (a JSON-able dict
holding everything that seat may know and nothing more: ``state.observation(player)``) and the list
of that seat's legal actions. It must return one of those actions. That is the whole interface::

    class MyAgent:
        def __init__(self, seed: int = 0):           # optional; meeple passes seed= (and game_id= if you take it)
            ...
        def act(self, observation: dict, legal_actions: list[meeple.core.Action]) -> meeple.core.Action:
            ...

Name it as ``package.module:Class`` wherever an agent name is accepted, e.g. with this file on the
Python path (``PYTHONPATH=examples``)::

    meeple.agents.make_agent("my_agent:Hoarder", game_id="cube-europe", seed=1)
    meeple.sim.play_game(game, seed=1, agents=["my_agent:Hoarder", "random"])

or hand the object itself to ``meeple.sim.play_game``. Run this file to see it play::

    python examples/my_agent.py --game cube-europe --players 2 --games 6

The example agent below plays any game: it keeps a preference order over action *names* (learned
nothing, just a list), otherwise it picks at random with its own seeded generator (never the global
``random`` module, so games replay exactly from their seeds).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import meeple
from meeple.core import Action, Rng


class Hoarder:
    """Prefers actions that take or build things, avoids passing while anything else is legal."""

    PREFERRED = ("build", "take", "buy", "place", "pick", "gain", "draw")
    AVOIDED = ("pass", "done", "skip", "end")

    def __init__(self, seed: int = 0, game_id: str | None = None) -> None:
        self.rng = Rng(seed)
        self.game_id = game_id

    def act(self, observation: dict[str, Any], legal_actions: list[Action]) -> Action:
        # observation["player"] is our seat; the rest of the dict is the game's own view for it.
        for name in self.PREFERRED:
            matching = [a for a in legal_actions if a.name == name]
            if matching:
                return self.rng.choice(matching)
        others = [a for a in legal_actions if a.name not in self.AVOIDED] or legal_actions
        return self.rng.choice(others)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Play the example agent against random players.")
    ap.add_argument("--game", default="cube-europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=4)
    args = ap.parse_args(argv)

    sys.path.insert(0, str(Path(__file__).resolve().parent))  # so "my_agent:Hoarder" can be imported by name
    from meeple.sim import play_game

    game = meeple.load(args.game, players=args.players)
    wins = 0.0
    for seed in range(args.games):
        seat = seed % args.players  # rotate our agent through the seats
        agents = ["random"] * args.players
        agents[seat] = "my_agent:Hoarder"
        record = play_game(game, seed, agents)
        if seat in record["winners"]:
            wins += 1 / len(record["winners"])
        print(f"game {seed}: Hoarder in seat {seat + 1}, scores {record['scores']}, winners {record['winners']}")
    print(f"Hoarder won {wins:g} of {args.games} games against random players.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
