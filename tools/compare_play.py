"""Check that two checkouts play the same: random games through the public API, every position compared.

    git worktree add --detach /tmp/before HEAD~3
    python tools/compare_play.py /tmp/before . kingsburg --players 2 3 4 5 --games 30

A change meant to change nothing (a faster engine, a renaming) must pass it. Each checkout plays the
same random games (the benchmark's loop: a random seat among those to move, a random legal action, a
fixed RNG) in its own interpreter; after every action it prints the position's digest
(``meeple.sim.recording.position_digest``: who moves, the legal lists in order, scores, the new log
lines, every seat's observation) and the digest of its save, and checks that a clone saves the same.
The first position where the two disagree is printed; the exit code is 1 then, 0 when all agree.

The digest reads observations in their schema-1 keys (``observation_in_schema``), so renaming observation
keys through ``OBSERVATION_RENAMES`` keeps it. A save holds the fields under their names and in their
forms: where a change renames fields (``FIELD_RENAMES``) or changes their form (``upgrade_saved_fields``),
the saves differ by design; ``--positions-only`` then compares the positions alone (old saves loading is
the from_json tests' job).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

PLAYER = r'''
import hashlib, json, sys
sys.path.insert(0, sys.argv[1])
import meeple
from meeple.core import Rng
from meeple.sim.recording import position_digest

def save_digest(state):
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()[:12]

game, players, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rules = meeple.load(game, players=players)
rng = Rng(12345)
for seed in range(games):
    state = rules.new_game(seed=seed)
    step = 0
    while not state.is_over():
        log_from = len(state.log)
        movers = state.to_move()
        player = movers[0] if len(movers) == 1 else movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(player)
        state.apply(legal[rng.randbelow(len(legal))], player)
        saved = save_digest(state)
        if save_digest(state.clone()) != saved:
            sys.exit(f"game {seed}, action {step}: a clone saves differently")
        print(seed, step, position_digest(state, log_from), saved)
        step += 1
'''


def play(tree: str, game: str, players: int, games: int) -> list[str]:
    """The digests of ``games`` random games of ``game`` played by the checkout at ``tree``."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    done = subprocess.run([sys.executable, "-c", PLAYER, os.path.abspath(tree), game, str(players), str(games)],
                          capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"{tree}: {done.stderr.strip()[-2000:]}")
    return done.stdout.splitlines()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="one checkout (e.g. a git worktree of an older commit)")
    parser.add_argument("after", help="the other checkout")
    parser.add_argument("game")
    parser.add_argument("--players", nargs="+", type=int, required=True)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--positions-only", action="store_true",
                        help="compare the positions' digests, not the saves' (for a change that renames fields)")
    args = parser.parse_args(argv)
    for players in args.players:
        before = play(args.before, args.game, players, args.games)
        after = play(args.after, args.game, players, args.games)
        for old, new in zip(before, after):
            if args.positions_only:
                old, new = old.rsplit(" ", 1)[0], new.rsplit(" ", 1)[0]
            if old != new:
                print(f"{args.game} {players}p: first difference at game/action/digest/save {old!r} vs {new!r}")
                return 1
        if len(before) != len(after):
            print(f"{args.game} {players}p: {len(before)} positions before, {len(after)} after")
            return 1
        print(f"{args.game} {players}p: the same {len(before)} positions over {args.games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
