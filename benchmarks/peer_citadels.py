"""Citadels random games per second: meeple against a public pure-Python Citadels engine, in one process.

The peer is vic-trouble/citadels-ai (its ``Game``/``GameController`` and ``RandomBotController``:
every seat a random bot). Bring a checkout to the git-ignored ``benchmarks/peers/citadels-ai`` (the
project never commits its code) and run::

    python benchmarks/peer_citadels.py                        # 4 players, 3 rounds of 2-second slices
    python benchmarks/peer_citadels.py --peer PATH --players 4 --seconds 2 --rounds 3 --json out.json

Each round times one slice of meeple (random legal play through ``legal_actions`` + ``apply``,
``chance="auto"``, new game per playout) and one slice of the peer, alternating, on this process's CPU
clock; the ratio is the median over rounds of meeple's games/s divided by the peer's in the same round.
Issue 27's target is 50.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import meeple
from meeple.core import Rng

HERE = Path(__file__).resolve().parent
CLOCK = time.process_time


def meeple_games_per_s(players: int, seconds: float, seed: int) -> float:
    game = meeple.load("citadels", players=players)
    rng = Rng(seed)
    games, start = 0, CLOCK()
    while True:
        state = game.new_game(seed=seed + games)
        while True:
            movers = state.to_move()
            if not movers:
                break
            legal = state.legal_actions(movers[0])
            state.apply(legal[rng.randbelow(len(legal))], movers[0])
        games += 1
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            return games / elapsed


def peer_player(peer: Path, players: int) -> Callable[[], None]:
    """A function that plays one random game of the peer engine to its end."""
    sys.path.insert(0, str(peer))
    from ai.random_bot import RandomBotController  # type: ignore[import-not-found]
    from citadels.cards import Deck, simple_districts, standard_chars  # type: ignore[import-not-found]
    from citadels.game import Game  # type: ignore[import-not-found]
    from citadels.gameplay import GameController  # type: ignore[import-not-found]

    def play_one() -> None:
        game = Game(Deck(standard_chars()), Deck(simple_districts()))
        controller = GameController(game)
        for seat in range(players):
            controller.set_player_controller(game.add_player(f"Bot{seat + 1}"), RandomBotController())
        while not controller.game_over:
            controller.play()

    return play_one


def peer_games_per_s(play_one: Callable[[], None], seconds: float) -> float:
    games, start = 0, CLOCK()
    while True:
        play_one()
        games += 1
        elapsed = CLOCK() - start
        if elapsed >= seconds:
            return games / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", type=Path, default=HERE / "peers" / "citadels-ai", help="the peer's checkout")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each slice (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if not (args.peer / "citadels" / "gameplay.py").exists():
        parser.error(f"no peer checkout at {args.peer} (bring vic-trouble/citadels-ai there)")

    play_one = peer_player(args.peer, args.players)
    play_one()  # warm up imports
    meeple_games_per_s(args.players, 0.2, args.seed)
    rounds: list[dict[str, float]] = []
    for k in range(args.rounds):
        ours = meeple_games_per_s(args.players, args.seconds, args.seed + 1000 * k)
        theirs = peer_games_per_s(play_one, args.seconds)
        rounds.append({"meeple_games_per_s": ours, "peer_games_per_s": theirs, "ratio": ours / theirs})
        print(f"round {k + 1}: meeple {ours:,.1f} games/s, peer {theirs:,.1f} games/s, ratio {ours / theirs:.1f}",
              flush=True)
    ratio = statistics.median(r["ratio"] for r in rounds)
    print(f"Citadels {args.players}p: meeple / peer = {ratio:.1f} (median of {args.rounds} rounds; target 50)")
    if args.json:
        result: dict[str, Any] = {"players": args.players, "seconds": args.seconds, "rounds": rounds,
                                  "median_ratio": ratio, "argv": sys.argv[1:]}
        Path(args.json).write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
